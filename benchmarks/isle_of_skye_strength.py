"""Isle of Skye: ISMCTS against random players.

    .venv/bin/python benchmarks/isle_of_skye_strength.py [-n 100] [--players 2] [--seconds 0.2] [--jobs 1]

ISMCTS (``--seconds`` a move) plays random bots; its seat rotates from game to
game. Prints the ISMCTS win share (shared wins count as a fraction) with a
95% Wilson interval, beside the 1/players a random player would expect.
Target: at least 90% of 100 two-player games at 0.2 s a move. ``--jobs``
runs games in parallel processes (each bot still gets its own core's time).
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.bots import ISMCTS, RandomBot


def play(game: int, players: int, seconds: float) -> float:
    """One game; returns the ISMCTS player's share of the win."""
    state = meeple.new_game("isle_of_skye", players=players, seed=10_000 + game)
    searcher = game % players
    bots = {
        s: (ISMCTS(seconds=seconds, seed=game) if s == searcher else RandomBot(seed=game * 10 + s))
        for s in range(players)
    }
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return 1 / len(state.winners) if searcher in state.winners else 0.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        shares = list(pool.map(play, range(args.n), [args.players] * args.n, [args.seconds] * args.n))
    wins = sum(shares)
    lo, hi = wilson(wins, args.n)
    print(
        f"Isle of Skye, {args.players} players, {args.n} games: ISMCTS ({args.seconds:g} s/move) won "
        f"{wins:g} = {wins / args.n:.1%} (95% CI {lo:.1%}–{hi:.1%}); a random player expects "
        f"{1 / args.players:.1%}; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
