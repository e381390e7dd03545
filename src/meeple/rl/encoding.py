"""The building blocks every observation encoder uses.

An encoder turns one observation dict (``state.observation(seat)``) into a
flat ``float32`` vector whose every value lies in ``[0, 1]``. Its
:class:`Layout` names each slice of that vector, so the per-game tables in
``docs/rl.md`` and the encoder docstrings are printed from the same object the
encoder writes through (:func:`meeple.rl.observation_table`).

Seats are always written *relative to the observer*: slot 0 is the observing
seat, slot 1 the next seat in turn order, and so on. A network then learns one
policy for every seat.

Numbers are divided by a designed ceiling and clipped to 1, so a value beyond
the ceiling saturates rather than leaving the box; categories are one-hot (an
unknown category lights the extra ``other`` slot, never a crash).

Besides that reference, a game has one fast path, reading the state fields its
``observation(seat)`` is built from (see :class:`Encoder`), and the suite checks
it against the reference slice by slice.

The fast path (:meth:`Encoder.encode_cached`, what the environments use)
keeps each seat's vector in a :class:`SeatCache` and rewrites only the pieces whose
inputs changed. An encoder adopts it by defining ``update_state`` and its number of
``pieces``: each piece compares the state fields it is drawn from with the copy its
key slot holds and, when they differ, keeps a new copy and rewrites itself, with
:func:`relight` (a set of lit indices), :func:`move_hot` (one lit index),
:func:`move_one_hots` (one lit slot per position, moved where the value changed) or
plain writes; :func:`changed_at` and :func:`changed_rows` find, at C speed, which
positions or rows of a list changed. A fresh encoding is the same path run on an
empty cache.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress, count
from operator import ne
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
# the observation dict of an encoder's game (its TypedDict); fill reads it with defaults all the same
Obs = TypeVar("Obs", bound=Mapping[str, Any])


@dataclass(frozen=True)
class Slice:
    """One named run of the observation vector."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The named slices of one game's vector at one player count and option set."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Reserve ``size`` values called ``name``; returns where they start."""
        start = self.size
        self.slices.append(Slice(name, start, size, meaning))
        self.size += size
        return start

    def table(self) -> list[tuple[str, int, int, str]]:
        """``(name, start, stop, meaning)`` for every slice, in order."""
        return [(s.name, s.start, s.stop, s.meaning) for s in self.slices]

    def differing(self, got: Vector, want: Vector) -> list[str]:
        """The names of the slices where two vectors of this layout differ (to say which part of an
        encoder is wrong when two paths disagree)."""
        return [s.name for s in self.slices if not np.array_equal(got[s.start : s.stop], want[s.start : s.stop])]

    def markdown(self) -> str:
        lines = ["| slice | indices | meaning |", "| --- | --- | --- |"]
        lines += [f"| `{s.name}` | {s.start}–{s.stop - 1} | {s.meaning} |" for s in self.slices]
        return "\n".join(lines)


def scaled(value: Any, ceiling: float) -> float:
    """``value / ceiling`` clipped into ``[0, 1]``; anything not a number is 0."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    x = value / ceiling
    if x != x:  # NaN
        return 0.0
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else float(x))


def shifted(value: Any, low: float, high: float) -> float:
    """``value`` mapped from ``[low, high]`` onto ``[0, 1]`` and clipped (for numbers that go negative)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return scaled(value - low, high - low)


def flag(v: Vector, at: int, value: Any) -> None:
    v[at] = 1.0 if value else 0.0


def one_hot(v: Vector, at: int, size: int, index: Any) -> None:
    """Light ``v[at + index]`` if ``index`` is an int in ``range(size)``; else nothing."""
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < size:
        v[at + index] = 1.0


def many_hot(v: Vector, at: int, size: int, indices: Iterable[Any] | None, offset: int = 0) -> None:
    """Light ``v[at + i - offset]`` for every int ``i`` of ``indices`` that falls inside ``size``."""
    if not indices:
        return
    for i in indices:
        one_hot(v, at, size, i - offset if isinstance(i, int) and not isinstance(i, bool) else None)


def category(v: Vector, at: int, names: Sequence[str], value: Any) -> None:
    """One-hot over ``names`` plus a last ``other`` slot for a value not in the list (``None`` lights nothing)."""
    if value is None:
        return
    try:
        v[at + names.index(value)] = 1.0
    except ValueError:
        v[at + len(names)] = 1.0


def relative(seat: Any, observer: int, players: int) -> int | None:
    """Where ``seat`` sits counted from ``observer`` (0 = the observer), or ``None`` if it is no seat."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return (seat - observer) % players
    return None


