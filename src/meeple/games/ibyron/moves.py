"""The moves of an Outside turn: which spaces a leader may end a move on, and with how many horses.

Moves are the longest lists of the game and are listed at most steps of an Outside turn, so they are picked in C
from byte strings of distances (see ``Spots``); ``move_refusal`` is the same rule asked of one move, for
``apply``'s check and the reason it gives.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import itemgetter
from typing import Any

from meeple.core import Action
from meeple.games.ibyron import actions as A
from meeple.games.ibyron.data import HORSE_POINTS, SIZE, STRIDE_MAX
from meeple.games.ibyron.island import NN, distance, xy
from meeple.games.ibyron.position import IbyronPosition

# The move actions by destination cell, by horses used, and by horses used then destination cell (hot path tables).
MOVE_BY_CELL = tuple(A.MOVE[xy(c)] for c in range(NN))
MOVES_WITH = tuple(tuple(moves[h] for moves in MOVE_BY_CELL) for h in range(A.MAX_HORSES_PER_MOVE + 1))
# Their indices in the action space, the same way (what the RL masks are built from, see ``list_moves``).
MOVE_INDICES_WITH = tuple(tuple(map(A.INDEX.__getitem__, moves)) for moves in MOVES_WITH)
# Each move action's destination cell and horses, so that checking and playing one reads no coordinates.
MOVE_TARGET: dict[Action, tuple[int, int]] = {
    moves[h]: (c, h) for c, moves in enumerate(MOVE_BY_CELL) for h in range(A.MAX_HORSES_PER_MOVE + 1)
}
OCCUPIED = 255  # a distance no band holds: it marks a space another player occupies


# Distances as bytes, so that the spots within a band of distances are picked in C (bytes.translate and
# itertools.compress) however large the grid is. ``_ABS[v][w]`` is |v - w| for grid columns (or rows) v and w:
# a translate table turns a spot's column into its |dx| from the leader's, its row into its |dy|.
_COLUMN = tuple(c % SIZE for c in range(NN))  # a cell's column and row on the grid, from 0
_ROW = tuple(c // SIZE for c in range(NN))
_ABS = tuple(bytes(abs(v - w) if w < SIZE else 0 for w in range(256)) for v in range(SIZE))
assert 2 * (SIZE - 1) < 128, "Spots.distances adds two distances a byte each without carries"


# For a band of distances (near, far]: the translate table that turns a distance into 1 inside it, else 0.
# Keyed by near * 256 + far (both below 256).
_BANDS: dict[int, bytes] = {}


def _band(near: int, far: int) -> bytes:
    table = _BANDS.get(near << 8 | far)
    if table is None:
        table = _BANDS[near << 8 | far] = bytes(1 if near < d <= far and d != OCCUPIED else 0 for d in range(256))
    return table


class Spots:
    """The spaces a leader may end a move on, for one island: its land cells, then its coast cells, each
    ascending (the order moves are listed in), with the move actions to them by horses used.

    Made again whenever a tile grows the island (once every dozen steps in the solo game), so it is made of
    what C builds quickly; the dict of the spots' positions is made only when it is first needed."""

    __slots__ = ("coast", "cols", "far", "index", "indices", "land", "moves", "pick", "rows")

    def __init__(self, land: tuple[int, ...], coast: tuple[int, ...]) -> None:
        self.land, self.coast = land, coast  # held, so that the identity the cache is keyed by stays theirs
        self.pick = itemgetter(*land, *coast)  # the island has at least 8 cells, so this returns a tuple
        self.cols = bytes(self.pick(_COLUMN))
        self.rows = bytes(self.pick(_ROW))
        # the moves to them with h horses, made the first time a move with h horses is listed
        self.moves: list[tuple[Action, ...] | None] = [None] * len(MOVES_WITH)
        # their indices in the action space, the same way
        self.indices: list[tuple[int, ...] | None] = [None] * len(MOVES_WITH)
        # each spot's position, made the first time another player's piece is looked up (never in solo)
        self.index: dict[int, int] | None = None
        # the distances from a leader's cell to every spot, by that cell (a leader stands on a few cells a game)
        self.far: dict[int, bytes] = {}

    def make_index(self) -> dict[int, int]:
        index = self.index = {c: i for i, c in enumerate(self.land + self.coast)}
        return index

    def position(self, cell: int, height: list[int]) -> int:
        """Where ``cell`` is among the spots, or -1 if it is not one (a land cell is a spot, a sea cell only
        on the coast)."""
        if height[cell]:
            return bisect_left(self.land, cell)
        coast = self.coast
        i = bisect_left(coast, cell)
        return len(self.land) + i if i < len(coast) and coast[i] == cell else -1

    def distances(self, leader: int) -> bytearray:
        """The distance from ``leader`` to each spot, in spot order (a new array: the caller marks occupied
        spots in it)."""
        far = self.far.get(leader)
        return bytearray(far if far is not None else self._distances(leader))

    def _distances(self, leader: int) -> bytes:
        """``distances(leader)``, worked out and kept: |dx| + |dy|, added as two little-endian numbers (a
        distance on the grid is below 128, so no byte carries into the next)."""
        dx = self.cols.translate(_ABS[leader % SIZE])
        dy = self.rows.translate(_ABS[leader // SIZE])
        total = int.from_bytes(dx, "little") + int.from_bytes(dy, "little")
        far = self.far[leader] = total.to_bytes(len(dx), "little")
        return far

    def moves_with(self, h: int) -> tuple[Action, ...]:
        moves = self.moves[h]
        if moves is None:
            moves = self.moves[h] = self.pick(MOVES_WITH[h])
        return moves

    def indices_with(self, h: int) -> tuple[int, ...]:
        indices = self.indices[h]
        if indices is None:
            indices = self.indices[h] = self.pick(MOVE_INDICES_WITH[h])
        return indices


# The spots of an island by the identity of its ``land`` tuple (a new tuple is made whenever the island grows,
# and the entry holds on to it, so an id cannot be reused while it lives).
_SPOTS: dict[int, Spots] = {}


def stride_of(s: IbyronPosition, p: int) -> int:
    """``s._stride(p)``, written out for the move paths."""
    stride = s.tallest[p]
    return STRIDE_MAX if stride > STRIDE_MAX else (stride if stride > 1 else 1)


def spots_of(s: IbyronPosition) -> Spots:
    land, coast = s.land, s.coast
    entry = _SPOTS.get(id(land))
    if entry is None or entry.land is not land or entry.coast is not coast:
        if len(_SPOTS) > 1024:
            _SPOTS.clear()
        entry = _SPOTS[id(land)] = Spots(land, coast)
    return entry


def list_moves(s: IbyronPosition, p: int, out: list[Any], by_index: bool = False) -> None:
    """Moves to island and coast spaces, but not onto a space another player occupies (``occupied_cells``);
    ``by_index``: their indices in the action space instead (for the RL masks), in the same order.

    A player's home space holds their well and farm, and their leader returns to it (after founding a camp,
    at each round's start) without a move that could be refused, so another leader standing there would share
    a space with it.
    """
    # spots_of and stride_of, written out: this runs at most steps of an Outside turn
    land, coast = s.land, s.coast
    spots = _SPOTS.get(id(land))
    if spots is None or spots.land is not land or spots.coast is not coast:
        spots = spots_of(s)
    dist = spots.distances(s.leader[p])
    if s.players > 1:  # no other player's piece in the solo game
        occupied = occupied_cells(s, p)
        if occupied:
            index = spots.index or spots.make_index()
            for c in occupied:
                i = index.get(c)
                if i is not None:
                    dist[i] = OCCUPIED
    supply = s.supply[p]
    horses = s.horses[p]
    if horses > A.MAX_HORSES_PER_MOVE:
        horses = A.MAX_HORSES_PER_MOVE
    stride = s.tallest[p]
    if stride > STRIDE_MAX:
        stride = STRIDE_MAX
    elif stride < 1:
        stride = 1
    # With h horses a move needs between 2h - 1 points (no more horses than needed) and supply + 2h points
    # (the rest in discs); a point carries the leader ``stride`` spaces. The spots in that band of distances,
    # in spot order, are the moves in the order they are listed in (land spaces, then coast spaces, ascending).
    moves, listed = (spots.indices, spots.indices_with) if by_index else (spots.moves, spots.moves_with)
    for h in range(horses + 1):
        near = (2 * h - 2) * stride if h else 0
        far = (supply + HORSE_POINTS * h) * stride
        if far >= OCCUPIED:
            far = OCCUPIED - 1
        band = _BANDS.get(near << 8 | far) or _band(near, far)
        out += compress(moves[h] or listed(h), dist.translate(band))


def occupied_cells(s: IbyronPosition, p: int) -> list[int]:
    """Spaces ``p``'s leader may not end a move on: the spaces another player occupies (a cell may repeat).

    That is where another leader stands, another player's home, and every space holding another player's
    pieces: a building, a work camp, or an overseer holding the space for the round. A leader parked on such
    a space would keep its owner's leader off it (a held space could then never be used, a castle never
    built on), which the hold "until the end of the round or they are used by you" rules out.
    """
    out: list[int] = []
    if s.players == 1:  # the solo game: no other player's piece anywhere
        return out
    leader, home = s.leader, s.home
    for q in range(s.players):
        if q != p:
            if leader[q] >= 0:
                out.append(leader[q])
            if home[q] >= 0:
                out.append(home[q])
    for c, (owner, _) in s.buildings.items():
        if owner != p:
            out.append(c)
    for c, camp in s.camps.items():
        if camp[0] != p:
            out.append(c)
    for c, holder in s.reserved.items():
        if holder != p:
            out.append(c)
    return out


def occupied(s: IbyronPosition, p: int, cell: int) -> bool:
    """``cell in occupied_cells(s, p)``, asked of the one space."""
    if s.players == 1:
        return False
    building = s.buildings.get(cell)
    if building is not None and building[0] != p:
        return True
    camp = s.camps.get(cell)
    if camp is not None and camp[0] != p:
        return True
    if s.reserved.get(cell, p) != p:
        return True
    leader, home = s.leader, s.home
    for q in range(s.players):  # noqa: SIM110 - a loop: cheaper than any() of a generator on this hot path
        if q != p and (leader[q] == cell or home[q] == cell):
            return True
    return False


def move_refusal(s: IbyronPosition, p: int, dest: int, horses: int) -> str | None:
    """Why ``p``'s leader may not move to cell ``dest`` with ``horses`` horses now, or None if it may: the rule
    ``list_moves`` lists by bands of distances, asked of one move (``apply``'s check and its refusal)."""
    leader = s.leader[p]
    if leader < 0:
        return "your leader is not on the island yet"
    if dest == leader:
        return "your leader is already there"
    if spots_of(s).position(dest, s.height) < 0:
        return f"{xy(dest)} is neither on the island nor next to it"
    if occupied(s, p, dest):
        return _occupied_words(s, p, dest)
    stride = stride_of(s, p)
    points = (distance(leader, dest) + stride - 1) // stride
    if horses > s.horses[p]:
        return f"you have {s.horses[p]} horses, not {horses}"
    if horses > (points + 1) // 2:
        return f"the move needs {points} movement points; {horses} horses are more than needed"
    if points - HORSE_POINTS * horses > s.supply[p]:
        return (f"the move needs {points} movement points: {max(0, points - HORSE_POINTS * horses)} discs "
                f"with {horses} horses, and you have {s.supply[p]} discs")
    return None


def _occupied_words(s: IbyronPosition, p: int, cell: int) -> str:
    """What makes ``cell`` occupied (``occupied`` said so): a leader, a home, or another player's piece."""
    if any(s.leader[q] == cell for q in range(s.players) if q != p):
        return "a leader may not end its move on a space another player occupies"
    if cell in s._homes_of_others(p):
        return "a leader may not end its move on another player's home space (their leader returns there)"
    return "a leader may not end its move on a space another player occupies (their building, work camp or held space)"
