"""Bayon balance of the designed data: greedy self-play per player count.

    .venv/bin/python benchmarks/bayon_balance.py [-n 200]

Prints each seat's share of wins (a fair game gives about 1/players each), the
median and longest game in rounds, and how many games needed the round limit.
"""

from __future__ import annotations

import argparse
import collections
import statistics

import meeple
from meeple.games.bayon.bot import GreedyBot
from meeple.games.bayon.rules import BayonState


def self_play(players: int, games: int) -> None:
    wins: collections.Counter[int] = collections.Counter()
    rounds = []
    limited = 0
    for g in range(games):
        state = meeple.new_game("bayon", players=players, seed=g)
        assert isinstance(state, BayonState)
        bots = [GreedyBot(g * 10 + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(bots[seat].choose(state, seat), seat)
        for w in state.winners:
            wins[w] += 1 / len(state.winners)
        rounds.append(state.round)
        limited += state.turns >= state.max_rounds * players
    shares = "  ".join(f"seat {s}: {wins[s] / games:.0%}" for s in range(players))
    print(
        f"{players} players, {games} games: {shares}  |  rounds median {statistics.median(rounds):.0f}, "
        f"max {max(rounds)}  |  ended by the round limit: {limited}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200)
    args = parser.parse_args()
    for players in (2, 3, 4):
        self_play(players, args.n)


if __name__ == "__main__":
    main()
