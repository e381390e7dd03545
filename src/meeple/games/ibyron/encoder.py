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

``fill`` writes the vector from the observation dict (the reference);
``update_state``, the fast path the environments use, writes it from the
state's fields, rewriting only what changed (``encoder_state.py``).
"""

from __future__ import annotations

from array import array
from operator import itemgetter
from typing import Any

import numpy as np

from meeple.games.ibyron import actions as game_actions
from meeple.games.ibyron import data as game_data
from meeple.games.ibyron import encoder_state
from meeple.games.ibyron.data import LOW, SIZE
from meeple.games.ibyron.encoder_slots import BLOCK, CEILING, PIECES, VP_RANGE
from meeple.games.ibyron.observe import IbyronObservation
from meeple.games.ibyron.scoring import victory_points
from meeple.rl.encoding import (
    Encoder,
    Memo,
    Vector,
    by_relative_seat,
    category,
    flag,
    many_hot,
    one_hot,
    relative,
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


def _slot(slots: dict[tuple[int, int], int], where: tuple[int, int] | None) -> int | None:
    """Where the slot of the space at ``where`` starts, or ``None`` (no such space, or no place at all)."""
    return None if where is None else slots.get(where)


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
        # the fast path's memos: islands (a piece each), the victory points that do not move with resources
        # by what they are counted from, and village spaces
        self.island = Memo()
        self.points: dict[tuple[Any, ...], int] = {}
        self.village: dict[tuple[Any, ...], Any] = {}  # a village space's values by observer, cap and stack
        self.pieces = PIECES
        assert self.per_player == BLOCK, "encoder_slots' offsets follow the players slice"
        # offsets inside a land space's slot
        self.building_at = 3 + HEIGHTS + len(TERRAINS)
        self.camp_at = self.building_at + p + len(PARTS) + 1
        self.reserved_at = self.camp_at + p + len(CAMPS) + 1
        self.marks_at = self.reserved_at + p + 1
        # the layout's sizes, as the fast path (encoder_state.py) reads them
        self.steps, self.tiles, self.bonus_spaces, self.heights = len(STEPS), TILES, BONUS, HEIGHTS
        self.parts, self.camp_kinds, self.land_slots, self.coast_slots = len(PARTS), len(CAMPS), LAND_SLOTS, COAST_SLOTS

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
        self.phase_slot = [SEAT_PHASES.index(n) if n in SEAT_PHASES else None for n in game_actions.PHASE_NAMES]
        self.mat_slot = [MAT.index(n) if n in MAT else None for n in game_data.MAT_BUILDINGS]
        self.terrain_slot = {k: TERRAINS.index(n) for k, n in game_data.TERRAIN_NAMES.items() if n in TERRAINS}
        self.camp_slot = [CAMPS.index(n) if n in CAMPS else None for n in game_data.CAMP_KINDS]
        self.built_of = [(BUILT.index(b.id), b.index) for b in game_data.BUILDINGS if b.id in BUILT]
        self.part_slot = {b: PARTS.index(d.id) for b, d in enumerate(game_data.BUILDINGS) if d.id in PARTS}
        self.part_slot[game_data.FARM] = PARTS.index("farm")
        self.part_discs = {b: d.discs for b, d in enumerate(game_data.BUILDINGS)}
        self.part_discs[game_data.FARM] = 1
        self.slot_of_space = [SPACES.index(name) if name in SPACES else None for name in game_data.SPACES]
        # a village space with no stack: no discs, a visit costs 1
        self.empty_space = array("f", [0.0, 0.25] + [0.0] * (2 * self.players))

    # ------------------------------------------------------------ the fast path (encoder_state.py)
    # the function itself, not a method calling it: a look costs one call less
    update_state = encoder_state.update

    def head_state(self, at: list[int], val: list[float], s: Any, rel: list[int]) -> None:
        """The mode, round, start player, village cap and tiles."""
        mode = 2 if s.solo else (1 if s.beginner else 0)
        at += (self.at_mode + mode, self.at_mode + 4 + (1 if s.back_side else 0))
        val += (1.0, 1.0)
        limit = s.round_limit
        at += (self.at_round, self.at_round + 1, self.at_cap)
        val += (
            scaled(s.round, float(limit) if isinstance(limit, int) and limit > 0 else 30.0),
            scaled(limit, 30),
            s.cap / 4,
        )
        start = s.start_player
        if 0 <= start < len(rel):
            at.append(self.at_who + rel[start])
            val.append(1.0)
        tiles = self.tiles
        if not s.beginner:
            at += [self.at_tiles + t for t in s.tiles if 0 <= t < tiles]
            val += [1.0] * (len(at) - len(val))
        pending = s.pending_tile
        if 0 <= pending < tiles:
            at.append(self.at_tiles + tiles + pending)
            val.append(1.0)
        at += (self.at_tiles + 2 * tiles, self.at_tiles + 2 * tiles + 1)
        val += (len(s.tiles) / tiles, 1.0 if pending >= 0 else 0.0)

    def bonus_hot(self, s: Any, rel: list[int]) -> list[int]:
        """The indices lit by the bonus spaces: each one's taker (or none), and whether used in solo."""
        p, spaces = self.players, self.bonus_spaces
        if s.back_side:  # the back side's spaces name no taker: each reads "none"
            return [self.at_bonus + k * (p + 2) + p for k in range(min(spaces, len(game_data.BACK)))]
        hot = []
        for k in range(min(spaces, len(game_data.FRONT))):
            base = self.at_bonus + k * (p + 2)
            taker = s.bonus_taken[k]
            hot.append(base + (rel[taker] if 0 <= taker < p else p))
            if s.solo_used[k]:
                hot.append(base + p + 1)
        return hot

    def island_values(self, s: Any) -> tuple[list[int], list[float], dict[int, int], dict[int, int]]:
        """The island's own values ([present, x, y], height, terrain of each land space, [present, x, y] of
        each coast space) as indices and values, and where each land and coast cell's slot starts."""
        at: list[int] = []
        val: list[float] = []
        land: dict[int, int] = {}
        coast: dict[int, int] = {}
        size = game_data.SIZE
        height, terrain, top = s.height, s.terrain, size - 1
        for k, c in enumerate(s.land[: self.land_slots]):
            base = land[c] = self.at_island + k * self.per_land
            at += (base, base + 1, base + 2)
            val += (1.0, (c % size) / top, (c // size) / top)
            h = height[c]
            if 1 <= h <= self.heights:
                at.append(base + 2 + h)
                val.append(1.0)
            t = self.terrain_slot.get(terrain[c])
            if t is not None:
                at.append(base + 3 + self.heights + t)
                val.append(1.0)
        for k, c in enumerate(s.coast[: self.coast_slots]):
            base = coast[c] = self.at_coast + k * self.per_coast
            at += (base, base + 1, base + 2)
            val += (1.0, (c % size) / top, (c // size) / top)
        return at, val, land, coast


    def island_piece(self, s: Any) -> tuple[Any, Any, dict[int, int], dict[int, int]]:
        """The island's piece: ``island_values``' indices and values as numpy arrays (written with one numpy
        call each way) and the slots of its cells, made once per island. The sea has height and terrain 0, so
        the land cells' values say everything."""
        pick = itemgetter(*s.land)
        key = (s.land, s.coast, pick(s.height), pick(s.terrain))
        piece = self.island.get(key)
        if piece is None:
            at, val, land, coast = self.island_values(s)
            piece = self.island.keep(key, (np.array(at, dtype=np.intp), np.array(val, dtype=np.float32), land, coast))
        return piece  # type: ignore[no-any-return]

    def points_without_resources(self, s: Any, q: int) -> int:
        """Seat ``q``'s victory points with no gold, coins or food (the fast path adds those, which
        ``scoring.victory_points`` counts linearly), remembered by what they are counted from."""
        castle = s.castle[q]
        height = len(s.buildings[castle][1]) if castle >= 0 else 0
        key = (*s.built[q], sum(s.mat[q]), height, s.in_buildings[q], len(s.reserve[q]))
        part = self.points.get(key)
        if part is None:
            if len(self.points) > 4096:
                self.points.clear()
            part = self.points[key] = victory_points(s.built[q], sum(s.mat[q]), height, 0, 0, 0, s.in_buildings[q],
                                                     len(s.reserve[q]))
        return part
