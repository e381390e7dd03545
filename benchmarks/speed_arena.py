"""Arena throughput: games/s on one process, local worker processes and Ray.

    .venv/bin/python -m benchmarks.speed_arena [--game bayon] [--players 2] [--runs 3]
                                              [--games random=3000 greedy=1500] [--workers 2] [--no-ray]

For each bot (a self-play arena: the one bot in every seat) and each runner
(``--jobs 1`` = this process, ``--jobs N`` = N worker processes, ``--ray`` = a
local Ray with N CPUs, and Ray with one game per task), the arena is run
``--runs`` times, runners interleaved so they share the machine's load, and
the median is printed of:

* games/s end to end (start-up included) and steady (first row to last row);
* start-up: seconds until the first row is back (worker processes spawn);
* cores used: the games' own CPU time (measured in the workers) over the
  steady wall time, i.e. how much of the machine the arena actually got;
* overhead per game: worker time not spent playing, per game:
  ``(steady wall x workers - sum of the games' wall times) / games``;
* CPU per game: the game itself (measured in the worker), this (driver)
  process, and the worker processes in all: for ``--jobs`` the reaped worker
  processes (start-up and queues included), for Ray every process of the
  local Ray (GCS, raylet, workers; read from /proc), so Ray's overhead per
  game in CPU is that column less the game's own CPU;
* speed-up: steady games/s over the ``--jobs 1`` figure of the same round.

On a machine shared with other work the wall-clock figures measure the load
as much as the arena: "cores used" says how much of the machine the arena got,
and the CPU figures say what a game costs whatever the load. With ``--jobs 1``
the driver's CPU per game is the whole cost of a game (play and writing its
row); ``--jobs N`` on N otherwise idle cores can reach about
``N x (that cost) / (worker CPU + driver CPU per game)`` (the "CPU bound"
column), the driver sharing the cores with the workers.

Ray's start-up (``ray.init``) is measured once and reported apart.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from meeple.arena import ArenaConfig, ArenaFolder, ProcessRunner, RayRunner, SerialRunner, run_arena
from meeple.arena.runners import Runner

SERIAL = "--jobs 1"
COLUMNS = {  # figure: (heading, format)
    "games_per_s": ("games/s", "{:.0f}"),
    "steady_games_per_s": ("steady games/s", "{:.0f}"),
    "startup_s": ("start-up s", "{:.2f}"),
    "cores_used": ("cores used", "{:.2f}"),
    "overhead_ms_per_game": ("overhead ms/game", "{:.3f}"),
    "game_cpu_ms": ("game CPU ms", "{:.3f}"),
    "driver_cpu_ms": ("driver CPU ms/game", "{:.3f}"),
    "workers_cpu_ms": ("worker procs CPU ms/game", "{:.3f}"),
    "speed_up": ("speed-up (wall)", "{:.2f}x"),
    "cpu_bound": ("CPU bound", "{:.2f}x"),
    "cpu_bound_steady": ("CPU bound w/o start-up", "{:.2f}x"),
}


def children_cpu() -> float:
    """CPU seconds of this process's children that have ended (the worker processes)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def descendants_cpu() -> float:
    """CPU seconds of this process's running descendants, from /proc: the local
    Ray's processes (GCS, raylet, its workers) that ``ray.init`` started."""
    ticks = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    seconds: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parent[int(entry)] = int(fields[1])
        seconds[int(entry)] = (int(fields[11]) + int(fields[12])) / ticks  # utime + stime
    found, todo = set(), [os.getpid()]
    while todo:
        pid = todo.pop()
        children = [child for child, ppid in parent.items() if ppid == pid and child not in found]
        found.update(children)
        todo.extend(children)
    return sum(seconds[pid] for pid in found)


