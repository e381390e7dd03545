"""Isle of Skye random play against OpenSpiel's python_tic_tac_toe, in one run.

    .venv/bin/python benchmarks/isle_of_skye_vs_openspiel.py [--players 2 3 4 5] [--runs 5] [--seconds 1]

Random play steps per CPU second (``time.process_time``): Isle of Skye through
the public API (``legal_actions`` + ``apply``, which re-checks legality) and
OpenSpiel's pure-Python tic-tac-toe (``legal_actions`` + ``apply_action``),
runs interleaved so both see the same machine load; prints medians and the
ratio. Target (issue 11): Isle of Skye >= 3x tic-tac-toe.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import common  # noqa: F401  (puts the repository on sys.path)
import meeple


def skye_rate(players: int, seconds: float, seed: int) -> float:
    info = meeple.GAMES["isle_of_skye"]
    rng = random.Random(seed)
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = info.new(players, seed * 1000 + games)
        while not state.is_over:
            seat = state.to_move[rng.randrange(len(state.to_move))]
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
            steps += 1
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
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(f"random play, steps per CPU second, median of {args.runs} interleaved runs of {args.seconds:g} s")
    for players in args.players:
        skye, ttt = [], []
        for run in range(args.runs):
            ttt.append(tic_tac_toe_rate(args.seconds, run))
            skye.append(skye_rate(players, args.seconds, run))
        s, t = statistics.median(skye), statistics.median(ttt)
        print(f"{players} players: Isle of Skye {s:,.0f}, python_tic_tac_toe {t:,.0f}, ratio {s / t:.2f}x (target 3x)")


if __name__ == "__main__":
    main()
