"""Shared measuring helpers: random playouts, clone timing, medians.

The machines are noisy, so every figure is the median of several runs and
is quoted beside a baseline measured in the same run (the toy game of the
test suite: a trivial pure-Python state machine), so ratios stay comparable
across machines.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from meeple.core import GameInfo, State


def random_playout(state: State, rng: random.Random, checked: bool) -> int:
    """Play ``state`` to the end at random; returns the number of steps.

    ``checked`` goes through the public ``legal_actions``/``apply`` (which
    re-checks legality); unchecked uses the hooks directly, as search does.
    """
    steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        if checked:
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
        else:
            actions = state._legal_actions(seat)
            state._apply(actions[rng.randrange(len(actions))], seat)
        steps += 1
    return steps


def playout_rate(info: GameInfo, players: int, seconds: float, checked: bool, seed: int = 0) -> tuple[float, float]:
    """(steps/s, games/s) of random play for about ``seconds`` of this process's CPU time.

    CPU time, not wall-clock: on a shared machine the wall clock mostly
    measures the other processes' load.
    """
    rng = random.Random(seed)
    steps = games = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = info.new(players, seed + games)
        steps += random_playout(state, rng, checked)
        games += 1
        elapsed = time.process_time() - started
    return steps / elapsed, games / elapsed


def clone_time(info: GameInfo, players: int, samples: int = 20, seed: int = 0) -> float:
    """Median seconds per ``clone()`` over positions taken along random games."""
    rng = random.Random(seed)
    positions: list[State] = []
    state = info.new(players, seed)
    while len(positions) < samples:
        if state.is_over:
            state = info.new(players, seed + len(positions) + 1)
        for _ in range(rng.randrange(1, 30)):
            if state.is_over:
                break
            seat = state.to_move[0]
            actions = state._legal_actions(seat)
            state._apply(actions[rng.randrange(len(actions))], seat)
        positions.append(state.clone())
    per_position = []
    for position in positions:
        reps = 2000
        started = time.process_time()
        for _ in range(reps):
            position.clone()
        per_position.append((time.process_time() - started) / reps)
    return statistics.median(per_position)


def median_of(runs: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(runs))


def toy_info() -> GameInfo:
    from tests.toygame import TOY

    return TOY


def table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    keys = list(rows[0])
    widths = {k: max(len(k), *(len(str(r[k])) for r in rows)) for k in keys}
    lines = ["  ".join(k.ljust(widths[k]) for k in keys)]
    lines += ["  ".join(str(r[k]).ljust(widths[k]) for k in keys) for r in rows]
    return "\n".join(lines)
