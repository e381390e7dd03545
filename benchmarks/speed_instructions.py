"""Machine instructions per step of a game's random play, counted by valgrind (the machine's load does not
change them).

    .venv/bin/python -m benchmarks.speed_instructions PLAYERS WARM GAMES [--game ibyron]

Runs this module twice under ``valgrind --tool=callgrind``: once playing ``WARM`` warm-up games (seeds 10000..)
and once those and ``GAMES`` more (seeds 0..), all random moves through the public API (``legal_actions`` and
``apply``); the difference of the two counts over the measured games' steps is the cost of a step, without the
import and the tables made on first use. For Ibyron (the default game), solo 50 100, 2 players 10 15, 3 and 4
players 5 10 and 5 8 give about 9,000 steps each. Run it with the other version of the code on ``PYTHONPATH`` to
compare.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys

import meeple
from benchmarks.common import random_playout


def play(game: str, players: int, warm: int, games: int) -> int:
    info = meeple.GAMES[game]
    rng = random.Random(0)
    for g in range(warm):
        random_playout(info.new(players, 10_000 + g), rng, True)
    return sum(random_playout(info.new(players, g), rng, True) for g in range(games))


def counted(game: str, players: int, warm: int, games: int) -> tuple[int, int]:
    """(instructions, steps of the measured games) of one run under callgrind."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-m", __spec__.name,
         str(players), str(warm), str(games), "--game", game, "--inside"],
        capture_output=True, text=True, check=True, env=os.environ,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit("valgrind printed no count:\n" + run.stderr[-2000:])
    return int(found.group(1)), int(run.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("players", type=int)
    parser.add_argument("warm", type=int, help="warm-up games, not counted")
    parser.add_argument("games", type=int, help="measured games")
    parser.add_argument("--game", default="ibyron", choices=sorted(meeple.GAMES))
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.inside:
        print(play(args.game, args.players, args.warm, args.games))
        return
    base, _ = counted(args.game, args.players, args.warm, 0)
    total, steps = counted(args.game, args.players, args.warm, args.games)
    print(f"{args.game}, {args.players} players: {steps} steps, {(total - base) / steps:,.0f} instructions a step")


if __name__ == "__main__":
    main()
