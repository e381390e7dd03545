"""Isle of Skye: the heuristic bot against the frozen greedy bot it replaced.

    .venv/bin/python benchmarks/isle_of_skye_strength.py [-n 100] [--players 2] [--jobs 1]

One heuristic bot (``isle_of_skye.bot.HeuristicBot``) plays ``players - 1``
frozen greedy bots (``isle_of_skye_frozen_greedy.py``); its seat rotates from
game to game; scoring tiles are random. Prints its win share (shared wins
split) with a 95% Wilson interval beside the fair ``1/players``, how the games
ended, and the mean final scores. Target (issue 15): >= 60% of 2-player games.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from isle_of_skye_frozen_greedy import FrozenGreedyBot
from meeple.arena.stats import wilson_interval
from meeple.games.isle_of_skye.bot import HeuristicBot


def play(index: int, players: int) -> tuple[float, str, float, float]:
    """One game: (heuristic bot's win share, end reason, its score, the best other score)."""
    state = meeple.new_game("isle_of_skye", players=players, seed=30_000 + index)
    hero = index % players
    bots = {s: HeuristicBot(index) if s == hero else FrozenGreedyBot(index * 10 + s) for s in range(players)}
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)  # type: ignore[arg-type]
    share = 1 / len(state.winners) if hero in state.winners else 0.0
    others = max(v for s, v in enumerate(state.scores) if s != hero)
    return share, str(state.end_reason), state.scores[hero], others


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, range(args.n), [args.players] * args.n))
    wins = sum(r[0] for r in results)
    lo, hi = wilson_interval(wins, args.n)
    reasons = {reason: sum(1 for r in results if r[1] == reason) for reason in sorted({r[1] for r in results})}
    print(
        f"heuristic vs frozen greedy, {args.players} players, {args.n} games: heuristic wins {wins / args.n:.1%} "
        f"(95% CI {lo:.1%}-{hi:.1%}; fair {1 / args.players:.0%}); ends {reasons}; mean score "
        f"{statistics.mean(r[2] for r in results):.1f} vs best other {statistics.mean(r[3] for r in results):.1f}; "
        f"{time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
