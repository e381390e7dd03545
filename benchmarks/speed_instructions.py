"""Machine instructions per step of Ibyron's random play, counted by valgrind (the machine's load does not
change them).

    .venv/bin/python benchmarks/ibyron_instructions.py PLAYERS WARM GAMES

Runs this file twice under ``valgrind --tool=callgrind``: once playing ``WARM`` warm-up games (seeds 10000..)
and once those and ``GAMES`` more (seeds 0..), all random moves through the public API (``legal_actions`` and
``apply``); the difference of the two counts over the measured games' steps is the cost of a step, without the
import and the tables made on first use. Solo 50 100, 2 players 10 15, 3 and 4 players 5 10 and 5 8 give about
9,000 steps each. Run it with the other version of the code on ``PYTHONPATH`` to compare.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from common import random_playout  # type: ignore[import-not-found]


def play(players: int, warm: int, games: int) -> int:
    info = meeple.GAMES["ibyron"]
    rng = random.Random(0)
    for g in range(warm):
        random_playout(info.new(players, 10_000 + g), rng, True)
    return sum(random_playout(info.new(players, g), rng, True) for g in range(games))


def counted(players: int, warm: int, games: int) -> tuple[int, int]:
    """(instructions, steps of the measured games) of one run under callgrind."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
         "--inside", str(players), str(warm), str(games)],
        capture_output=True, text=True, check=True, env=os.environ,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit("valgrind printed no count:\n" + run.stderr[-2000:])
    return int(found.group(1)), int(run.stdout.split()[-1])


def main() -> None:
    if sys.argv[1] == "--inside":
        print(play(*map(int, sys.argv[2:5])))
        return
    players, warm, games = map(int, sys.argv[1:4])
    base, _ = counted(players, warm, 0)
    total, steps = counted(players, warm, games)
    print(f"{players} players: {steps} steps, {(total - base) / steps:,.0f} instructions a step")


if __name__ == "__main__":
    main()
