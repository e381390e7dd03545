"""Random-play throughput, clone() time and ISMCTS iterations/s, per game and player count.

    .venv/bin/python -m benchmarks.speed_throughput [GAME ...] [--runs 5] [--seconds 1.0]

``make bench`` runs it with ``--runs 3 --seconds 1`` (the table in docs/measurements/speed.md).

Single process, so one core; rates are per second of this process's CPU time.
Each figure is the median of ``--runs`` runs;
``ratio`` divides by the toy game's unchecked rate measured in the same run.
"""

from __future__ import annotations

import argparse
import random
import time

import meeple
from benchmarks.common import clone_time, median_of, playout_rate, table, toy_info
from meeple.bots import ISMCTS


def ismcts_rate(info: meeple.GameInfo, players: int, seconds: float) -> float:
    state = info.new(players, 1)
    rng = random.Random(1)
    # A position a few moves in where the seat to move has a real choice.
    moves = 0
    while moves < 5 or len(state.legal_actions(state.to_move[0])) < 2:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(actions[rng.randrange(len(actions))], seat)
        moves += 1
    bot = ISMCTS(seconds=seconds, seed=1)
    seat = state.to_move[0]
    started = time.perf_counter()
    bot.choose(state, seat)
    return bot.last_iterations / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=list(meeple.GAMES))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    toy = toy_info()
    baseline = median_of(args.runs, lambda: playout_rate(toy, 2, args.seconds, checked=False)[0])
    print(f"baseline (toy game, unchecked random play): {baseline:,.0f} steps/s\n")
    rows = []
    for game in args.games:
        info = meeple.GAMES[game]
        for players in info.player_counts:
            unchecked = [playout_rate(info, players, args.seconds, False, seed=r) for r in range(args.runs)]
            checked = [playout_rate(info, players, args.seconds, True, seed=r) for r in range(args.runs)]
            steps = sorted(u[0] for u in unchecked)[len(unchecked) // 2]
            games = sorted(u[1] for u in unchecked)[len(unchecked) // 2]
            steps_checked = sorted(c[0] for c in checked)[len(checked) // 2]
            rows.append(
                {
                    "game": game,
                    "players": players,
                    "steps/s (search path)": f"{steps:,.0f}",
                    "steps/s (public apply)": f"{steps_checked:,.0f}",
                    "games/s": f"{games:,.1f}",
                    "ratio to toy": f"{steps / baseline:.3f}",
                    "clone µs": f"{median_of(args.runs, lambda i=info, p=players: clone_time(i, p)) * 1e6:.2f}",
                    "ismcts it/s": f"{median_of(3, lambda i=info, p=players: ismcts_rate(i, p, 1.0)):,.0f}",
                }
            )
            print(table(rows[-1:]) if len(rows) == 1 else table(rows).splitlines()[-1], flush=True)
    print()
    print(table(rows))


if __name__ == "__main__":
    main()
