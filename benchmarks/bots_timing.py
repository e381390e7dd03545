"""Time per move of each bot level, per game: median and p95, on one core.

    .venv/bin/python -m benchmarks.bots_timing [--games bayon,ivor] [--levels easy,medium,hard]
        [--positions 12] [--seed 0] [--standin-policy] [--clock cpu|wall]

Positions are taken along games played by the game's heuristic bot (random
moves where the game has none), every few moves, so early, middle and late
positions all count. For each level it reports the median and 95th
percentile of the wall-clock seconds per decision (what a player waits),
the CPU seconds of this process beside it (the machine is shared: a wall
figure far above the CPU one means other load), the median iterations
(playouts, for a rollout level) a move, and the share of moves the time cap
cut short (those moves are not reproducible). Budgets: easy 0.3 s,
medium 1 s, hard 2 s. Caps are measured in CPU time of one core by default
(``--clock cpu``, fair on a shared machine); ``--clock wall`` as a player waits.
"""

from __future__ import annotations

import argparse
import statistics
import time

import meeple
from benchmarks.common import p95, use_standin_policy
from meeple.bots import ISMCTS, LEVEL_NAMES, PolicyRollout, RandomBot, heuristic_bot, make_bot
from meeple.core import State
from meeple.core.rng import Random

BUDGETS = {"easy": 0.3, "medium": 1.0, "hard": 2.0}


def positions_along(game: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` positions with a choice to make, spread over several games."""
    found: list[State] = []
    rng = Random(seed)
    g = 0
    while len(found) < count:
        state = meeple.new_game(game, players=players, seed=seed * 100 + g)
        player = heuristic_bot(game, seed + g) or RandomBot(seed + g)
        step = 0
        while not state.is_over and len(found) < count:
            seat = state.to_move[0]
            if len(state.legal_actions(seat)) > 1 and rng.random() < 0.08:
                found.append(state.clone())
            state.apply(player.choose(state, seat), seat)
            step += 1
        g += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(sorted(meeple.GAMES)))
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES))
    parser.add_argument("--players", type=int, default=0, help="0: 2 players (Ivor 3)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--standin-policy", action="store_true", help="see bots_ladder.py")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu", help="what time caps measure")
    args = parser.parse_args()
    header = f"{'game':<13}{'level':<8}{'n':>4}{'median s':>10}{'p95 s':>8}{'cpu med':>9}{'cpu p95':>9}"
    print(header + f"{'budget':>8}{'it med':>8}{'capped':>8}")
    for game in args.games.split(","):
        players = args.players or max(2, meeple.GAMES[game].min_players)
        if args.standin_policy:
            use_standin_policy(game)
        states = positions_along(game, players, args.positions, args.seed)
        for name in args.levels.split(","):
            wall: list[float] = []
            cpu: list[float] = []
            iterations: list[int] = []
            capped = 0
            for i, state in enumerate(states):
                bot = make_bot(name, seed=args.seed + i, game=game)
                if args.clock == "cpu" and isinstance(bot, ISMCTS | PolicyRollout):
                    bot.clock = time.thread_time
                seat = state.to_move[0]
                w, c = time.perf_counter(), time.process_time()
                bot.choose(state, seat)
                wall.append(time.perf_counter() - w)
                cpu.append(time.process_time() - c)
                done = getattr(bot, "last_iterations", 0)
                iterations.append(done)
                capped += bool(getattr(bot, "last_timed_out", False))
            print(
                f"{game:<13}{name:<8}{len(wall):>4}{statistics.median(wall):>10.3f}{p95(wall):>8.3f}"
                f"{statistics.median(cpu):>9.3f}{p95(cpu):>9.3f}{BUDGETS[name]:>8.1f}{statistics.median(iterations):>8.0f}"
                f"{capped / len(wall):>8.0%}"
            )


if __name__ == "__main__":
    main()
