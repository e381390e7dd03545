"""Ibyron's fast path (``encoder_state.py``): the island and what stands on it.

The island's spaces are numbered anew whenever a tile is laid, so a new island rewrites everything placed by
space: the island's own values, the pieces on it and where each seat's pieces stand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.ibyron import data as game_data
from meeple.games.ibyron.encoder_slots import (
    BUILDINGS,
    CAMPS,
    HOMES,
    ISLAND,
    ISLAND_PIECE,
    LATER_RESERVED,
    LEADERS,
    OVERSEERS,
    RELS,
    RESERVED,
    points_again,
    write_piece,
)
from meeple.rl.encoding import UNSEEN, SeatCache, relight

if TYPE_CHECKING:
    from meeple.games.ibyron.encoder import IbyronEncoder


def new_island(enc: IbyronEncoder, cache: SeatCache, s: Any, grids: tuple[Any, ...]) -> None:
    """Another island (a tile was laid, or another game): its own values, then everything placed by space."""
    keys = cache.keys
    piece = enc.island_piece(s)
    old = keys[ISLAND_PIECE]
    if old is not UNSEEN:
        cache.vector[old[0]] = 0.0
    cache.vector[piece[0]] = piece[1]
    keys[ISLAND] = grids
    keys[ISLAND_PIECE] = piece
    buildings(enc, cache, s, None, None)
    camps(enc, cache, s, None, None)
    reserved(enc, cache, s)
    homes(enc, cache, s, None, None)
    overseers(enc, cache, s, None, None)
    leaders(enc, cache, s, s.leader, [UNSEEN] * enc.players)  # every seat's, into a copy thrown away


def buildings(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    """The buildings: owner, parts and discs per space (and the castle's height counts in its owner's
    points)."""
    land = cache.keys[ISLAND_PIECE][2]
    p, rel, part_slot, part_discs = enc.players, cache.keys[RELS], enc.part_slot, enc.part_discs
    at: list[int] = []
    val: list[float] = []
    for c, (owner, parts) in s.buildings.items():
        base = land[c] + enc.building_at
        if 0 <= owner < p:
            at.append(base + rel[owner])
        at += [base + p + part_slot[b] for b in parts if b in part_slot]
        val += [1.0] * (len(at) - len(val))
        at.append(base + p + enc.parts)
        val.append(sum(part_discs[b] for b in parts) / 4)
    write_piece(cache, BUILDINGS, at, val)
    # a castle's height counts in its owner's points
    return points_again(cache, [q for q in range(p) if s.castle[q] >= 0]) if new is not None else 0


def camps(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    land = cache.keys[ISLAND_PIECE][2]
    p, rel, camp_slot = enc.players, cache.keys[RELS], enc.camp_slot
    at: list[int] = []
    val: list[float] = []
    for c, (owner, kind, discs) in s.camps.items():
        base = land[c] + enc.camp_at
        if 0 <= owner < p:
            at.append(base + rel[owner])
            val.append(1.0)
        slot = camp_slot[kind]
        if slot is not None:
            at.append(base + p + slot)
            val.append(1.0)
        at.append(base + p + enc.camp_kinds)
        val.append(discs / 4)
    write_piece(cache, CAMPS, at, val)
    return 0


def reserved(enc: IbyronEncoder, cache: SeatCache, s: Any) -> None:
    """The spaces held by overseers, and the new tile's spaces while their overseers are being placed."""
    land = cache.keys[ISLAND_PIECE][2]
    p, rel, reserved_at = enc.players, cache.keys[RELS], enc.reserved_at
    at = [land[c] + reserved_at + rel[owner] for c, owner in s.reserved.items() if 0 <= owner < p]
    if s.step == game_data.S_OVERSEE:
        at += [land[c] + reserved_at + p for c in s.new_cells]
    write_piece(cache, RESERVED, at, [1.0] * len(at))


def later_reserved(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    return LATER_RESERVED


def homes(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    land = cache.keys[ISLAND_PIECE][2]
    at, rel = enc.marks_at, cache.keys[RELS]
    relight(cache, HOMES, [land[c] + at + rel[q] for q, c in enumerate(s.home) if c in land])
    return 0


def overseers(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    land = cache.keys[ISLAND_PIECE][2]
    at, rel = enc.marks_at + 2 * enc.players, cache.keys[RELS]
    relight(cache, OVERSEERS, [land[c] + at + rel[q] for q, cells in enumerate(s.overseer) for c in cells[:2]
                               if c in land])
    return 0


def leaders(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    """Each leader lights one index: on its land space, or on its coast space while it waits on the sea (none
    while it is in the village). Only its own seat's leader lights it, so it is moved, not relit. (A hot field:
    ``old`` is brought up to ``new`` here.)"""
    m = cache.view
    keys = cache.keys
    island = keys[ISLAND_PIECE]
    land, coast = island[2], island[3]
    lit, rel = keys[LEADERS], keys[RELS]
    at = enc.marks_at + enc.players
    for q in range(len(new)):
        c = new[q]
        if c == old[q]:
            continue
        old[q] = c
        i = land[c] + at + rel[q] if c in land else (coast[c] + 3 + rel[q] if c in coast else -1)
        was = lit[q]
        if was != i:
            if was >= 0:
                m[was] = 0.0
            if i >= 0:
                m[i] = 1.0
            lit[q] = i
    return 0
