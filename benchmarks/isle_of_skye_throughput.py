"""Isle of Skye: random-play throughput on one core, per player count.

    .venv/bin/python benchmarks/isle_of_skye_throughput.py [--players 2 3 4 5] [--runs 5] [--seconds 2]

For each player count prints steps/s of random play through the public API
(``legal_actions`` + ``apply``, which re-checks legality) and through the hooks
search uses (``_legal_actions`` + ``_apply``), each the median of ``--runs``
runs, plus games/s, ``clone()`` and ``determinize()`` times.
Target: at least 20,000 steps/s (public API) with 4 players.

Rates are measured in this process's CPU time (``time.process_time``), which
is what one core delivers even when other jobs share the machine; the
wall-clock rate of the public API is printed beside it for comparison.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
from common import clone_time, random_playout, table


def cpu_rate(
    info: meeple.GameInfo, players: int, seconds: float, checked: bool, seed: int
) -> tuple[float, float, float]:
    """(steps per CPU second, games per CPU second, steps per wall second) of random play."""
    rng = random.Random(seed)
    steps = games = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        steps += random_playout(info.new(players, seed * 1000 + games), rng, checked)
        games += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return steps / cpu, games / cpu, steps / wall


def determinize_time(players: int, samples: int = 300) -> float:
    """Seconds per determinize() during the hidden phase of round 3 (the most to re-draw)."""
    state = meeple.new_game("isle_of_skye", players=players, seed=3)
    rng = random.Random(3)
    while not (state.round == 3 and len(state.to_move) == 1 and state.phase == 0):  # type: ignore[attr-defined]
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(actions[rng.randrange(len(actions))], seat)
    seat = state.to_move[0]
    started = time.perf_counter()
    for _ in range(samples):
        state.determinize(seat, rng)
    return (time.perf_counter() - started) / samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    info = meeple.GAMES["isle_of_skye"]
    rows = []
    for players in args.players:
        checked = [cpu_rate(info, players, args.seconds, True, seed=r) for r in range(args.runs)]
        unchecked = [cpu_rate(info, players, args.seconds, False, seed=r) for r in range(args.runs)]
        rows.append(
            {
                "players": players,
                "steps/s (public apply)": f"{statistics.median(c[0] for c in checked):,.0f}",
                "wall-clock": f"{statistics.median(c[2] for c in checked):,.0f}",
                "steps/s (search hooks)": f"{statistics.median(u[0] for u in unchecked):,.0f}",
                "games/s": f"{statistics.median(u[1] for u in unchecked):,.1f}",
                "clone µs": f"{clone_time(info, players) * 1e6:,.1f}",
                "determinize µs": f"{determinize_time(players) * 1e6:,.1f}",
            }
        )
    print(f"Isle of Skye random play, one core, median of {args.runs} runs of {args.seconds:g} CPU s")
    print(table(rows))
    print("target: >= 20,000 steps/s (public apply) with 4 players")


if __name__ == "__main__":
    main()
