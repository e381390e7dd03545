"""The processes behind ``meeple.rl.vector``: the sub-environments split over several processes that
write into one batch in shared memory (:class:`WorkerPool`); each slice is a
``meeple.rl.vector_batch.Batch``, the stepping the one-process form uses too.

:class:`WorkerPool` splits the sub-environments into contiguous slices, one a process: the first
is stepped by the calling process, each other one by a worker process. The batch arrays live in
one ``multiprocessing.shared_memory`` block that every process writes its rows of; the pipes carry
only the commands and the (rare) last observations of ended episodes, so a step costs one short
message each way per worker whatever the batch size.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import multiprocessing
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import numpy as np

from meeple.rl.vector_batch import Batch, BatchArrays, EnvSpec, Final


def _serve(spec: EnvSpec, count: int, shm_name: str, shape: tuple[int, int, int], start: int, pipe: Connection) -> None:
    """A worker: build ``count`` sub-environments for rows ``start`` on, then obey the pipe."""
    # A forked worker starts with a copy of the parent's whole heap, which it never uses: left to the
    # collector, every full collection would walk it, touching (so copying, page by page) memory the two
    # processes still share. Frozen, those objects are never examined (a spawned worker has none to freeze).
    gc.freeze()
    shm = SharedMemory(name=shm_name)  # the parent made it and unlinks it; a worker only closes its map
    arrays: BatchArrays | None = None
    batch: Batch | None = None
    try:
        arrays = BatchArrays.over(shm.buf, *shape).rows(start, start + count)
        batch = Batch(spec, arrays)
        pipe.send(("ready", None))
        while True:
            command, payload = pipe.recv()
            if command == "step":
                pipe.send(("ok", batch.step()))
            elif command == "reset":
                batch.reset(payload)
                pipe.send(("ok", None))
            else:  # "close"
                break
    except (EOFError, KeyboardInterrupt):  # the parent went away or was interrupted
        pass
    except Exception:  # handed to the parent, which raises it
        pipe.send(("error", traceback.format_exc()))
    finally:
        if batch is not None:
            batch.close()
        arrays = batch = None  # the views must go before the map can close
        with contextlib.suppress(BufferError):  # a view still held (say by a traceback): the map goes with it
            shm.close()


class WorkerPool:
    """``num_envs`` sub-environments split over ``processes`` processes, their rows in shared memory.

    The calling process steps the first slice itself while the ``processes - 1`` workers step
    theirs: it would otherwise only wait, and one fewer process to wake a step is one fewer wait for
    the scheduler on a busy machine."""

    def __init__(
        self,
        spec: EnvSpec,
        num_envs: int,
        obs_dim: int,
        num_actions: int,
        processes: int,
        context: str | None = None,
    ) -> None:
        shape = (num_envs, obs_dim, num_actions)
        self._shm = SharedMemory(create=True, size=max(1, BatchArrays.nbytes(*shape)))
        self.arrays = BatchArrays.over(self._shm.buf, *shape)
        ctx: Any = multiprocessing.get_context(context)  # typeshed's BaseContext lacks Process and Pipe
        bounds = np.linspace(0, num_envs, processes + 1).round().astype(int).tolist()
        self.starts = bounds[:-1]
        self.local = Batch(spec, self.arrays.rows(0, bounds[1]))
        self._pipes: list[Connection] = []
        self._processes: list[Any] = []
        self.closed = False
        try:
            for start, stop in itertools.pairwise(bounds[1:]):
                ours, theirs = ctx.Pipe()
                process = ctx.Process(
                    target=_serve,
                    args=(spec, stop - start, self._shm.name, shape, start, theirs),
                    name=f"meeple-vector-{start}",
                    daemon=True,
                )
                process.start()
                theirs.close()
                self._pipes.append(ours)
                self._processes.append(process)
            self._collect()  # every worker built its envs (or the first failure is raised)
        except BaseException:
            self.close()
            raise

    @property
    def pids(self) -> list[int]:
        """The worker processes' ids (the calling process, which steps the first slice, not among them)."""
        return [process.pid for process in self._processes]

    def _collect(self) -> list[Any]:
        """Each worker's answer, in order; a worker's error is raised here with its traceback."""
        answers = []
        for pipe in self._pipes:
            try:
                status, payload = pipe.recv()
            except EOFError:
                raise RuntimeError("a vector env worker process died") from None
            if status == "error":
                raise RuntimeError(f"a vector env worker failed:\n{payload}")
            answers.append(payload)
        return answers

    def reset(self, seeds: Sequence[int | None]) -> None:
        stops = [*self.starts[1:], len(seeds)]
        for pipe, start, stop in zip(self._pipes, self.starts[1:], stops[1:], strict=True):
            pipe.send(("reset", list(seeds[start:stop])))
        self.local.reset(seeds[: stops[0]])
        self._collect()

    def step(self) -> list[Final]:
        for pipe in self._pipes:
            pipe.send(("step", None))
        finals = self.local.step()  # the first slice's rows start at 0
        for start, theirs in zip(self.starts[1:], self._collect(), strict=True):
            finals.extend((start + i, obs, info) for i, obs, info in theirs)
        return finals

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for pipe in self._pipes:
            with contextlib.suppress(OSError):  # that worker may be gone already
                pipe.send(("close", None))
        for process in self._processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join()
        for pipe in self._pipes:
            pipe.close()
        self.local.close()
        self.arrays = self.local = None  # type: ignore[assignment]
        with contextlib.suppress(BufferError):  # the vector env still holds views of it: the map goes with them
            self._shm.close()
        self._shm.unlink()
