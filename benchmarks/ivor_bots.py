"""Ivor the Engine's bots and balance, measured by playing (the figures of docs/measurements/ivor.md).

    .venv/bin/python -m benchmarks.ivor_bots balance [-n 300] [--players 3 4 5]
    .venv/bin/python -m benchmarks.ivor_bots lengths --bots random [-n 300] [--players 3 4 5]
    .venv/bin/python -m benchmarks.ivor_bots versus --bots greedy,random,random [-n 150]
    .venv/bin/python -m benchmarks.ivor_bots calibration [-n 200] [--players 3 4 5]

Every mode deals from ``--seed`` (20000) on.

``balance``: heuristic (greedy) self-play at each player count: seat win shares
with 95% Wilson intervals (fair is 1/players), how the games ended (``sheep`` is
the rulebook's end, ``safety_cap`` the designed 60-round cap), rounds played, and
what the event cards delivered: for each event, how often it was taken and the
mean end bonus it brought its holder (so a card whose bonus is worth far less
than the gold it costs shows up).

``lengths``: the same end and length figures for any bots (e.g. random).

``versus``: bot i of ``--bots`` takes seat i, seats rotating game by game; prints
each bot's win share with its Wilson interval. Besides every bot spec (``greedy``,
``random``, ``ismcts:0.1s``...) the single-route variants of the heuristic bot
``events-first``, ``no-events`` and ``no-specials`` are accepted.

``calibration``: the Brier score of the win shares ``evaluate()`` gives at every turn start of
heuristic self-play games (lower is better), beside the old judgement (the leaders on projected
score share the win).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

import meeple
from meeple.arena.stats import wilson_interval
from meeple.bots import make_bot
from meeple.games.ivor.bot import HeuristicBot, heuristic_choice
from meeple.games.ivor.data import DATA
from meeple.games.ivor.events import EVENTS, final_score
from meeple.games.ivor.rules import EXTRA_CARD, MOVE, TAKE


class Variant:
    """The heuristic bot with one route forced (for "does a single route beat the all-round bot?"):
    ``events-first`` takes any event it can pay for; ``no-events`` never takes one; ``no-specials``
    plays no special action (every card is kept for its job)."""

    def __init__(self, kind: str, seed: int | None = None) -> None:
        self.name = kind
        self.kind = kind
        self.base = HeuristicBot(seed)

    def choose(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if self.kind != "no-specials" and state.phase in (TAKE, EXTRA_CARD):
            events = [a for a in legal if int(a[1]) > len(DATA.jobs)]
            jobs = [a for a in legal if int(a[1]) <= len(DATA.jobs)]
            if self.kind == "events-first" and events:
                return events[0]
            if self.kind == "no-events" and jobs:
                return heuristic_choice(state, seat, jobs)
        if self.kind == "no-specials" and state.phase == MOVE:
            kept = [a for a in legal if a[0] != "special"]
            return heuristic_choice(state, seat, kept)
        return self.base.choose(state, seat)


VARIANTS = ("events-first", "no-events", "no-specials")


def make(spec: str, seed: int) -> Any:
    return Variant(spec, seed) if spec in VARIANTS else make_bot(spec, seed=seed, game="ivor")


def play(players: int, seed: int, specs: list[str]) -> tuple[Any, list[str], float]:
    """One game; seat s is played by ``specs[s]``. Returns the final state, the specs
    and the CPU seconds per move."""
    state = meeple.new_game("ivor", players=players, seed=seed)
    bots = [make(spec, seed * 10 + s) for s, spec in enumerate(specs)]
    started, moves = time.process_time(), 0
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
        moves += 1
    return state, specs, (time.process_time() - started) / max(moves, 1)


def event_bonus(state: Any, seat: int, card: int) -> int:
    """What ``card`` added to ``seat``'s final score (its score without the card subtracted)."""
    held = state.events_taken[seat]
    without = [c for c in held if c != card]
    args = (state.sheep[seat], state.gold[seat], state.completed[seat])
    return final_score(*args, held, state.tokens[seat]) - final_score(*args, without, state.tokens[seat])


