"""Analysis of finished games as background jobs, claimed and run like bot turns.

Any process that runs bots (``meeple serve`` by default, ``meeple worker``)
also takes analysis jobs (``analysisstore.py`` keeps them):

* a job is claimed with one conditional UPDATE (a lease of ``LEASE_S``,
  renewed while the work goes on), so exactly one process works on it; a
  killed process's lease runs out and another process takes the job over,
  going on from the work it last saved (every ``SAVE_S``);
* a process works on one job at a time, and only claims one while a bot
  worker is free;
* the work is cut into slices of about ``SLICE_S`` (a few moves each, every
  move bounded by the job's CPU cap a decision), each run on a bot worker
  only while no bot turn waits for one (``BotRunner.run_spare``): bot turns
  go first, and one that comes during a slice waits for that slice only;
* the slices take ``meeple.analysis``'s own steps, so the stored analysis is
  the one ``meeple analyse`` gives for the same record and settings.

Settings (``AnalysisSettings``) come from the environment for ``meeple serve``
and ``meeple worker``; a job keeps the ones it was asked with.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy.exc import SQLAlchemyError

import meeple
from meeple.analysis.result import Analysis
from meeple.analysis.review import MAX_DECISIONS, start, summarise
from meeple.web.analysisslice import SliceJob, SliceResult, record_of, run_slice, with_first
from meeple.web.analysisstore import AnalysisStore, Job

if TYPE_CHECKING:
    from meeple.web.botrunner import BotRunner

log = logging.getLogger("meeple.web")

LEASE_S = 4.0  # a claim not renewed for this long is free for another process (a killed one)
SWEEP_S = 1.0  # how often an idle process asks the database for a job
SLICE_S = 0.2  # the wall-clock length of one slice (it ends at the end of a move)
PROGRESS_S = 0.5  # how often the moves done are saved (the progress bar reads them)
SAVE_S = 3.0  # how often the decisions judged so far are saved (a takeover goes on from there)
MAX_TAKEOVERS = 3  # a job whose process died this often fails (it may be what kills them)
MAX_FAILURES = 3  # a job whose slices broke the worker pool this often fails
RETRY_S = 2.0  # a job given back after a failed slice waits this long


@dataclass(frozen=True)
class AnalysisSettings:
    """How the server analyses: ``budget`` playouts a decision (``None``: each game's default,
    ``GameInfo.analysis_playouts``), at most ``cpu_seconds`` of CPU a decision (the web's cap
    is below the command line's 2 s: a bot turn may wait for one decision), at most
    ``max_decisions`` judged a game; requests: ``per_minute`` (``burst`` at once) per client
    address, one job queued or running per player, ``max_active`` on the whole database."""

    budget: int | None = None
    cpu_seconds: float | None = 1.0
    max_decisions: int | None = MAX_DECISIONS
    per_minute: float = 10.0
    burst: int = 5
    max_active: int = 100

    @classmethod
    def from_env(cls) -> AnalysisSettings:
        """The defaults, each overridden by its ``MEEPLE_ANALYSIS_*`` variable (``BUDGET``,
        ``CPU_SECONDS``, ``MAX_DECISIONS``, ``PER_MINUTE``, ``BURST``, ``MAX_ACTIVE``);
        a value that is not a positive number is refused with its name."""
        default = cls()
        return cls(
            budget=_int_or_none(_env("BUDGET", default.budget)),
            cpu_seconds=_env("CPU_SECONDS", default.cpu_seconds),
            max_decisions=_int_or_none(_env("MAX_DECISIONS", default.max_decisions)),
            per_minute=float(_env("PER_MINUTE", default.per_minute) or 0.0),
            burst=int(_env("BURST", default.burst) or 1),
            max_active=int(_env("MAX_ACTIVE", default.max_active) or 1),
        )


def _env(name: str, fallback: float | None) -> float | None:
    """``MEEPLE_ANALYSIS_<name>`` as a positive number, else ``fallback`` when it is unset."""
    raw = os.environ.get(f"MEEPLE_ANALYSIS_{name}", "").strip()
    if not raw:
        return fallback
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"MEEPLE_ANALYSIS_{name} must be a number, not {raw!r}") from None
    if not value > 0:
        raise ValueError(f"MEEPLE_ANALYSIS_{name} must be positive, not {raw!r}")
    return value


def _int_or_none(value: float | None) -> int | None:
    return None if value is None else int(value)


class LostJob(Exception):
    """Another process holds the job now (this one's lease ran out): stop working on it."""


class AnalysisRunner:
    """The analysis jobs one process runs, on its bot runner's workers."""

    def __init__(self, bots: BotRunner) -> None:
        self.bots = bots
        self.hub = bots.hub
        self.store = AnalysisStore(bots.hub.store)
        self.owner = bots.owner
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._loop())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    def poke(self) -> None:
        """Look for a job now (one was just asked for)."""
        self._wake.set()

    async def _loop(self) -> None:
        complained = 0.0
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), SWEEP_S)
            self._wake.clear()
            if self.hub.read_only:
                continue
            try:
                # A job only while a worker is free: a process busy with bots leaves it to others.
                if not self.bots.has_spare_worker:
                    continue
                job = await self.hub.db(self.store.claim_next, self.owner, time.time(), LEASE_S)
                if job is not None:
                    await self._run(job)
                    self._wake.set()  # another may be waiting: look again at once
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if time.monotonic() - complained > 30:
                    log.warning(
                        "analysis jobs: %s (will keep trying)", str(exc).splitlines()[0][:200] if str(exc) else exc
                    )
                    complained = time.monotonic()

    async def _run(self, job: Job) -> None:
        """Work on a claimed job until it is done, failed, lost, or this process stops."""
        work = _Work(self, job)
        renewing = asyncio.create_task(work.renew())
        try:
            await work.run()
        except LostJob:
            log.warning("analysis of match %s: another process holds it now", job.match_id)
        except SQLAlchemyError:
            raise  # the database is away: the lease runs out, and the job is tried again
        except Exception as exc:  # a bug in the analysis: said on the page, not retried for ever
            log.exception("analysis of match %s failed", job.match_id)
            with contextlib.suppress(Exception):
                await self.hub.db(
                    self.store.fail, job.match_id, self.owner, f"the analysis failed ({type(exc).__name__})"
                )
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):  # stopping: the next process goes on from here
                await self.hub.db(self.store.release, job.match_id, self.owner, work.next_move, work.partial())
            raise
        finally:
            renewing.cancel()


