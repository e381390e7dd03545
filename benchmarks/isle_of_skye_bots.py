"""Isle of Skye's bots and balance, measured by playing (the figures of docs/measurements/isle_of_skye.md).

    .venv/bin/python -m benchmarks.isle_of_skye_bots strength [-n 100] [--players 2] [--jobs 1]
    .venv/bin/python -m benchmarks.isle_of_skye_bots routes [-n 200] [--players 2] [--jobs 1] [--only NAME ...]
    .venv/bin/python -m benchmarks.isle_of_skye_bots balance [-n 100] [--players 2 3 4 5] [--jobs 1]
    .venv/bin/python -m benchmarks.isle_of_skye_bots search [-n 10] [--iterations 100] [--rollout-limit 0]
        [--jobs 1]

Scoring tiles are random in every mode; shares count a shared win as a fraction and carry a
Wilson 95% interval; ``--jobs`` plays games in that many processes.

``strength``: one heuristic bot (``isle_of_skye.bot.HeuristicBot``) plays ``players - 1``
frozen greedy bots (``benchmarks.opponents.isle_of_skye``), its seat rotating from game to
game (deals 30,000 on). Prints its win share beside the fair ``1/players``, how the games
ended, and the mean final scores.

``routes``: single-route variants of the heuristic bot against the all-round one, its seat
rotating (deals 40,000 on). Each variant is the heuristic bot of
``meeple.games.isle_of_skye.bot`` with one habit changed while it chooses (the module's
constants are patched for the duration of its own move only): it never buys (hoards its
gold, 5 gold a point at the end), buys sparingly (only a tile worth 0.3 points more than it
costs), buys anything (a tile worth up to 3 points less than it costs), prices dear (3, 5
or 8 gold instead of 1-3), chases whisky (its income valued three times as much as the bot
values it) or chases scrolls (scroll points counted twice). Balanced means no variant above
60% of 2-player games. ``--only NAME ...`` plays only the variants named.

``balance``: heuristic bots in every seat (deals 20,000 on), for each player count: each
seat's win share and the largest distance from fair, how the games ended and in how many
rounds, the mean winning score and the median spread of final scores. Seat 0 starts the
first round. Balanced: every seat within 8 points of fair.

``search``: ISMCTS (``--iterations`` a move; ``--rollout-limit`` steps of random playout
before ``evaluate()`` judges the cut-off world, 0 for playouts to the end) against the
heuristic bot in 2-player games, seats rotated (deals 40,000 on): the search's win share,
how the games ended, and the median and 95th percentile of its CPU time per move.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import meeple
import meeple.games.isle_of_skye.bot as heuristic
from benchmarks.common import patched
from benchmarks.opponents.isle_of_skye import FrozenGreedyBot
from meeple.arena.stats import wilson_interval
from meeple.bots import ISMCTS
from meeple.core import Action
from meeple.games.isle_of_skye.bot import HeuristicBot
from meeple.games.isle_of_skye.rules import IsleOfSkyeState


def ends(reasons: list[str]) -> dict[str, int]:
    return {reason: reasons.count(reason) for reason in sorted(set(reasons))}


# ------------------------------------------------------------------ strength
def play_frozen(index: int, players: int) -> tuple[float, str, float, float]:
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


def strength(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play_frozen, range(args.n), [args.players] * args.n))
    wins = sum(r[0] for r in results)
    lo, hi = wilson_interval(wins, args.n)
    print(
        f"heuristic vs frozen greedy, {args.players} players, {args.n} games: heuristic wins {wins / args.n:.1%} "
        f"(95% CI {lo:.1%}-{hi:.1%}; fair {1 / args.players:.0%}); ends {ends([r[1] for r in results])}; mean score "
        f"{statistics.mean(r[2] for r in results):.1f} vs best other {statistics.mean(r[3] for r in results):.1f}; "
        f"{time.perf_counter() - started:.0f} s"
    )


# -------------------------------------------------------------------- routes
SCROLL_POINTS = heuristic.scroll_points


def doubled_scrolls(territory: Any) -> list[tuple[str, float, bool]]:
    return [(kind, 2 * points, doubled) for kind, points, doubled in SCROLL_POINTS(territory)]


# variant name -> the module constants patched during its move (no net gain beats an
# infinite margin, so that bot never buys)
VARIANTS: dict[str, dict[str, Any]] = {
    "never buys (hoards gold)": {"BUY_MARGIN": float("inf")},
    "buys sparingly (margin +0.3)": {"BUY_MARGIN": 0.3},
    "buys anything (margin -3)": {"BUY_MARGIN": -3.0},
    "prices dear (3, 5 or 8 gold)": {"PRICE_CHOICES": (3, 5, 8)},
    "whisky first (income x3)": {"INCOME_WEIGHT": 3 * heuristic.INCOME_WEIGHT},
    "scrolls first (scroll points x2)": {"scroll_points": doubled_scrolls},
}


class Variant(heuristic.HeuristicBot):
    """The heuristic bot with one habit changed (``VARIANTS``)."""

    def __init__(self, name: str, seed: int) -> None:
        super().__init__(seed)
        self.constants = VARIANTS[name]

    def choose(self, state: Any, seat: int) -> Action:
        with patched(heuristic, self.constants):
            return super().choose(state, seat)


def play_variant(name: str, index: int, players: int) -> tuple[float, str]:
    """One game: (the variant's win share, end reason)."""
    state = meeple.new_game("isle_of_skye", players=players, seed=40_000 + index)
    hero = index % players
    bots = {s: Variant(name, index) if s == hero else heuristic.HeuristicBot(index * 10 + s) for s in range(players)}
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    share = 1 / len(state.winners) if hero in state.winners else 0.0
    return share, str(state.end_reason)


def routes(args: argparse.Namespace) -> None:
    unknown = sorted(set(args.only) - set(VARIANTS))
    if unknown:
        raise SystemExit(f"unknown variants {unknown}; variants: {list(VARIANTS)}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.only:
            results = list(pool.map(play_variant, [name] * args.n, range(args.n), [args.players] * args.n))
            wins = sum(share for share, _ in results)
            low, high = wilson_interval(wins, args.n)
            print(
                f"{name:>34} vs heuristic, {args.n} {args.players}-player games: {wins / args.n:.1%} "
                f"(95% {low:.1%}-{high:.1%}; fair {1 / args.players:.0%}); "
                f"ended by {', '.join(sorted({end for _, end in results}))}",
                flush=True,
            )


# ------------------------------------------------------------------- balance
def play_self(players: int, seed: int) -> tuple[tuple[int, ...], tuple[float, ...], str, int]:
    """One game: (winners, scores, end reason, rounds played)."""
    state = meeple.new_game("isle_of_skye", players=players, seed=seed)
    assert isinstance(state, IsleOfSkyeState)
    bots = [HeuristicBot(seed * 10 + s) for s in range(players)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state.winners, state.scores, str(state.end_reason), state.round


def balance(args: argparse.Namespace) -> None:
    for players in args.players:
        started = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(play_self, [players] * args.n, [20_000 + g for g in range(args.n)]))
        wins = [0.0] * players
        for winners, _scores, _reason, _rounds in games:
            for seat in winners:
                wins[seat] += 1 / len(winners)
        shares = ", ".join(
            "seat {}: {:.1%} ({:.1%}-{:.1%})".format(s, w / args.n, *wilson_interval(w, args.n))
            for s, w in enumerate(wins)
        )
        worst = max(abs(w / args.n - 1 / players) for w in wins)
        rounds = sorted({g[3] for g in games})
        best = statistics.mean(max(g[1]) for g in games)
        spread = statistics.median(max(g[1]) - min(g[1]) for g in games)
        print(
            f"{players} players, {args.n} heuristic games: wins {shares} (at most {100 * worst:.1f} points from fair); "
            f"ends {ends([g[2] for g in games])} after {rounds} rounds; winning score {best:.1f} "
            f"(median spread {spread:.0f}); {time.perf_counter() - started:.0f} s"
        )


# -------------------------------------------------------------------- search
def play_search(index: int, iterations: int, limit: int) -> tuple[float, str, list[float]]:
    state = meeple.new_game("isle_of_skye", players=2, seed=40_000 + index)
    searcher = index % 2
    search_bot = ISMCTS(iterations=iterations, seed=index, rollout_limit=limit)
    heuristic_bot = HeuristicBot(index)
    times: list[float] = []
    while not state.is_over:
        seat = state.to_move[0]
        if seat == searcher:
            started = time.process_time()
            action = search_bot.choose(state, seat)
            times.append(time.process_time() - started)
        else:
            action = heuristic_bot.choose(state, seat)  # type: ignore[arg-type]
        state.apply(action, seat)
    share = 1 / len(state.winners) if searcher in state.winners else 0.0
    return share, str(state.end_reason), times


def search(args: argparse.Namespace) -> None:
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(
            pool.map(play_search, range(args.n), [args.iterations] * args.n, [args.rollout_limit] * args.n)
        )
    wins = sum(r[0] for r in results)
    lo, hi = wilson_interval(wins, args.n)
    times = sorted(t for r in results for t in r[2])
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"ISMCTS:{args.iterations} (rollout limit {args.rollout_limit or 'none'}) vs heuristic, 2 players, "
        f"{args.n} games: ISMCTS wins {wins / args.n:.0%} (95% CI {lo:.0%}-{hi:.0%}); "
        f"ends {ends([r[1] for r in results])}; CPU s a move median {statistics.median(times):.3f}, p95 {p95:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_subparsers(dest="mode", required=True)
    mode = modes.add_parser("strength", help="the heuristic bot against the frozen greedy bot")
    mode.add_argument("-n", type=int, default=100)
    mode.add_argument("--players", type=int, default=2)
    mode.set_defaults(run=strength)
    mode = modes.add_parser("routes", help="single-route variants against the heuristic bot")
    mode.add_argument("-n", type=int, default=200)
    mode.add_argument("--players", type=int, default=2)
    mode.add_argument("--only", nargs="*", default=list(VARIANTS), help="variants to play, by name")
    mode.set_defaults(run=routes)
    mode = modes.add_parser("balance", help="heuristic bots in every seat, by player count")
    mode.add_argument("-n", type=int, default=100)
    mode.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    mode.set_defaults(run=balance)
    mode = modes.add_parser("search", help="ISMCTS against the heuristic bot")
    mode.add_argument("-n", type=int, default=10)
    mode.add_argument("--iterations", type=int, default=100)
    mode.add_argument("--rollout-limit", type=int, default=0)
    mode.set_defaults(run=search)
    for mode in modes.choices.values():
        mode.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
