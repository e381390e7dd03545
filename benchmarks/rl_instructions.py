"""Machine instructions per step of the RL benchmark's loops, counted by valgrind (the load does not change them).

    .venv/bin/python -m benchmarks.rl_instructions GAME [--loop KIND] [--steps N] [--targets]

(KIND: pettingzoo, no_tensor, raw, bare, connect_four, gymnasium or vector; connect_four_v3 needs pygame.
``--targets``: the game at the speed targets' player count, 2 players and Ivor the Engine 3, instead of its
default.)

Runs this file again under ``valgrind --tool=callgrind`` with counting off; inside, the loop of
``rl_speed.py`` plays 300 warm-up steps, then counting is switched on (``callgrind_control -i on``)
for ``N`` steps and off again, so the imports, the first tables and the warm-up are not counted.
``pettingzoo`` is ``meeple.rl.pettingzoo.env`` driven by ``aec_loop`` (``last()`` and a random masked
``step``), ``no_tensor`` that env with a ready zero vector for every observation
(``rl_speed.NoTensorAEC``: the tensor's share is the difference), ``raw`` the rules alone (``raw_loop``),
``bare`` that loop driving an env that does nothing (no wrappers: the loop's own cost), ``connect_four``
PettingZoo's ``connect_four_v3`` in the same loop, ``gymnasium`` the Gymnasium env against random bots
(``rl_speed.gym_loop``), ``vector`` the batched env with 64 sub-environments as ``rl_vector.py`` steps
it (a step of it counts 64: the figure is per sub-environment step).
A count compares two versions of our code well; across programs (ours against ``connect_four_v3``)
it does not predict the ratio of times, since instructions run at different rates.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import rl_speed  # type: ignore[import-not-found]


def loop(game: str, kind: str, players: int | None = None) -> Callable[[int], int]:
    from meeple.rl import pettingzoo as mpz

    if kind == "pettingzoo":
        return rl_speed.aec_loop(lambda: mpz.env(game, players=players))  # type: ignore[no-any-return]
    if kind == "no_tensor":
        return rl_speed.aec_loop(lambda: rl_speed.NoTensorAEC(game, players))  # type: ignore[no-any-return]
    if kind == "raw":
        return rl_speed.raw_loop(game, players)  # type: ignore[no-any-return]
    if kind == "gymnasium":
        from meeple.rl.common import env_ids

        return rl_speed.gym_loop(env_ids()[game], players)  # type: ignore[no-any-return]
    if kind == "vector":
        return vector_loop(game, players)
    if kind == "bare":
        return rl_speed.aec_loop(rl_speed.DoNothingAEC)  # type: ignore[no-any-return]
    from pettingzoo.classic import connect_four_v3

    return rl_speed.aec_loop(connect_four_v3.env)  # type: ignore[no-any-return]


def vector_loop(game: str, players: int | None, num_envs: int = 64) -> Callable[[int], int]:
    """``steps`` sub-environment steps of the batched env (``steps // num_envs`` steps of it), one env
    kept across calls (the warm-up's tables and kept vectors stay warm)."""
    import numpy as np

    import rl_vector  # type: ignore[import-not-found]
    from meeple.rl.vector import vector_env

    venv = vector_env(game, num_envs=num_envs, players=players, seed=0)
    rng = np.random.default_rng(0)
    venv.reset()

    def run(steps: int) -> int:
        for _ in range(max(1, steps // num_envs)):
            venv.step(rl_vector.random_legal(venv.action_masks(), rng))
        return steps

    return run


def counting(on: bool) -> None:
    subprocess.run(
        ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], check=True, capture_output=True
    )


def inside(game: str, kind: str, steps: int, players: int | None) -> None:
    run = loop(game, kind, players)
    run(300)
    counting(True)
    run(steps)
    counting(False)


def counted(game: str, kind: str, steps: int, targets: bool) -> int:
    """Instructions of ``steps`` steps, summed over callgrind's output files."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", sys.executable,
             __file__, game, "--loop", kind, "--steps", str(steps), "--inside", *(["--targets"] if targets else [])],
            capture_output=True, text=True, check=True, env=os.environ,
        )  # fmt: skip
        total = 0
        for part in Path(tmp).glob("callgrind.out*"):
            for line in part.read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    total += int(line.split()[1])
        return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game (ignored by --loop bare and connect_four)")
    kinds = ("pettingzoo", "no_tensor", "raw", "bare", "connect_four", "gymnasium", "vector")
    parser.add_argument("--loop", choices=kinds, default="pettingzoo")
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--targets", action="store_true", help="2 players (Ivor the Engine 3), not the default")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        inside(args.game, args.loop, args.steps, rl_speed.SETUPS.get(args.game) if args.targets else None)
        return
    total = counted(args.game, args.loop, args.steps, args.targets)
    print(f"{args.game} {args.loop}: {total // args.steps:,} instructions a step ({args.steps} steps)")


if __name__ == "__main__":
    main()
