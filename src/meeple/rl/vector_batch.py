"""The stepping of a slice of ``meeple.rl.vector``'s sub-environments, straight into batch arrays.

A sub-environment is a :class:`Table`: one game, the learner's seat, the bots and the generator its
episodes are dealt from, as a :class:`meeple.rl.gymnasium.MeepleEnv` holds them, dealt and played
by the same functions (``meeple.rl.gymnasium.deal`` and ``play_opponents``), so that it plays
exactly as that env reset with the same seed. What a :class:`Batch` leaves out is the single env's
per-step packaging, since every result goes into a row of preallocated arrays (:class:`BatchArrays`):

* the learner's tensor is kept in its observation row itself: the encoder's incremental path
  (``Encoder.write_kept``) rewrites in place only the pieces the moves since the last step changed,
  with no copy of the vector in between;
* the learner's mask is its row of the mask array: the action a step takes is checked against that
  row (a forbidden one ends the episode with ``illegal_reward``, as in the single env); the indices
  lit by the last position are cleared (for a game of at most ``CLEAR_ALL_UP_TO`` actions, every row
  at once with one numpy fill) and those of the new one lit, one byte each (from the game's
  ``_legal_indices`` where it has one, see ``meeple.rl.seat_views.listed_indices``);
* an episode that ends is dealt again at once (Gymnasium's "SameStep" autoreset), its last
  observation (a copy of the row) and info handed back beside.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import meeple
from meeple.bots import Bot
from meeple.core import State
from meeple.core.rng import Random, fresh_seed, make_rng
from meeple.rl import encoder as encoder_of
from meeple.rl.common import outcome_rewards, truncated
from meeple.rl.encoding import Encoder, SeatCache
from meeple.rl.gymnasium import deal, play_opponents
from meeple.rl.seat_views import listed_indices, plays_direct

# the most actions a game may have for a step to clear its mask rows with one numpy fill (see Batch)
CLEAR_ALL_UP_TO = 1024

# (row, last observation, last info) of a sub-environment whose episode ended and which was dealt again
Final = tuple[int, npt.NDArray[np.float32], dict[str, Any]]


@dataclass(frozen=True)
class EnvSpec:
    """Everything that makes one sub-environment, as ``MeepleEnv`` takes it (picklable: a worker builds
    its own)."""

    game: str
    players: int
    seat: int | None
    opponents: tuple[str, ...]
    illegal_reward: float
    options: tuple[tuple[str, Any], ...]
    features: str | None = None


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


class Table:
    """One sub-environment: its game, the learner's seat and the bots, the generator its episodes are
    dealt from, the cache of the learner's tensor (over its observation row) and the mask indices its
    row has lit."""

    __slots__ = ("bots", "cache", "lit", "mask", "rng", "seat", "state")

    def __init__(self, cache: SeatCache, mask: memoryview) -> None:
        self.rng: Random = make_rng(fresh_seed())
        self.cache = cache
        self.mask = mask  # its row of the masks, as bytes
        self.lit: list[int] = []
        self.state: State | None = None
        self.seat = cache.seat
        self.bots: dict[int, Bot] = {}


class Batch:
    """Sub-environments stepped one after another, each writing its row of ``arrays``."""

    def __init__(self, spec: EnvSpec, arrays: BatchArrays) -> None:
        info = meeple.GAMES[spec.game]
        self.spec = spec
        self.arrays = arrays
        self.options = dict(spec.options)
        self.num_actions = info.num_actions
        self.actions = info.action_space
        self.index = info.state_class._indices()
        self.encoder: Encoder[Any] = encoder_of(spec.game, spec.players, spec.features, **self.options)
        # a game's encoder that changes encode_cached is asked through it (into the row), as the views do
        self.in_place = type(self.encoder).encode_cached is Encoder.encode_cached
        self.direct = plays_direct(info.state_class)
        self.listed = listed_indices(info.state_class)
        self.no_mask = np.zeros(self.num_actions, dtype=np.int8)
        self.row_numbers = np.arange(len(arrays.masks))
        # Clear every mask row with one numpy fill a step, rather than each row's lit indices one byte at a
        # time, where rows are short: for Bayon's 295 actions that saved about 4,000 instructions a
        # sub-environment (valgrind), while the fill of Ibyron's 64 x 14,025 bytes cost more than it saved.
        self.clear_all = self.num_actions <= CLEAR_ALL_UP_TO
        # each row of the masks as bytes, written one index at a time (cheaper than numpy's indexing)
        self.mask_bytes = arrays.masks.data.cast("B")
        first_seat = 0 if spec.seat is None else spec.seat
        a = self.num_actions
        self.tables = [
            Table(SeatCache(self.encoder, first_seat, row), self.mask_bytes[i * a : (i + 1) * a])
            for i, row in enumerate(arrays.observations)
        ]

    def close(self) -> None:
        """Let go of every view of the arrays (a shared-memory map cannot close while one is held)."""
        for table in self.tables:
            table.mask.release()
        self.tables = []
        self.mask_bytes.release()

    def reset(self, seeds: Sequence[int | None]) -> None:
        """Deal every sub-environment a new episode (``seeds[i]``; ``None``: from its own generator)."""
        a = self.arrays
        for i, (table, seed) in enumerate(zip(self.tables, seeds, strict=True)):
            if seed is not None:
                table.rng = make_rng(seed)
            self._deal(i, table)
        a.rewards[:] = 0.0
        a.terminations[:] = False
        a.truncations[:] = False

    def step(self) -> list[Final]:
        """Step every sub-environment with its action in ``arrays.actions``; deal again those whose episode
        ended. The rows then hold the new episodes' first observations and masks (the rewards and flags
        are those of the step); the ended episodes' last observations and infos are returned."""
        a = self.arrays
        rewards, terminations, truncations = a.rewards, a.terminations, a.truncations
        rewards[:] = 0.0  # what most rows get: those of the episodes that end are written below
        terminations[:] = truncations[:] = False
        num_actions, actions, direct, clear_all = self.num_actions, self.actions, self.direct, self.clear_all
        # each action checked against its row, which holds this position's legal moves
        chosen = a.actions
        picks = chosen.tolist()
        legal: list[bool] = []
        if clear_all:  # all rows at once, before one numpy fill clears them (every row is written again below)
            inside = (chosen >= 0) & (chosen < num_actions)
            legal = (inside & (a.masks[self.row_numbers, np.where(inside, chosen, 0)] != 0)).tolist()
            a.masks.fill(0)
        finals: list[Final] = []
        for i, (table, action) in enumerate(zip(self.tables, picks, strict=True)):
            state, seat = table.state, table.seat
            assert state is not None  # dealt by reset
            if legal[i] if clear_all else 0 <= action < num_actions and table.mask[action]:
                if direct:
                    state._play_legal(actions[action], seat)
                else:
                    state.apply(actions[action], seat)
                movers = play_opponents(state, seat, table.bots, direct)
                if movers or not state.is_over:
                    self._look(table, movers, zeroed=clear_all)
                else:
                    cut = truncated(state)
                    rewards[i] = outcome_rewards(state)[seat]
                    terminations[i], truncations[i] = not cut, cut
                    self._look(table, movers)
                    finals.append((i, table.cache.vector.copy(), {"seat": seat, "action_mask": self.no_mask.copy()}))
                    self._deal(i, table)
            else:  # not played: the episode ends with the penalty, the game left as it was (so is its row)
                rewards[i] = self.spec.illegal_reward
                terminations[i] = True
                info = {"seat": seat, "action_mask": self.no_mask.copy(), "illegal_action": True}
                finals.append((i, table.cache.vector.copy(), info))
                self._deal(i, table)
        return finals

    def _deal(self, i: int, table: Table) -> None:
        """A new episode for row ``i``, the bots' moves up to the learner's turn, its first look."""
        spec = self.spec
        state, seat, bots = deal(spec.game, spec.players, self.options, spec.seat, spec.opponents, table.rng)
        if seat != table.cache.seat:  # the learner's vector is kept per seat: start the row afresh
            table.cache = SeatCache(self.encoder, seat, table.cache.vector)
        table.state, table.seat, table.bots = state, seat, bots
        self.arrays.seats[i] = seat
        self._look(table, play_opponents(state, seat, bots, self.direct))

    def _look(self, table: Table, movers: tuple[int, ...], zeroed: bool = False) -> None:
        """Write the table's rows: the learner's tensor of the current position and its legal actions
        (``movers``: ``state.to_move``, just read; ``zeroed``: the mask row is all zeros already)."""
        state, seat, cache = table.state, table.seat, table.cache
        assert state is not None
        if self.in_place:
            self.encoder.write_kept(cache, state, seat, movers)
        else:
            cache.vector[:] = self.encoder.encode_cached(cache, state, seat, movers)
        row = table.mask
        if not zeroed:
            for k in table.lit:
                row[k] = 0
        if seat in movers:
            listed = self.listed
            if listed is not None:
                lit = listed(state, seat)
            else:
                index = self.index
                lit = [index[action] for action in state._legal_actions(seat)]  # what legal_actions gives it
            for k in lit:
                row[k] = 1
            table.lit = lit
        else:
            table.lit = []
