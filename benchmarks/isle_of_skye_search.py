"""Isle of Skye: does today's generic ISMCTS reach the game's real end, and how strong is it?

    .venv/bin/python benchmarks/isle_of_skye_search.py [-n 10] [--iterations 100] [--rollout-limit 0] [--jobs 1]

ISMCTS (``--iterations`` a move; ``--rollout-limit`` steps of random playout
before ``evaluate()`` judges the cut-off world, 0 for playouts to the end) plays
the heuristic bot in 2-player games, seats rotated. Prints the search's win
share with a 95% Wilson interval, how the games ended, and the median and 95th
percentile of its CPU time per move.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.arena.stats import wilson_interval
from meeple.bots import ISMCTS
from meeple.games.isle_of_skye.bot import HeuristicBot


def play(index: int, iterations: int, limit: int) -> tuple[float, str, list[float]]:
    state = meeple.new_game("isle_of_skye", players=2, seed=40_000 + index)
    searcher = index % 2
    search = ISMCTS(iterations=iterations, seed=index, rollout_limit=limit)
    heuristic = HeuristicBot(index)
    times: list[float] = []
    while not state.is_over:
        seat = state.to_move[0]
        if seat == searcher:
            started = time.process_time()
            action = search.choose(state, seat)
            times.append(time.process_time() - started)
        else:
            action = heuristic.choose(state, seat)  # type: ignore[arg-type]
        state.apply(action, seat)
    share = 1 / len(state.winners) if searcher in state.winners else 0.0
    return share, str(state.end_reason), times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--rollout-limit", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, range(args.n), [args.iterations] * args.n, [args.rollout_limit] * args.n))
    wins = sum(r[0] for r in results)
    lo, hi = wilson_interval(wins, args.n)
    reasons = {reason: sum(1 for r in results if r[1] == reason) for reason in sorted({r[1] for r in results})}
    times = sorted(t for r in results for t in r[2])
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"ISMCTS:{args.iterations} (rollout limit {args.rollout_limit or 'none'}) vs heuristic, 2 players, "
        f"{args.n} games: ISMCTS wins {wins / args.n:.0%} (95% CI {lo:.0%}-{hi:.0%}); ends {reasons}; "
        f"CPU s a move median {statistics.median(times):.3f}, p95 {p95:.3f}"
    )


if __name__ == "__main__":
    main()
