"""Ibyron's RL tensor written from the state: the encoder's fast path, rewriting only what changed.

A seat's cache keeps a copy of every state field its vector is drawn from. A look compares the fields with
the copies and runs the handler of each field that differs: it rewrites the values drawn from that field
(for a field kept per seat, only those of the seats whose entry changed), or marks a piece drawn from several
fields (the head, the bonus spaces, the held spaces) to be rewritten once after the others. A seat looks
again after a move or two, which change a handful of fields, so a look costs a few handlers rather than the
whole vector, and what it writes depends only on the fields (the suite holds it to the observation's vector
at every step of random games).

The fields are compared in three groups (``HOT``, ``WARM``, ``COLD``) by how often a move changes them:
the hot ones one by one (several change at nearly every look), the warm and the cold ones each group in one
comparison first (most looks find the group unchanged, and one comparison in C costs less than one per field).

The island's spaces are numbered anew whenever a tile is laid, so the island is kept apart, by the identity of
its grids (the state replaces them, never edits them, when a tile is laid); a new island rewrites everything
placed by space: the island's own values, the pieces on it and where each seat's pieces stand. Those handlers
are in ``encoder_island.py``; the cache's slots and the writers both modules share in ``encoder_slots.py``.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from itertools import compress, count
from operator import attrgetter, call, ne
from typing import TYPE_CHECKING, Any

from meeple.games.ibyron import data as game_data
from meeple.games.ibyron.encoder_island import buildings as _buildings
from meeple.games.ibyron.encoder_island import camps as _camps
from meeple.games.ibyron.encoder_island import homes as _homes
from meeple.games.ibyron.encoder_island import later_reserved as _later_reserved
from meeple.games.ibyron.encoder_island import leaders as _leaders
from meeple.games.ibyron.encoder_island import new_island as _new_island
from meeple.games.ibyron.encoder_island import overseers as _overseers
from meeple.games.ibyron.encoder_island import reserved as _reserved
from meeple.games.ibyron.encoder_slots import (
    BASES,
    BLOCK,
    BONUS,
    CEILING,
    COLD,
    CURRENT,
    HEAD,
    HELD_SLOTS,
    HOT,
    ISLAND,
    LATER_BONUS,
    LATER_HEAD,
    LATER_POINTS,
    LATER_RESERVED,
    LATER_VILLAGE,
    LEADERS,
    O_BARNS,
    O_BUILT,
    O_CUBES,
    O_DISCS,
    O_FORFEIT,
    O_HELD,
    O_HOLDS,
    O_HORSES,
    O_KEEP,
    O_LOOSE,
    O_MAT,
    O_MAYOR,
    O_PERMITS,
    O_RES,
    O_RESERVE,
    O_REST,
    O_SHIP,
    O_STRIDE,
    O_SUPPLY,
    O_TECH,
    O_VBOX,
    O_VP,
    POINTS,
    RELS,
    STEP,
    VP_RANGE,
    WARM,
    Handler,
    clip,
    move_one,
    points_again,
    write_piece,
)
from meeple.games.ibyron.scoring import VP, loose_discs
from meeple.rl.encoding import UNSEEN, SeatCache, changed_at, relight

if TYPE_CHECKING:
    from meeple.games.ibyron.encoder import IbyronEncoder

# ------------------------------------------------------------------ the look
def update(enc: IbyronEncoder, cache: SeatCache, state: Any, me: int) -> None:
    """Bring ``cache`` (``me``'s) up to ``state``: the handlers of the fields that changed since it last
    looked, then the pieces they marked. The three groups' fields are read in the order of HOT, WARM and COLD
    (the tests check the copies kept against those names)."""
    s = state
    keys = cache.keys
    hot = keys[HOT]
    if hot is UNSEEN:
        hot = _first_look(enc, cache, s, me)
    grids = (s.height, s.terrain, s.land, s.coast)
    if grids != keys[ISLAND]:  # the grids themselves, found identical before their values are compared
        _new_island(enc, cache, s, grids)
    later = 0
    refs = (s.step, s.vbox, s.supply, s.res, s.leader, s.stacks, s.phase, s.horses, s.horse_supply, s.rest,
            s.mayor, s.dice_used, s.forfeit)
    for i in compress(count(), map(ne, refs, hot)):
        new = refs[i]
        offset = _HOT_OFFSET[i]
        if offset > 0:  # a count per seat, written out here: the commonest change
            old = hot[i]
            m = cache.view
            bases = keys[BASES]
            for q in range(len(new)):
                x = new[q]
                if x != old[q]:
                    old[q] = x
                    x /= CEILING
                    m[bases[q] + offset] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
        elif offset == 0:  # a list: its handler brings the copy up to date, entry by entry
            later |= _HOT_HANDLERS[i](enc, cache, s, new, hot[i])
        else:  # an immutable value, kept as it is
            later |= _HOT_HANDLERS[i](enc, cache, s, new, hot[i])
            hot[i] = new
    fields = [s.camps, s.overseer, s.current, s.round, s.start_player, s.bonus_taken, s.permits, s.dice, s.tiles,
            s.permit_supply, s.held, s.barn_supply, s.barns, s.reserved, s.new_cells, s.pending_tile]
    kept = keys[WARM]
    if fields != kept:
        later |= _catch_up(enc, cache, s, fields, kept, _WARM_HANDLERS, _WARM_COPIES)
    fields = [s.buildings, s.reserve, s.mat, s.in_buildings, s.built, s.home, s.tech, s.cubes, s.tallest, s.castle,
            s.ship, s.solo, s.beginner, s.back_side, s.round_limit, s.cap, s.solo_used]
    kept = keys[COLD]
    if fields != kept:
        later |= _catch_up(enc, cache, s, fields, kept, _COLD_HANDLERS, _COLD_COPIES)
    if later:
        _rewrite_later(enc, cache, s, later)


def _catch_up(enc: IbyronEncoder, cache: SeatCache, s: Any, refs: list[Any], kept: list[Any],
              handlers: tuple[Handler, ...], copies: tuple[Callable[[Any], Any], ...]) -> int:
    """Run the handler of each field of ``refs`` that differs from its copy in ``kept``, and copy it there."""
    later = 0
    for i in compress(count(), map(ne, refs, kept)):
        new = refs[i]
        later |= handlers[i](enc, cache, s, new, kept[i])
        kept[i] = copies[i](new)
    return later


def _first_look(enc: IbyronEncoder, cache: SeatCache, s: Any, me: int) -> list[Any]:
    """An empty cache: every field counts as changed (a list's every entry), every piece as unwritten, but for
    the fields a new island's pieces and the village cap's change are drawn from (``_WRITTEN_FIRST``): the
    first look writes those whole anyway, so they are kept as they are."""
    p = enc.players
    keys = cache.keys
    keys[BASES] = [enc.at_players + ((q - me) % p) * BLOCK for q in range(p)]
    keys[RELS] = [(q - me) % p for q in range(p)]
    keys[POINTS] = [None] * p
    keys[LEADERS] = [-1] * p
    keys[STEP] = keys[CURRENT] = -1
    for group, (fields, firsts) in _FIRST.items():
        keys[group] = list(map(call, firsts, fields(s)))
    return keys[HOT]  # type: ignore[no-any-return]


def _rewrite_later(enc: IbyronEncoder, cache: SeatCache, s: Any, later: int) -> None:
    if later & LATER_HEAD:
        at: list[int] = []
        val: list[float] = []
        enc.head_state(at, val, s, cache.keys[RELS])
        write_piece(cache, HEAD, at, val)
    if later & LATER_BONUS:
        relight(cache, BONUS, enc.bonus_hot(s, cache.keys[RELS]))
    if later & LATER_RESERVED:
        _reserved(enc, cache, s)
    if later & LATER_VILLAGE:
        for k in range(len(s.stacks)):
            _village_space(enc, cache, s, k)
    if later >= LATER_POINTS:
        for q in range(enc.players):
            if later & (LATER_POINTS << q):
                points(enc, cache, s, q)


# ------------------------------------------------------------------ the head, the turn, the market, the bonus
def _head(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    return LATER_HEAD


def _step(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    steps = enc.steps
    # move_one, written out: the step changes at most looks
    i = enc.at_step + (new if 0 <= new < steps else steps)
    keys = cache.keys
    was = keys[STEP]
    if was != i:
        m = cache.view
        if was >= 0:
            m[was] = 0.0
        m[i] = 1.0
        keys[STEP] = i
    # the new tile's spaces are shown while their overseers are being placed
    return LATER_RESERVED if (new == game_data.S_OVERSEE) != (old == game_data.S_OVERSEE) else 0


def _current(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    p = enc.players
    move_one(cache, CURRENT, enc.at_who + p + cache.keys[RELS][new] if 0 <= new < p else -1)
    return 0


def _dice(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m, slots = cache.view, enc.dice_slot
    for i in changed_at(new, old):
        slot = slots[i] if i < len(slots) else None
        if slot is not None:
            m[enc.at_dice + 2 * slot] = clip(new[i] / 6)
    return 0


def _dice_used(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    """(A hot field: ``old`` is brought up to ``new`` here.)"""
    m, slots = cache.view, enc.dice_slot
    for i in changed_at(new, old):
        old[i] = new[i]
        slot = slots[i] if i < len(slots) else None
        if slot is not None:
            m[enc.at_dice + 2 * slot + 1] = 1.0 if new[i] else 0.0
    return 0


def _supply(k: int, ceiling: float) -> Handler:
    """The handler of a supply's count (horses, barns, permits: ``k`` 0, 1, 2)."""

    def write(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
        cache.view[enc.at_supplies + k] = clip(new / ceiling)
        return 0

    return write


def _bonus(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    return LATER_BONUS


def _head_and_bonus(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    return LATER_HEAD | LATER_BONUS


# ------------------------------------------------------------------ the village
def _village_space(enc: IbyronEncoder, cache: SeatCache, s: Any, k: int) -> None:
    """Write village space ``k`` (the game's numbering) whole, zeros included, in one slice: its slots are
    fixed, and its values are remembered by the observer, the cap and the stack (a round's visits make the
    same few stacks again and again)."""
    slot = enc.slot_of_space[k] if k < len(enc.slot_of_space) else None
    if slot is None:
        return
    base = enc.at_village + slot * enc.per_space
    stack = s.stacks[k]
    if not stack:  # no stack: a visit costs 1
        cache.view[base : base + enc.per_space] = enc.empty_space
        return
    memo = enc.village
    key = (cache.seat, s.cap, *stack)
    values = memo.get(key)
    if values is None:
        values = _village_values(enc, cache.keys[RELS], s.cap, stack, key)
    cache.view[base : base + enc.per_space] = values


def _village_values(enc: IbyronEncoder, rel: list[int], cap: int, stack: list[tuple[int, int, int]],
                    key: tuple[Any, ...]) -> array[float]:
    """A village space's values: [stack height / 9, cost / 4], discs there per seat / 4, their costs per seat
    / 12 (seats relative to the observer), clipped into [0, 1]; remembered by ``key``. Kept as an
    ``array('f')``, which a slice of the vector's memoryview takes with less ado than a numpy array."""
    p = enc.players
    counts = [0] * p
    paid = [0] * p
    for owner, cost, _ in stack:
        r = rel[owner]
        counts[r] += 1
        paid[r] += cost
    # the cost of a visit (IbyronPosition._village_cost), written out
    values = [len(stack) / 9, min(cap, stack[-1][1] + 1) / 4, *(n / 4 for n in counts), *(n / 12 for n in paid)]
    memo = enc.village
    if len(memo) >= 4096:
        memo.clear()
    kept = memo[key] = array("f", [clip(x) for x in values])
    return kept


def _stacks(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    """(A hot field: ``old`` is brought up to ``new`` here, only the stacks that changed copied.) Each changed
    space is written as ``_village_space`` writes it, written out here: a visit changes one stack a look."""
    slots, per, view = enc.slot_of_space, enc.per_space, cache.view
    for k in compress(count(), map(ne, new, old)):
        stack = new[k]
        old[k] = stack.copy()
        slot = slots[k] if k < len(slots) else None
        if slot is None:
            continue
        base = enc.at_village + slot * per
        if not stack:
            view[base : base + per] = enc.empty_space
            continue
        key = (cache.seat, s.cap, *stack)
        values = enc.village.get(key)
        if values is None:
            values = _village_values(enc, cache.keys[RELS], s.cap, stack, key)
        view[base : base + per] = values
    return 0


def _cap(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    return LATER_HEAD | LATER_VILLAGE


# ------------------------------------------------------------------ each seat's block
def _per_seat(offset: int, ceiling: float) -> Handler:
    """The handler of a count kept per seat, written as ``count / ceiling`` at ``offset`` in each seat's block
    whose entry changed."""

    def write(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
        m = cache.view
        bases = cache.keys[BASES]
        for q in range(len(new)):
            x = new[q]
            if x != old[q]:
                x /= ceiling
                m[bases[q] + offset] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
        return 0

    return write


def _phase(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    """(A hot field: ``old`` is brought up to ``new`` here.)"""
    m, slots = cache.view, enc.phase_slot
    bases = cache.keys[BASES]
    for q in range(len(new)):
        if new[q] != old[q]:
            old[q] = new[q]
            b = bases[q]
            slot = slots[new[q]]
            m[b] = 1.0 if slot == 0 else 0.0
            m[b + 1] = 1.0 if slot == 1 else 0.0
            m[b + 2] = 1.0 if slot == 2 else 0.0
    return 0


def _mayor(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    """(A hot field: ``old`` is brought up to ``new`` here.)"""
    m = cache.view
    bases = cache.keys[BASES]
    for q in range(len(new)):
        if new[q] != old[q]:
            old[q] = new[q]
            m[bases[q] + O_MAYOR] = 1.0 if new[q] else 0.0
    return 0


def points(enc: IbyronEncoder, cache: SeatCache, s: Any, q: int) -> None:
    """Seat ``q``'s victory points: the part kept in the cache (counted again when it was dropped) plus gold,
    coins and food, which ``scoring.victory_points`` adds on linearly."""
    kept = cache.keys[POINTS]
    part = kept[q]
    if part is None:
        part = kept[q] = enc.points_without_resources(s, q)
    r = s.res[q]
    vp = part + r[game_data.GOLD] * _VP_GOLD + r[game_data.COINS] // _VP_COINS + r[game_data.FOOD] * _VP_FOOD
    x = (vp - _VP_LOW) / _VP_SPAN  # encoding.shifted, written out
    cache.view[cache.keys[BASES][q] + O_VP] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


_VP_GOLD, _VP_COINS, _VP_FOOD = int(VP["gold"]), int(VP["coins_per_point"]), int(VP["food"])
_VP_LOW, _VP_SPAN = VP_RANGE[0], VP_RANGE[1] - VP_RANGE[0]


def _res(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    """(A hot field: ``old`` is brought up to ``new`` here, only the rows that changed copied.)"""
    m = cache.view
    bases = cache.keys[BASES]
    for q in range(len(new)):
        row, was = new[q], old[q]
        if row != was:
            old[q] = row.copy()
            b = bases[q] + O_RES
            for k in range(6) if was is UNSEEN or len(was) != len(row) else compress(count(), map(ne, row, was)):
                x = row[k] / CEILING
                m[b + k] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
            if cache.keys[POINTS][q] is not None:  # else counted again once the look's handlers have run
                points(enc, cache, s, q)
    return 0


def _in_buildings(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m = cache.view
    bases = cache.keys[BASES]
    seats = list(changed_at(new, old))
    for q in seats:
        b = bases[q]
        m[b + O_DISCS] = clip(new[q] / CEILING)
        m[b + O_LOOSE] = clip(loose_discs(new[q]) / CEILING)
    return points_again(cache, seats)


def _castle(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    return points_again(cache, changed_at(new, old))


def _reserve(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m, slots = cache.view, enc.mat_slot
    bases = cache.keys[BASES]
    seats = list(changed_at(new, old))
    for q in seats:
        b = bases[q] + O_RESERVE
        for k, slot in enumerate(slots):
            if slot is not None:
                m[b + slot] = 1.0 if k in new[q] else 0.0
    return points_again(cache, seats)


def _mat(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m, slots = cache.view, enc.mat_slot
    bases = cache.keys[BASES]
    seats = list(changed_at(new, old))
    for q in seats:
        b = bases[q]
        for k, slot in enumerate(slots):
            if slot is not None:
                m[b + O_MAT + slot] = 1.0 if k < len(new[q]) and new[q][k] else 0.0
        m[b + O_KEEP] = clip(s._coins_kept(q) / CEILING)
    return points_again(cache, seats)


def _built(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m = cache.view
    bases = cache.keys[BASES]
    seats = list(changed_at(new, old))
    for q in seats:
        b = bases[q]
        built = new[q]
        for slot, index in enc.built_of:
            x = built[index] / 3
            m[b + O_BUILT + slot] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
        m[b + O_KEEP] = clip(s._coins_kept(q) / CEILING)
    return points_again(cache, seats)


def _tech(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m = cache.view
    bases = cache.keys[BASES]
    for q in changed_at(new, old):
        b = bases[q] + O_TECH
        tech = new[q]
        m[b] = clip(tech[game_data.LUMBER] / 4)
        m[b + 1] = clip(tech[game_data.REFINERY] / 4)
        m[b + 2] = clip(tech[game_data.TAXING] / 4)
    return 0


def _held(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m = cache.view
    bases = cache.keys[BASES]
    for q in changed_at(new, old):
        b = bases[q]
        held = new[q]
        m[b + O_HOLDS] = 1.0 if held >= 0 else 0.0
        for t in range(HELD_SLOTS):
            m[b + O_HELD + t] = 1.0 if t == held else 0.0
    return 0


def _tallest(enc: IbyronEncoder, cache: SeatCache, s: Any, new: Any, old: Any) -> int:
    m = cache.view
    bases = cache.keys[BASES]
    for q in changed_at(new, old):
        m[bases[q] + O_STRIDE] = clip(s._stride(q) / 3)
    return 0


# ------------------------------------------------------------------ the fields
def _rows(value: list[list[Any]]) -> list[list[Any]]:
    return list(map(list.copy, value))


def _same(value: Any) -> Any:
    return value


# Every state field the vector is drawn from (besides the island's grids), by group, with its handler (or,
# for a hot count per seat, the offset it is written at) and how it is copied into the cache: a list (the
# state edits them in place) one level down, a list of lists two (their innermost entries are immutable),
# a dict of immutable values shallowly, an immutable value not at all. ``update`` reads them in this order.
HOT_FIELDS = ("step", "vbox", "supply", "res", "leader", "stacks", "phase", "horses", "horse_supply", "rest",
              "mayor", "dice_used", "forfeit")
# A hot field's handler, or for a count per seat (written out in ``update``) the offset it is written at. A hot
# list's copy is brought up to date in place by its handler (only the entries that changed are copied); an
# immutable value is kept as it is.
_HOT: dict[str, Handler] = {
    "step": _step, "res": _res, "leader": _leaders, "stacks": _stacks, "phase": _phase,
    "horse_supply": _supply(0, 20), "mayor": _mayor, "dice_used": _dice_used,
}
_HOT_COUNTS = {"vbox": O_VBOX, "supply": O_SUPPLY, "horses": O_HORSES, "rest": O_REST, "forfeit": O_FORFEIT}
_HOT_IMMUTABLE = ("step", "horse_supply")
_HOT_OFFSET = tuple(_HOT_COUNTS.get(name, -1 if name in _HOT_IMMUTABLE else 0) for name in HOT_FIELDS)
_HOT_HANDLERS: tuple[Handler, ...] = tuple(_HOT.get(name, _head) for name in HOT_FIELDS)
_WARM: dict[str, tuple[Handler, Callable[[Any], Any]]] = {
    "camps": (_camps, dict.copy),
    "overseer": (_overseers, _rows),
    "current": (_current, _same),
    "round": (_head, _same),
    "start_player": (_head, _same),
    "bonus_taken": (_bonus, list.copy),
    "permits": (_per_seat(O_PERMITS, CEILING), list.copy),
    "dice": (_dice, list.copy),
    "tiles": (_head, list.copy),
    "permit_supply": (_supply(2, 10), _same),
    "held": (_held, list.copy),
    "barn_supply": (_supply(1, 12), _same),
    "barns": (_per_seat(O_BARNS, CEILING), list.copy),
    "reserved": (_later_reserved, dict.copy),
    "new_cells": (_later_reserved, _same),
    "pending_tile": (_head, _same),
}
_COLD: dict[str, tuple[Handler, Callable[[Any], Any]]] = {
    "buildings": (_buildings, dict.copy),
    "reserve": (_reserve, _rows),
    "mat": (_mat, _rows),
    "in_buildings": (_in_buildings, list.copy),
    "built": (_built, _rows),
    "home": (_homes, list.copy),
    "tech": (_tech, _rows),
    "cubes": (_per_seat(O_CUBES, CEILING), list.copy),
    "tallest": (_tallest, list.copy),
    "castle": (_castle, list.copy),
    "ship": (_per_seat(O_SHIP, 4), list.copy),
    "solo": (_head, _same),
    "beginner": (_head, _same),
    "back_side": (_head_and_bonus, _same),
    "round_limit": (_head, _same),
    "cap": (_cap, _same),
    "solo_used": (_bonus, list.copy),
}
WARM_FIELDS = tuple(_WARM)
COLD_FIELDS = tuple(_COLD)
_WARM_HANDLERS = tuple(h for h, _ in _WARM.values())
_WARM_COPIES = tuple(c for _, c in _WARM.values())
_COLD_HANDLERS = tuple(h for h, _ in _COLD.values())
_COLD_COPIES = tuple(c for _, c in _COLD.values())
# The fields a first look writes whole without their handlers (a new island rewrites everything placed by
# space; a changed cap, every village space), kept as they are then (copied as their groups copy them).
_WRITTEN_FIRST: dict[str, Callable[[Any], Any]] = {
    "leader": list.copy, "stacks": _rows, "camps": dict.copy, "overseer": _rows, "reserved": dict.copy,
    "new_cells": _same, "buildings": dict.copy, "home": list.copy,
}


def _unseen(value: Any) -> Any:
    """What a first look keeps of a field it has not written: unseen (a list's every entry)."""
    return [UNSEEN] * len(value) if type(value) is list else UNSEEN


# Per group: its fields read in one call, and what a first look keeps of each.
_FIRST = {
    group: (attrgetter(*names), tuple(_WRITTEN_FIRST.get(name, _unseen) for name in names))
    for group, names in ((HOT, HOT_FIELDS), (WARM, WARM_FIELDS), (COLD, COLD_FIELDS))
}
