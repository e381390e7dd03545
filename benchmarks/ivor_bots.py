"""Ivor the Engine: balance, game length and bot strength, measured by playing.

    .venv/bin/python benchmarks/ivor_bots.py balance [-n 300] [--players 3 4 5]
    .venv/bin/python benchmarks/ivor_bots.py lengths --bots random [-n 300] [--players 3 4 5]
    .venv/bin/python benchmarks/ivor_bots.py versus --bots greedy,random,random [-n 150]

``balance``: heuristic (greedy) self-play at each player count: seat win shares
with 95% Wilson intervals (fair is 1/players), how the games ended (``sheep`` is
the rulebook's end, ``safety_cap`` the designed 60-round cap), rounds played, and
what the event cards delivered: for each event, how often it was taken and the
mean end bonus it brought its holder (so a card whose bonus is worth far less
than the gold it costs shows up).

``lengths``: the same end and length figures for any bots (e.g. random).

``versus``: bot i of ``--bots`` takes seat i, seats rotating game by game; prints
each bot's win share with its Wilson interval.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.bots import make_bot
from meeple.cli import wilson_interval
from meeple.games.ivor.data import DATA
from meeple.games.ivor.events import EVENTS, final_score


def play(players: int, seed: int, specs: list[str]) -> tuple[Any, list[str], float]:
    """One game; seat s is played by ``specs[s]``. Returns the final state, the specs
    and the CPU seconds per move."""
    state = meeple.new_game("ivor", players=players, seed=seed)
    bots = [make_bot(spec, seed=seed * 10 + s, game="ivor") for s, spec in enumerate(specs)]
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
        got = bonus.get(ev.id, [])
        mean = f"{statistics.mean(got):.2f}" if got else "-"
        print(f"    {ev.id} {ev.name:<28} {ev.bonus:<22} x{ev.bonus_amount}: taken {taken[ev.id] / len(games):6.1%}, "
              f"bonus {mean}")
    kinds = sorted(by_kind.items())
    print("  by bonus kind: " + ", ".join(f"{k} {statistics.mean(v):.2f} ({len(v)})" for k, v in kinds))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("balance", "lengths", "versus"))
    parser.add_argument("-n", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--seed", type=int, default=20_000)
    args = parser.parse_args()
    specs = args.bots.split(",")
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
                wins[(w - g) % players] += 1 / len(state.winners)
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
