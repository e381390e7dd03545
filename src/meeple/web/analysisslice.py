"""One slice of an analysis job, computed where bots think (a worker process, or a thread).

A slice goes on with a job from move ``first``: it takes the steps of
``meeple.analysis.analyse`` one move at a time (``review.step``: judge the
move, or list it as skipped, then play it) until it has run ``seconds`` (at
least one move), and answers what it judged and where it stopped. The
worker keeps the position it reached, so the next slice of the same job
goes on without replaying the game; a worker without it (another process of
the pool, a job taken over from a killed process) replays the moves up to
``first``. A finished game never changes, so its id and a move number name
one position.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import meeple
from meeple.analysis.result import Decision, Skipped
from meeple.analysis.review import start, step
from meeple.core import Record, State


@dataclass(frozen=True)
class SliceJob:
    match_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    rules_version: int
    moves: tuple[tuple[int, str], ...]  # every move of the finished game
    first: int  # the move this slice starts at
    seats: tuple[int, ...]
    budget: int
    cpu_seconds: float | None
    decisions_left: int | None  # the job's cap on judged decisions, less those judged before this slice
    seconds: float  # wall-clock time after which the slice stops (at the end of a move)


@dataclass(frozen=True)
class SliceResult:
    next_move: int
    decisions: list[Decision]
    skipped: list[Skipped]
    capped: bool


_POSITIONS: OrderedDict[tuple[str, int], State] = OrderedDict()
_POSITIONS_KEPT = 8
_POSITIONS_LOCK = threading.Lock()


def _take(match_id: str, number: int) -> State | None:
    with _POSITIONS_LOCK:
        return _POSITIONS.pop((match_id, number), None)


def _keep(match_id: str, number: int, state: State) -> None:
    with _POSITIONS_LOCK:
        _POSITIONS[(match_id, number)] = state
        while len(_POSITIONS) > _POSITIONS_KEPT:
            _POSITIONS.popitem(last=False)


def record_of(job: SliceJob, moves: int | None = None) -> Record:
    kept = list(job.moves if moves is None else job.moves[:moves])
    return Record(
        game=job.game,
        players=job.players,
        seed=job.seed,
        options=dict(job.options),
        moves=kept,
        rules_version=job.rules_version,
    )


def run_slice(job: SliceJob) -> SliceResult:
    """Judge the job's moves from ``first`` for about ``seconds`` (runs in a bot worker).
    Raises ``ValueError`` for moves that do not replay."""
    began = time.perf_counter()
    _, result = start(record_of(job), job.seats, job.budget, job.cpu_seconds, job.decisions_left)
    state = _take(job.match_id, job.first)
    if state is None:
        state = meeple.replay(record_of(job, job.first))
    number = job.first
    while number < len(job.moves):
        seat, notation = job.moves[number]
        step(state, number, seat, notation, result)
        number += 1
        if time.perf_counter() - began >= job.seconds:
            break
    if number < len(job.moves):
        _keep(job.match_id, number, state)
    return SliceResult(number, list(result.decisions), list(result.skipped), result.capped)


def with_first(job: SliceJob, first: int, decisions_left: int | None) -> SliceJob:
    return dataclasses.replace(job, first=first, decisions_left=decisions_left)