def seat_hot(v: Vector, at: int, players: int, observer: int, seats: Iterable[Any] | None) -> None:
    """Light the relative slot of every seat in ``seats``."""
    if not seats:
        return
    for s in seats:
        r = relative(s, observer, players)
        if r is not None:
            v[at + r] = 1.0


def by_relative_seat(rows: Any, observer: int, players: int, key: str = "seat") -> list[tuple[int, dict[str, Any]]]:
    """Pair each per-seat row of an observation with its relative slot (rows naming no valid seat are dropped)."""
    out: list[tuple[int, dict[str, Any]]] = []
    if not isinstance(rows, list):
        return out
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        r = relative(row.get(key, i), observer, players)
        if r is not None:
            out.append((r, row))
    return out


def new_vector(layout: Layout) -> Vector:
    return np.zeros(layout.size, dtype=np.float32)


class Encoder(Generic[Obs]):
    """One game's encoder for one player count and option set.

    Every vector starts with the same slices (``to_move``, ``is_over``,
    ``winners``); subclasses add theirs to ``self.layout`` in ``__init__``
    (keeping the offsets they need) and write them in ``fill``, reading only
    the keys they know, with defaults, so a new key in an observation changes
    nothing.

    Two ways in, giving the same vector:

    * :meth:`encode` reads an observation dict (``fill``): the reference, for
      callers that hold only the dict.
    * the fast path, ``update_state``: from the state, reading only the fields
      its ``observation(seat)`` is built from, it keeps a seat's vector and
      rewrites only the pieces whose fields changed (:meth:`encode_cached`, what
      the environments call); a fresh encoding (:meth:`encode_state`) runs it on
      an empty cache. It is the one mapping from the state a game keeps in step
      with ``fill``: the RL tests compare the two slice by slice over many
      positions of every game, player count and option set, determinized worlds
      included, so it can expose nothing the dict does not. A game without it
      goes through the dict.
    """

    # the game options that shape the vector (None: all of them); one encoder serves every option set that
    # agrees on these, so an option the vector is not shaped by (one the state itself reads) is left out
    layout_options: frozenset[str] | None = None

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.players = players
        self.options = options
        self.layout = Layout()
        p = players
        self.layout.add("to_move", p, "seats to move now (relative: slot 0 is the observer)")
        self.layout.add("is_over", 1, "1 once the game is over")
        self.layout.add("winners", p, "winning seats once over (relative)")
        # whether the game has the fast path (else every encoding goes through the observation dict)
        self.incremental = type(self).update_state is not Encoder.update_state

    @property
    def shape(self) -> tuple[int]:
        return (self.layout.size,)

    @property
    def direct(self) -> bool:
        """Whether :meth:`encode_state` writes from the state (the game has ``update_state``), not the dict."""
        return self.incremental

    def encode(self, obs: Obs) -> Vector:
        """The vector of one observation (of the seat it names; a spectator's reads as seat 0)."""
        v = new_vector(self.layout)
        seat = obs.get("seat")
        me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players else 0
        p = self.players
        seat_hot(v, 0, p, me, obs.get("to_move"))
        flag(v, p, obs.get("is_over"))
        seat_hot(v, p + 1, p, me, obs.get("winners"))
        self.fill(v, obs, me)
        return v

    def encode_state(self, state: Any, seat: int) -> Vector:
        """The vector of ``encode(state.observation(seat))``, written by the game's ``update_state`` on an
        empty cache (without building the dict) when it has one."""
        if not self.incremental:
            return self.encode(state.observation(seat))
        return self.encode_kept(SeatCache(self, seat), state, seat, state.to_move)

    # ------------------------------------------------------------- incremental path
    # the number of pieces ``update_state`` keeps in a SeatCache (besides the common slices); 0: none
    pieces = 0

    def new_cache(self, seat: int) -> SeatCache:
        """An empty cache for ``seat``'s vectors: the first :meth:`encode_cached` writes every piece."""
        return SeatCache(self, seat)

    def encode_cached(self, cache: SeatCache, state: Any, seat: int, to_move: tuple[int, ...] | None = None) -> Vector:
        """``encode_state(state, seat)`` as a new array, written by updating ``cache`` (kept by the caller
        for this seat): only the pieces whose inputs differ from those the cache last saw are rewritten.
        ``to_move`` is ``state.to_move`` if the caller already holds it (some games compute it). A game
        without ``update_state`` encodes afresh, through the dict.

        Each piece of the cached vector is a function of its key (a copy of the very state fields it is
        drawn from), so the result does not depend on what the cache saw before: the suite checks it
        equals ``encode(state.observation(seat))`` at every step of long random games, for caches that
        look every step and caches that look now and then, across games and determinized worlds.
        """
        if cache.encoder is not self:
            raise ValueError("this cache was made for another encoder (another game, player count or options)")
        if cache.seat != seat:
            raise ValueError(f"this cache was made for seat {cache.seat}, not seat {seat}")
        return self.encode_kept(cache, state, seat, state.to_move if to_move is None else to_move)

    def encode_kept(self, cache: SeatCache, state: Any, seat: int, to_move: tuple[int, ...]) -> Vector:
        """:meth:`encode_cached` without its checks, for a caller that made ``cache`` with :meth:`new_cache`
        for this very encoder and ``seat`` and passes ``state.to_move`` (the environments' views, once a
        step): the same vector, a new array."""
        if not self.incremental:
            return self.encode(state.observation(seat))
        self.write_kept(cache, state, seat, to_move)
        return cache.vector.copy()

    def write_kept(self, cache: SeatCache, state: Any, seat: int, to_move: tuple[int, ...]) -> None:
        """:meth:`encode_kept` without the copy: ``cache.vector`` itself is brought up to ``state`` (for a
        cache whose vector is a row of a batch, written in place: see ``SeatCache(..., vector=row)``)."""
        if not self.incremental:
            cache.vector[:] = self.encode(state.observation(seat))
            return
        # the common slices: to_move while the game runs (a game with a seat to move is not over); once
        # over, to_move and the winners
        key: Any = to_move if type(to_move) is tuple else tuple(to_move)
        if not to_move and state.is_over:
            key = (key, tuple(state.winners))
        if key != cache.keys[0]:
            cache.keys[0] = key
            p = self.players
            hot = [(s - seat) % p for s in to_move]
            if state.is_over:
                hot.append(p)
                hot += [p + 1 + (s - seat) % p for s in key[1]]
            relight(cache, 0, hot)
        self.update_state(cache, state, seat)

    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        """The incremental fast path: bring ``cache.vector`` up to what :meth:`fill` writes for ``me``,
        rewriting only the pieces whose key changed (pieces 1 … ``self.pieces`` of the cache are the
        encoder's own; an empty cache has every key unseen, so every piece is written)."""
        raise NotImplementedError

    def fill(self, v: Vector, obs: Obs, me: int) -> None:
        """Write the game's own slices (everything after the common ones) for observer ``me``, reading each
        key with a default (a key missing or of another type lights nothing, never raises)."""
        raise NotImplementedError


