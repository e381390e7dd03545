"""Isle of Skye: single-route variants of the heuristic bot against the all-round one.

    .venv/bin/python benchmarks/isle_of_skye_routes.py [-n 200] [--players 2] [--jobs 1] [--only NAME ...]

Each variant is the heuristic bot of ``meeple.games.isle_of_skye.bot`` with
one habit changed while it chooses (the module's constants are patched for
the duration of its own move only): it never buys (hoards its gold, 5 gold a
point at the end), buys sparingly (only a tile worth 0.3 points more than it
costs, the bot's habit before), buys anything (a tile worth up to 3 points
less than it costs), prices dear (3, 5 or 8 gold instead of 1-3), chases
whisky (its income valued three times as much as the bot values it) or
chases scrolls (scroll points counted twice); or it is the bot before
2026-12-06 (margin +0.3, whisky income at its final worth). Prints each
variant's share of the games against heuristic bots in every other seat,
its seat rotating, scoring tiles random, with a Wilson 95% interval;
balanced means no variant above 60% of 2-player games (issue 15).
``--only NAME ...`` plays only the variants named.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
import meeple.games.isle_of_skye.bot as heuristic
from bots_common import patched
from meeple.arena.stats import wilson_interval
from meeple.core import Action

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
    "the bot before 2026-12-06": {"BUY_MARGIN": 0.3, "INCOME_WEIGHT": 1.0},
}


class Variant(heuristic.HeuristicBot):
    """The heuristic bot with one habit changed (``VARIANTS``)."""

    def __init__(self, name: str, seed: int) -> None:
        super().__init__(seed)
        self.constants = VARIANTS[name]

    def choose(self, state: Any, seat: int) -> Action:
        with patched(heuristic, self.constants):
            return super().choose(state, seat)


def play(name: str, index: int, players: int) -> tuple[float, str]:
    """One game: (the variant's win share, end reason)."""
    state = meeple.new_game("isle_of_skye", players=players, seed=40_000 + index)
    hero = index % players
    bots = {s: Variant(name, index) if s == hero else heuristic.HeuristicBot(index * 10 + s) for s in range(players)}
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    share = 1 / len(state.winners) if hero in state.winners else 0.0
    return share, str(state.end_reason)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=list(VARIANTS), help="variants to play, by name")
    args = parser.parse_args()
    unknown = sorted(set(args.only) - set(VARIANTS))
    if unknown:
        parser.error(f"unknown variants {unknown}; variants: {list(VARIANTS)}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.only:
            results = list(pool.map(play, [name] * args.n, range(args.n), [args.players] * args.n))
            wins = sum(share for share, _ in results)
            low, high = wilson_interval(wins, args.n)
            ends = sorted({end for _, end in results})
            print(
                f"{name:>34} vs heuristic, {args.n} {args.players}-player games: {wins / args.n:.1%} "
                f"(95% {low:.1%}-{high:.1%}; fair {1 / args.players:.0%}); ended by {', '.join(ends)}",
                flush=True,
            )


if __name__ == "__main__":
    main()