def report_games(players: int, games: list[Any]) -> None:
    seats = [0.0] * players
    reasons: Counter[str] = Counter()
    rounds = []
    for state in games:
        for w in state.winners:
            seats[w] += 1 / len(state.winners)
        reasons[state.end_reason] += 1
        rounds.append(state.round)
    n = len(games)
    fair = 1 / players
    shares = ", ".join(
        f"seat {s} {seats[s] / n:.1%} [{wilson_interval(seats[s], n)[0]:.1%}-{wilson_interval(seats[s], n)[1]:.1%}]"
        for s in range(players)
    )
    worst = max(abs(seats[s] / n - fair) for s in range(players))
    print(f"{players} players, {n} games: {shares}; fair {fair:.1%}, worst seat off by {worst * 100:.1f} points")
    print(f"  ended: {dict(sorted(reasons.items()))} (by the rulebook's end: {reasons['sheep'] / n:.1%})")
    print(f"  rounds: min {min(rounds)}, median {statistics.median(rounds):g}, max {max(rounds)}, "
          f"mean {statistics.mean(rounds):.1f}")


def report_events(games: list[Any]) -> None:
    taken: Counter[int] = Counter()
    bonus: dict[int, list[int]] = defaultdict(list)
    by_kind: dict[str, list[int]] = defaultdict(list)
    for state in games:
        for seat in range(state.players):
            for card in state.events_taken[seat]:
                taken[card] += 1
                got = event_bonus(state, seat, card)
                bonus[card].append(got)
                by_kind[EVENTS[card].bonus].append(got)
    print("  events (taken in % of games, mean end bonus to its holder):")
    for ev in DATA.events:
        brought = bonus.get(ev.id, [])
        mean = f"{statistics.mean(brought):.2f}" if brought else "-"
        print(f"    {ev.id} {ev.name:<28} {ev.bonus:<22} x{ev.bonus_amount}: taken {taken[ev.id] / len(games):6.1%}, "
              f"bonus {mean}")
    kinds = sorted(by_kind.items())
    print("  by bonus kind: " + ", ".join(f"{k} {statistics.mean(v):.2f} ({len(v)})" for k, v in kinds))


def leader_share(state: Any) -> tuple[float, ...]:
    """The judgement ``evaluate`` replaced: the leaders on projected score share the win."""
    projected = state.projected_scores()
    leaders = [s for s, v in enumerate(projected) if v == max(projected)]
    return tuple(1 / len(leaders) if s in leaders else 0.0 for s in range(state.players))


def calibration(players: int, n: int, seed: int) -> None:
    """Brier score (lower is better) of ``evaluate()`` against who really won, over every
    turn start of ``n`` heuristic self-play games, beside the old leader-share judgement."""
    ours = old = 0.0
    count = 0
    for g in range(n):
        state = meeple.new_game("ivor", players=players, seed=seed + g)
        bots = [HeuristicBot(s) for s in range(players)]
        judged = []
        while not state.is_over:
            if state.phase == MOVE and state.moves_left == 1 and not state.jobs_here:
                judged.append((state.evaluate(), leader_share(state)))
            seat = state.to_move[0]
            state.apply(bots[seat].choose(state, seat), seat)
        truth = state.evaluate()
        for mine, theirs in judged:
            ours += sum((a - b) ** 2 for a, b in zip(mine, truth, strict=True))
            old += sum((a - b) ** 2 for a, b in zip(theirs, truth, strict=True))
            count += 1
    print(f"{players} players, {n} games, {count} positions: Brier score of evaluate() {ours / count:.3f}, "
          f"of the leader share {old / count:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("balance", "lengths", "versus", "calibration"))
    parser.add_argument("-n", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--seed", type=int, default=20_000)
    args = parser.parse_args()
    specs = args.bots.split(",")
    if args.mode == "calibration":
        for players in args.players:
            calibration(players, args.n, args.seed)
        return
    if args.mode == "versus":
        players = len(specs)
        wins = [0.0] * players
        per_move: dict[str, list[float]] = defaultdict(list)
        games = []
        for g in range(args.n):
            seating = [specs[(s + g) % players] for s in range(players)]
            state, _, cpu = play(players, args.seed + g, seating)
            games.append(state)
            for w in state.winners:
                wins[(w + g) % players] += 1 / len(state.winners)  # seat w played specs[(w + g) % players]
            for spec in set(seating):
                per_move[spec].append(cpu)
        for i, spec in enumerate(specs):
            low, high = wilson_interval(wins[i], args.n)
            print(f"bot {i} {spec}: {wins[i] / args.n:.1%} of {args.n} games [{low:.1%}-{high:.1%}] "
                  f"(fair {1 / players:.1%})")
        report_games(players, games)
        return
    for players in args.players:
        games = [play(players, args.seed + g, [specs[(s + g) % len(specs)] for s in range(players)])[0]
                 for g in range(args.n)]
        report_games(players, games)
        if args.mode == "balance":
            report_events(games)


if __name__ == "__main__":
    main()
