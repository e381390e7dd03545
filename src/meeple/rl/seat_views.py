"""What an environment hands a seat each step, and how it plays the move the seat picks.

:class:`SeatViews` builds each seat's ``int8`` action mask at most once per move
of the current state (PettingZoo calls ``observe`` whenever it likes, and
Gymnasium's env wants the mask in ``info`` and in ``action_masks()``) and keeps
it, so that the move the seat then picks is checked against it in one lookup.
Every call hands out a copy of the kept mask (users may write into what they are
given; the check must not change with it). The kept mask is a ``bytearray``, not a
numpy array: it is written one index at a time, read one index at a time for the
check, and copied (``m[:]``, a new ``bytearray``) for each array handed out
(``np.frombuffer``), which costs less than numpy's own zeros, item writes and copy.
A game whose state has ``_legal_indices(seat)`` (see :func:`listed_indices`) hands the
mask its legal moves as indices; otherwise each legal action is looked up in the game's
index (a tuple hashed per action: for Bayon's 16 or so legal moves about 8,000 of the
10,000 instructions a mask took, in valgrind's count).

Each seat's tensor is kept up to date incrementally: :class:`SeatViews` holds one
``SeatCache`` per seat, and ``Encoder.encode_cached`` rewrites only the pieces of
that seat's vector whose inputs changed since the seat last looked (a move or a
few change only a few). Every call hands out a new copy, so no two observations
share memory (Gymnasium's checker rightly refuses that). A game whose encoder has
no fast path (``update_state``) is encoded afresh from its observation dict.

:meth:`SeatViews.play` applies a move by its index. When the kept mask of this
very position says it is legal, it goes straight to ``State._play_legal``, which
is what ``State.apply`` does after its own checks; those checks (whose turn it
is, and the legality test, which for most games builds the legal list again)
would only repeat what the mask was built from. Anything else goes through
``State.apply``, which refuses it with the reason and leaves the state as it was.
A game whose state class overrides ``apply`` always goes through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.core import State
from meeple.core.actions import Action
from meeple.rl import encoder_for
from meeple.rl.encoding import Encoder, SeatCache


def _unset(cache: SeatCache, state: State, seat: int, to_move: tuple[int, ...]) -> npt.NDArray[np.float32]:
    raise AssertionError("no state seen yet")  # _renew sets the encoder before any tensor is asked for


_frombuffer = np.frombuffer  # a new int8 array over a bytearray of its own (writable, shared with nothing)
_INT8 = np.dtype(np.int8)
_BOOL = np.dtype(np.bool_)


def plays_direct(state_class: type[State]) -> bool:
    """Whether a move already known legal may go straight to ``State._play_legal`` (what ``State.apply``
    does once its checks pass): unless the game's state class overrides ``apply``, whose additions must
    then still happen."""
    return state_class.apply is State.apply


def listed_indices(state_class: type[State]) -> Callable[[State, int], list[int]] | None:
    """The game's ``_legal_indices(state, seat)``, if its state class has one: the indices of
    ``_legal_actions(seat)`` in the action space, in its order, listed without building (and hashing)
    the actions themselves. A mask built from it is the same; ``None`` for a game without it."""
    listed: Callable[[State, int], list[int]] | None = getattr(state_class, "_legal_indices", None)
    return listed


class SeatViews:
    """Each seat's int8 mask for the state's current move (kept until the next move), fresh tensors,
    and moves played by index."""

    def __init__(self, num_actions: int, features: str | None = None) -> None:
        self.num_actions = num_actions
        self.features = features  # the feature set of the tensors (None: the default vector)
        self._short = num_actions <= 1024  # how legal() copies the mask (see there)
        self._state: State | None = None
        self._move = -1
        self._to_move: tuple[int, ...] = ()
        self._encoder: Encoder[Any] | None = None
        self._masks: dict[int, bytearray] = {}
        self._index: dict[Action, int] = {}
        self._actions: tuple[Action, ...] = ()
        self._direct = False
        self._caches: list[SeatCache] = []
        self._listed: Callable[[State, int], list[int]] | None = None
        self._encode: Callable[[SeatCache, State, int, tuple[int, ...]], npt.NDArray[np.float32]] = _unset

    def _renew(self, state: State, to_move: tuple[int, ...] | None = None) -> None:
        """Forget the kept masks: ``state`` is another state, or it has moved on (``to_move``: its
        ``to_move`` if the caller holds it)."""
        if state is not self._state:
            encoder = encoder_for(state, self.features)
            if encoder is not self._encoder:  # caches hold one encoder's vectors (kept across games of it)
                self._caches = [encoder.new_cache(seat) for seat in range(state.players)]
            self._encoder = encoder
            # the caches are this encoder's, one a seat: its checks can be skipped, unless a game's encoder
            # changes encode_cached itself
            kept = type(encoder).encode_cached is Encoder.encode_cached
            self._encode = encoder.encode_kept if kept else encoder.encode_cached
            self._index = type(state)._indices()
            self._actions = state.info.action_space
            self._direct = plays_direct(type(state))
            self._listed = listed_indices(type(state))
        self._state, self._move = state, len(state.history)
        self._to_move = state.to_move if to_move is None else to_move  # a property some games compute
        self._masks.clear()

    def seen(self, state: State, to_move: tuple[int, ...]) -> None:
        """Bring the views up to ``state``, whose ``to_move`` the caller has just read (it is not asked again)."""
        if state is not self._state or len(state.history) != self._move:
            self._renew(state, to_move)

    def to_move(self, state: State) -> tuple[int, ...]:
        """``state.to_move``, kept for the current move."""
        if state is not self._state or len(state.history) != self._move:
            self._renew(state)
        return self._to_move

    def tensor(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation tensor, a new array."""
        if state is not self._state or len(state.history) != self._move:
            self._renew(state)
        return self._tensor(state, seat)

    def observe(self, state: State, seat: int) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": tensor(state, seat), "action_mask": mask(state, seat)}``, both new arrays (the
        views brought up to ``state`` once for both)."""
        if state is not self._state or len(state.history) != self._move:
            self._renew(state)
        m = self._masks.get(seat)
        if m is None:
            m = self._new_mask(state, seat)
        return {"observation": self._tensor(state, seat), "action_mask": _frombuffer(m[:], _INT8)}

    def _tensor(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s tensor, a new array; the views are up to ``state`` (``_renew`` has seen it)."""
        return self._encode(self._caches[seat], state, seat, self._to_move)

    def _mask(self, state: State, seat: int) -> bytearray:
        if state is not self._state or len(state.history) != self._move:
            self._renew(state)
        m = self._masks.get(seat)
        return self._new_mask(state, seat) if m is None else m

    def _new_mask(self, state: State, seat: int) -> bytearray:
        """Build and keep ``seat``'s mask for the current move (``_renew`` has seen it)."""
        m = self._masks[seat] = bytearray(self.num_actions)
        if seat in self._to_move:  # () once the game is over
            # one index at a time: for the few to few dozen legal actions of a position, cheaper
            # than building an index array for numpy
            listed = self._listed
            if listed is not None:
                for k in listed(state, seat):
                    m[k] = 1
            else:
                index = self._index
                for action in state._legal_actions(seat):  # what legal_actions gives a seat to move
                    m[index[action]] = 1
        return m

    def mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        """``seat``'s legal actions now as an ``int8`` mask (a copy; all zeros if it may not act)."""
        return _frombuffer(self._mask(state, seat)[:], _INT8)

    def legal(self, state: State, seat: int) -> npt.NDArray[np.bool_]:
        """``seat``'s legal actions now as booleans (a new array, like :meth:`mask`)."""
        m = self._mask(state, seat)
        if self._short:
            # the kept bytes hold only 0 and 1, numpy's bytes for False and True: a copy of them seen as
            # booleans is the mask as booleans, without astype's pass (valgrind, Bayon's 295 actions:
            # 6,300 -> 4,000 instructions a call; for Ibyron's 14,025 the copy counts more than astype)
            return _frombuffer(m[:], _BOOL)
        return _frombuffer(m, _INT8).astype(bool)

    def try_play(self, state: State, seat: int, index: int) -> bool:
        """Apply action ``index`` (an ``int`` in ``range(num_actions)``) for ``seat`` if it is legal now;
        ``False``, and nothing done, if it is not."""
        if not self._mask(state, seat)[index]:
            return False
        self._play(state, seat, self._actions[index])
        return True

    def play(self, state: State, seat: int, index: int) -> None:
        """Apply action ``index`` for ``seat``; raises ``ValueError`` (``IllegalAction``), state unchanged,
        for an index that is no action or not a legal one now."""
        if not (type(index) is int and 0 <= index < self.num_actions and self.try_play(state, seat, index)):
            state.apply(state.action_from_index(index), seat)  # refuses it, with the reason

    def _play(self, state: State, seat: int, action: Action) -> None:
        """Play a move already checked legal: straight through ``_play_legal`` unless the game's
        state overrides ``apply`` (then through it, so whatever it adds still happens)."""
        if self._direct:
            state._play_legal(action, seat)
        else:
            state.apply(action, seat)
