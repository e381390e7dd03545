"""N games stepped together: a Gymnasium ``VectorEnv`` of one-learner environments, batched in numpy.

>>> from meeple.rl.vector import vector_env
>>> envs = vector_env("bayon", num_envs=64, players=2, opponents="random", seed=7)
>>> obs, infos = envs.reset()
>>> obs.shape == (64, *envs.single_observation_space.shape), envs.action_masks().shape
(True, (64, 295))

Each of the ``num_envs`` sub-environments plays as a :class:`meeple.rl.gymnasium.MeepleEnv` with the
same arguments (``players``, ``seat``, ``opponents``, ``illegal_reward``, game options): the same seat
draw, the same bots moving inside ``step``, the same rewards, and an illegal action ending that
sub-environment's episode with ``illegal_reward``. It is no ``MeepleEnv``, though: a slice of them is
stepped by ``meeple.rl.vector_batch.Batch``, which writes each learner's tensor and mask straight
into its row of the batch. What the vector env adds:

* Batches in preallocated numpy arrays: observations ``(num_envs, obs_dim)`` ``float32``; rewards
  ``(num_envs,)`` ``float64``; terminations and truncations ``(num_envs,)`` ``bool``;
  :meth:`MeepleVectorEnv.action_masks` ``(num_envs, num_actions)`` ``bool``. ``infos`` follows
  Gymnasium's vector convention (a key's values for every sub-environment in one array, ``_key``
  saying which hold one): ``infos["action_mask"]`` (``int8``) and ``infos["seat"]``. With
  ``copy=True`` (the default) every returned array is a copy; ``copy=False`` hands out read-only
  views of the batch arrays themselves, overwritten by the next ``step`` (read-only because the
  rows are the sub-environments' own: each learner's tensor is kept and updated in its row, and its
  mask row is what its next action is checked against).
* Auto-reset, mode "SameStep" (``metadata["autoreset_mode"]``): a sub-environment whose episode
  ends in a step is reset within that step. Its reward, termination and truncation are those of the
  ending step, its observation and mask those of the new episode; the last observation and info
  are in ``infos["final_obs"]`` and ``infos["final_info"]`` (with ``infos["_final_obs"]`` marking
  the rows). Every step therefore asks an action of every sub-environment, and the learner's seat
  may change with the episode (``infos["seat"]``).
* Seeds: sub-environment ``i`` is seeded with :func:`sub_seeds` ``(seed, num_envs)[i]``, the
  ``i``-th 63-bit draw of ``random.Random(seed)`` (so it does not depend on ``num_envs``), and
  plays exactly as a ``MeepleEnv`` reset with that seed; later auto-resets go on with that
  sub-environment's own generator, as a ``MeepleEnv`` reset without a seed does. The ``seed``
  given here applies at the first ``reset()``; ``reset(seed=s)`` reseeds them all, and a list
  gives each its own seed (``None``: go on unseeded).
* ``processes=k`` (``k >= 2``) splits the sub-environments into ``k`` contiguous slices, the first
  stepped by this process and each other one by a worker process, all writing into one
  shared-memory batch (``meeple.rl.vector_workers``); the results are the same as in one process.
* :meth:`MeepleVectorEnv.to_sb3` (or ``SB3VecEnv(envs)``, imported from here on first use so that
  Stable-Baselines3 stays optional) is the same batch as a Stable-Baselines3 ``VecEnv``, which
  sb3-contrib's ``MaskablePPO`` takes as it is.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import meeple
from meeple.rl import observation_shape
from meeple.rl.common import env_ids
from meeple.rl.gymnasium import MeepleEnv
from meeple.rl.vector_batch import Batch, BatchArrays, EnvSpec, Final
from meeple.rl.vector_workers import WorkerPool


def sub_seeds(seed: int, count: int) -> list[int]:
    """The seeds of sub-environments ``0 .. count - 1`` for the vector env's ``seed``."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(count)]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _game_id(game: object) -> str:
    """``game`` as a game id; an environment id such as ``"meeple/Bayon-v2"`` is taken too."""
    if not isinstance(game, str):
        raise ValueError(f"game is a game id such as 'bayon' (or an environment id), got {game!r}")
    if game in meeple.GAMES:
        if meeple.GAMES[game].rl is None:
            raise ValueError(f"{meeple.GAMES[game].title} declares no RL environment")
        return game
    by_env_id = {env_id: name for name, env_id in env_ids().items()}
    if game in by_env_id:
        return by_env_id[game]
    known = ", ".join([*env_ids(), *env_ids().values()])
    raise ValueError(f"unknown game {game!r} (known: {known})")


class MeepleVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` one-learner games stepped together (see the module's documentation)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: int | None = None,
        seat: int | None = None,
        opponents: str | Sequence[str] = "random",
        illegal_reward: float = -1.0,
        seed: int | None = None,
        processes: int = 1,
        copy: bool = True,
        context: str | None = None,
        features: str | None = None,
        **options: Any,
    ) -> None:
        game = _game_id(game)
        if not _whole(num_envs) or num_envs < 1:
            raise ValueError(f"num_envs is a whole number of at least 1, got {num_envs!r}")
        if not _whole(processes) or not 1 <= processes <= num_envs:
            raise ValueError(
                f"processes is a whole number from 1 (this one) to num_envs ({num_envs}), got {processes!r}"
            )
        if seed is not None and not _whole(seed):
            raise ValueError(f"seed is a whole number or None, got {seed!r}")
        if not isinstance(opponents, str) and not (
            isinstance(opponents, Sequence) and all(isinstance(spec, str) for spec in opponents)
        ):
            raise ValueError(f"opponents is a bot spec such as 'random', or a list of them, got {opponents!r}")
        # a single env with these arguments refuses a bad player count, seat, opponent or option (and gives
        # the spaces); the sub-environments are the batch's own (meeple.rl.vector_batch)
        first = MeepleEnv(
            game,
            players=players,
            seat=seat,
            opponents=opponents,
            illegal_reward=illegal_reward,
            features=features,
            **options,
        )
        self.spec_of_env = EnvSpec(
            game,
            first.players,
            seat,
            tuple(first.opponent_specs),
            first.illegal_reward,
            tuple(options.items()),
            features,
        )
        self.game, self.players, self.num_envs, self.copy = game, first.players, num_envs, copy
        self.num_actions = first.num_actions
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = dict(type(self).metadata)
        obs_dim = int(np.prod(observation_shape(game, first.players, features, **options)))
        self._pool: WorkerPool | None = None
        if processes > 1:
            self._pool = WorkerPool(self.spec_of_env, num_envs, obs_dim, self.num_actions, processes, context)
            self._arrays = self._pool.arrays
            self._batch: Batch | None = None
        else:
            self._arrays = BatchArrays.over(None, num_envs, obs_dim, self.num_actions)
            self._batch = Batch(self.spec_of_env, self._arrays)
        self._pending_seed = seed
        self._every = np.ones(num_envs, dtype=bool)
        self._needs_reset = True

    # ------------------------------------------------------------------ API
    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Reset every sub-environment: ``seed`` an int (each gets its :func:`sub_seeds` seed), a list of
        ``num_envs`` ints or ``None``, or ``None`` (the constructor's seed at the first reset, then each
        goes on with its own generator). ``options`` is accepted and unused, as by ``MeepleEnv``."""
        if seed is None and self._pending_seed is not None:
            seed = self._pending_seed
        self._pending_seed = None
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int) and not isinstance(seed, bool):
            super().reset(seed=seed)
            seeds = list(sub_seeds(seed, self.num_envs))
        elif isinstance(seed, Sequence) and len(seed) == self.num_envs and all(s is None or _whole(s) for s in seed):
            seeds = list(seed)
        else:
            raise ValueError(f"seed is a whole number, None, or a list of {self.num_envs} of them, got {seed!r}")
        if self._pool is not None:
            self._pool.reset(seeds)
        else:
            assert self._batch is not None
            self._batch.reset(seeds)
        self._needs_reset = False
        return self._out(self._arrays.observations), self._infos([])

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """One action per sub-environment (any integers; one a mask forbids ends that episode with the
        penalty, as in ``MeepleEnv``)."""
        if self._needs_reset:
            raise RuntimeError("call reset() before step()")
        a = self._arrays
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions is {self.num_envs} integers, one a sub-environment, got {actions!r}")
        a.actions[:] = chosen
        finals = self._pool.step() if self._pool is not None else self._batch.step()  # type: ignore[union-attr]
        out = self._out
        return out(a.observations), out(a.rewards), out(a.terminations), out(a.truncations), self._infos(finals)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions in every sub-environment now, ``(num_envs, num_actions)`` booleans
        (a new array; each row what that sub-environment's ``MeepleEnv.action_masks()`` gives)."""
        return self._arrays.masks.view(np.bool_).copy()  # the int8 rows hold only 0 and 1: a plain copy

    @property
    def seats(self) -> npt.NDArray[np.int64]:
        """The learner's seat in every sub-environment's current episode."""
        return self._arrays.seats.copy()

    @property
    def worker_pids(self) -> list[int]:
        """The ids of the worker processes (none with ``processes=1``; this process steps a slice too)."""
        return [] if self._pool is None else self._pool.pids

    def __del__(self) -> None:
        """Stop the worker processes of a vector env dropped without ``close()`` (as ``AsyncVectorEnv`` does)."""
        if getattr(self, "_pool", None) is not None and not self.closed:
            self.close()

    def close_extras(self, **kwargs: Any) -> None:
        if self._pool is not None:
            self._pool.close()

    def to_sb3(self) -> Any:
        """This batch as a Stable-Baselines3 ``VecEnv`` (see :func:`sb3_vec_env_class`)."""
        return sb3_vec_env_class()(self)

    # ------------------------------------------------------------- helpers
    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        if self.copy:
            return array.copy()
        view = array.view()
        view.flags.writeable = False  # the rows are the sub-environments' own (see the module's documentation)
        return view

    def _infos(self, finals: list[Final]) -> dict[str, Any]:
        """The infos Gymnasium's ``SyncVectorEnv`` ("SameStep") would gather from the sub-environments."""
        a, every = self._arrays, self._every
        infos: dict[str, Any] = {}
        for row, obs, info in finals:
            infos = self._add_info(infos, {"final_obs": obs, "final_info": info}, row)
        infos.update(
            {
                "seat": self._out(a.seats),
                "_seat": every.copy(),
                "action_mask": self._out(a.masks),
                "_action_mask": every.copy(),
            }
        )
        return infos


def vector_env(
    game: str,
    num_envs: int = 1,
    players: int | None = None,
    opponents: str | Sequence[str] = "random",
    seed: int | None = None,
    *,
    seat: int | None = None,
    illegal_reward: float = -1.0,
    processes: int = 1,
    copy: bool = True,
    context: str | None = None,
    features: str | None = None,
    **options: Any,
) -> MeepleVectorEnv:
    """``num_envs`` games of ``game`` (a game id, or its environment id) stepped together, the learner
    against ``opponents`` as in ``gymnasium.make(env_id, opponents=...)``, in ``processes`` processes
    (1: this one only; ``context``: the workers' ``multiprocessing`` start method). A bad argument raises
    ``ValueError`` saying what is allowed. ``features``: a feature set's name (``meeple.rl.feature_sets(game)``),
    whose inputs are appended to every observation."""
    return MeepleVectorEnv(
        game, num_envs, players=players, seat=seat, opponents=opponents, illegal_reward=illegal_reward,
        seed=seed, processes=processes, copy=copy, context=context, features=features, **options,
    )  # fmt: skip


@functools.cache
def sb3_vec_env_class() -> type[Any]:
    """``SB3VecEnv``: a Stable-Baselines3 ``VecEnv`` over a :class:`MeepleVectorEnv`, defined on first
    use (importing Stable-Baselines3 then, not with this module).

    It differs from the Gymnasium form only where SB3's interface does: ``reset()`` returns the
    observations alone (seeds come from ``seed()``), a step returns ``dones`` (terminated or
    truncated) and a list of infos, an ended episode's last observation in
    ``infos[i]["terminal_observation"]`` and ``infos[i]["TimeLimit.truncated"]`` set when it was cut
    short, as SB3's own vector envs do. ``env_method("action_masks")`` (what MaskablePPO calls) gives
    each sub-environment's boolean mask.
    """
    from stable_baselines3.common.vec_env import VecEnv

    class SB3VecEnv(VecEnv):
        def __init__(self, venv: MeepleVectorEnv) -> None:
            self.venv = venv
            self._actions: npt.NDArray[np.int64] | None = None
            super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)

        def reset(self) -> npt.NDArray[np.float32]:
            seeds = self._seeds if any(s is not None for s in self._seeds) else None
            obs, infos = self.venv.reset(seed=seeds)
            self.reset_infos = [{"seat": int(s)} for s in infos["seat"]]
            self._reset_seeds()
            self._reset_options()
            return obs

        def step_async(self, actions: npt.NDArray[Any]) -> None:
            self._actions = np.asarray(actions).reshape(self.num_envs).astype(np.int64)

        def step_wait(
            self,
        ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]]:
            if self._actions is None:
                raise RuntimeError("step_async() comes before step_wait()")
            obs, rewards, terminated, truncated, infos = self.venv.step(self._actions)
            dones = terminated | truncated
            out: list[dict[str, Any]] = [{"seat": seat} for seat in infos["seat"].tolist()]
            illegal = infos.get("final_info", {}).get("_illegal_action")
            for row in np.flatnonzero(dones).tolist():
                out[row]["terminal_observation"] = infos["final_obs"][row]
                out[row]["TimeLimit.truncated"] = bool(truncated[row] and not terminated[row])
                if illegal is not None and illegal[row]:
                    out[row]["illegal_action"] = True
            return obs, rewards.astype(np.float32), dones, out

        def seed(self, seed: int | None = None) -> Sequence[int | None]:
            if seed is None:
                return [None] * self.num_envs
            self._seeds = list(sub_seeds(seed, self.num_envs))
            return self._seeds

        def action_masks(self) -> npt.NDArray[np.bool_]:
            return self.venv.action_masks()

        def close(self) -> None:
            self.venv.close()

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            value = getattr(self, attr_name) if attr_name == "action_masks" else getattr(self.venv, attr_name)
            return [value for _ in self._get_indices(indices)]

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            raise AttributeError(f"the sub-environments of a meeple vector env take no attribute ({attr_name!r})")

        def env_method(
            self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
        ) -> list[Any]:
            if method_name != "action_masks":
                raise AttributeError(
                    f"a meeple vector env's sub-environments offer only action_masks(), not {method_name!r}"
                )
            masks = self.venv.action_masks()
            return [masks[i] for i in self._get_indices(indices)]

        def env_is_wrapped(self, wrapper_class: type[Any], indices: Any = None) -> list[bool]:
            return [False for _ in self._get_indices(indices)]

        def get_images(self) -> Sequence[npt.NDArray[Any] | None]:
            return [None for _ in range(self.num_envs)]

    return SB3VecEnv


def __getattr__(name: str) -> Any:
    if name == "SB3VecEnv":
        return sb3_vec_env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["MeepleVectorEnv", "sb3_vec_env_class", "sub_seeds", "vector_env"]
