"""What the benchmarks share: random playouts, clone timing, medians, percentiles, the
stand-in rollout policy and module constants patched for one bot's move.

The machines are noisy, so every speed figure is the median of several runs and
is quoted beside a baseline measured in the same run (the toy game of the
test suite: a trivial pure-Python state machine), so ratios stay comparable
across machines.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import meeple
from meeple.bots import heuristic_bot
from meeple.core import Action, GameInfo, State
from meeple.core.rng import Random


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
    """The test suite's toy game (importable as ``tests`` from the repository root)."""
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


def use_standin_policy(game: str) -> bool:
    """Make the game's heuristic bot its rollout policy, in this process only: to
    measure guided search in a game that declares a heuristic bot but no
    ``rollout_policy`` yet. Returns whether the stand-in is in use (not when
    the game has its own policy, or no heuristic bot)."""
    info = meeple.GAMES[game]
    bot = heuristic_bot(game, 0)
    if info.rollout_policy is not None or bot is None:
        return False

    def policy(state: State, seat: int, rng: Random) -> Action:
        return bot.choose(state, seat)

    info.state_class.info = dataclasses.replace(info, rollout_policy=policy)
    return True


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


@contextmanager
def patched(module: ModuleType, changes: dict[str, Any]) -> Iterator[None]:
    """``module``'s names in ``changes`` set to those values for the block, then put back
    (a single-route variant of a heuristic bot changes a habit only while it chooses)."""
    saved = {name: getattr(module, name) for name in changes}
    for name, value in changes.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)
