"""The stepping behind ``meeple.rl.vector``: a slice of sub-environments writing into batch arrays,
in this process (:class:`Batch`) or in several processes over shared memory (:class:`WorkerPool`).

Each sub-environment is a :class:`meeple.rl.gymnasium.MeepleEnv`, stepped and reset through its own
``step`` and ``reset``: the seat, the bots' moves, the rewards and the handling of an illegal action
are that env's, not a second copy of them. What a slice adds is where the results go: every
sub-environment's observation, mask, reward, flags and seat are written into its row of
preallocated arrays (:class:`BatchArrays`), and a sub-environment whose episode ended is reset at
once (Gymnasium's "SameStep" autoreset), its last observation and info handed back beside.

:class:`WorkerPool` splits the sub-environments into contiguous slices, one a process: the first
is stepped by the calling process, each other one by a worker process. The batch arrays live in
one ``multiprocessing.shared_memory`` block that every process writes its rows of; the pipes carry
only the commands and the (rare) last observations of ended episodes, so a step costs one short
message each way per worker whatever the batch size.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.rl.gymnasium import MeepleEnv

# (row, last observation, last info) of a sub-environment whose episode ended and which was reset
Final = tuple[int, npt.NDArray[np.float32], dict[str, Any]]


@dataclass(frozen=True)
class EnvSpec:
    """Everything that builds one sub-environment (picklable: a worker builds its own)."""

    game: str
    players: int
    seat: int | None
    opponents: tuple[str, ...]
    illegal_reward: float
    options: tuple[tuple[str, Any], ...]

    def build(self) -> MeepleEnv:
        return MeepleEnv(
            self.game,
            players=self.players,
            seat=self.seat,
            opponents=list(self.opponents),
            illegal_reward=self.illegal_reward,
            **dict(self.options),
        )


@dataclass
class BatchArrays:
    """One row per sub-environment: what a step or reset hands back, and the actions a step takes."""

    observations: npt.NDArray[np.float32]  # (n, obs_dim)
    masks: npt.NDArray[np.int8]  # (n, num_actions), 1 where legal (the single env's info["action_mask"])
    rewards: npt.NDArray[np.float64]
    terminations: npt.NDArray[np.bool_]
    truncations: npt.NDArray[np.bool_]
    seats: npt.NDArray[np.int64]
    actions: npt.NDArray[np.int64]

    FIELDS = ("observations", "masks", "rewards", "terminations", "truncations", "seats", "actions")

    @staticmethod
    def layout(num_envs: int, obs_dim: int, num_actions: int) -> list[tuple[str, tuple[int, ...], np.dtype[Any]]]:
        """Each field's name, shape and dtype, in the order they are laid out in memory."""
        n = num_envs
        return [
            ("observations", (n, obs_dim), np.dtype(np.float32)),
            ("masks", (n, num_actions), np.dtype(np.int8)),
            ("rewards", (n,), np.dtype(np.float64)),
            ("terminations", (n,), np.dtype(np.bool_)),
            ("truncations", (n,), np.dtype(np.bool_)),
            ("seats", (n,), np.dtype(np.int64)),
            ("actions", (n,), np.dtype(np.int64)),
        ]

    @classmethod
    def over(cls, buffer: Any, num_envs: int, obs_dim: int, num_actions: int) -> BatchArrays:
        """Arrays laid out one after another in ``buffer`` (``None``: fresh memory), each 8-byte aligned."""
        fields = cls.layout(num_envs, obs_dim, num_actions)
        if buffer is None:
            return cls(**{name: np.zeros(shape, dtype) for name, shape, dtype in fields})
        arrays: dict[str, Any] = {}
        offset = 0
        for name, shape, dtype in fields:
            count = int(np.prod(shape))
            arrays[name] = np.ndarray(shape, dtype, buffer=buffer, offset=offset)
            offset += -(-count * dtype.itemsize // 8) * 8
        return cls(**arrays)

    @classmethod
    def nbytes(cls, num_envs: int, obs_dim: int, num_actions: int) -> int:
        return sum(-(-int(np.prod(s)) * d.itemsize // 8) * 8 for _, s, d in cls.layout(num_envs, obs_dim, num_actions))

    def rows(self, start: int, stop: int) -> BatchArrays:
        """The same memory, rows ``start`` to ``stop`` only."""
        return BatchArrays(**{name: getattr(self, name)[start:stop] for name in self.FIELDS})


class Batch:
    """Sub-environments stepped one after another, each writing its row of ``arrays``."""

    def __init__(self, envs: Sequence[MeepleEnv], arrays: BatchArrays) -> None:
        self.envs = list(envs)
        self.arrays = arrays

    def reset(self, seeds: Sequence[int | None]) -> None:
        """Reset every sub-environment (``None``: go on with its own generator)."""
        a = self.arrays
        for i, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            obs, info = env.reset(seed=seed)
            a.observations[i] = obs
            a.masks[i] = info["action_mask"]
            a.seats[i] = info["seat"]
        a.rewards[:] = 0.0
        a.terminations[:] = False
        a.truncations[:] = False

    def step(self) -> list[Final]:
        """Step every sub-environment with its action in ``arrays.actions``; reset those whose episode
        ended. The rows then hold the new episodes' first observations and masks (the rewards and flags
        are those of the step); the ended episodes' last observations and infos are returned."""
        a = self.arrays
        observations, masks, rewards, terminations, truncations, seats = (
            a.observations, a.masks, a.rewards, a.terminations, a.truncations, a.seats,
        )  # fmt: skip
        finals: list[Final] = []
        for i, (env, action) in enumerate(zip(self.envs, a.actions.tolist(), strict=True)):
            obs, reward, terminated, cut, info = env.step(action)
            rewards[i] = reward
            terminations[i] = terminated
            truncations[i] = cut
            if terminated or cut:
                finals.append((i, obs, info))
                obs, info = env.reset()
                seats[i] = info["seat"]
            observations[i] = obs
            masks[i] = info["action_mask"]
        return finals


def _serve(spec: EnvSpec, count: int, shm_name: str, shape: tuple[int, int, int], start: int, pipe: Connection) -> None:
    """A worker: build ``count`` sub-environments for rows ``start`` on, then obey the pipe."""
    shm = SharedMemory(name=shm_name)  # the parent made it and unlinks it; a worker only closes its map
    arrays: BatchArrays | None = None
    batch: Batch | None = None
    try:
        arrays = BatchArrays.over(shm.buf, *shape).rows(start, start + count)
        batch = Batch([spec.build() for _ in range(count)], arrays)
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
        self.local = Batch([spec.build() for _ in range(bounds[1])], self.arrays.rows(0, bounds[1]))
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
        self.arrays = self.local = None  # type: ignore[assignment]
        with contextlib.suppress(BufferError):  # the vector env still holds views of it: the map goes with them
            self._shm.close()
        self._shm.unlink()
