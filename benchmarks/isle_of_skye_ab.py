"""Isle of Skye random play of two versions of the code, run turn about (a before/after pair).

    PYTHONPATH=src .venv/bin/python benchmarks/isle_of_skye_ab.py BASE_SRC [--rounds 5] [--games 120]

``BASE_SRC`` is the ``src`` folder of the version to compare with, e.g. one made by
``git archive <commit> src | tar -x -C /tmp/base``. On a shared machine a timing moves
with the load; running the two versions one after the other, round after round, and
taking each one's median lets the load fall on both alike. Each run is a child process
that plays the same seeded games through the public API (``legal_actions`` + ``apply``,
as ``vs_openspiel.py`` plays them) at 2-5 players and reports process CPU time per step.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHILD = """
import random, sys, time
sys.path.insert(0, {benchmarks!r})
import meeple
from common import random_playout
info = meeple.GAMES["isle_of_skye"]
out = []
for players in (2, 3, 4, 5):
    rng = random.Random(0)
    steps = 0
    started = time.process_time()
    for game in range({games}):
        steps += random_playout(info.new(players, game), rng, True)
    out.append((time.process_time() - started) / steps * 1e6)
print(" ".join(map(str, out)))
"""


def run(src: Path, games: int) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = CHILD.format(benchmarks=str(HERE), games=games)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return [float(x) for x in done.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", type=Path, help="the src folder of the version to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=120, help="games per player count and run")
    args = parser.parse_args()
    ours = HERE.parent / "src"
    base_runs, our_runs = [], []
    for _ in range(args.rounds):
        base_runs.append(run(args.base, args.games))
        our_runs.append(run(ours, args.games))
    base = [statistics.median(column) for column in zip(*base_runs, strict=True)]
    now = [statistics.median(column) for column in zip(*our_runs, strict=True)]
    print(f"CPU us a step, median of {args.rounds} runs of {args.games} games each, 2/3/4/5 players")
    print("base   " + "  ".join(f"{x:6.2f}" for x in base))
    print("this   " + "  ".join(f"{x:6.2f}" for x in now))
    print("ratio  " + "  ".join(f"{b / n:6.3f}" for b, n in zip(base, now, strict=True)) + "  (base / this)")


if __name__ == "__main__":
    main()
