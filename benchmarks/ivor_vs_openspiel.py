"""Ivor the Engine random play against OpenSpiel's python_tic_tac_toe, in one run.

    .venv/bin/python benchmarks/ivor_vs_openspiel.py [--players 4] [--runs 5] [--seconds 2]

Both are played by uniformly random moves through their public APIs (ours:
``legal_actions`` + ``apply``, which re-checks legality; OpenSpiel's:
``legal_actions`` + ``apply_action`` on a Python game), for ``--seconds`` of this
process's CPU time per run, alternating so that machine load hits both alike.
Prints the median steps per CPU second of each and their ratio (target: Ivor at
least 3x tic-tac-toe).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from common import random_playout


def ivor_rate(players: int, seconds: float, seed: int) -> float:
    info = meeple.GAMES["ivor"]
    rng = random.Random(seed)
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        steps += random_playout(info.new(players, seed * 1000 + games), rng, checked=True)
        games += 1
    return steps / (time.process_time() - started)


def tic_tac_toe_rate(seconds: float, seed: int) -> float:
    import open_spiel.python.games  # noqa: F401  (registers the Python games)
    import pyspiel

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    steps = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
    return steps / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    ours, theirs = [], []
    for run in range(args.runs):
        ours.append(ivor_rate(args.players, args.seconds, run))
        theirs.append(tic_tac_toe_rate(args.seconds, run))
    a, b = statistics.median(ours), statistics.median(theirs)
    runs = ", ".join(f"{x:,.0f}" for x in ours)
    print(f"Ivor the Engine {args.players}p random play: {a:,.0f} steps/CPU-s (runs {runs})")
    print(f"OpenSpiel python_tic_tac_toe: {b:,.0f} steps/CPU-s (runs {', '.join(f'{x:,.0f}' for x in theirs)})")
    print(f"ratio {a / b:.2f}x (target 3x: {'met' if a >= 3 * b else 'NOT met'})")


if __name__ == "__main__":
    main()