class _Work:
    """One claimed job: its record, the analysis so far, the slices."""

    def __init__(self, runner: AnalysisRunner, job: Job) -> None:
        self.runner = runner
        self.hub = runner.hub
        self.store = runner.store
        self.owner = runner.owner
        self.job = job
        self.next_move = job.saved_move if job.partial else 0  # where the saved work ends
        self.result: Analysis | None = None
        self.lost = False

    def partial(self) -> str | None:
        return self.result.to_json() if self.result is not None else None

    async def renew(self) -> None:
        """Keep the lease while the work goes on (a slow slice, or bots taking every worker)."""
        while True:
            await asyncio.sleep(LEASE_S / 3)
            try:
                held = await self.hub.db(self.store.renew, self.job.match_id, self.owner, time.time() + LEASE_S)
            except Exception:
                continue  # the database is away for now: the next renewal tries again
            if not held:
                self.lost = True
                return

    async def _fail(self, reason: str) -> None:
        log.warning("analysis of match %s failed: %s", self.job.match_id, reason)
        await self.hub.db(self.store.fail, self.job.match_id, self.owner, reason)

    async def run(self) -> None:
        job = self.job
        if job.takeovers > MAX_TAKEOVERS:
            await self._fail(f"the analysis was interrupted {job.takeovers} times (its workers stopped)")
            return
        row = await self.hub.read(self.hub.store.load_match, job.match_id)
        info = meeple.GAMES.get(row.game) if row is not None else None
        if row is None or info is None or row.rules_version != info.rules_version or row.status != "over":
            await self._fail("this server cannot replay the game any more (its rules changed, or it is gone)")
            return
        template = SliceJob(
            match_id=row.id,
            game=row.game,
            players=row.players,
            seed=row.seed,
            options=dict(row.options),
            rules_version=row.rules_version,
            moves=tuple(row.moves[: job.total_moves]),
            first=0,
            seats=tuple(range(row.players)),
            budget=job.budget,
            cpu_seconds=job.cpu_seconds,
            decisions_left=job.max_decisions,
            seconds=SLICE_S,
        )
        try:
            if job.partial:
                result = Analysis.from_json(job.partial)
            else:
                _, result = await asyncio.to_thread(
                    start, record_of(template), template.seats, job.budget, job.cpu_seconds, job.max_decisions
                )
            result.names = [s.name for s in row.seats]
            self.result = result
            if not await self._slices(template, result):
                return
        except ValueError as exc:
            await self._fail(f"the game's record does not replay: {exc}")
            return
        result.summaries = summarise(result.seats, result.decisions)
        if not await self.hub.db(self.store.finish, job.match_id, self.owner, result.to_json()):
            raise LostJob(job.match_id)

    async def _slices(self, template: SliceJob, result: Analysis) -> bool:
        """Judge the moves left, slice by slice; ``False`` if the job was given back meanwhile."""
        saved_progress = saved = time.monotonic()
        total = len(template.moves)
        while self.next_move < total:
            if self.lost:
                raise LostJob(self.job.match_id)
            cap = result.max_decisions
            left = None if cap is None else max(0, cap - len(result.decisions))
            piece = await self._slice(with_first(template, self.next_move, left))
            if piece is None:
                return False
            result.decisions.extend(piece.decisions)
            result.skipped.extend(piece.skipped)
            result.capped = result.capped or piece.capped
            self.next_move = piece.next_move
            now = time.monotonic()
            if self.next_move < total and now - saved_progress >= PROGRESS_S:
                keep = now - saved >= SAVE_S
                partial = result.to_json() if keep else None
                until = time.time() + LEASE_S
                if not await self.hub.db(
                    self.store.save, self.job.match_id, self.owner, self.next_move, partial, until
                ):
                    raise LostJob(self.job.match_id)
                saved_progress = now
                saved = now if keep else saved
        return True

    async def _slice(self, job: SliceJob) -> SliceResult | None:
        """One slice on a free bot worker; ``None`` when the worker died during it: the job is
        given back with its work so far (to be tried again a little later, or failed after
        ``MAX_FAILURES`` such tries, the slice itself being a likely cause)."""
        try:
            return await self.runner.bots.run_spare(run_slice, job)
        except BrokenExecutor:
            await self.hub.db(
                self.store.slice_failed,
                job.match_id,
                self.owner,
                time.time() + RETRY_S,
                MAX_FAILURES,
                self.next_move,
                self.partial(),
            )
            return None
