"""Random-play speed of every game beside OpenSpiel's ``python_tic_tac_toe``.

    .venv/bin/python -m benchmarks.speed_vs_openspiel [GAME ...] [--runs 5] [--seconds 1]

OpenSpiel's pure-Python tic-tac-toe is the field's reference for a Python
game; a fair comparison plays both the same way: random legal moves through
each library's public API (``legal_actions`` + ``apply`` here,
``legal_actions`` + ``apply_action`` there), new games until the time is up.
Each figure is the median of ``--runs`` runs of process CPU time. Tic-tac-toe
is measured again right before every game's measurement, and a ratio is the
median over the runs of (the game's rate / that tic-tac-toe rate), so a load
that drifts during the run (this machine is shared) biases no row. Needs
``pip install open_spiel`` (the ``openspiel`` extra).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
from benchmarks.common import playout_rate


def openspiel_rate(seconds: float, seed: int = 0) -> float:
    """Steps/s of random play in OpenSpiel's python_tic_tac_toe (process CPU time)."""
    import open_spiel.python.games  # noqa: F401  (registers the Python games)
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
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=sorted(meeple.GAMES))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    baseline: list[float] = []
    rates: dict[tuple[str, int], list[float]] = {}
    ratios: dict[tuple[str, int], list[float]] = {}
    for run in range(args.runs):
        for game in args.games:
            info = meeple.GAMES[game]
            for players in info.player_counts:
                tic = openspiel_rate(args.seconds, seed=run)
                steps, _games = playout_rate(info, players, args.seconds, checked=True, seed=run)
                baseline.append(tic)
                rates.setdefault((game, players), []).append(steps)
                ratios.setdefault((game, players), []).append(steps / tic)
    print(f"OpenSpiel python_tic_tac_toe: {statistics.median(baseline):,.0f} steps/s (median of {len(baseline)})")
    print(f"{'game':<14} {'players':>7} {'steps/s':>10} {'x tic-tac-toe':>14}")
    for (game, players), values in rates.items():
        ratio = statistics.median(ratios[(game, players)])
        print(f"{game:<14} {players:>7} {statistics.median(values):>10,.0f} {ratio:>14.2f}")


if __name__ == "__main__":
    main()
