"""Where the games are played: this process, local worker processes, or Ray tasks.

Every runner takes the same :class:`~meeple.arena.play.GameJob` list and
yields result rows as games finish, in whatever order they finish; the
rows themselves do not depend on the runner (each game carries its seeds).

Quick games are sent several to a task so that sending them costs little
next to playing them: the first tasks carry one game each, then a task
carries about ``target_seconds`` of play (measured so far), never more than
a fair share of what is left, so no worker is left holding the tail.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import socket
from collections import deque
from collections.abc import Generator, Sequence
from typing import Any, Protocol

from meeple.arena.play import GameFailed, GameJob, play_chunk

Row = dict[str, Any]


class Runner(Protocol):
    name: str

    def rows(self, jobs: Sequence[GameJob]) -> Generator[Row, None, None]:
        """Play ``jobs``, yielding each result row as soon as it is back.

        Closing the iterator early (Ctrl-C, an error) stops every game
        still being played.
        """
        ...


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def chunk_size(mean_seconds: float | None, target_seconds: float, remaining: int, workers: int) -> int:
    """How many games the next task carries (see the module's docstring)."""
    if mean_seconds is None:
        return 1
    by_time = int(target_seconds / max(mean_seconds, 1e-6))
    fair_share = remaining // (2 * workers)
    return max(1, min(by_time, fair_share))


class _Chunker:
    """Hands out the jobs in tasks sized by how long games have taken so far."""

    def __init__(self, jobs: Sequence[GameJob], workers: int, target_seconds: float) -> None:
        self.left = deque(jobs)
        self.workers = workers
        self.target_seconds = target_seconds
        self.games = 0
        self.seconds = 0.0

    def next(self) -> list[GameJob]:
        mean = self.seconds / self.games if self.games else None
        size = chunk_size(mean, self.target_seconds, len(self.left), self.workers)
        return [self.left.popleft() for _ in range(min(size, len(self.left)))]

    def finished(self, rows: Sequence[Row]) -> None:
        self.games += len(rows)
        self.seconds += sum(float(row["seconds"]) for row in rows)


class SerialRunner:
    """Every game in this process, one after another."""

    name = "this process"

    def rows(self, jobs: Sequence[GameJob]) -> Generator[Row, None, None]:
        for job in jobs:
            yield from play_chunk([job])


def _worker(tasks: Any, results: Any) -> None:
    """A worker process: play the chunks it is given until told to stop (``None``)."""
    # Ctrl-C reaches the whole process group; the main process alone decides
    # what to do about it (stop the workers, keep the finished games).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for chunk in iter(tasks.get, None):
        try:
            results.put(play_chunk(chunk))
        except GameFailed as exc:
            results.put(exc)


class ProcessRunner:
    """``workers`` local processes, started fresh (``spawn``: no thread or open
    file of this process leaks into them), fed chunks through one queue.

    A worker that dies (killed, out of memory) stops the arena with that
    reason rather than leaving it waiting for a game that never comes back.
    """

    target_seconds = 0.05
    poll_seconds = 0.2

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"--jobs must be at least 1, got {workers}")
        self.workers = workers
        self.name = f"{workers} worker processes"

    def rows(self, jobs: Sequence[GameJob]) -> Generator[Row, None, None]:
        workers = max(1, min(self.workers, len(jobs)))
        chunker = _Chunker(jobs, workers, self.target_seconds)
        context = multiprocessing.get_context("spawn")
        tasks, results = context.Queue(), context.Queue()
        processes = [context.Process(target=_worker, args=(tasks, results), daemon=True) for _ in range(workers)]
        for process in processes:
            process.start()
        in_flight = 0
        try:
            while chunker.left or in_flight:
                while chunker.left and in_flight < 2 * workers:
                    tasks.put(chunker.next())
                    in_flight += 1
                try:
                    item = results.get(timeout=self.poll_seconds)
                except queue.Empty:
                    item = None
                _check_alive(processes)  # a dead worker's games never come back
                if item is None:
                    continue
                in_flight -= 1
                if isinstance(item, GameFailed):
                    raise item
                chunker.finished(item)
                yield from item
        finally:
            tasks.cancel_join_thread()  # chunks nobody will read must not hold up the exit
            for process in processes:
                process.terminate()
            for process in processes:
                process.join()


def _check_alive(processes: Sequence[Any]) -> None:
    for process in processes:
        if not process.is_alive():
            raise GameFailed(f"a worker process stopped unexpectedly (exit code {process.exitcode})")


class RayRunner:
    """Ray tasks: a local Ray started here (``address=None``) or an existing
    cluster. Already connected (``ray.init`` called by the program using the
    arena), it uses that connection and leaves it open.

    Follows Ray's advice on task patterns: tasks of whole games (several
    when games are quick), a bounded number in flight, finished tasks
    collected with ``ray.wait`` in batches and fetched with one ``ray.get``
    per batch, never a ``ray.get`` per submitted task.
    """

    target_seconds = 0.25
    wait_seconds = 0.1

    def __init__(self, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ValueError("--ray needs Ray: pip install 'meeple[ray]'") from None
        self.ray = ray
        self.address = address
        self.name = f"Ray at {address}" if address else "a local Ray"

    def _connect(self) -> bool:
        """Connect unless connected; True when this runner made the connection."""
        if self.ray.is_initialized():
            return False
        if self.address:
            _check_reachable(self.address)
        try:
            if self.address:
                self.ray.init(address=self.address)
            else:
                self.ray.init(include_dashboard=False)
        except Exception as exc:  # Ray raises several kinds (ConnectionError, RuntimeError, ...)
            where = f"join the Ray cluster at {self.address}" if self.address else "start a local Ray"
            raise GameFailed(f"cannot {where}: {exc}") from None
        return True

    def rows(self, jobs: Sequence[GameJob]) -> Generator[Row, None, None]:
        ray = self.ray
        connected_here = self._connect()
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunker = _Chunker(jobs, workers, self.target_seconds)
        remote_chunk = ray.remote(num_cpus=1)(play_chunk)
        pending: list[Any] = []
        try:
            while chunker.left or pending:
                while chunker.left and len(pending) < 2 * workers:
                    pending.append(remote_chunk.remote(chunker.next()))
                ready, pending = ray.wait(pending, num_returns=len(pending), timeout=self.wait_seconds)
                if not ready:
                    continue
                try:
                    batches = ray.get(ready)
                except Exception as exc:
                    raise GameFailed(str(exc)) from None
                for rows in batches:
                    chunker.finished(rows)
                    yield from rows
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if connected_here:
                ray.shutdown()


def _check_reachable(address: str, seconds: float = 5.0) -> None:
    """Fail at once, with the reason, if nothing listens at a ``host:port`` address
    (``ray.init`` would retry for minutes). ``auto`` and addresses without a port
    are left to Ray."""
    host, sep, port = address.split("://")[-1].rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as exc:
        raise GameFailed(f"cannot reach a Ray cluster at {address}: {exc.strerror or exc}") from None
