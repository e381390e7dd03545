"""Steps per second of the batched environment (``meeple.rl.vector``), beside PettingZoo's connect_four_v3.

Run: ``.venv/bin/python -m benchmarks.rl_vector [GAME ...] [--sizes 1 16 64 256] [--steps N]
[--repeats R] [--processes P]`` (connect_four_v3 needs pygame, in the ``dev`` extra: ``pip install -e '.[dev]'``)

For Bayon, Isle of Skye and Ibyron at 2 players and Ivor at 3, the learner against ``"random"``
opponents, every step a random masked action in every sub-environment (``action_masks()``, one
legal index drawn per row in numpy):

* one process, ``num_envs`` = each of ``--sizes``: sub-environment steps per second of process CPU
  time (a vector step of N sub-environments counts N), the env built, reset and stepped a quarter
  as many steps again before the clock starts (N new games' first tensors are encoded whole);
* ``--processes`` processes against one, at the two largest sizes: wall-clock steps per second of
  both forms, measured one after the other in the same round; and, from every process's CPU time
  (``/proc/<pid>/schedstat``, Linux), the speedup the split would give if each process had a free core, and what
  it costs in CPU time. On a machine busier than its cores, the wall-clock speedup mostly measures
  the scheduler: every step waits for the last process to get its turn.

* ``rules only``: the moves one sub-environment step plays (the learner's and the bots', counted in
  the single env), each one ``legal_actions`` and ``apply`` of a random legal move and nothing else
  (``rl_speed.raw_loop``), as sub-environment steps per second: what no environment playing those
  moves can beat.

Baseline: ``connect_four_v3``'s single env driven by ``rl_speed.aec_loop``, the loop
``benchmarks/rl_speed.py`` measures it with, in CPU time. Every figure is the median of R rounds;
each round measures connect_four_v3 again and a ratio is the median of the per-round ratios (the
load of a shared machine drifts). Beside each figure: the one-minute load average (the mean of
the values read at its R runs), and the machine's core count in the header.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import gymnasium
import numpy as np
import numpy.typing as npt

import meeple.rl.gymnasium  # noqa: F401  (registers the single environments with Gymnasium)
from meeple.rl.common import env_ids
from meeple.rl.vector import MeepleVectorEnv, vector_env
from rl_speed import aec_loop, moves_per_gym_step, raw_loop

SETUPS = {"bayon": 2, "ivor": 3, "isle_of_skye": 2, "ibyron": 2}


def random_legal(masks: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One legal action per row of ``masks``, uniformly (every row has one).

    The legal entries are found in the flattened array: numpy's ``nonzero`` of a 2-D boolean array
    costs about ten times its ``flatnonzero`` (5 ms against 0.45 ms for Ibyron's 64 x 14 025 masks)."""
    width = masks.shape[1]
    flat = np.flatnonzero(masks)
    counts = np.bincount(flat // width, minlength=len(masks))
    starts = np.cumsum(counts) - counts
    picked = flat[starts + (rng.random(len(masks)) * counts).astype(np.int64)]
    return picked - np.arange(len(masks), dtype=np.int64) * width


def process_seconds(pid: int) -> float:
    """CPU time the main thread of process ``pid`` has run so far (Linux ``/proc``, in nanoseconds there:
    ``/proc/<pid>/stat`` counts clock ticks, too coarse for runs of a second)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


def vector_run(venv: MeepleVectorEnv, sub_steps: int) -> tuple[int, float, list[float]]:
    """Step about ``sub_steps`` sub-environment steps (at least 8 vector steps) after a quarter as many
    untimed; returns how many, the wall-clock seconds, and the CPU seconds of this process and of each
    worker process."""
    rng = np.random.default_rng(0)
    venv.reset(seed=0)
    steps = max(8, sub_steps // venv.num_envs)
    for _ in range(max(2, steps // 4)):  # past the new games' first, whole encodings
        venv.step(random_legal(venv.action_masks(), rng))
    pids = venv.worker_pids
    with collector_spared():
        cpu_before = [time.process_time(), *map(process_seconds, pids)]
        start = time.perf_counter()
        for _ in range(steps):
            venv.step(random_legal(venv.action_masks(), rng))
        wall = time.perf_counter() - start
        cpu_after = [time.process_time(), *map(process_seconds, pids)]
    cpu = [after - before for before, after in zip(cpu_before, cpu_after, strict=True)]
    return steps * venv.num_envs, wall, cpu


@contextlib.contextmanager
def collector_spared() -> Iterator[None]:
    """Leave the objects alive now out of the garbage collector's passes while timing. This process holds
    the envs of every game and size at once, as no training run does: a full pass over all of them (a
    large fraction of a second) would otherwise land in whichever short timed run it falls in."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def single_rate(game: str, steps: int) -> float:
    """Steps per second (CPU time) of the single Gymnasium env as users get it, driven as ``rl_speed.gym_loop``
    drives it (reset, built, included, as there)."""
    env = gymnasium.make(env_ids()[game], players=SETUPS[game], opponents="random")
    base: Any = env.unwrapped
    rng = np.random.default_rng(0)
    with collector_spared():
        start = time.process_time()
        env.reset(seed=0)
        for n in range(steps):
            legal = base.action_masks().nonzero()[0]
            _, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
            if terminated or truncated:
                env.reset(seed=n)
        return steps / (time.process_time() - start)


def rules_rate(game: str, steps: int, moves_per_step: float) -> float:
    """Sub-environment steps per second (CPU time) of the rules alone: ``moves_per_step`` random legal moves
    a step, each ``legal_actions`` and ``apply`` (``rl_speed.raw_loop``) and nothing else."""
    run = raw_loop(game, SETUPS[game])
    with collector_spared():
        start = time.process_time()
        done = run(steps)
        return done / (time.process_time() - start) / moves_per_step


def connect_four_rate(steps: int) -> float:
    import pettingzoo

    run = aec_loop(lambda: pettingzoo.make("aec", "classic/connect_four-v3"))
    with collector_spared():
        start = time.process_time()
        done = run(steps)
        return done / (time.process_time() - start)


def load() -> float:
    return os.getloadavg()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(SETUPS), help="games to measure (default: all four)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 16, 64, 256])
    parser.add_argument("--steps", type=int, default=4000, help="sub-environment steps per run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    games = [game for game in SETUPS if game in args.games]
    pooled_sizes = sorted(args.sizes)[-2:]
    envs: dict[tuple[str, int, int], MeepleVectorEnv] = {}
    for game in games:
        for size in args.sizes:
            envs[game, size, 0] = vector_env(game, num_envs=size, players=SETUPS[game])
        for size in pooled_sizes:
            envs[game, size, args.processes] = vector_env(
                game, num_envs=size, players=SETUPS[game], processes=args.processes
            )
    moves = {game: moves_per_gym_step(env_ids()[game], SETUPS[game]) for game in games}
    rates: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    loads: dict[str, list[float]] = {}

    def note(name: str, rate: float, base: float | None) -> None:
        rates.setdefault(name, []).append(rate)
        loads.setdefault(name, []).append(load())
        if base is not None:
            ratios.setdefault(name, []).append(rate / base)

    try:
        for _ in range(args.repeats):
            base = connect_four_rate(3000)
            note("connect_four", base, None)
            for game in games:
                note(f"{game} single", single_rate(game, min(args.steps, 3000)), base)
                note(f"{game} rules", rules_rate(game, min(args.steps, 3000), moves[game]), base)
                for size in args.sizes:
                    done, wall, cpu = vector_run(envs[game, size, 0], args.steps)
                    note(f"{game} {size}", done / cpu[0], base)
                    if size in pooled_sizes:
                        note(f"{game} {size} wall", done / wall, None)
                for size in pooled_sizes:
                    one = rates[f"{game} {size} wall"][-1]
                    one_cpu = rates[f"{game} {size}"][-1]
                    done, wall, cpu = vector_run(envs[game, size, args.processes], args.steps)
                    note(f"{game} {size} pooled", done / wall, None)
                    ratios.setdefault(f"{game} {size} pooled", []).append(done / wall / one)
                    # what the speedup would be if every process had a core of its own: the one-process
                    # form's CPU time over the busiest process's
                    ratios.setdefault(f"{game} {size} bound", []).append(done / max(cpu) / one_cpu)
                    ratios.setdefault(f"{game} {size} cost", []).append(sum(cpu) / (done / one_cpu))
    finally:
        for venv in envs.values():
            venv.close()

    def median(table: dict[str, list[float]], name: str) -> float:
        return statistics.median(table[name])

    def mean_load(name: str) -> float:
        return statistics.fmean(loads[name])

    cores = os.cpu_count()
    print(f"{cores} cores; median of {args.repeats} rounds, about {args.steps} sub-environment steps a run")
    print(
        f"connect_four_v3 single env (rl_speed.aec_loop): {median(rates, 'connect_four'):,.0f} steps/s CPU  "
        f"(load {mean_load('connect_four'):.1f})"
    )
    print("\none process: sub-environment steps/s (CPU time) and ratio to connect_four_v3")
    print("(N = single: the single Gymnasium env, gymnasium.make, one step at a time; N = rules: the rules alone,")
    print(" the moves of one sub-environment step, as sub-environment steps: the ceiling of any env)")
    print("{:14} {:>7} {:>6} {:>10} {:>6} {:>6}".format("game", "players", "N", "steps/s", "x c4", "load"))
    for game in games:
        for label in ("rules", "single"):
            name = f"{game} {label}"
            print(
                f"{game:14} {SETUPS[game]:>7} {label:>6} {median(rates, name):>10,.0f} {median(ratios, name):>6.2f} "
                f"{mean_load(name):>6.1f}"
            )
        for size in args.sizes:
            name = f"{game} {size}"
            print(
                f"{game:14} {SETUPS[game]:>7} {size:>6} {median(rates, name):>10,.0f} {median(ratios, name):>6.2f} "
                f"{mean_load(name):>6.1f}"
            )
    print(f"\n{args.processes} processes against one: sub-environment steps/s (wall clock)")
    print("  speedup: wall-clock rate over the one-process form's, in the same round")
    print("  CPU bound: the one-process form's CPU time over the busiest process's (the speedup with a free core each)")
    print("  CPU cost: all processes' CPU time over the one-process form's (the price of splitting)")
    print("{:14} {:>6} {:>12} {:>6} {:>12} {:>6} {:>8} {:>10} {:>9}".format(
        "game", "N", "one process", "load", f"{args.processes} processes", "load", "speedup", "CPU bound",
        "CPU cost"))  # fmt: skip
    for game in games:
        for size in pooled_sizes:
            one, pooled = f"{game} {size} wall", f"{game} {size} pooled"
            print(
                f"{game:14} {size:>6} {median(rates, one):>12,.0f} {mean_load(one):>6.1f} "
                f"{median(rates, pooled):>12,.0f} {mean_load(pooled):>6.1f} {median(ratios, pooled):>8.2f} "
                f"{median(ratios, f'{game} {size} bound'):>10.2f} {median(ratios, f'{game} {size} cost'):>9.2f}"
            )


if __name__ == "__main__":
    main()