def set_bits(x: int) -> list[int]:
    """The positions of the 1 bits of ``x``, lowest first (a game's bit set as a list)."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


class Memo:
    """Remembered pieces of vectors: a key (the state fields a piece is drawn from) -> the piece (say the
    indices it lights, or numpy arrays of indices and values ready to write with one numpy call).

    A piece such as Ibyron's island or an Isle of Skye territory changes only every few moves, while
    encoding it value by value costs more than building its key from the same fields. The memo is a
    cache of the very function the encoder computes, so it shows nothing that function does not;
    it forgets everything once it holds ``size`` pieces.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self.pieces: dict[Any, Any] = {}

    def get(self, key: Any) -> Any:
        """The piece kept for ``key``, or ``None`` (then the caller builds it and keeps it)."""
        return self.pieces.get(key)

    def keep(self, key: Any, piece: Any) -> Any:
        """Keep ``piece`` for ``key``; returns it."""
        return self._keep(key, piece)

    def _keep(self, key: Any, piece: Any) -> Any:
        if len(self.pieces) >= self.size:
            self.pieces.clear()
        self.pieces[key] = piece
        return piece


# zeros to clear a run of a kept vector with (``cache.view[a:b] = ZEROS[: b - a]``): a memoryview copy,
# about twice as fast as numpy's ``vector[a:b] = 0.0`` for the runs of a few hundred values encoders clear
ZEROS: Any = memoryview(bytes(4 << 15)).cast("f")


