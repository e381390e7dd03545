"""Isle of Skye: does the designed data play fairly? Greedy bots in every seat.

    .venv/bin/python benchmarks/isle_of_skye_balance.py [-n 40] [--players 2 3 4 5]

For each player count, plays ``-n`` games of greedy bots (``isle_of_skye.bot``)
with random scoring tiles and prints each seat's win share (shared wins split),
the mean winning score and the median spread of final scores. Seat 0 starts
the first round.
"""

from __future__ import annotations

import argparse
import statistics
import time

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.games.isle_of_skye.bot import GreedyBot
from meeple.games.isle_of_skye.rules import IsleOfSkyeState


def play(players: int, seed: int) -> IsleOfSkyeState:
    state = meeple.new_game("isle_of_skye", players=players, seed=seed)
    assert isinstance(state, IsleOfSkyeState)
    bots = [GreedyBot(seed * 10 + s) for s in range(players)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    args = parser.parse_args()
    for players in args.players:
        started = time.perf_counter()
        wins = [0.0] * players
        best: list[float] = []
        spread: list[float] = []
        for game in range(args.n):
            state = play(players, 20_000 + game)
            for seat in state.winners:
                wins[seat] += 1 / len(state.winners)
            best.append(max(state.scores))
            spread.append(max(state.scores) - min(state.scores))
        shares = ", ".join(f"seat {s}: {w / args.n:.0%}" for s, w in enumerate(wins))
        print(
            f"{players} players, {args.n} greedy games: wins {shares}; winning score {statistics.mean(best):.1f} "
            f"(median spread {statistics.median(spread):.0f}); {time.perf_counter() - started:.0f} s"
        )


if __name__ == "__main__":
    main()
