"""Ibyron: ISMCTS against random players.

    .venv/bin/python benchmarks/ibyron_strength.py [-n 50] [--players 2] [--seconds 0.2] [--rollout 40] [--jobs 1]

ISMCTS (``--seconds`` a move, random rollouts cut after ``--rollout`` steps and
judged by the game's ``evaluate()``) plays random bots; its seat alternates
from game to game. Prints the ISMCTS win share (shared wins count as a
fraction) with a 95% Wilson interval beside what a random player expects.
Target (issue 5): at least 90% of 50 two-player games at 0.2 s a move.
``--jobs`` runs games in parallel processes (each bot still gets its own
core's time, so only use as many jobs as idle cores).
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.bots import ISMCTS, RandomBot


def play(game: int, players: int, seconds: float, rollout: int, mode: str) -> tuple[float, int]:
    """One game; returns the ISMCTS player's share of the win and the rounds played."""
    state = meeple.new_game("ibyron", players=players, seed=20_000 + game, mode=mode)
    searcher = game % players
    bots = {
        s: (ISMCTS(seconds=seconds, seed=game, rollout_limit=rollout) if s == searcher
            else RandomBot(seed=game * 10 + s))
        for s in range(players)
    }
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    share = 1 / len(state.winners) if searcher in state.winners else 0.0
    return share, state.observation(None)["round"]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=50)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--rollout", type=int, default=40)
    parser.add_argument("--mode", default="standard", choices=("standard", "beginner"))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    n = args.n
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, range(n), [args.players] * n, [args.seconds] * n, [args.rollout] * n,
                                [args.mode] * n))
    wins = sum(share for share, _ in results)
    lo, hi = wilson(wins, n)
    rounds = sorted(r for _, r in results)[n // 2]
    print(
        f"Ibyron {args.mode}, {args.players} players, {n} games: ISMCTS ({args.seconds:g} s/move, rollouts cut at "
        f"{args.rollout}) won {wins:g} = {wins / n:.1%} (95% CI {lo:.1%}–{hi:.1%}); a random player expects "
        f"{1 / args.players:.1%}; median {rounds} rounds; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
