"""Steps per second of the RL environments, beside PettingZoo's connect_four_v3 and the raw rules.

Run: ``PYTHONPATH=src python benchmarks/rl_speed.py [--steps N] [--repeats R]``
(connect_four_v3 needs pygame: ``pip install 'pettingzoo[classic]'``)

For every game at its default player count, in one process and one run:

* ``raw``: the rules alone, ``legal_actions`` + ``apply`` of a random legal move;
* ``+obs``: the same plus the mover's ``observation(seat)`` dict, the ceiling of any
  environment whose tensors are drawn from observations;
* ``raw_env``: ``meeple.rl.pettingzoo.raw_env`` without PettingZoo's wrappers;
* ``pettingzoo``: ``meeple.rl.pettingzoo.env`` (wrapped as users get it), each step
  ``last()`` (tensor observation + int8 mask) and ``step`` of a random masked action;
* ``gymnasium``: ``gymnasium.make("meeple/...-v0")`` against random bots, each step a
  random masked action (the bots' moves happen inside it);
* baseline: ``connect_four_v3`` driven by the very same loop as ``pettingzoo``.

Each figure is the median of R runs of N steps (process CPU time); ratios are to
connect_four_v3 measured in the same run (target: our PettingZoo env >= 3x it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium
import numpy as np

import meeple
import meeple.rl.gymnasium as mg
from meeple.rl import pettingzoo as mpz


def cpu_rate(run: Callable[[int], int], steps: int, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        done = run(steps)
        rates.append(done / (time.process_time() - start))
    return statistics.median(rates)


def aec_loop(make: Callable[[], object]) -> Callable[[int], int]:
    def run(steps: int) -> int:
        env = make()
        rng = np.random.default_rng(0)
        env.reset(seed=0)  # type: ignore[attr-defined]
        for n in range(steps):
            obs, _reward, term, trunc, _info = env.last()  # type: ignore[attr-defined]
            if term or trunc:
                env.reset(seed=n)  # type: ignore[attr-defined]
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))  # type: ignore[attr-defined]
        return steps

    return run


def gym_loop(env_id: str) -> Callable[[int], int]:
    def run(steps: int) -> int:
        env = gymnasium.make(env_id)
        base = env.unwrapped
        rng = np.random.default_rng(0)
        env.reset(seed=0)
        for n in range(steps):
            legal = np.flatnonzero(base.action_masks())  # type: ignore[attr-defined]
            _, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
            if term or trunc:
                env.reset(seed=n)
        return steps

    return run


def raw_loop(game: str, observe: bool = False) -> Callable[[int], int]:
    """The rules alone; with ``observe``, also the mover's ``observation(seat)`` dict each step."""

    def run(steps: int) -> int:
        rng = random.Random(0)
        state = meeple.new_game(game, seed=0)
        for n in range(steps):
            if state.is_over:
                state = meeple.new_game(game, seed=n)
            seat = state.to_move[0]
            if observe:
                state.observation(seat)
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
        return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    import pettingzoo

    if hasattr(pettingzoo, "make"):  # 1.27+: the registry
        def connect_four() -> object:
            return pettingzoo.make("aec", "classic/connect_four-v3")
    else:
        from pettingzoo.classic import connect_four_v3 as module

        connect_four = module.env
    base = cpu_rate(aec_loop(connect_four), args.steps, args.repeats)
    print(f"connect_four_v3 (same loop): {base:,.0f} steps/s  (median of {args.repeats} x {args.steps} steps)")
    header = ("game", "players", "raw", "+obs", "raw_env", "pettingzoo", "x c4", "gymnasium", "x c4", "raw / pz")
    print("{:14} {:>7} {:>9} {:>8} {:>8} {:>10} {:>6} {:>9} {:>6} {:>9}".format(*header))
    for game, env_id in mg.IDS.items():
        players = meeple.GAMES[game].default_players
        raw = cpu_rate(raw_loop(game), args.steps, args.repeats)
        seen = cpu_rate(raw_loop(game, observe=True), args.steps, args.repeats)
        bare = cpu_rate(aec_loop(lambda g=game: mpz.raw_env(g)), args.steps, args.repeats)
        pz = cpu_rate(aec_loop(lambda g=game: mpz.env(g)), args.steps, args.repeats)
        gy = cpu_rate(gym_loop(env_id), args.steps, args.repeats)
        print(
            f"{game:14} {players:>7} {raw:>9,.0f} {seen:>8,.0f} {bare:>8,.0f} {pz:>10,.0f} {pz / base:>6.2f} "
            f"{gy:>9,.0f} {gy / base:>6.2f} {raw / pz:>8.1f}x"
        )


if __name__ == "__main__":
    main()
