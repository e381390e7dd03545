"""Isle of Skye: does the designed data play fairly? Heuristic bots in every seat.

    .venv/bin/python benchmarks/isle_of_skye_balance.py [-n 100] [--players 2 3 4 5] [--jobs 1]

For each player count, plays ``-n`` games of heuristic bots (``isle_of_skye.bot``)
with random scoring tiles and prints each seat's win share (shared wins split)
with its Wilson 95% interval and the largest distance from fair, how the games ended (``end_reason``) and
in how many rounds, the mean winning score and the median spread of final
scores. Seat 0 starts the first round. Balanced (issue 15): every seat within
8 points of fair.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.arena.stats import wilson_interval
from meeple.games.isle_of_skye.bot import HeuristicBot
from meeple.games.isle_of_skye.rules import IsleOfSkyeState


def play(players: int, seed: int) -> tuple[tuple[int, ...], tuple[float, ...], str, int]:
    """One game: (winners, scores, end reason, rounds played)."""
    state = meeple.new_game("isle_of_skye", players=players, seed=seed)
    assert isinstance(state, IsleOfSkyeState)
    bots = [HeuristicBot(seed * 10 + s) for s in range(players)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state.winners, state.scores, str(state.end_reason), state.round


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    for players in args.players:
        started = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(play, [players] * args.n, [20_000 + g for g in range(args.n)]))
        wins = [0.0] * players
        for winners, _scores, _reason, _rounds in games:
            for seat in winners:
                wins[seat] += 1 / len(winners)
        shares = ", ".join(
            "seat {}: {:.1%} ({:.1%}-{:.1%})".format(s, w / args.n, *wilson_interval(w, args.n))
            for s, w in enumerate(wins)
        )
        worst = max(abs(w / args.n - 1 / players) for w in wins)
        reasons = {r: sum(1 for g in games if g[2] == r) for r in sorted({g[2] for g in games})}
        rounds = sorted({g[3] for g in games})
        best = statistics.mean(max(g[1]) for g in games)
        spread = statistics.median(max(g[1]) - min(g[1]) for g in games)
        print(
            f"{players} players, {args.n} heuristic games: wins {shares} (at most {100 * worst:.1f} points from fair); "
            f"ends {reasons} after {rounds} rounds; winning score {best:.1f} (median spread {spread:.0f}); "
            f"{time.perf_counter() - started:.0f} s"
        )


if __name__ == "__main__":
    main()