class _Unseen:
    """The key of a piece not written yet: equal to no state field, and still itself once unpickled."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSEEN"

    def __reduce__(self) -> str:
        return "UNSEEN"  # pickled as a reference to this module's UNSEEN, so ``is UNSEEN`` still holds


UNSEEN: Any = _Unseen()


class SeatCache:
    """One seat's vector as :meth:`Encoder.encode_cached` last wrote it and, per piece, the key it was
    drawn from (a copy of those state fields) and the indices it lit.

    Piece 0 is the common slices; pieces 1 … ``encoder.pieces`` are the encoder's own. An environment
    keeps one per seat, so a seat that looks again after a move or two costs only the pieces that move
    changed. A cache is made for one seat of one encoder and refuses any other.
    """

    __slots__ = ("encoder", "keys", "lit", "seat", "vector", "view")

    def __init__(self, encoder: Encoder[Any], seat: int, vector: Vector | None = None) -> None:
        """``vector``: the array to keep the seat's vector in (say a row of a batch of observations, which
        is zeroed here; it must be ``float32``, C-contiguous and as long as the encoder's vectors)."""
        self.encoder = encoder
        self.seat = seat
        if vector is None:
            vector = new_vector(encoder.layout)
        else:
            if vector.shape != encoder.shape or vector.dtype != np.float32 or not vector.flags.c_contiguous:
                raise ValueError(f"a seat's vector is a C-contiguous float32 array of shape {encoder.shape}")
            vector[:] = 0.0
        self.vector = vector
        self.view: Any = self.vector.data  # written one value at a time: cheaper than numpy's indexing
        self.keys: list[Any] = [UNSEEN] * (encoder.pieces + 1)
        self.lit: list[list[int]] = [[] for _ in range(encoder.pieces + 1)]

    def __getstate__(self) -> dict[str, Any]:  # a memoryview does not pickle: it is rebuilt
        return {"encoder": self.encoder, "seat": self.seat, "vector": self.vector, "keys": self.keys, "lit": self.lit}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        for name, value in saved.items():
            setattr(self, name, value)
        self.view = self.vector.data


def relight(cache: SeatCache, piece: int, hot: list[int]) -> None:
    """Make ``hot`` the indices ``piece`` lights: clear the ones it lit before, light these."""
    m = cache.view
    for i in cache.lit[piece]:
        m[i] = 0.0
    for i in hot:
        m[i] = 1.0
    cache.lit[piece] = hot


def changed_at(new: Sequence[Any], old: Sequence[Any]) -> Iterator[int]:
    """The positions where ``new`` and ``old`` (as long as each other) differ, found at C speed."""
    if len(new) != len(old):
        raise ValueError(f"changed_at compares runs of one length, not {len(new)} and {len(old)}")
    return compress(count(), map(ne, new, old))


