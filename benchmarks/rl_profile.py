"""Where a step of the RL environments spends its time, by part: tensor, legal actions, apply, mask, ...

Run: ``.venv/bin/python -m benchmarks.rl_profile [GAME ...] [--loops pettingzoo gymnasium vector]
[--steps N] [--envs N]`` (needs pyinstrument, in the ``dev`` extra)

For Bayon, Isle of Skye and Ibyron at 2 players and Ivor at 3, random legal play through

* ``pettingzoo``: ``meeple.rl.pettingzoo.env`` driven by ``rl_speed.aec_loop`` (``last()``, a random
  masked ``step``);
* ``gymnasium``: ``gymnasium.make(...)`` against random bots, driven as ``rl_speed.gym_loop`` drives it;
* ``vector``: ``meeple.rl.vector_env`` with ``--envs`` sub-environments (default 64), each step a random
  masked action per row, as ``rl_vector.py`` drives it;

is sampled by pyinstrument (after a warm-up), and each sample is charged to a part by the callers on
its stack (the innermost that names one, except that whatever the rules, the tensor or a new game
call stays theirs):

* ``tensor``: the encoder's update of the learner's vector (``Encoder.write_kept`` / ``encode_kept``);
* ``legal``: the rules listing legal actions (``State._legal_actions``: the mask's, and a random
  bot's pick);
* ``apply``: the rules playing a move (``State._play_legal`` / ``apply``);
* ``mask``: building the mask from the legal list (``SeatViews._new_mask``, ``mask``, ``legal``; the
  batch's ``_look`` writing a row) and ``action_masks()``;
* ``new games``: dealing a new game (``meeple.new_game``, the env's reset);
* ``wrappers``: Gymnasium's ``OrderEnforcing`` and ``PassiveEnvChecker`` around a made env;
* ``env``: everything else in ``meeple.rl`` (a step's checks and bookkeeping, the bots' loop, the
  batch's arrays);
* ``loop``: the driving loop's own work (picking a random legal action: the ``nonzero`` of the
  mask, the generator), which PettingZoo's ``connect_four_v3`` pays too in ``rl_speed.py``.

Shares are of the samples of the timed steps (wall clock: on a loaded machine every part is slowed,
numpy's copies and scans of large masks more than the rest).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from pyinstrument import Profiler

import meeple.rl.gymnasium  # noqa: F401  (registers the environments with Gymnasium)
from meeple.rl import pettingzoo as mpz
from meeple.rl.common import env_ids
from meeple.rl.vector import vector_env
from rl_speed import SETUPS, aec_loop, gym_loop
from rl_vector import random_legal

PARTS = ("tensor", "legal", "apply", "mask", "new games", "wrappers", "env", "loop")
# function name -> the part it and everything it calls is charged to (the nearest such caller wins)
NAMED = {
    "write_kept": "tensor", "encode_kept": "tensor", "encode_cached": "tensor",
    "_legal_actions": "legal",
    "_play_legal": "apply", "apply": "apply",
    "_new_mask": "mask", "mask": "mask", "legal": "mask", "_look": "mask", "action_masks": "mask",
    "new_game": "new games", "deal": "new games", "_deal": "new games",
}  # fmt: skip
WRAPPERS = ("OrderEnforcing", "PassiveEnvChecker")


def vector_loop(game: str, num_envs: int) -> Callable[[int], int]:
    """About ``steps`` sub-environment steps of the batched env (a step of N counts N)."""
    venv = vector_env(game, num_envs=num_envs, players=SETUPS[game], seed=0)
    rng = np.random.default_rng(0)
    venv.reset()

    def run(steps: int) -> int:
        vector_steps = max(1, steps // num_envs)
        for _ in range(vector_steps):
            venv.step(random_legal(venv.action_masks(), rng))
        return vector_steps * num_envs

    return run


def part_of(frame: Any, inherited: str | None) -> str | None:
    name = (frame.function or "").rpartition(".")[2]
    path = frame.file_path or ""
    named = NAMED.get(name)
    if frame.class_name in WRAPPERS:
        return "wrappers"
    # a named part inside the mask, the env's own code, the loop or the wrappers is charged to that part
    # (the rules a mask lists, the tensor a batch row is written with); inside the rules, the tensor or a
    # new game, everything stays theirs
    if named is not None and (inherited in (None, "env", "loop", "wrappers", "mask") or named == "new games"):
        return named
    if name == "reset" and inherited in (None, "loop", "wrappers"):
        return "new games"
    if inherited in (None, "loop", "wrappers") and "meeple/rl" in path:
        return "env"
    return inherited


def shares(run: Callable[[int], int], steps: int) -> dict[str, float]:
    run(max(300, steps // 10))  # warm-up: tables built, kept vectors filled
    profiler = Profiler(interval=0.0002)
    profiler.start()
    run(steps)
    profiler.stop()
    totals = dict.fromkeys(PARTS, 0.0)

    def walk(frame: Any, inherited: str | None) -> None:
        part = part_of(frame, inherited)
        totals[part or "loop"] += frame.total_self_time  # outside any env call: the loop's own
        for child in frame.children:
            walk(child, part)

    root = profiler.last_session.root_frame()
    if root is not None:
        walk(root, None)
    whole = sum(totals.values()) or 1.0
    return {part: time / whole for part, time in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(SETUPS), help="games to profile (default: all four)")
    parser.add_argument("--loops", nargs="+", default=["pettingzoo", "gymnasium", "vector"])
    parser.add_argument("--steps", type=int, default=20000, help="steps (sub-environment steps for vector)")
    parser.add_argument("--envs", type=int, default=64, help="sub-environments of the vector loop")
    args = parser.parse_args()
    print("share of a step's time, per part (see the module's documentation for the parts)")
    print("{:14} {:>10} ".format("game", "loop") + " ".join(f"{part:>9}" for part in PARTS))
    for game in (game for game in SETUPS if game in args.games):
        players = SETUPS[game]
        loops: dict[str, Callable[[], Callable[[int], int]]] = {
            "pettingzoo": lambda g=game, p=players: aec_loop(lambda: mpz.env(g, players=p)),
            "gymnasium": lambda g=game, p=players: gym_loop(env_ids()[g], p),
            "vector": lambda g=game: vector_loop(g, args.envs),
        }
        for name in args.loops:
            row = shares(loops[name](), args.steps)
            print(f"{game:14} {name:>10} " + " ".join(f"{100 * row[part]:>8.0f}%" for part in PARTS))


if __name__ == "__main__":
    main()
