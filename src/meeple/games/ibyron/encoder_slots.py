"""The layout of a seat's cache in Ibyron's fast path (``encoder_state.py``): its slots, the offsets inside a
seat's block, and the small writers the handlers of ``encoder_state.py`` and ``encoder_island.py`` share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meeple.rl.encoding import UNSEEN, SeatCache, changed_at

if TYPE_CHECKING:
    from meeple.games.ibyron.encoder import IbyronEncoder

# The slots of a cache (``SeatCache.keys`` / ``SeatCache.lit``; 0 is the common slices'):
HOT, WARM, COLD = 1, 2, 3  # keys: the copies of the fields of HOT, WARM and COLD, in their order
ISLAND = 4  # keys: the grids the island was drawn from (height, terrain, land, coast)
ISLAND_PIECE = 5  # keys: the island's piece (see ``island_piece``)
STEP = 6  # keys: the index the step lights
CURRENT = 7  # keys: the index the seat whose turn it is lights (-1: none)
HEAD = 8  # keys and lit: the mode, round, start player, village cap and tiles (written by ``write_piece``)
BONUS = 9  # lit: the bonus spaces
BUILDINGS = 10  # keys and lit: the buildings on the island
CAMPS = 11  # keys and lit: the work camps
RESERVED = 12  # keys and lit: the held spaces and the new tile's spaces
HOMES = 13  # lit: each seat's home
OVERSEERS = 14  # lit: each seat's overseers on the island
LEADERS = 15  # keys: the index each seat's leader lights (-1: none)
BASES = 16  # keys: where each seat's block starts
RELS = 17  # keys: each seat relative to the observer
POINTS = 18  # keys: each seat's victory points without gold, coins and food (None: to count again)
PIECES = 18

CEILING = 30.0  # designed: resources, coins and disc counts are read on 0..30
VP_RANGE = (-40.0, 80.0)  # designed: victory points start negative (forfeited discs)
# Where each value of a seat's block lies (the block's layout in encoder.py, its "players" slice)
O_RES = 3  # coins, wood, ore, stone, gold, food (the state's resource order)
O_HORSES, O_BARNS, O_PERMITS = 9, 10, 11
O_TECH = 12  # lumber, refinery, taxing
O_CUBES, O_SUPPLY, O_VBOX, O_REST = 15, 16, 17, 18
O_RESERVE, O_MAT = 19, 22  # by the encoder's MAT slot
O_MAYOR, O_FORFEIT, O_SHIP, O_HOLDS, O_HELD = 25, 26, 27, 28, 29
O_BUILT = 40  # by the encoder's BUILT slot
O_DISCS, O_LOOSE, O_VP, O_KEEP, O_STRIDE = 51, 52, 53, 54, 55
BLOCK = 56
HELD_SLOTS = 11

# Whose pieces to rewrite once all the changed fields' handlers have run (several fields feed each)
LATER_HEAD, LATER_BONUS, LATER_RESERVED, LATER_VILLAGE = 1, 2, 4, 8
LATER_POINTS = 16  # shifted left by a seat: that seat's victory points, counted again whole

Handler = Callable[["IbyronEncoder", SeatCache, Any, Any, Any], int]


def clip(x: float) -> float:
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


def write_piece(cache: SeatCache, piece: int, at: list[int], val: list[float]) -> None:
    """Make ``at`` / ``val`` what ``piece`` writes, values clipped into [0, 1] (as ``scaled`` clips each
    value of the observation's). Where the piece lights the same indices as before, only the values that
    changed are written; else the ones it wrote before go back to 0."""
    m = cache.view
    kept = cache.keys[piece]
    if kept is not UNSEEN and cache.lit[piece] == at:
        for i in changed_at(val, kept):
            m[at[i]] = clip(val[i])
    else:
        for i in cache.lit[piece]:
            m[i] = 0.0
        for i, x in zip(at, val, strict=True):
            m[i] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
    cache.lit[piece] = at
    cache.keys[piece] = val


def move_one(cache: SeatCache, slot: int, i: int) -> None:
    """Light index ``i`` (-1: none) instead of the one kept in ``slot``."""
    was = cache.keys[slot]
    if was != i:
        m = cache.view
        if was >= 0:
            m[was] = 0.0
        if i >= 0:
            m[i] = 1.0
        cache.keys[slot] = i


def points_again(cache: SeatCache, seats: Any) -> int:
    """Drop the kept part of the victory points of ``seats``, which ``_rewrite_later`` counts again once (a
    build changes several of the fields they are counted from)."""
    kept = cache.keys[POINTS]
    later = 0
    for q in seats:
        kept[q] = None
        later |= LATER_POINTS << q
    return later
