"""Ibyron's component data (``data.json``): its loading, its checks and the typed tables the rules read.

Every record in the file carries a ``provenance`` object naming, for each of
its fields, where the value comes from (``rulebook``, ``public`` or
``designed``; the one schema of :mod:`meeple.core.data`). The loader refuses a
file where a field has no provenance or a value is out of shape, so someone
editing the data to match their copy gets a clear message instead of a
broken game. The constants below are the only way the rules read the data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.data import DataError, check_provenance, int_field, load_json

__all__ = ["DATA", "DataError", "load"]

TERRAIN_CODES = {"F": 1, "A": 2, "M": 3}  # 0 means "no land here"
TERRAIN_NAMES = {0: "sea", 1: "forest", 2: "field", 3: "mountain"}
RESOURCES = ("coins", "wood", "ore", "stone", "gold", "food")  # index order of a player's resource list
COINS, WOOD, ORE, STONE, GOLD, FOOD = range(6)
MAT_BUILDINGS = ("bank", "garden", "foundry")
SITES = ("forest", "field", "mountain", "home", "any", "castle_gate", "castle_treasury", "castle_walls")
EFFECTS = (
    "tech_lumber", "tech_refinery", "tech_taxing", "ships", "keep_horses", "food_2",
    "food_gold_trade", "horses_2", "treasury", "retrieve_reserve",
)
COST_KEYS = ("wood", "ore", "stone", "gold", "horse", "cube")
SECTIONS = ("grid", "player", "supplies", "tech", "camps", "ship", "explore", "movement", "treasury",
            "church", "castle_gate", "stable", "court_house", "village", "market", "bonus_forfeit_extra",
            "game_length", "victory_points", "win")
# Fields that name a record rather than give a value, and nested lists whose entries carry their own provenance.
NAMES = ("id", "name")
NESTED = ("gather",)


@dataclass(frozen=True, slots=True)
class Building:
    index: int
    id: str
    name: str
    discs: int
    site: str
    cost: tuple[tuple[str, int], ...]
    effect: str
    max: int

    def cost_of(self, key: str) -> int:
        for name, amount in self.cost:
            if name == key:
                return amount
        return 0


def _gain(value: Any, where: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict) or not value:
        raise DataError(f"{where}: a gain is a non-empty map of resource to amount")
    allowed = ("coins", "wood", "ore", "stone", "gold", "food", "horse")
    out = []
    for key in value:
        if key not in allowed:
            raise DataError(f"{where}: unknown resource {key!r}")
        out.append((key, int_field(value, key, f"{where}.{key}", 1, 20)))
    return tuple(out)


def _check_tiles(tiles: Any, low: int, size: int) -> None:
    if not isinstance(tiles, list) or len(tiles) != 11:
        raise DataError("tiles: the game has 11 land tiles")
    roles = set()
    for i, tile in enumerate(tiles):
        where = f"tiles[{i}]"
        check_provenance(tile, where, ignore=NAMES)
        if tile.get("id") != i:
            raise DataError(f"{where}: ids must run 0..10 in order")
        cells = tile.get("cells")
        if not isinstance(cells, str) or len(cells) != 4 or any(c not in TERRAIN_CODES for c in cells):
            raise DataError(f"{where}: cells must be 4 letters from F, A, M (clockwise from top-left)")
        role = tile.get("role")
        if role == "pile":
            continue
        if role in roles:
            raise DataError(f"{where}: role {role!r} used twice")
        roles.add(role)
        anchor = tile.get("anchor")
        if not (isinstance(anchor, list) and len(anchor) == 2):
            raise DataError(f"{where}: a set-up tile needs an anchor [x, y]")
        int_field({"x": anchor[0], "y": anchor[1]}, "x", where + ".anchor", low, low + size - 2)
        int_field({"x": anchor[0], "y": anchor[1]}, "y", where + ".anchor", low, low + size - 2)
        if role.startswith("seat") and "A" not in cells:
            raise DataError(f"{where}: a seat's starting tile needs a field for the home space")
    if roles != {"center", "seat0", "seat1", "seat2", "seat3"}:
        raise DataError("tiles: need one center tile and one starting tile for each of seats 0-3")


def grid_reach(tiles: list[dict[str, Any]], players: int) -> tuple[int, int, int, int]:
    """The farthest any space the rules can offer may lie with ``players`` players: (west, north, east, south).

    The set-up lays the centre tile and one starting tile per player; every other tile is in the supply. A
    tile laid on the sea must have a space beside the island, so it reaches at most 2 spaces past the island's
    edge on any side (it is 2 wide), and a tile laid on top adds no space. So with k tiles in the supply the
    island ends at most 2k spaces past the set-up tiles' edge on each side, exactly when the k tiles are laid in
    a straight chain that way; a leader may stand one space further, on the coast.
    """
    laid = [t["anchor"] for t in tiles
            if t["role"] == "center" or (t["role"].startswith("seat") and int(t["role"][4:]) < players)]
    reach = 2 * (len(tiles) - len(laid)) + 1
    return (min(x for x, _ in laid) - reach, min(y for _, y in laid) - reach,
            max(x for x, _ in laid) + 1 + reach, max(y for _, y in laid) + 1 + reach)


def _check_grid(tiles: list[dict[str, Any]], low: int, size: int) -> None:
    """Refuse a grid the island could outgrow at some player count: the rules would offer a space it lacks."""
    for players in range(1, 5):
        west, north, east, south = grid_reach(tiles, players)
        if min(west, north) < low or max(east, south) > low + size - 1:
            raise DataError(f"grid: with {players} player(s) the island and its coast can reach x {west}..{east}, "
                            f"y {north}..{south}; the grid {low}..{low + size - 1} must cover that")


def _buildings(entries: Any) -> tuple[Building, ...]:
    buildings = []
    for i, entry in enumerate(entries):
        where = f"buildings[{i}]"
        check_provenance(entry, where, ignore=NAMES)
        if entry["site"] not in SITES:
            raise DataError(f"{where}: unknown site {entry['site']!r}")
        if entry["effect"] not in EFFECTS:
            raise DataError(f"{where}: unknown effect {entry['effect']!r}")
        cost = entry["cost"]
        if not isinstance(cost, dict) or any(k not in COST_KEYS for k in cost):
            raise DataError(f"{where}: cost keys must be among {COST_KEYS}")
        buildings.append(Building(
            index=i, id=entry["id"], name=entry["name"], discs=int_field(entry, "discs", where, 1, 4),
            site=entry["site"], cost=tuple((k, int_field(cost, k, f"{where}.cost", 1, 20)) for k in cost),
            effect=entry["effect"], max=int_field(entry, "max", where, 1, 3),
        ))
    ids = [b.id for b in buildings]
    for needed in ("lumber_mill", "refinery", "harbour", "stable", "court_house",
                   "castle_gate", "castle_treasury", "castle_walls", "castle_tower"):
        if needed not in ids:
            raise DataError(f"buildings: {needed!r} is required by the rules")
    return tuple(buildings)


def _check_bonus(raw: dict[str, Any]) -> None:
    front = raw["bonus_front"]
    if len(front) < 4:
        raise DataError("bonus_front: at least 4 spaces (one per player)")
    for i, space in enumerate(front):
        check_provenance(space, f"bonus_front[{i}]")
        int_field(space, "number", f"bonus_front[{i}]", 1, 20)
        space["gain_t"] = _gain(space["gain"], f"bonus_front[{i}].gain")
    for i, space in enumerate(raw["bonus_back"]):
        check_provenance(space, f"bonus_back[{i}]")
        if space["cost"] != i:
            raise DataError(f"bonus_back[{i}]: the ladder costs 0, 1, 2, ... discs in order")
        space["gain_t"] = _gain(space["gain"], f"bonus_back[{i}].gain")
        space["alt_t"] = tuple(_gain(g, f"bonus_back[{i}].alt") for g in space.get("alt", []))


def check(raw: dict[str, Any]) -> dict[str, Any]:
    """Validate the raw data and return it with a few derived tuples added."""
    for section in SECTIONS:
        if section not in raw:
            raise DataError(f"data.json: missing section {section!r}")
        check_provenance(raw[section], section, ignore=NESTED)
    low = int_field(raw["grid"], "low", "grid", -40, 0)
    size = int_field(raw["grid"], "size", "grid", 6, 80)
    _check_tiles(raw["tiles"], low, size)
    _check_grid(raw["tiles"], low, size)
    buildings = _buildings(raw["buildings"])
    for i, entry in enumerate(raw["starting_buildings"]):
        check_provenance(entry, f"starting_buildings[{i}]", ignore=NAMES)
        if entry["id"] != MAT_BUILDINGS[i]:
            raise DataError(f"starting_buildings[{i}] must be {MAT_BUILDINGS[i]}")
    levels = raw["tech"]["gather"]
    if len(levels) != 4:
        raise DataError("tech.gather: four levels")
    for i, level in enumerate(levels):
        check_provenance(level, f"tech.gather[{i}]")
        int_field(level, "foremen", f"tech.gather[{i}]", 1, 4)
        int_field(level, "yield", f"tech.gather[{i}]", 1, 6)
    if raw["village"]["spaces"] != ["stablehand", "shipwright", "market", "library", "farmer", "explorer", "tax"]:
        raise DataError("village.spaces: the seven spaces in the order the code expects")
    if int_field(raw["village"], "max_sell", "village", 1, 99) < raw["player"]["track_max"]:
        # the rulebook sells "1 type of resource" with no number, and the die is then set aside for the round
        raise DataError("village.max_sell: a sale may be of everything on a track, so at least player.track_max")
    if sorted(raw["market"]["boxes"]) != ["gold", "ore", "stone", "wood"]:
        raise DataError("market.boxes: one box each for wood, stone, ore and gold")
    _check_bonus(raw)
    raw["buildings_t"] = buildings
    return raw


def load(path: Path | None = None) -> dict[str, Any]:
    """Read and check ``data.json`` (or another copy of it at ``path``)."""
    if path is None:
        return check(load_json("meeple.games.ibyron", "data.json"))
    try:
        return check(json.loads(path.read_text(encoding="utf-8")))
    except json.JSONDecodeError as exc:
        raise DataError(f"{path} is not valid JSON: {exc}") from None


DATA = load()

# ------------------------------------------------------------- the tables the rules read
SIZE: int = DATA["grid"]["size"]  # spaces along each side of the grid
LOW: int = DATA["grid"]["low"]  # the lowest coordinate on either axis
BUILDINGS: tuple[Building, ...] = DATA["buildings_t"]
SPACES: tuple[str, ...] = tuple(DATA["village"]["spaces"])
P = DATA["player"]
SUP = DATA["supplies"]
CAMPS = DATA["camps"]
TECH_LEVELS = [(lv["foremen"], lv["yield"]) for lv in DATA["tech"]["gather"]]  # index level-1
TAX_PER_LEVEL: int = DATA["tech"]["tax_per_level"]
MAX_LEVEL: int = DATA["tech"]["levels"]
TRACK_MAX: int = P["track_max"]
COINS_MAX: int = P["coins_max"]
FOOD_MAX: int = P["food_max"]
RES_MAX = (COINS_MAX, TRACK_MAX, TRACK_MAX, TRACK_MAX, TRACK_MAX, FOOD_MAX)
STACK: int = P["reserve_stack_size"]
HORSE_POINTS: int = DATA["movement"]["horse_points"]
STRIDE_MAX: int = DATA["movement"]["stride_max"]
MAX_HORSES_PER_MOVE: int = DATA["movement"]["max_horses_per_move"]
MAX_SELL: int = DATA["village"]["max_sell"]
MAX_CAMP: int = CAMPS["max_discs"]
EXPLORE_DISCS: int = DATA["explore"]["discs"]
EXPLORER_PRICE: int = DATA["explore"]["explorer_price"]
START_TILE_PRICE: int = DATA["explore"]["start_tile_price"]
SOLO_EXTRA_COINS: int = DATA["explore"]["solo_extra_coins"]
PERMIT_PRICE: int = DATA["village"]["permit_price"]
MARKET_BOXES: tuple[str, ...] = tuple(DATA["market"]["boxes"])
FRONT = DATA["bonus_front"]
BACK = DATA["bonus_back"]
FORFEIT_EXTRA_DISCS: int = DATA["bonus_forfeit_extra"]["discs"]
FORFEIT_EXTRA: int = DATA["bonus_forfeit_extra"]["extra"]
WIN_LOOSE: int = DATA["win"]["max_loose_discs"]
KEEP_HORSES: int = DATA["stable"]["keep_horses"]
FOUNDRY_STONE: int = DATA["starting_buildings"][2]["replaces_stone"]
FOUNDRY_WITH_STONE: int = DATA["starting_buildings"][2]["with_stone"]
FOUNDRY_WITH_ORE: int = DATA["starting_buildings"][2]["with_ore"]
TILE_ROLES: dict[str, dict[str, Any]] = {t["role"]: t for t in DATA["tiles"] if t["role"] != "pile"}

RES_INDEX = {"coins": COINS, "wood": WOOD, "ore": ORE, "stone": STONE, "gold": GOLD, "food": FOOD}
FOREST, FIELD, MOUNTAIN = 1, 2, 3
SITE_TERRAIN = {"forest": FOREST, "field": FIELD, "mountain": MOUNTAIN}
CAMP_KINDS = ("wood", "ore", "stone", "gold", "grain")
K_WOOD, K_ORE, K_STONE, K_GOLD, K_GRAIN = range(5)
KIND_RES = (WOOD, ORE, STONE, GOLD, FOOD)
BANK, GARDEN, FOUNDRY = range(3)
FARM = -1  # the starting farm on a home space: a one-disc building that is not in the building list
B = {b.id: b.index for b in BUILDINGS}
GATE, TREASURY, WALLS, TOWER = B["castle_gate"], B["castle_treasury"], B["castle_walls"], B["castle_tower"]
STABLE, COURT, HARBOUR = B["stable"], B["court_house"], B["harbour"]
CASTLE_BELOW = {TREASURY: GATE, WALLS: TREASURY, TOWER: WALLS}
TECH_EFFECT = {"tech_lumber": 0, "tech_refinery": 1, "tech_taxing": 2}
LUMBER, REFINERY, TAXING = range(3)
ST_STABLE, ST_SHIP, ST_MARKET, ST_LIBRARY, ST_FARMER, ST_EXPLORER, ST_TAX = range(7)
SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}

Cost = tuple[int, int, int, int, int, int]  # wood, ore, stone, gold, horses, tech cubes


def _cost_tuple(b: int, foundry: bool) -> Cost:
    bd = BUILDINGS[b]
    stone, ore = bd.cost_of("stone"), bd.cost_of("ore")
    if foundry:
        stone += FOUNDRY_WITH_STONE - FOUNDRY_STONE
        ore += FOUNDRY_WITH_ORE
    return bd.cost_of("wood"), ore, stone, bd.cost_of("gold"), bd.cost_of("horse"), bd.cost_of("cube")


COSTS = tuple(_cost_tuple(b.index, False) for b in BUILDINGS)
FOUNDRY_SWAP = tuple(b.cost_of("stone") >= FOUNDRY_STONE for b in BUILDINGS)
FOUNDRY_COSTS = tuple(_cost_tuple(b.index, swap) for b, swap in zip(BUILDINGS, FOUNDRY_SWAP, strict=True))

# player phases within a round (their names: actions.PHASE_NAMES)
OUTSIDE, VILLAGE, DONE = range(3)
# what the player to move is deciding (in words: actions.STEP_NAMES)
(S_START, S_HOME, S_TURN, S_MOVED, S_OVERSEE, S_MARKET, S_RETRIEVE, S_TAKE, S_BONUS, S_HIRE, S_OFFER,
 S_PLACE, S_EXTRA, S_OVER) = range(14)