def move_one_hots(cache: SeatCache, piece: int, values: list[int], starts: list[int], slot: list[int]) -> None:
    """Per position ``i``, exactly one of the slots from ``starts[i]`` is lit: ``slot[values[i]]``. Moves the
    light of every position whose value changed since ``cache.keys[piece]`` (all, the first time), and
    keeps a copy of ``values`` there."""
    m, old = cache.view, cache.keys[piece]
    if old is UNSEEN or len(old) != len(values):
        if old is not UNSEEN:
            for at, v in zip(starts, old, strict=False):
                m[at + slot[v]] = 0.0
        for at, v in zip(starts, values, strict=False):
            m[at + slot[v]] = 1.0
        cache.keys[piece] = values[:]
        return
    for i in changed_at(values, old):  # old[i] is written only once the comparison has passed it
        if i < len(starts):
            at = starts[i]
            m[at + slot[old[i]]] = 0.0
            m[at + slot[values[i]]] = 1.0
        old[i] = values[i]  # the kept copy follows, in place


def write_scaled(m: Any, starts: list[int], offset: int, values: Sequence[int], ceiling: float) -> None:
    """``m[starts[q] + offset] = min(1, values[q] / ceiling)`` for every seat ``q``."""
    for at, x in zip(starts, values, strict=False):
        m[at + offset] = min(1.0, x / ceiling)


def move_hot(cache: SeatCache, piece: int, index: int | None) -> None:
    """For a piece that lights one index (or none: ``None``): light ``index`` instead of the one it lit.
    Its key slot holds the index lit."""
    old = cache.keys[piece]
    if index != old:
        m = cache.view
        if old is not None and old is not UNSEEN:
            m[old] = 0.0
        if index is not None:
            m[index] = 1.0
        cache.keys[piece] = index


def move_hots(cache: SeatCache, piece: int, indices: list[int]) -> None:
    """For pieces that light one index each (or none: -1), gathered in one list: light ``indices`` instead
    of those lit before, moving only the ones that changed. The key slot holds the list of indices lit
    (one call and one comparison for several one-hots, cheaper than a :func:`move_hot` each)."""
    old = cache.keys[piece]
    if indices == old:
        return
    m = cache.view
    if old is UNSEEN or len(old) != len(indices):
        for i in () if old is UNSEEN else old:
            if i >= 0:
                m[i] = 0.0
        for i in indices:
            if i >= 0:
                m[i] = 1.0
    else:
        moved = list(changed_at(indices, old))
        for k in moved:  # every old light out before any new one is lit: two pieces may trade indices
            if old[k] >= 0:
                m[old[k]] = 0.0
        for k in moved:
            if indices[k] >= 0:
                m[indices[k]] = 1.0
    cache.keys[piece] = indices


def changed_rows(cache: SeatCache, piece: int, rows: list[list[Any]]) -> list[int]:
    """The positions of the rows of ``rows`` (a list of lists, one per seat say) that differ from the copy
    kept in ``cache.keys[piece]``, which is brought up to date in place (all of them the first time)."""
    old = cache.keys[piece]
    if old is UNSEEN or len(old) != len(rows):
        cache.keys[piece] = [row[:] for row in rows]
        return list(range(len(rows)))
    out = list(changed_at(rows, old))
    for q in out:
        old[q] = rows[q][:]
    return out


def write_changed(
    cache: SeatCache, piece: int, values: list[int], starts: list[int], offset: int, ceiling: float | None
) -> None:
    """``m[starts[i] + offset] = min(1, values[i] / ceiling)`` (with ``ceiling`` ``None``: 1 if
    ``values[i] > 0`` else 0) for each position ``i`` whose value changed since the copy the key slot
    holds (every position the first time), which follows in place."""
    m, old = cache.view, cache.keys[piece]
    if old is UNSEEN or len(old) != len(values):
        where: Iterable[int] = range(len(values))
        cache.keys[piece] = old = values[:]
    else:
        where = changed_at(values, old)
    for i in where:
        if i < len(starts):
            x = values[i]
            if ceiling is None:
                m[starts[i] + offset] = 1.0 if x > 0 else 0.0
            else:  # min(1.0, x / ceiling) without the call to min (some 300 instructions)
                m[starts[i] + offset] = r if (r := x / ceiling) < 1.0 else 1.0
        old[i] = values[i]
