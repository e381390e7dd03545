"""Ibyron's observation vector (all values in [0, 1]; seats relative to the observer).

The island is written per space, not per grid cell: it is made of at most 11
tiles of 4 spaces, so at most 44 land spaces, wherever on the 42 × 42 grid it
lies, and its coast (the sea spaces beside it, where a leader may wait to
explore) has at most 88 (each tile laid on the sea adds at most the 8 spaces
around it). Land spaces fill fixed slots in the order the observation lists
them (ascending (y, x)), each with its coordinates, level, terrain and what
stands on it; coast spaces fill slots of their own the same way. The rest is
the market, the village and one block per seat. Sizes come from the game's
components: 11 land tiles (0–10), 11 building kinds plus the farm, 7 village
spaces, 4 dice and 6 bonus spaces.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import itemgetter, truediv
from typing import Any

import numpy as np

from meeple.games.ibyron import actions as game_actions
from meeple.games.ibyron import data as game_data
from meeple.games.ibyron.data import LOW, SIZE
from meeple.games.ibyron.observe import IbyronObservation
from meeple.games.ibyron.scoring import loose_discs
from meeple.rl.encoding import (
    UNSEEN,
    Encoder,
    Memo,
    SeatCache,
    Vector,
    by_relative_seat,
    category,
    changed_at,
    flag,
    many_hot,
    one_hot,
    relative,
    relight,
    scaled,
    shifted,
)

TILES = 11
LAND_SLOTS = 4 * TILES  # every space of every tile, none stacked
COAST_SLOTS = 8 * TILES  # the coast lies in the rings of the tiles laid on the sea, 8 spaces each
HEIGHTS = 3
TERRAINS = ("field", "forest", "mountain")
PARTS = (
    "farm", "lumber_mill", "refinery", "harbour", "stable", "church", "court_house", "guild_hall",
    "castle_gate", "castle_treasury", "castle_walls", "castle_tower",
)  # fmt: skip
CAMPS = ("grain", "ore", "stone", "wood")
MODES = ("standard", "beginner", "solo")
SIDES = ("front", "back")
STEPS = game_actions.STEP_NAMES  # the game's own list, so a renamed step cannot fall into "other"
DICE = ("wood", "stone", "ore", "gold")
SPACES = ("stablehand", "shipwright", "market", "library", "farmer", "explorer", "tax")
BONUS = 6
RESOURCES = ("coins", "wood", "ore", "stone", "gold", "food")
TECH = ("lumber", "refinery", "taxing")
MAT = ("bank", "foundry", "garden")
# a seat's phase in the round: the slots keep this order (not the game's PHASE_NAMES order, which phase_slot maps
# onto them) so that the vector stays what networks were trained on
SEAT_PHASES = ("village", "outside", "done")
BUILT = PARTS[1:]
CEILING = 30.0  # designed: resources, coins and disc counts are read on 0..30
VP_RANGE = (-40.0, 80.0)  # designed: victory points start negative (forfeited discs)


def _slot(slots: dict[tuple[int, int], int], where: tuple[int, int] | None) -> int | None:
    """Where the slot of the space at ``where`` starts, or ``None`` (no such space, or no place at all)."""
    return None if where is None else slots.get(where)


def _write(cache: SeatCache, piece: int, key: Any, at: list[int], val: list[float]) -> None:
    """Make ``at`` / ``val`` what ``piece`` writes, values clipped into [0, 1] (as ``scaled`` clips each
    value of the observation's), and keep ``(key, val)`` in its key slot. Where the piece lights the same indices as
    before, only the values that changed are written; else the ones it wrote before go back to 0."""
    m = cache.view
    kept = cache.keys[piece]
    if kept is not UNSEEN and cache.lit[piece] == at:
        for i in changed_at(val, kept[1]):
            x = val[i]
            m[at[i]] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
    else:
        for i in cache.lit[piece]:
            m[i] = 0.0
        for i, x in zip(at, val, strict=True):  # every value: pairs, without indexing two lists
            m[i] = 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)
    cache.lit[piece] = at
    cache.keys[piece] = (key, val)


def _changed(cache: SeatCache, piece: int, key: Any) -> bool:
    kept = cache.keys[piece]
    return kept is UNSEEN or kept[0] != key


def _rewrite(cache: SeatCache, piece: int, key: Any, part: Callable[[list[int], list[float], Any, int], None],
             s: Any, me: int) -> None:
    """``_write`` what ``part(at, val, s, me)`` gathers."""
    at: list[int] = []
    val: list[float] = []
    part(at, val, s, me)
    _write(cache, piece, key, at, val)


class IbyronEncoder(Encoder[IbyronObservation]):
    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        p, add = players, self.layout.add
        self.at_mode = add(
            "mode",
            len(MODES) + 1 + len(SIDES) + 1,
            "mode (standard, beginner, solo, other), bonus side (front, back, other)",
        )
        self.at_round = add("round", 2, "[round / round limit, round limit / 30]")
        self.at_who = add("turn_order", 2 * p, "start player, current seat (relative)")
        self.at_step = add("step", len(STEPS) + 1, "the decision asked for now (+ other)")
        self.at_cap = add("village_cap", 1, "village cap / 4")
        self.at_tiles = add(
            "tiles", 2 * TILES + 2, "tiles face up (11), tile being laid (11), [pile size / 11, laying]"
        )
        self.at_dice = add("dice", len(DICE) * 2, "per die (wood, stone, ore, gold): [value / 6, used]")
        self.at_supplies = add("supplies", 3, "[horses / 20, barns / 12, permits / 10] in the supply")
        self.per_space = 2 + 2 * p
        self.at_village = add(
            "village",
            len(SPACES) * self.per_space,
            "per village space (stablehand, shipwright, market, library, farmer, explorer, tax): "
            "[stack height / 9, cost / 4], discs there per seat / 4 (relative), their costs per seat / 12",
        )
        self.at_bonus = add("bonus", BONUS * (p + 2), f"per bonus space: taken by ({p} relative + none), used in solo")
        self.per_player = (
            len(SEAT_PHASES) + len(RESOURCES) + 3 + len(TECH) + 4 + 2 * len(MAT) + 4 + TILES + len(BUILT) + 5
        )
        self.at_players = add(
            "players",
            p * self.per_player,
            f"per seat (relative), {self.per_player} each: phase (village, outside, done), resources "
            "(coins, wood, ore, stone, gold, food), [horses, barns, permits], tech (lumber, refinery, taxing) / 4, "
            "[tech cubes, supply, village box, rest], reserve (bank, foundry, garden), mat buildings (same), "
            "[mayor, forfeited, ship / 4, holds a tile], tile held (11), buildings built (11), "
            "[discs in buildings, loose discs, victory points (-40..80), coins kept, stride / 3]; counts / 30",
        )
        self.per_land = 3 + HEIGHTS + len(TERRAINS) + (p + len(PARTS) + 1) + (p + len(CAMPS) + 1) + p + 1 + 3 * p
        self.at_island = add(
            "island",
            LAND_SLOTS * self.per_land,
            f"per land space ({LAND_SLOTS} slots, in the observation's (y, x) order; empty slots all 0), "
            f"{self.per_land} each: [present, x, y] (x and y from {LOW}..{LOW + SIZE - 1} onto 0..1), "
            "height 1–3, terrain (field, forest, mountain), "
            f"building owner ({p} relative), building parts (farm + 11 kinds), [building discs / 4], "
            f"camp owner ({p}), camp kind (grain, ore, stone, wood), [camp discs / 4], reserved by ({p}), "
            f"[new tile], home of ({p}), leader of ({p}), overseer of ({p})",
        )
        self.per_coast = 3 + p
        self.at_coast = add(
            "coast",
            COAST_SLOTS * self.per_coast,
            f"per coast space (sea beside the island; {COAST_SLOTS} slots, ascending (y, x)), {self.per_coast} "
            f"each: [present, x, y] (as for land), leader of ({p} relative)",
        )
        self._slots_for_state()
        self.island = Memo()
        self.islands_made = 0
        self.points: dict[tuple[int, ...], tuple[float, float]] = {}
        self.counts_at: dict[tuple[int, int | None], list[int]] = {}
        self.pieces = 8 + 2 * players
        # offsets inside a land space's slot
        self.building_at = 3 + HEIGHTS + len(TERRAINS)
        self.camp_at = self.building_at + p + len(PARTS) + 1
        self.reserved_at = self.camp_at + p + len(CAMPS) + 1
        self.marks_at = self.reserved_at + p + 1

    def fill(self, v: Vector, obs: IbyronObservation, me: int) -> None:
        p = self.players
        category(v, self.at_mode, MODES, obs.get("mode"))
        category(v, self.at_mode + len(MODES) + 1, SIDES, obs.get("bonus_side"))
        limit = obs.get("round_limit")
        v[self.at_round] = scaled(obs.get("round"), float(limit) if isinstance(limit, int) and limit > 0 else 30.0)
        v[self.at_round + 1] = scaled(limit, 30)
        one_hot(v, self.at_who, p, relative(obs.get("start_player"), me, p))
        one_hot(v, self.at_who + p, p, relative(obs.get("current"), me, p))
        category(v, self.at_step, STEPS, obs.get("step"))
        v[self.at_cap] = scaled(obs.get("village_cap"), 4)
        many_hot(v, self.at_tiles, TILES, obs.get("tiles_face_up"))
        pending = obs.get("pending_tile")
        one_hot(v, self.at_tiles + TILES, TILES, pending)
        v[self.at_tiles + 2 * TILES] = scaled(obs.get("pile_size"), TILES)
        flag(v, self.at_tiles + 2 * TILES + 1, isinstance(pending, int) and pending >= 0)
        for die in obs.get("dice") or ():
            if isinstance(die, dict) and die.get("resource") in DICE:
                at = self.at_dice + 2 * DICE.index(die["resource"])
                v[at] = scaled(die.get("value"), 6)
                flag(v, at + 1, die.get("used"))
        supplies = obs.get("supplies") or {}
        for k, (key, top) in enumerate((("horses", 20), ("barns", 12), ("permits", 10))):
            v[self.at_supplies + k] = scaled(supplies.get(key), top)
        self._village(v, obs, me)
        for k, space in enumerate((obs.get("bonus") or ())[:BONUS]):
            if isinstance(space, dict):
                at = self.at_bonus + k * (p + 2)
                r = relative(space.get("taken_by"), me, p)
                v[at + (p if r is None else r)] = 1.0
                flag(v, at + p + 1, space.get("used_solo"))
        for r, row in by_relative_seat(obs.get("players_info"), me, p):
            self._player(v, self.at_players + r * self.per_player, row)
        self._board(v, obs, me)

    def _village(self, v: Vector, obs: IbyronObservation, me: int) -> None:
        p = self.players
        village = obs.get("village") or {}
        costs = obs.get("village_costs") or {}
        for k, space in enumerate(SPACES):
            at = self.at_village + k * self.per_space
            stack = village.get(space) or []
            v[at] = scaled(len(stack), 9)
            v[at + 1] = scaled(costs.get(space), 4)
            counts = [0.0] * p
            paid = [0.0] * p
            for entry in stack:
                if isinstance(entry, list) and len(entry) == 2:
                    r = relative(entry[0], me, p)
                    if r is not None:
                        counts[r] += 1
                        paid[r] += entry[1] if isinstance(entry[1], int) else 0
            for r in range(p):
                v[at + 2 + r] = scaled(counts[r], 4)
                v[at + 2 + p + r] = scaled(paid[r], 12)

    def _player(self, v: Vector, at: int, row: dict[str, Any]) -> None:
        if row.get("phase") in SEAT_PHASES:
            v[at + SEAT_PHASES.index(row["phase"])] = 1.0
        at += len(SEAT_PHASES)
        resources = row.get("resources") or {}
        for k, key in enumerate(RESOURCES):
            v[at + k] = scaled(resources.get(key), CEILING)
        at += len(RESOURCES)
        for k, key in enumerate(("horses", "barns", "permits")):
            v[at + k] = scaled(row.get(key), CEILING)
        at += 3
        tech = row.get("tech") or {}
        for k, key in enumerate(TECH):
            v[at + k] = scaled(tech.get(key), 4)
        at += len(TECH)
        for k, key in enumerate(("tech_cubes", "supply", "village_box", "rest")):
            v[at + k] = scaled(row.get(key), CEILING)
        at += 4
        for k, key in enumerate(("reserve", "mat_buildings")):
            for name in row.get(key) or ():
                if name in MAT:
                    v[at + k * len(MAT) + MAT.index(name)] = 1.0
        at += 2 * len(MAT)
        flag(v, at, row.get("mayor"))
        v[at + 1] = scaled(row.get("forfeited"), CEILING)
        v[at + 2] = scaled(row.get("ship"), 4)
        held = row.get("held_tile")
        flag(v, at + 3, isinstance(held, int) and held >= 0)
        one_hot(v, at + 4, TILES, held)
        at += 4 + TILES
        built = row.get("built") or {}
        for k, key in enumerate(BUILT):
            v[at + k] = scaled(built.get(key), 3)
        at += len(BUILT)
        v[at] = scaled(row.get("discs_in_buildings"), CEILING)
        v[at + 1] = scaled(row.get("loose_discs"), CEILING)
        v[at + 2] = shifted(row.get("victory_points"), *VP_RANGE)
        v[at + 3] = scaled(row.get("keep_coins"), CEILING)
        v[at + 4] = scaled(row.get("stride"), 3)

    @staticmethod
    def _xy(where: Any) -> tuple[int, int] | None:
        """``(x, y)`` of ``[x, y]`` (or a dict with ``x``, ``y``) on the grid, or ``None``."""
        if isinstance(where, dict):
            x, y = where.get("x"), where.get("y")
        elif isinstance(where, list | tuple) and len(where) == 2:
            x, y = where
        else:
            return None
        if (isinstance(x, int) and isinstance(y, int) and not isinstance(x, bool) and not isinstance(y, bool)
                and LOW <= x < LOW + SIZE and LOW <= y < LOW + SIZE):
            return x, y
        return None

    def _placed(self, v: Vector, entries: Any, count: int, start: int, per: int) -> dict[tuple[int, int], int]:
        """Write [present, x, y] in a slot per space of ``entries`` (the first ``count``, slot k for entry k;
        entries naming no space on the grid are skipped); returns where each space's slot starts, by (x, y)."""
        slots: dict[tuple[int, int], int] = {}
        for k, entry in enumerate(entries[:count] if isinstance(entries, list) else ()):
            where = self._xy(entry)
            if where is not None:
                at = slots[where] = start + k * per
                v[at : at + 3] = (1.0, (where[0] - LOW) / (SIZE - 1), (where[1] - LOW) / (SIZE - 1))
        return slots

    def _spaces(self, v: Vector, obs: IbyronObservation) -> tuple[dict[tuple[int, int], int], ...]:
        """Write the land and coast slots' [present, x, y], and the land spaces' heights and terrains; returns
        where each land space's slot and each coast space's slot starts, by (x, y)."""
        cells = obs.get("cells")
        land = self._placed(v, cells, LAND_SLOTS, self.at_island, self.per_land)
        for cell in cells[:LAND_SLOTS] if land and isinstance(cells, list) else ():
            at = _slot(land, self._xy(cell))
            if at is None or not isinstance(cell, dict):
                continue
            height = cell.get("height")
            one_hot(v, at + 3, HEIGHTS, height - 1 if isinstance(height, int) else None)
            if cell.get("terrain") in TERRAINS:
                v[at + 3 + HEIGHTS + TERRAINS.index(cell["terrain"])] = 1.0
        return land, self._placed(v, obs.get("coast"), COAST_SLOTS, self.at_coast, self.per_coast)

    def _board(self, v: Vector, obs: IbyronObservation, me: int) -> None:
        p = self.players
        land, coast = self._spaces(v, obs)
        building_at, camp_at, reserved_at, marks_at = self.building_at, self.camp_at, self.reserved_at, self.marks_at
        for b in obs.get("buildings") or ():
            at = _slot(land, self._xy(b)) if isinstance(b, dict) else None
            if at is None:
                continue
            one_hot(v, at + building_at, p, relative(b.get("owner"), me, p))
            for part in b.get("parts") or ():
                if part in PARTS:
                    v[at + building_at + p + PARTS.index(part)] = 1.0
            v[at + building_at + p + len(PARTS)] = scaled(b.get("discs"), 4)
        for c in obs.get("camps") or ():
            at = _slot(land, self._xy(c)) if isinstance(c, dict) else None
            if at is None:
                continue
            one_hot(v, at + camp_at, p, relative(c.get("owner"), me, p))
            if c.get("kind") in CAMPS:
                v[at + camp_at + p + CAMPS.index(c["kind"])] = 1.0
            v[at + camp_at + p + len(CAMPS)] = scaled(c.get("discs"), 4)
        for res in obs.get("reserved") or ():
            at = _slot(land, self._xy(res)) if isinstance(res, dict) else None
            if at is not None:
                one_hot(v, at + reserved_at, p, relative(res.get("owner"), me, p))
        for xy in obs.get("new_tile") or ():
            at = _slot(land, self._xy(xy))
            if at is not None:
                v[at + reserved_at + p] = 1.0
        for r, row in by_relative_seat(obs.get("players_info"), me, p):
            marks = [row.get("home"), row.get("leader"), *(row.get("overseers") or ())[:2]]
            for k, xy in enumerate(marks):
                where = self._xy(xy)
                at = _slot(land, where)
                if at is not None:
                    v[at + marks_at + min(k, 2) * p + r] = 1.0
                elif k == 1 and where is not None and where in coast:  # a leader waiting on the sea
                    v[coast[where] + 3 + r] = 1.0

    # ------------------------------------------------------------ the state's numbering
    def _slots_for_state(self) -> None:
        """The game's own numbering of names -> this encoder's slots (``None``: a name it does not list)."""
        self.dice_slot = [DICE.index(b) if b in DICE else None for b in game_data.MARKET_BOXES[: len(DICE)]]
        self.space_of = [game_data.SPACES.index(name) if name in game_data.SPACES else None for name in SPACES]
        self.phase_slot = [SEAT_PHASES.index(n) if n in SEAT_PHASES else None for n in game_actions.PHASE_NAMES]
        self.mat_slot = [MAT.index(n) if n in MAT else None for n in game_data.MAT_BUILDINGS]
        self.terrain_slot = {k: TERRAINS.index(n) for k, n in game_data.TERRAIN_NAMES.items() if n in TERRAINS}
        self.camp_slot = [CAMPS.index(n) if n in CAMPS else None for n in game_data.CAMP_KINDS]
        self.built_of = [(BUILT.index(b.id), b.index) for b in game_data.BUILDINGS if b.id in BUILT]
        self.part_slot = {b: PARTS.index(d.id) for b, d in enumerate(game_data.BUILDINGS) if d.id in PARTS}
        self.part_slot[game_data.FARM] = PARTS.index("farm")
        self.part_discs = {b: d.discs for b, d in enumerate(game_data.BUILDINGS)}
        self.part_discs[game_data.FARM] = 1

    # ------------------------------------------------------------ the fast path (incremental: a seat's kept vector)
    # pieces: 1 the head (mode .. tiles but the turn, the dice and the supplies), 2 the turn (current seat,
    # step), 3 the village, 4 the bonus spaces, 5 the island's spaces, 6 the pieces on them, then per seat q:
    # 7 + 2q its counts, 8 + 2q its holdings; then (7 + 2 players) the homes, leaders and overseers; last
    # (8 + 2 players, self.pieces) the dice and the supplies
    def update_state(self, cache: SeatCache, s: Any, me: int) -> None:
        """What :meth:`fill` writes, read from the fields ``s.observation(me)`` is built from (everything but
        the order of the beginner pile, which no field here reads), rewriting only the pieces whose fields
        changed since the cache last looked (each piece's key is a copy of the fields its part reads)."""
        key: Any = (s.solo, s.beginner, s.back_side, s.round, s.round_limit, s.start_player, s.cap,
                    tuple(s.tiles), s.pending_tile)
        if _changed(cache, 1, key):
            _rewrite(cache, 1, key, self._head_state, s, me)
        # the market (dice) and the supplies change with most village visits: their slots are fixed, so they
        # are written in place, whole, when any changed (the key slot holds the fields)
        key = (*s.dice, *s.dice_used, s.horse_supply, s.barn_supply, s.permit_supply)
        if key != cache.keys[self.pieces]:
            cache.keys[self.pieces] = key
            m = cache.view
            for i, slot in enumerate(self.dice_slot):
                if slot is not None:
                    m[self.at_dice + 2 * slot] = min(1.0, max(0.0, s.dice[i] / 6))
                    m[self.at_dice + 2 * slot + 1] = 1.0 if s.dice_used[i] else 0.0
            m[self.at_supplies] = min(1.0, max(0.0, s.horse_supply / 20))
            m[self.at_supplies + 1] = min(1.0, max(0.0, s.barn_supply / 12))
            m[self.at_supplies + 2] = min(1.0, max(0.0, s.permit_supply / 10))
        key = (s.current, s.step)
        if key != cache.keys[2]:  # every index it lights is 1: relit, not written value by value
            cache.keys[2] = key
            relight(cache, 2, self._turn_hot(s, me))
        key = (s.cap, *map(tuple, s.stacks))
        kept = cache.keys[3]
        if kept != key:
            self._update_village(cache, s, me, key, kept)
        key = (s.back_side, tuple(s.bonus_taken), tuple(s.solo_used))
        if key != cache.keys[4]:
            cache.keys[4] = key
            relight(cache, 4, self._bonus_hot(s, me))
        keys = cache.keys
        kept = keys[5]
        if kept is UNSEEN or not (kept[0] is s.height and kept[1] is s.terrain and kept[2] is s.land
                                  and kept[3] is s.coast):
            island = self._island_piece(s)
            if kept is not UNSEEN:
                cache.vector[kept[4][0]] = 0.0
            cache.vector[island[0]] = island[1]
            keys[5] = kept = (s.height, s.terrain, s.land, s.coast, island)
        island = kept[4]
        key = (island[4], tuple(s.buildings.items()), tuple(s.camps.items()), tuple(s.reserved.items()),
               s.new_cells if s.step == game_data.S_OVERSEE else ())
        if _changed(cache, 6, key):
            at: list[int] = []
            val: list[float] = []
            self._board_state(at, val, s, me, island[2], island[3])
            _write(cache, 6, key, at, val)
        p = self.players
        key = (island[4], *s.home, *s.leader, *map(tuple, s.overseer))  # copies: the state edits its lists
        if key != keys[7 + 2 * p]:
            keys[7 + 2 * p] = key
            relight(cache, 7 + 2 * p, self._marks_hot(s, me, island[2], island[3]))
        for q in range(p):
            base = self.at_players + ((q - me) % p) * self.per_player
            castle = s.castle[q]
            key = (s.phase[q], *s.res[q], s.horses[q], s.barns[q], s.permits[q], s.supply[q], s.vbox[q],
                   s.rest[q], s.mayor[q], s.forfeit[q], s.in_buildings[q], len(s.reserve[q]), *s.mat[q],
                   *s.built[q], len(s.buildings[castle][1]) if castle >= 0 else 0)
            if _changed(cache, 7 + 2 * q, key):
                _write(cache, 7 + 2 * q, key, *self._player_counts(s, q, base))
            key = (*s.tech[q], s.cubes[q], tuple(s.reserve[q]), *s.mat[q], s.ship[q], s.held[q], *s.built[q],
                   s.tallest[q])
            if _changed(cache, 8 + 2 * q, key):
                at, val = [], []
                self._player_holdings(at, val, s, q, base)
                _write(cache, 8 + 2 * q, key, at, val)

    def _turn_hot(self, s: Any, me: int) -> list[int]:
        """The indices lit by the seat whose turn it is and the step (they change every move)."""
        r = relative(s.current, me, self.players)
        step = self.at_step + (s.step if 0 <= s.step < len(STEPS) else len(STEPS))
        return [step] if r is None else [self.at_who + self.players + r, step]

    def _head_state(self, at: list[int], val: list[float], s: Any, me: int) -> None:
        """The mode, round, start player, village cap and tiles."""
        p = self.players
        mode = 2 if s.solo else (1 if s.beginner else 0)
        at += (self.at_mode + mode, self.at_mode + len(MODES) + 1 + (1 if s.back_side else 0))
        val += (1.0, 1.0)
        limit = s.round_limit
        at += (self.at_round, self.at_round + 1, self.at_cap)
        val += (
            scaled(s.round, float(limit) if isinstance(limit, int) and limit > 0 else 30.0),
            scaled(limit, 30),
            s.cap / 4,
        )
        r = relative(s.start_player, me, p)
        if r is not None:
            at.append(self.at_who + r)
            val.append(1.0)
        if not s.beginner:
            at += [self.at_tiles + t for t in s.tiles if 0 <= t < TILES]
            val += [1.0] * (len(at) - len(val))
        pending = s.pending_tile
        if 0 <= pending < TILES:
            at.append(self.at_tiles + TILES + pending)
            val.append(1.0)
        at += (self.at_tiles + 2 * TILES, self.at_tiles + 2 * TILES + 1)
        val += (len(s.tiles) / TILES, 1.0 if pending >= 0 else 0.0)

    def _update_village(self, cache: SeatCache, s: Any, me: int, key: tuple[Any, ...], kept: Any) -> None:
        """The village's values, written in place: every space's when the cap changed (or the cache is
        empty), else only those whose stack changed since ``kept`` (the key slot holds the cap and every
        stack: one stack changes at a time, most moves that change any). A space's slots are fixed, so
        its values are written whole (zeros included), with no indices to keep."""
        m, p, cap = cache.view, self.players, s.cap
        cache.keys[3] = key
        every = kept is UNSEEN or len(kept) != len(key) or kept[0] != cap
        for k, game_k in enumerate(self.space_of):
            if game_k is None or not (every or kept[1 + game_k] != key[1 + game_k]):
                continue
            base = self.at_village + k * self.per_space
            stack = s.stacks[game_k]
            if not stack:  # no stack: a visit costs 1
                m[base], m[base + 1] = 0.0, 0.25
                for i in range(base + 2, base + 2 + 2 * p):
                    m[i] = 0.0
                continue
            counts = [0] * p
            paid = [0] * p
            for owner, cost, _ in stack:
                r = (owner - me) % p
                counts[r] += 1
                paid[r] += cost
            # the cost of a visit (IbyronPosition._village_cost), written out; values clipped into [0, 1]
            m[base] = min(1.0, len(stack) / 9)
            m[base + 1] = min(1.0, min(cap, stack[-1][1] + 1) / 4)
            for r in range(p):
                m[base + 2 + r] = min(1.0, counts[r] / 4)
                m[base + 2 + p + r] = min(1.0, paid[r] / 12)

    def _bonus_hot(self, s: Any, me: int) -> list[int]:
        """The indices lit by the bonus spaces: each one's taker (or none), and whether used in solo."""
        p = self.players
        if s.back_side:  # the back side's spaces name no taker: each reads "none"
            return [self.at_bonus + k * (p + 2) + p for k in range(min(BONUS, len(game_data.BACK)))]
        hot = []
        for k in range(min(BONUS, len(game_data.FRONT))):
            base = self.at_bonus + k * (p + 2)
            r = relative(s.bonus_taken[k], me, p)
            hot.append(base + (p if r is None else r))
            if s.solo_used[k]:
                hot.append(base + p + 1)
        return hot

    def _player_counts(self, s: Any, q: int, base: int) -> tuple[list[int], list[float]]:
        """The indices and values of seat ``q``'s block (from ``base``) that change move by move: phase,
        resources, horses, barns, permits, supply, village box, rest, Mayor, forfeited discs, discs in
        buildings, victory points, coins kept. The indices are one list per block and phase slot, made
        once (so ``_write`` finds them the same as last time with one comparison)."""
        slot = self.phase_slot[s.phase[q]]
        at = self.counts_at.get((base, slot))
        if at is None:
            at = self.counts_at[base, slot] = self._counts_indices(base, slot)
        res = s.res[q]
        val = [] if slot is None else [1.0]
        val += map(truediv, res[: len(RESOURCES)], repeat(CEILING))
        discs = s.in_buildings[q]
        castle = s.castle[q]
        vp_key = (*s.built[q], *s.mat[q], len(s.buildings[castle][1]) if castle >= 0 else 0, res[game_data.GOLD],
                  res[game_data.COINS], res[game_data.FOOD], discs, len(s.reserve[q]))
        points = self.points.get(vp_key)
        if points is None:  # the score and the coins kept, remembered by everything they are counted from
            if len(self.points) > 4096:
                self.points.clear()
            points = self.points[vp_key] = (shifted(s.victory_points(q), *VP_RANGE), s._coins_kept(q) / CEILING)
        val += (
            s.horses[q] / CEILING, s.barns[q] / CEILING, s.permits[q] / CEILING,
            s.supply[q] / CEILING, s.vbox[q] / CEILING, s.rest[q] / CEILING,
            1.0 if s.mayor[q] else 0.0, s.forfeit[q] / CEILING,
            discs / CEILING, loose_discs(discs) / CEILING, *points,
        )  # fmt: skip
        return at, val

    @staticmethod
    def _counts_indices(base: int, slot: int | None) -> list[int]:
        """Where ``_player_counts`` writes its values, in their order, for a block from ``base``."""
        at = [] if slot is None else [base + slot]
        b = base + len(SEAT_PHASES)
        at += range(b, b + len(RESOURCES) + 3)
        b += len(RESOURCES) + 3 + len(TECH) + 1
        at += (b, b + 1, b + 2)
        b += 3 + 2 * len(MAT)
        at += (b, b + 1)
        b += 4 + TILES + len(BUILT)
        at += range(b, b + 4)
        return at

    def _player_holdings(self, at: list[int], val: list[float], s: Any, q: int, base: int) -> None:
        """The values of seat ``q``'s block that change now and then: tech, tech cubes, reserve, mat
        buildings, ship, the tile held, buildings built, stride."""
        b = base + len(SEAT_PHASES) + len(RESOURCES) + 3
        tech = s.tech[q]
        at += range(b, b + len(TECH) + 1)
        val += (tech[game_data.LUMBER] / 4, tech[game_data.REFINERY] / 4)
        val += (tech[game_data.TAXING] / 4, s.cubes[q] / CEILING)
        b += len(TECH) + 4
        for m in s.reserve[q]:
            slot = self.mat_slot[m]
            if slot is not None:
                at.append(b + slot)
                val.append(1.0)
        for m, on in enumerate(s.mat[q][:3]):
            slot = self.mat_slot[m]
            if on and slot is not None:
                at.append(b + len(MAT) + slot)
                val.append(1.0)
        b += 2 * len(MAT)
        held = s.held[q]
        at += (b + 2, b + 3)
        val += (s.ship[q] / 4, 1.0 if held >= 0 else 0.0)
        if 0 <= held < TILES:
            at.append(b + 4 + held)
            val.append(1.0)
        b += 4 + TILES
        built = s.built[q]
        for slot, index in self.built_of:
            at.append(b + slot)
            val.append(built[index] / 3)
        b += len(BUILT)
        at.append(b + 4)
        val.append(s._stride(q) / 3)

    def _island(self, s: Any) -> tuple[list[int], list[float], dict[int, int], dict[int, int]]:
        """The island's own values ([present, x, y], height, terrain of each land space, [present, x, y] of
        each coast space) as indices and values, and where each land and coast cell's slot starts."""
        at: list[int] = []
        val: list[float] = []
        land: dict[int, int] = {}
        coast: dict[int, int] = {}
        height, terrain, top = s.height, s.terrain, SIZE - 1
        for k, c in enumerate(s.land[:LAND_SLOTS]):
            base = land[c] = self.at_island + k * self.per_land
            at += (base, base + 1, base + 2)
            val += (1.0, (c % SIZE) / top, (c // SIZE) / top)
            h = height[c]
            if 1 <= h <= HEIGHTS:
                at.append(base + 2 + h)
                val.append(1.0)
            t = self.terrain_slot.get(terrain[c])
            if t is not None:
                at.append(base + 3 + HEIGHTS + t)
                val.append(1.0)
        for k, c in enumerate(s.coast[:COAST_SLOTS]):
            base = coast[c] = self.at_coast + k * self.per_coast
            at += (base, base + 1, base + 2)
            val += (1.0, (c % SIZE) / top, (c // SIZE) / top)
        return at, val, land, coast

    def _island_piece(self, s: Any) -> tuple[Any, Any, dict[int, int], dict[int, int], int]:
        """The island's piece (``_island``'s indices and values as numpy arrays, the slots of its cells and a
        number of its own), built once per island. The sea has height and terrain 0, so the land cells'
        values say everything."""
        pick = itemgetter(*s.land)
        key = (s.land, s.coast, pick(s.height), pick(s.terrain))
        piece = self.island.get(key)
        if piece is None:
            at, val, land, coast = self._island(s)
            self.islands_made += 1
            piece = self.island.keep(
                key, (np.array(at, dtype=np.intp), np.array(val, dtype=np.float32), land, coast, self.islands_made)
            )
        return piece  # type: ignore[no-any-return]

    def _board_state(
        self, at: list[int], val: list[float], s: Any, me: int, land: dict[int, int], coast: dict[int, int]
    ) -> None:
        """What stands on the island: buildings, camps, held spaces, the new tile."""
        p = self.players
        building_at, camp_at, reserved_at = self.building_at, self.camp_at, self.reserved_at
        for c, (owner, parts) in s.buildings.items():
            base = land[c] + building_at
            r = relative(owner, me, p)
            if r is not None:
                at.append(base + r)
            at += [base + p + self.part_slot[b] for b in parts if b in self.part_slot]
            val += [1.0] * (len(at) - len(val))
            at.append(base + p + len(PARTS))
            val.append(sum(self.part_discs[b] for b in parts) / 4)
        for c, (owner, kind, discs) in s.camps.items():
            base = land[c] + camp_at
            r = relative(owner, me, p)
            if r is not None:
                at.append(base + r)
                val.append(1.0)
            slot = self.camp_slot[kind]
            if slot is not None:
                at.append(base + p + slot)
                val.append(1.0)
            at.append(base + p + len(CAMPS))
            val.append(discs / 4)
        for c, owner in s.reserved.items():
            r = relative(owner, me, p)
            if r is not None:
                at.append(land[c] + reserved_at + r)
        if s.step == game_data.S_OVERSEE:
            at += [land[c] + reserved_at + p for c in s.new_cells]
        val += [1.0] * (len(at) - len(val))

    def _marks_hot(self, s: Any, me: int, land: dict[int, int], coast: dict[int, int]) -> list[int]:
        """The indices lit by where each seat's home, leader and overseers are."""
        p, marks_at = self.players, self.marks_at
        hot = []
        for q in range(p):
            r = (q - me) % p
            for k, c in enumerate((s.home[q], s.leader[q], *s.overseer[q][:2])):
                if c in land:
                    hot.append(land[c] + marks_at + min(k, 2) * p + r)
                elif k == 1 and c in coast:  # a leader waiting on the sea
                    hot.append(coast[c] + 3 + r)
        return hot
