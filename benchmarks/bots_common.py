"""What the bot benchmarks share: the stand-in rollout policy, percentiles, patched module constants."""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.bots import heuristic_bot
from meeple.core import Action, State
from meeple.core.rng import Random


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
