"""What an environment hands a seat each step, built at most once per move.

PettingZoo calls ``observe`` for an agent whenever it likes (``last()``, the
illegal-move wrapper, a user's loop), and Gymnasium's env asks for its mask
both in ``info`` and in ``action_masks()``. :class:`SeatViews` keeps, for the
current move of the current state, each seat's tensor and mask, so none is
computed twice; a new move (or a new state) starts afresh. Every call hands out
a copy of what it keeps (a copy costs far less than a tensor): users keep what
they are given and may write into it, and Gymnasium's checker rightly refuses
two observations sharing memory.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from meeple.core import State
from meeple.rl import encoder_for, legal_indices
from meeple.rl.encoders import Encoder


class SeatViews:
    """Each seat's tensor and int8 mask for the state's current move, cached until the next move."""

    def __init__(self, num_actions: int) -> None:
        self.num_actions = num_actions
        self._state: State | None = None
        self._move = -1
        self._encoder: Encoder | None = None
        self._tensors: dict[int, npt.NDArray[np.float32]] = {}
        self._masks: dict[int, npt.NDArray[np.int8]] = {}

    def _current(self, state: State) -> Encoder:
        move = len(state.history)
        if state is not self._state or move != self._move or self._encoder is None:
            if state is not self._state or self._encoder is None:
                self._encoder = encoder_for(state)
            self._state, self._move = state, move
            self._tensors.clear()
            self._masks.clear()
        return self._encoder

    def tensor(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        encoder = self._current(state)
        x = self._tensors.get(seat)
        if x is None:
            x = self._tensors[seat] = encoder.encode_state(state, seat)
        return x.copy()

    def mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        self._current(state)
        m = self._masks.get(seat)
        if m is None:
            m = np.zeros(self.num_actions, dtype=np.int8)
            if not state.is_over and seat in state.to_move:
                m[legal_indices(state, seat)] = 1
            self._masks[seat] = m
        return m.copy()
