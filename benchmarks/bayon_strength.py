"""Bayon: the heuristic bot against the frozen greedy bot, and how games end.

    .venv/bin/python benchmarks/bayon_strength.py [-n 200] [--players 2 3 4]

Prints, for 2 players, the heuristic bot's win share against the frozen
greedy bot of ``bayon_frozen_greedy.py`` (seats alternated, Wilson 95%
interval); and, for each player count, heuristic self-play: seat win shares,
game length in rounds (median, 10th-90th percentile, longest) and the share
of games ended by the target rather than the round limit ("safety_cap").
"""

from __future__ import annotations

import argparse
import collections
import math
import statistics
from typing import Any

import meeple
from bayon_frozen_greedy import FrozenGreedyBot
from meeple.games.bayon.bot import GreedyBot


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


def play(players: int, seed: int, bots: list[Any]) -> Any:
    state = meeple.new_game("bayon", players=players, seed=seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state


def head_to_head(games: int) -> None:
    wins = 0.0
    capped = 0
    for g in range(games):
        new_seat = g % 2
        bots: list[Any] = [None, None]
        bots[new_seat] = GreedyBot(g)
        bots[1 - new_seat] = FrozenGreedyBot(g)
        state = play(2, g, bots)
        if new_seat in state.winners:
            wins += 1 / len(state.winners)
        capped += state.end_reason == "safety_cap"
    low, high = wilson(wins, games)
    print(
        f"2 players, heuristic vs frozen greedy, {games} games (seats alternated): "
        f"heuristic wins {wins / games:.1%} (95% {low:.1%}-{high:.1%}); safety_cap {capped}"
    )


def self_play(players: int, games: int) -> None:
    wins: collections.Counter[int] = collections.Counter()
    rounds = []
    reasons: collections.Counter[str] = collections.Counter()
    for g in range(games):
        state = play(players, g, [GreedyBot(g * 10 + s) for s in range(players)])
        for w in state.winners:
            wins[w] += 1 / len(state.winners)
        rounds.append(state.round)
        reasons[state.end_reason] += 1
    shares = "  ".join(f"seat {s}: {wins[s] / games:.1%}" for s in range(players))
    deciles = statistics.quantiles(rounds, n=10)
    print(
        f"{players} players, heuristic self-play, {games} games: {shares}  |  rounds median "
        f"{statistics.median(rounds):.0f} (10-90%: {deciles[0]:.0f}-{deciles[-1]:.0f}, longest {max(rounds)})  |  "
        f"ended by target {reasons['target'] / games:.1%}, safety_cap {reasons['safety_cap']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    head_to_head(args.n)
    for players in args.players:
        self_play(players, args.n)


if __name__ == "__main__":
    main()
