"""Ibyron bots, measured: strength, how games end, game length, seat balance and route variants.

    .venv/bin/python benchmarks/ibyron_bots.py [-n 100] [--only vs-frozen|ends|seats|variants|search]

* ``vs-frozen`` - the heuristic bot against the frozen pre-issue-15 greedy bot
  (benchmarks/ibyron_frozen_greedy.py), 2 players, seats alternating.
* ``ends`` - heuristic self-play at every player count and mode: share of
  games ending by the rulebook's own end (``workers``; ``rounds`` in the
  beginner and solo games) against the ``safety_cap``, and rounds played.
* ``seats`` - heuristic self-play win share per seat (fair is 1/players).
* ``variants`` - single-route variants (food first, gold first, each starting
  building) against the all-round heuristic bot, 2 players, seats alternating.
* ``search`` - ISMCTS with ``evaluate()`` and the game's rollout limit: do its
  games reach the rulebook's end?

Win shares count a shared win as a fraction and carry a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import common  # noqa: F401  (puts the repository on sys.path)
import meeple.games.ibyron as ib
from ibyron_frozen_greedy import FrozenGreedyBot
from meeple.arena.stats import wilson_interval
from meeple.bots import ISMCTS
from meeple.games.ibyron.bot import HeuristicBot, Style
from meeple.games.ibyron.rules import IbyronState

BotMaker = Callable[[int], Any]


def styled(style: Style) -> BotMaker:
    def make(seed: int) -> HeuristicBot:
        bot = HeuristicBot(seed)
        bot.style = style
        return bot
    return make


def play(players: int, seed: int, makers: list[BotMaker], options: dict[str, Any]) -> IbyronState:
    state = ib.INFO.new(players, seed, **options)
    assert isinstance(state, IbyronState)
    bots = [make(seed * 10 + i) for i, make in enumerate(makers)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state


def head_to_head(a: BotMaker, b: BotMaker, n: int, options: dict[str, Any]) -> tuple[float, float, float]:
    """``a``'s win share against ``b`` over ``n`` two-player games, seats alternating, with its interval."""
    wins = 0.0
    for game in range(n):
        seat_a = game % 2
        makers = [a, b] if seat_a == 0 else [b, a]
        state = play(2, 20_000 + game, makers, options)
        if seat_a in state.winners:
            wins += 1 / len(state.winners)
    lo, hi = wilson_interval(wins, n)
    return wins / n, lo, hi


def report_vs_frozen(n: int) -> None:
    for options in ({}, {"mode": "beginner"}):
        share, lo, hi = head_to_head(HeuristicBot, FrozenGreedyBot, n, options)
        print(f"heuristic vs frozen greedy {options or 'standard'}: {share:.1%} of {n} 2p games "
              f"(95% {lo:.1%}-{hi:.1%})")


SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (2, {"bonus_side": "back"}),
    (1, {}), (2, {"mode": "beginner"}), (3, {"mode": "beginner"}), (4, {"mode": "beginner"}),
]


def report_ends(n: int) -> None:
    for players, options in SETUPS:
        reasons: dict[str, int] = {}
        rounds = []
        for game in range(n):
            state = play(players, game, [HeuristicBot] * players, options)
            reason = state.end_reason or "?"
            reasons[reason] = reasons.get(reason, 0) + 1
            rounds.append(state.round)
        by_rules = n - reasons.get("safety_cap", 0)
        print(f"{players}p {options or 'standard'}: {by_rules}/{n} end by the rules {reasons}; rounds median "
              f"{statistics.median(rounds)}, range {min(rounds)}-{max(rounds)}")


def report_seats(n: int) -> None:
    """Seat shares over ``4 n`` games (100 games leave a 95% interval of +-10 points, wider than the target)."""
    n *= 4
    for players, options in SETUPS:
        if players == 1:
            continue
        shares = [0.0] * players
        for game in range(n):
            state = play(players, 1000 + game, [HeuristicBot] * players, options)
            for seat in state.winners:
                shares[seat] += 1 / len(state.winners)
        cells = []
        for seat in range(players):
            lo, hi = wilson_interval(shares[seat], n)
            cells.append(f"seat {seat} {shares[seat] / n:.0%} ({lo:.0%}-{hi:.0%})")
        print(f"{players}p {options or 'standard'} (fair {1 / players:.0%}): " + ", ".join(cells))


VARIANTS = [
    Style(name="food-first", food_first=True),
    Style(name="gold-first", gold_first=True),
    Style(name="bank-start", start="bank"),
    Style(name="garden-start", start="garden"),
    Style(name="foundry-start", start="foundry"),
]


def report_variants(n: int) -> None:
    base = HeuristicBot.style
    for options in ({}, {"mode": "beginner"}):
        for variant in VARIANTS:
            style = replace(base, name=variant.name, food_first=variant.food_first, gold_first=variant.gold_first,
                            start=variant.start)
            share, lo, hi = head_to_head(styled(style), HeuristicBot, n, options)
            print(f"{variant.name} vs heuristic {options or 'standard'}: {share:.1%} of {n} 2p games "
                  f"(95% {lo:.1%}-{hi:.1%})")
    gold_mines = gold_games = 0
    for game in range(n):
        state = play(2, 3000 + game, [HeuristicBot, HeuristicBot], {})
        mines = sum(1 for _, action in state.history if str(action) == "camp gold")
        gold_mines += mines
        gold_games += mines > 0
    print(f"gold mines founded in {n} heuristic 2p games: {gold_mines} (in {gold_games} games)")


def report_search(n: int, seconds: float) -> None:
    def searcher(seed: int) -> ISMCTS:
        return ISMCTS(seconds=seconds, seed=seed)

    for label, rival in (("heuristic", HeuristicBot), ("ISMCTS", searcher)):
        ends: dict[str, int] = {}
        wins = 0.0
        rounds = []
        for game in range(n):
            makers: list[BotMaker] = [searcher, rival]
            if game % 2:
                makers.reverse()
            state = play(2, 4000 + game, makers, {})
            ends[state.end_reason or "?"] = ends.get(state.end_reason or "?", 0) + 1
            wins += sum(1 / len(state.winners) for seat in state.winners if makers[seat] is searcher)
            rounds.append(state.round)
        print(f"ISMCTS ({seconds}s a move, rollout limit {ib.INFO.rollout_limit}) vs {label}, {n} 2p games: "
              f"end reasons {ends}, rounds {sorted(rounds)}, ISMCTS seats won {wins:g}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--only", choices=("vs-frozen", "ends", "seats", "variants", "search"))
    parser.add_argument("--seconds", type=float, default=0.05, help="ISMCTS time a move (search report)")
    args = parser.parse_args()
    started = time.process_time()
    reports: dict[str, Callable[[], None]] = {
        "vs-frozen": lambda: report_vs_frozen(args.n),
        "ends": lambda: report_ends(args.n),
        "seats": lambda: report_seats(args.n),
        "variants": lambda: report_variants(args.n),
        "search": lambda: report_search(max(2, args.n // 25), args.seconds),
    }
    for name, report in reports.items():
        if args.only in (None, name):
            report()
    print(f"({time.process_time() - started:.0f} s CPU)")


if __name__ == "__main__":
    main()
