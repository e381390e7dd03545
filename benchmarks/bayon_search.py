"""Bayon: does today's generic ISMCTS reach the game's real end with evaluate()?

    .venv/bin/python benchmarks/bayon_search.py [-n 10] [--iterations 200]

Plays ISMCTS (the game's ``rollout_limit``, cut-off playouts judged by
``evaluate()``) against the heuristic bot in 2-player games, seats
alternated, and prints ISMCTS's wins, how the games ended and the CPU time
per ISMCTS move. Also prints how long the game's guided playouts
(``rollout_policy``) take to reach the target from the start, per player
count, which is what ``GameInfo.rollout_limit`` is set from.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time
from typing import Any

import meeple
from meeple.bots import ISMCTS
from meeple.core.rng import Random
from meeple.games.bayon.bot import GreedyBot, rollout_policy


def guided_playouts(players: int, games: int) -> None:
    lengths = []
    reasons: collections.Counter[str | None] = collections.Counter()
    steps = 0
    start = time.process_time()
    for g in range(games):
        state = meeple.new_game("bayon", players=players, seed=g)
        rng = Random(g)
        moves = 0
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(rollout_policy(state, seat, rng), seat)
            moves += 1
        lengths.append(moves)
        reasons[state.end_reason] += 1
        steps += moves
    spent = time.process_time() - start
    p98 = statistics.quantiles(lengths, n=100)[97]
    print(
        f"{players} players, {games} guided playouts: moves median {statistics.median(lengths):.0f}, "
        f"p98 {p98:.0f}, longest {max(lengths)}; ended by target {reasons['target'] / games:.0%}; "
        f"{steps / spent:.0f} moves/s"
    )


def search_games(games: int, iterations: int) -> None:
    wins = 0.0
    reasons: collections.Counter[str | None] = collections.Counter()
    times: list[float] = []
    for g in range(games):
        search_seat = g % 2
        bots: list[Any] = [None, None]
        bots[search_seat] = ISMCTS(iterations=iterations, seed=g)
        bots[1 - search_seat] = GreedyBot(g)
        state = meeple.new_game("bayon", players=2, seed=g)
        while not state.is_over:
            seat = state.to_move[0]
            start = time.process_time()
            action = bots[seat].choose(state, seat)
            if seat == search_seat:
                times.append(time.process_time() - start)
            state.apply(action, seat)
        wins += search_seat in state.winners
        reasons[state.end_reason] += 1
    print(
        f"ISMCTS:{iterations} vs heuristic, {games} 2-player games: ISMCTS won {wins:.0f}; "
        f"ended by {dict(reasons)}; CPU s per ISMCTS move median {statistics.median(times):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args()
    for players in (2, 3, 4):
        guided_playouts(players, args.playouts)
    if args.n:
        search_games(args.n, args.iterations)


if __name__ == "__main__":
    main()
