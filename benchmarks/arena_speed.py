"""Arena throughput: games/s on one process, local worker processes and Ray.

    .venv/bin/python benchmarks/arena_speed.py [--game bayon] [--players 2] [--runs 3]
                                               [--games random=3000 greedy=1500] [--workers 2] [--no-ray]

For each bot (a self-play arena: the one bot in every seat) and each runner
(``--jobs 1`` = this process, ``--jobs N`` = N worker processes, ``--ray`` = a
local Ray with N CPUs, and Ray with one game per task), the arena is run
``--runs`` times, runners interleaved so they share the machine's load, and
the median is printed of:

* games/s end to end (start-up included) and steady (first row to last row);
* start-up: seconds until the first row is back (worker processes spawn);
* cores used: the games' own CPU time (measured in the workers) over the
  wall time, i.e. how many cores the arena actually got on a shared machine;
* overhead per game: worker time not spent playing, per game:
  ``(steady wall x workers - sum of the games' wall times) / games``;
* speed-up: steady games/s over the ``--jobs 1`` figure of the same round.

Ray's start-up (``ray.init``) is measured once and reported apart.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import common  # noqa: F401  (puts the repository on sys.path)
from meeple.arena import ArenaConfig, ArenaFolder, ProcessRunner, RayRunner, SerialRunner, run_arena
from meeple.arena.runners import Runner


def measure(config: ArenaConfig, runner: Runner, workers: int) -> dict[str, float]:
    arrivals: list[float] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        rows = run_arena(
            config, ArenaFolder(Path(folder)), runner, on_row=lambda row: arrivals.append(time.perf_counter())
        )
    ended = time.perf_counter()
    games = len(rows)
    steady_wall = arrivals[-1] - arrivals[0]
    played_seconds = sum(float(r["seconds"]) for r in rows.values())
    cpu_seconds = sum(float(r["cpu_seconds"]) for r in rows.values())
    return {
        "games_per_s": games / (ended - started),
        "steady_games_per_s": (games - 1) / steady_wall if steady_wall > 0 else float("nan"),
        "startup_s": arrivals[0] - started,
        "cores_used": cpu_seconds / steady_wall if steady_wall > 0 else float("nan"),
        "overhead_ms_per_game": 1000 * max(0.0, steady_wall * workers - played_seconds) / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="bayon")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", nargs="+", default=["random=3000", "greedy=1500"], metavar="BOT=GAMES")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()

    runners: dict[str, Callable[[], Runner]] = {
        "--jobs 1": SerialRunner,
        f"--jobs {args.workers}": lambda: ProcessRunner(args.workers),
    }
    ray_init = None
    if not args.no_ray:
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
        ray_init = time.perf_counter() - started
        runners["--ray"] = RayRunner

        def one_game_per_task() -> Runner:
            runner = RayRunner()
            runner.target_seconds = 0.0  # every task carries a single game
            return runner

        runners["--ray, 1 game/task"] = one_game_per_task

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; cores: {os.cpu_count()}")
    if ray_init is not None:
        print(f"ray.init (local, {args.workers} CPUs): {ray_init:.2f} s")
    for spec in args.games:
        bot, _, count = spec.partition("=")
        config = ArenaConfig(args.game, args.players, (bot,), int(count), seed=1)
        results: dict[str, list[dict[str, float]]] = {name: [] for name in runners}
        speedups: dict[str, list[float]] = {name: [] for name in runners}
        for _ in range(args.runs):
            round_figures = {}
            for name, make in runners.items():
                workers = 1 if name == "--jobs 1" else args.workers
                round_figures[name] = measure(config, make(), workers)
                results[name].append(round_figures[name])
            base = round_figures["--jobs 1"]["steady_games_per_s"]
            for name, figures in round_figures.items():
                speedups[name].append(figures["steady_games_per_s"] / base)
        print(
            f"\n{args.game}, {args.players} players, bot {bot} in every seat, {count} games, median of {args.runs} runs"
        )
        header = ["runner", "games/s", "steady games/s", "start-up s", "cores used", "overhead ms/game", "speed-up"]
        print(" | ".join(header))
        for name in runners:
            med = {key: statistics.median(r[key] for r in results[name]) for key in results[name][0]}
            cells: list[Any] = [
                name,
                f"{med['games_per_s']:.0f}",
                f"{med['steady_games_per_s']:.0f}",
                f"{med['startup_s']:.2f}",
                f"{med['cores_used']:.2f}",
                f"{med['overhead_ms_per_game']:.3f}",
                f"{statistics.median(speedups[name]):.2f}x",
            ]
            print(" | ".join(str(c) for c in cells))
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if ray_init is not None:
        import ray

        ray.shutdown()


if __name__ == "__main__":
    main()
