"""Bayon: single-route variants of the heuristic bot against the all-round one.

    .venv/bin/python benchmarks/bayon_routes.py [-n 200]

Each variant is the heuristic bot of ``meeple.games.bayon.bot`` with one
habit changed while it chooses (the module's tables are patched for the
duration of its move only): digging and scouting only the cheap continents
(Europe, Africa) or only the dear ones (Asia, America, Australia), never
scouting, or hoarding gold (taking gold below 40 instead of 20). Prints each
variant's share of 2-player games against the heuristic bot, seats
alternated, with a Wilson 95% interval; balanced means no variant above 60%.
"""

from __future__ import annotations

import argparse
from typing import Any

import meeple
import meeple.games.bayon.bot as heuristic
from bayon_strength import wilson
from bots_common import patched
from meeple.core import Action

ALL_OPEN = heuristic._open_continents


def only(continents: tuple[int, ...]) -> Any:
    def open_continents(state: Any) -> list[int]:
        return [c for c in ALL_OPEN(state) if c in continents]

    return open_continents


VARIANTS: dict[str, dict[str, Any]] = {
    "cheap continents only": {"_open_continents": only((0, 1))},
    "dear continents only": {"_open_continents": only((2, 3, 4))},
    "never scouts": {"_scout": lambda *args: None},
    "hoards gold (reserve 40)": {"GOLD_RESERVE": 40},
}


class Variant:
    def __init__(self, changes: dict[str, Any]) -> None:
        self.changes = changes

    def choose(self, state: Any, seat: int) -> Action:
        with patched(heuristic, self.changes):
            return heuristic.heuristic_choice(state, seat)


def duel(changes: dict[str, Any], games: int) -> tuple[float, int]:
    wins = 0.0
    capped = 0
    for g in range(games):
        seat_of_variant = g % 2
        bots: list[Any] = [None, None]
        bots[seat_of_variant] = Variant(changes)
        bots[1 - seat_of_variant] = heuristic.GreedyBot(g)
        state = meeple.new_game("bayon", players=2, seed=g)
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(bots[seat].choose(state, seat), seat)
        if seat_of_variant in state.winners:
            wins += 1 / len(state.winners)
        capped += state.end_reason == "safety_cap"
    return wins, capped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200)
    args = parser.parse_args()
    for name, changes in VARIANTS.items():
        wins, capped = duel(changes, args.n)
        low, high = wilson(wins, args.n)
        print(
            f"{name:>26} vs heuristic, {args.n} 2-player games: {wins / args.n:.1%} "
            f"(95% {low:.1%}-{high:.1%}); safety_cap {capped}"
        )


if __name__ == "__main__":
    main()
