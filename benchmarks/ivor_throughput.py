"""Ivor the Engine: random-play throughput on one core.

    .venv/bin/python benchmarks/ivor_throughput.py [--players 4] [--runs 5] [--seconds 2]

Prints steps/s for random play through the public API (``legal_actions`` +
``apply``, which re-checks legality) and through the hooks search uses
(``_legal_actions`` + ``_apply``), each the median of ``--runs`` runs, plus
``clone()`` and ``determinize()`` times. Target: at least 30,000 steps/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
from common import clone_time, playout_rate


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
    checked = [playout_rate(info, args.players, args.seconds, True, seed=r) for r in range(args.runs)]
    hooks = [playout_rate(info, args.players, args.seconds, False, seed=r) for r in range(args.runs)]
    public = statistics.median(c[0] for c in checked)
    search = statistics.median(h[0] for h in hooks)
    games = statistics.median(h[1] for h in hooks)
    print(f"Ivor the Engine, {args.players} players, median of {args.runs} runs of {args.seconds:g} s:")
    print(f"  random play, public API : {public:,.0f} steps/s  (runs: {', '.join(f'{c[0]:,.0f}' for c in checked)})")
    print(f"  random play, search path: {search:,.0f} steps/s, {games:,.1f} games/s")
    print(f"  clone: {clone_time(info, args.players) * 1e6:.1f} µs; determinize: "
          f"{determinize_time(args.players) * 1e6:.1f} µs")
    print(f"  target 30,000 steps/s (public API): {'met' if public >= 30_000 else 'NOT met'}")


if __name__ == "__main__":
    main()
