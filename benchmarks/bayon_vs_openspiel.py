"""Bayon random play against OpenSpiel's python_tic_tac_toe, measured in the same run.

    .venv/bin/python benchmarks/bayon_vs_openspiel.py [--runs 5] [--seconds 1.0]

Both play random moves through their public API (Bayon: ``legal_actions`` and
``apply``, which re-checks legality; OpenSpiel: ``legal_actions`` and
``apply_action``) for about ``--seconds`` of this process's CPU time per
run. Prints the median steps/s of each and their ratio (issue 11's target:
Bayon at least 3x).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
from common import playout_rate


def openspiel_rate(seconds: float, seed: int = 0) -> float:
    """Random-play steps/s of OpenSpiel's pure-Python tic-tac-toe."""
    import open_spiel.python.games  # noqa: F401  (registers the python games)
    import pyspiel

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    steps = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
        elapsed = time.process_time() - started
    return steps / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    info = meeple.GAMES["bayon"]
    # Interleaved, so both see the same load; the ratio is the median of per-run ratios.
    baselines: list[float] = []
    rates: dict[int, list[float]] = {n: [] for n in info.player_counts}
    for run in range(args.runs):
        baselines.append(openspiel_rate(args.seconds, run))
        for players in info.player_counts:
            rates[players].append(playout_rate(info, players, args.seconds, True, run)[0])
    print(f"OpenSpiel python_tic_tac_toe: {statistics.median(baselines):,.0f} steps/s (median of {args.runs} runs)")
    for players, measured in rates.items():
        ratio = statistics.median(r / b for r, b in zip(measured, baselines, strict=True))
        print(f"Bayon {players} players: {statistics.median(measured):,.0f} steps/s, {ratio:.1f}x")


if __name__ == "__main__":
    main()