def measure(config: ArenaConfig, runner: Runner, workers: int) -> dict[str, float]:
    arrivals: list[float] = []
    started = time.perf_counter()
    driver_started, children_started, ray_started = time.process_time(), children_cpu(), descendants_cpu()
    with tempfile.TemporaryDirectory() as folder:
        rows = run_arena(
            config, ArenaFolder(Path(folder)), runner, on_row=lambda _: arrivals.append(time.perf_counter())
        )
    ended = time.perf_counter()
    driver_cpu = time.process_time() - driver_started
    if isinstance(runner, RayRunner):
        workers_cpu = descendants_cpu() - ray_started  # Ray's processes outlive the run
    else:
        workers_cpu = children_cpu() - children_started  # worker processes are reaped when the runner ends
    games = len(rows)
    steady_wall = arrivals[-1] - arrivals[0]
    played_seconds = sum(float(r["seconds"]) for r in rows.values())
    cpu_seconds = sum(float(r["cpu_seconds"]) for r in rows.values())
    return {
        "games_per_s": games / (ended - started),
        "steady_games_per_s": (games - 1) / steady_wall,
        "startup_s": arrivals[0] - started,
        "cores_used": cpu_seconds / steady_wall,
        "overhead_ms_per_game": 1000 * max(0.0, steady_wall * workers - played_seconds) / games,
        "game_cpu_ms": 1000 * cpu_seconds / games,
        "driver_cpu_ms": 1000 * driver_cpu / games,
        "workers_cpu_ms": 1000 * workers_cpu / games,
    }


def worker_startup_cpu(config: ArenaConfig, workers: int) -> float:
    """CPU seconds the worker processes spend starting (a fresh interpreter importing
    meeple each): an arena of one game per worker, less those games' own CPU."""
    tiny = ArenaConfig(config.game, config.players, config.bots, workers, config.seed)
    figures = measure(tiny, ProcessRunner(workers), workers)
    return workers * (figures["workers_cpu_ms"] - figures["game_cpu_ms"]) / 1000


def add_ratios(
    round_figures: dict[str, dict[str, float]], workers: dict[str, int], games: int, startup_cpu: float
) -> None:
    """Speed-ups against the same round's ``--jobs 1`` run."""
    base = round_figures[SERIAL]
    for name, figures in round_figures.items():
        figures["speed_up"] = figures["steady_games_per_s"] / base["steady_games_per_s"]
        if name == SERIAL:
            figures["cpu_bound"] = figures["cpu_bound_steady"] = 1.0
        elif figures["workers_cpu_ms"]:
            total_cpu = figures["driver_cpu_ms"] + figures["workers_cpu_ms"]
            figures["cpu_bound"] = workers[name] * base["driver_cpu_ms"] / total_cpu
            steady_cpu = total_cpu - (1000 * startup_cpu / games if name.startswith("--jobs") else 0.0)
            figures["cpu_bound_steady"] = workers[name] * base["driver_cpu_ms"] / steady_cpu
        else:
            figures["cpu_bound"] = figures["cpu_bound_steady"] = float("nan")


def runners_to_measure(workers: int, with_ray: bool) -> dict[str, Callable[[], Runner]]:
    runners: dict[str, Callable[[], Runner]] = {
        SERIAL: SerialRunner,
        f"--jobs {workers}": lambda: ProcessRunner(workers),
    }
    if with_ray:

        def one_game_per_task() -> Runner:
            runner = RayRunner()
            runner.target_seconds = 0.0  # every task carries a single game
            return runner

        runners["--ray"] = RayRunner
        runners["--ray, 1 game/task"] = one_game_per_task
    return runners


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="bayon")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", nargs="+", default=["random=3000", "greedy=1500"], metavar="BOT=GAMES")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; cores: {os.cpu_count()}")
    if not args.no_ray:
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
        print(f"ray.init (local, {args.workers} CPUs): {time.perf_counter() - started:.2f} s")
    runners = runners_to_measure(args.workers, not args.no_ray)
    workers = {name: 1 if name == SERIAL else args.workers for name in runners}
    for spec in args.games:
        bot, _, count = spec.partition("=")
        config = ArenaConfig(args.game, args.players, (bot,), int(count), seed=1)
        results: dict[str, list[dict[str, float]]] = {name: [] for name in runners}
        startups: list[float] = []
        for _ in range(args.runs):
            startups.append(worker_startup_cpu(config, args.workers))
            round_figures = {name: measure(config, make(), workers[name]) for name, make in runners.items()}
            add_ratios(round_figures, workers, config.games, startups[-1])
            for name, figures in round_figures.items():
                results[name].append(figures)
        print(f"\n{args.game}, {args.players} players, bot {bot} in every seat, {count} games, median of {args.runs}")
        print(f"start-up of {args.workers} worker processes: {statistics.median(startups):.2f} CPU s in all")
        print(" | ".join(["runner", *(heading for heading, _ in COLUMNS.values())]))
        for name in runners:
            cells = [
                form.format(statistics.median(r[key] for r in results[name])) for key, (_, form) in COLUMNS.items()
            ]
            print(" | ".join([name, *cells]))
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.no_ray:
        import ray

        ray.shutdown()


if __name__ == "__main__":
    main()
