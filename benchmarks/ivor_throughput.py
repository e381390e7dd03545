"""Ivor the Engine: random-play throughput on one core.

    .venv/bin/python benchmarks/ivor_throughput.py [--players 4] [--runs 5] [--seconds 2]

Prints steps/s for random play through the public API (``legal_actions`` +
``apply``, which re-checks legality) and through the hooks search uses
(``_legal_actions`` + ``_apply``), each the median of ``--runs`` runs, plus
``clone()`` and ``determinize()`` times. Target: at least 30,000 steps/s.

Rates are per second of this process's CPU time (``time.process_time``), which
is what one core delivers even when other jobs share the machine; the wall-clock
rate is printed beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
from common import clone_time, random_playout


def rates(players: int, seconds: float, checked: bool, seed: int) -> tuple[float, float, float]:
    """(steps per CPU second, steps per wall second, games per CPU second) of random play."""
    info = meeple.GAMES["ivor"]
    rng = random.Random(seed)
    steps = games = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        steps += random_playout(info.new(players, seed * 1000 + games), rng, checked)
        games += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return steps / cpu, steps / wall, games / cpu


def determinize_time(players: int, samples: int = 200) -> float:
    state = meeple.new_game("ivor", players=players, seed=3)
    rng = random.Random(3)
    for _ in range(60):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    seat = state.to_move[0]
    started = time.perf_counter()
    for _ in range(samples):
        state.determinize(seat, rng)
    return (time.perf_counter() - started) / samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    info = meeple.GAMES["ivor"]
    checked = [rates(args.players, args.seconds, True, seed=r) for r in range(args.runs)]
    hooks = [rates(args.players, args.seconds, False, seed=r) for r in range(args.runs)]
    public = statistics.median(c[0] for c in checked)
    public_wall = statistics.median(c[1] for c in checked)
    search = statistics.median(h[0] for h in hooks)
    games = statistics.median(h[2] for h in hooks)
    print(f"Ivor the Engine, {args.players} players, median of {args.runs} runs of {args.seconds:g} CPU s:")
    print(f"  random play, public API : {public:,.0f} steps/CPU-s (wall clock {public_wall:,.0f}/s; "
          f"runs: {', '.join(f'{c[0]:,.0f}' for c in checked)})")
    print(f"  random play, search path: {search:,.0f} steps/CPU-s, {games:,.1f} games/CPU-s")
    print(f"  clone: {clone_time(info, args.players) * 1e6:.1f} µs; determinize: "
          f"{determinize_time(args.players) * 1e6:.1f} µs")
    print(f"  target 30,000 steps/s (public API): {'met' if public >= 30_000 else 'NOT met'}")


if __name__ == "__main__":
    main()
