"""Bayon speed: random-playout steps/s and games/s per player count, clone() time,
and ISMCTS iterations/s, each the median of several runs on one core.

    .venv/bin/python benchmarks/bayon_throughput.py [--runs 5] [--games 200]

Targets (issue 2): at least 50,000 random-play steps/s, clone() under 10 µs.
Times are CPU time of this process (``time.process_time``), so a busy shared
machine slows the figures less than wall-clock time would.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
from meeple.core import State


def random_playouts(players: int, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` random games through the public API; return (steps, seconds)."""
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for g in range(games):
        state = meeple.new_game("bayon", players=players, seed=seed * 100_000 + g)
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            steps += 1
    return steps, time.process_time() - start


def sample_states(players: int, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    states: list[State] = []
    g = 0
    while len(states) < count:
        state = meeple.new_game("bayon", players=players, seed=seed + g)
        g += 1
        while not state.is_over and len(states) < count:
            if rng.random() < 0.1:
                states.append(state.clone())
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    return states


def clone_time(states: list[State], repeat: int = 20) -> float:
    """Seconds per clone(), averaged over ``states``."""
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            state.clone()
    return (time.process_time() - start) / (repeat * len(states))


def ismcts_rate(players: int, iterations: int, seed: int) -> float:
    from meeple.bots import ISMCTS

    state = meeple.new_game("bayon", players=players, seed=seed)
    bot = ISMCTS(iterations=iterations, seed=seed)
    start = time.process_time()
    bot.choose(state, state.to_move[0])
    return iterations / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ismcts-iterations", type=int, default=300)
    args = parser.parse_args()
    print(f"Bayon throughput, median of {args.runs} runs, one core")
    print(f"{'players':>7} {'steps/s':>10} {'games/s':>9} {'steps/game':>10} {'clone µs':>9} {'ISMCTS it/s':>12}")
    for players in (2, 3, 4):
        steps_rates, game_rates, lengths, clones, searches = [], [], [], [], []
        states = sample_states(players, 200, seed=players)
        for run in range(args.runs):
            steps, seconds = random_playouts(players, args.games, seed=run + 1)
            steps_rates.append(steps / seconds)
            game_rates.append(args.games / seconds)
            lengths.append(steps / args.games)
            clones.append(clone_time(states) * 1e6)
            searches.append(ismcts_rate(players, args.ismcts_iterations, seed=run))
        med = statistics.median
        print(
            f"{players:>7} {med(steps_rates):>10,.0f} {med(game_rates):>9.1f} "
            f"{med(lengths):>10.0f} {med(clones):>9.2f} {med(searches):>12.0f}"
        )


if __name__ == "__main__":
    main()
