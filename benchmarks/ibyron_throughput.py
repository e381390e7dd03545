"""Ibyron speed: random-play steps/s (2 players by default), clone() time and ISMCTS
iterations/s, each the median of several runs on one core.

    .venv/bin/python benchmarks/ibyron_throughput.py [--runs 5] [--seconds 2] [--players 2]

"public" goes through ``legal_actions``/``apply`` (which re-checks legality);
"search" calls the hooks directly as a search bot does.
Target (issue 5): at least 20,000 random-play steps/s for 2 players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
from common import random_playout
from meeple.core import State


def rate(players: int, seconds: float, seed: int, checked: bool, options: dict[str, str]) -> tuple[float, float]:
    """Random play for about ``seconds``: (steps/s, steps per game)."""
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = meeple.new_game("ibyron", players=players, seed=seed * 1000 + games, **options)
        steps += random_playout(state, rng, checked)
        games += 1
    return steps / (time.perf_counter() - start), steps / games


def positions(players: int, count: int) -> list[State]:
    rng = random.Random(1)
    out: list[State] = []
    state = meeple.new_game("ibyron", players=players, seed=1)
    while len(out) < count:
        if state.is_over:
            state = meeple.new_game("ibyron", players=players, seed=len(out))
        if rng.random() < 0.05:
            out.append(state.clone())
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return out


def clone_us(states: list[State]) -> float:
    start = time.perf_counter()
    for _ in range(50):
        for s in states:
            s.clone()
    return (time.perf_counter() - start) / (50 * len(states)) * 1e6


def ismcts_rate(players: int, rollout: int = 0) -> float:
    """Iterations/s; ``rollout`` 0 plays every rollout to the end (overriding the game's default cap)."""
    from meeple.bots import ISMCTS

    state = positions(players, 3)[-1]
    bot = ISMCTS(iterations=200, seed=1, rollout_limit=rollout)
    start = time.perf_counter()
    bot.choose(state, state.to_move[0])
    return 200 / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--mode", default="standard", choices=("standard", "beginner"))
    args = parser.parse_args()
    options = {"mode": args.mode}
    public = [rate(args.players, args.seconds, r, True, options) for r in range(args.runs)]
    search = [rate(args.players, args.seconds, r, False, options) for r in range(args.runs)]
    states = positions(args.players, 100)
    clones = [clone_us(states) for _ in range(args.runs)]
    searches = [ismcts_rate(args.players) for _ in range(3)]
    capped = [ismcts_rate(args.players, 40) for _ in range(3)]
    print(f"Ibyron {args.mode}, {args.players} players, median of {args.runs} runs, one core")
    print(f"  random play, public API : {statistics.median(r for r, _ in public):>9,.0f} steps/s")
    print(f"  random play, search path: {statistics.median(r for r, _ in search):>9,.0f} steps/s")
    print(f"  steps per random game   : {statistics.median(g for _, g in public):>9,.0f}")
    print(f"  clone()                 : {statistics.median(clones):>9.1f} µs")
    print(f"  ISMCTS, full rollouts   : {statistics.median(searches):>9,.0f} iterations/s")
    print(f"  ISMCTS, rollouts of 40  : {statistics.median(capped):>9,.0f} iterations/s")


if __name__ == "__main__":
    main()
