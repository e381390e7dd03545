"""Bot turns: claimed in the database, played fairly, retried until the database is back.

Any process that runs bots (``meeple serve`` by default, ``meeple worker``)
takes bot turns the same way:

* a match whose next mover is a bot is marked ``bot_due`` with the time it
  became due, in the same transaction as the move that made it so;
* a process claims the turn with one conditional UPDATE (see
  :meth:`Store.claim`): exactly one process wins; the claim is a lease that
  the thinker renews, so a killed process's turns are taken over once it
  runs out;
* turns are served first come, first served, one move per match per turn of
  the queue, so no match waits behind another's whole game; quick bots
  (random) never wait behind thinking ones, and thinkers hold at most one
  worker each;
* anything that fails (the database locked, read-only or restarting, a
  worker killed) gives the claim back with a back-off, and the turn is tried
  again; a sweep of the database every second picks up every due turn, so
  no failure can leave a game waiting for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from typing import TYPE_CHECKING, Any, TypeVar

from meeple.web import botworker
from meeple.web.botworker import NEED_ALL_MOVES, QUICK_LEVELS, BotJob, warm_up

if TYPE_CHECKING:
    from meeple.web.analysisjobs import AnalysisRunner
    from meeple.web.hub import Hub, LiveMatch

log = logging.getLogger("meeple.web")

T = TypeVar("T")

LEASE_S = 4.0  # a claim not renewed for this long is free for another process (a killed one)
SWEEP_S = 1.0  # how often the database is asked for due turns
BACKOFF_S = (0.25, 0.5, 1.0, 2.0, 4.0)  # waits after the 1st, 2nd, ... failure of a turn in a row
TAIL = 32  # moves sent with a job; a worker further behind asks for all of them
SLOTS = 256  # bot turns one process works on at once (most of them wait: the bot delay, the pool)
SPARE_WAIT_S = 0.05  # how often other work (analysis) looks again for a worker no bot turn wants


def backoff(failures: int) -> float:
    return BACKOFF_S[min(failures, len(BACKOFF_S)) - 1]


def make_executor(mode: str, workers: int) -> Executor:
    if mode == "thread":
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="meeple-bot")
    if mode == "process":
        # spawn, not fork: the server has threads, and a forked child would inherit their locks.
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
        for _ in range(workers):
            pool.submit(warm_up)
        return pool
    raise ValueError(f"bot mode must be 'thread' or 'process', not {mode!r}")


def stop_executor(pool: Executor) -> None:
    """Stop a pool now, killing a worker process that is still thinking (no orphans).

    Threads cannot be killed: a thinking bot thread ends on its own, and is
    not waited for.
    """
    found = getattr(pool, "_processes", None)  # read before shutdown, which forgets them
    processes = list(found.values()) if isinstance(found, dict) else []
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    if not processes:
        return
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(timeout=5)
    # The pool's own thread holds its queues, whose semaphores are released only when the queues
    # are collected. The server may next die by the signal it caught (uvicorn raises it again), which
    # runs no exit handlers: released now or never, and the resource tracker reports them leaked.
    if isinstance(manager, threading.Thread):
        manager.join(timeout=5)
    del manager
    gc.collect()


class BotRunner:
    """The bot turns one process plays."""

    def __init__(self, hub: Hub, *, mode: str, workers: int, delay: float) -> None:
        self.hub = hub
        self.mode = mode
        self.workers = workers
        self.delay = delay
        self.owner = f"{os.uname().nodename}:{os.getpid()}:{id(self):x}"[:64]
        self.heavy: Executor | None = None
        self.quick: ThreadPoolExecutor | None = None
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.queued: set[str] = set()
        self.active: set[str] = set()
        self.again: set[str] = set()
        self.failures: dict[str, int] = {}
        self._slots_free: asyncio.Semaphore | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._timers: list[asyncio.TimerHandle] = []
        self.choose: Callable[[BotJob], str] = botworker.choose_move
        self.analysis: AnalysisRunner | None = None  # finished games' analyses, in the workers' spare time

    async def start(self) -> None:
        self.heavy = make_executor(self.mode, self.workers)
        self.quick = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-quick-bot")
        self._slots_free = asyncio.Semaphore(self.workers)
        self._tasks = [asyncio.create_task(self._slot()) for _ in range(SLOTS)]
        self._tasks.append(asyncio.create_task(self._sweep()))
        from meeple.web.analysisjobs import AnalysisRunner  # here: it imports this module

        self.analysis = AnalysisRunner(self)
        await self.analysis.start()

    async def close(self) -> None:
        if self.analysis is not None:
            await self.analysis.close()  # first: it gives its job back through the database threads
        for timer in self._timers:
            timer.cancel()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.heavy is not None:
            stop_executor(self.heavy)
        if self.quick is not None:
            self.quick.shutdown(wait=False, cancel_futures=True)

    # -------------------------------------------------------------- queueing
    def poke(self, match_id: str, after: float = 0.0) -> None:
        """Queue a look at the match's bot turn (now, or ``after`` seconds from now)."""
        if after > 0:
            self._timers = [t for t in self._timers if not t.cancelled() and t.when() > time.monotonic()]
            self._timers.append(asyncio.get_running_loop().call_later(after, self.poke, match_id))
            return
        if match_id in self.active:
            self.again.add(match_id)
        elif match_id not in self.queued:
            self.queued.add(match_id)
            self.queue.put_nowait(match_id)

    async def _sweep(self) -> None:
        """Every second, queue every due turn the database knows (covers every lost poke)."""
        complained = 0.0
        while True:
            try:
                due = await self.hub.read(self.hub.store.due_bot_matches, time.time(), 4 * SLOTS)
            except Exception as exc:
                if time.monotonic() - complained > 30:
                    log.warning("cannot look for bot turns (will keep trying): %s", str(exc).splitlines()[0][:200])
                    complained = time.monotonic()
            else:
                for match_id in due:
                    self.poke(match_id)
            await asyncio.sleep(SWEEP_S)

    async def _slot(self) -> None:
        while True:
            match_id = await self.queue.get()
            self.queued.discard(match_id)
            if match_id in self.active:
                self.again.add(match_id)
                continue
            self.active.add(match_id)
            try:
                await self._turn(match_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                await self._failed(match_id, exc)
            else:
                self.failures.pop(match_id, None)
            finally:
                self.active.discard(match_id)
            if match_id in self.again:
                self.again.discard(match_id)
                self.poke(match_id)

    async def _failed(self, match_id: str, exc: Exception) -> None:
        failures = self.failures[match_id] = self.failures.get(match_id, 0) + 1
        wait = backoff(failures)
        first = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        if failures == 1:
            log.warning("bot turn of match %s failed (%s); retrying with back-off", match_id, first)
        with contextlib.suppress(Exception):
            await self.hub.db(self.hub.store.release, match_id, self.owner, time.time() + wait)
        self.poke(match_id, after=wait)

    # ---------------------------------------------------------------- a turn
    async def _turn(self, match_id: str) -> None:
        """Claim the match's bot turn, think, and play; the move gives the claim back."""
        store = self.hub.store
        if not await self.hub.db(store.claim, match_id, self.owner, time.time(), LEASE_S):
            return  # another process has it, or no bot is due
        match = await self.hub.get(match_id)
        if match is not None:
            await self.hub.refresh(match)
        seat = None if match is None else self.hub.bot_to_move(match)
        if match is None or seat is None:
            await self.hub.db(store.release, match_id, self.owner, None, False)
            return
        seen = match.state.move_number
        renewing = asyncio.create_task(self._renew(match_id))
        loop = asyncio.get_running_loop()
        show = loop.call_later(self.hub.thinking_after(), self.hub.set_thinking, match, seat, True)
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            notation = await self._think(match, seat)
        finally:
            renewing.cancel()
            show.cancel()
            self.hub.set_thinking(match, seat, False)
        if notation is None:
            self.again.add(match_id)  # the worker pool was restarted: think again
            return
        await self.hub.play_bot(match, seat, notation, seen)

    async def _renew(self, match_id: str) -> None:
        while True:
            await asyncio.sleep(LEASE_S / 3)
            with contextlib.suppress(Exception):
                await self.hub.db(self.hub.store.renew, match_id, self.owner, time.time() + LEASE_S)

    def job(self, match: LiveMatch, seat: int, every_move: bool) -> BotJob:
        state = match.state
        first = 0 if every_move else max(0, len(match.notations) - TAIL)
        row = match.seats[seat]
        return BotJob(
            match_id=match.id,
            game=match.info.id,
            players=state.players,
            seed=state.seed,
            options=dict(state.options),
            count=len(match.notations),
            digest=match.digest,
            moves=tuple(match.notations[first:]),
            first=first,
            seat=seat,
            level=row.away or row.bot or "random",  # ``away``: a stand-in for a seat out of time
            bot_seed=row.bot_seed or 0,
        )

    async def _think(self, match: LiveMatch, seat: int) -> str | None:
        """The bot's move; a random legal one if the bot fails; ``None`` if the pool broke."""
        try:
            for every_move in (False, True):
                job = self.job(match, seat, every_move)
                notation = await self._run(job)
                if notation != NEED_ALL_MOVES:
                    return notation
            raise RuntimeError("the bot worker could not rebuild the game from all its moves")
        except BrokenExecutor:
            # A worker died (killed, out of memory): start a fresh pool and think again.
            log.error("the bot workers stopped; starting new ones")
            if self.heavy is not None:
                stop_executor(self.heavy)
            self.heavy = make_executor(self.mode, self.workers)
            return None
        except Exception:
            log.exception("bot of seat %s in match %s failed; it plays a random move", seat, match.id)
            row = match.seats[seat]
            return str(self.hub.fallback_move(match, seat, row.bot_seed or 0))

    async def _run(self, job: BotJob) -> str:
        loop = asyncio.get_running_loop()
        if job.level in QUICK_LEVELS and self.quick is not None:
            return await loop.run_in_executor(self.quick, self.choose, job)
        assert self.heavy is not None and self._slots_free is not None
        async with self._slots_free:  # FIFO: the longest waiting thinker goes next
            return await loop.run_in_executor(self.heavy, self.choose, job)

    @property
    def has_spare_worker(self) -> bool:
        """A thinking worker is free and no bot turn waits for one."""
        return self._slots_free is not None and not self._slots_free.locked()

    async def run_spare(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a thinking worker, taken only while one is free and no bot turn waits
        for one: other work (an analysis, in short slices) goes between bot turns, never ahead of
        them, and a bot turn that comes meanwhile waits for one slice at most. A broken pool (a
        worker killed) is replaced, as a bot turn would, and the error raised."""
        assert self._slots_free is not None
        while not self.has_spare_worker:
            await asyncio.sleep(SPARE_WAIT_S)
        async with self._slots_free:  # free and nobody waiting: taken at once
            pool = self.heavy
            assert pool is not None
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
            except BrokenExecutor:
                if self.heavy is pool:
                    log.error("the bot workers stopped during other work; starting new ones")
                    stop_executor(pool)
                    self.heavy = make_executor(self.mode, self.workers)
                raise
