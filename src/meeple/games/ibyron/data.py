"""Load and check Ibyron's component data (``data.json``).

Every entry carries a ``provenance`` map naming, for each of its fields,
where the value comes from (``rulebook``, ``public`` or ``designed``).
The loader refuses a file where a field has no provenance or a value is
out of shape, so someone editing the data to match their copy gets a clear
message instead of a broken game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROVENANCES = ("rulebook", "public", "designed")
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


class DataError(ValueError):
    """The data file is malformed; the message says where."""


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


def _check_provenance(entry: dict[str, Any], where: str) -> None:
    prov = entry.get("provenance")
    if not isinstance(prov, dict):
        raise DataError(f"{where}: missing 'provenance' map")
    for key in entry:
        if key in ("provenance", "id", "name", "_about"):
            continue
        value = entry[key]
        if isinstance(value, list) and value and all(isinstance(v, dict) and "provenance" in v for v in value):
            continue  # a list of entries that carry their own provenance
        if key not in prov:
            raise DataError(f"{where}: field {key!r} has no provenance")
    for key, value in prov.items():
        if value not in PROVENANCES:
            raise DataError(f"{where}: provenance of {key!r} is {value!r}, not one of {PROVENANCES}")


def _int(value: Any, where: str, low: int = 0, high: int = 1000) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataError(f"{where}: expected an integer from {low} to {high}, got {value!r}")
    return value


def _gain(value: Any, where: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict) or not value:
        raise DataError(f"{where}: a gain is a non-empty map of resource to amount")
    allowed = ("coins", "wood", "ore", "stone", "gold", "food", "horse")
    out = []
    for key, amount in value.items():
        if key not in allowed:
            raise DataError(f"{where}: unknown resource {key!r}")
        out.append((key, _int(amount, f"{where}.{key}", 1, 20)))
    return tuple(out)


def load(path: Path | None = None) -> dict[str, Any]:
    """Read, validate and return the raw data as a dict (with a few derived tuples added)."""
    path = path or Path(__file__).with_name("data.json")
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for section in ("grid", "player", "supplies", "tech", "camps", "ship", "explore", "movement", "treasury",
                    "church", "castle_gate", "stable", "court_house", "village", "market", "bonus_forfeit_extra",
                    "game_length", "victory_points", "win"):
        if section not in raw:
            raise DataError(f"data.json: missing section {section!r}")
        _check_provenance(raw[section], section)
    size = _int(raw["grid"]["size"], "grid.size", 6, 30)
    tiles = raw["tiles"]
    if not isinstance(tiles, list) or len(tiles) != 11:
        raise DataError("tiles: the game has 11 land tiles")
    roles = set()
    for i, tile in enumerate(tiles):
        where = f"tiles[{i}]"
        _check_provenance(tile, where)
        if tile.get("id") != i:
            raise DataError(f"{where}: ids must run 0..10 in order")
        cells = tile.get("cells")
        if not isinstance(cells, str) or len(cells) != 4 or any(c not in TERRAIN_CODES for c in cells):
            raise DataError(f"{where}: cells must be 4 letters from F, A, M (clockwise from top-left)")
        role = tile.get("role")
        if role != "pile":
            if role in roles:
                raise DataError(f"{where}: role {role!r} used twice")
            roles.add(role)
            anchor = tile.get("anchor")
            if not (isinstance(anchor, list) and len(anchor) == 2):
                raise DataError(f"{where}: a set-up tile needs an anchor [x, y]")
            _int(anchor[0], where + ".anchor", 0, size - 2)
            _int(anchor[1], where + ".anchor", 0, size - 2)
            if role.startswith("seat") and "A" not in cells:
                raise DataError(f"{where}: a seat's starting tile needs a field for the home space")
    if roles != {"center", "seat0", "seat1", "seat2", "seat3"}:
        raise DataError("tiles: need one center tile and one starting tile for each of seats 0-3")
    buildings = []
    for i, entry in enumerate(raw["buildings"]):
        where = f"buildings[{i}]"
        _check_provenance(entry, where)
        if entry["site"] not in SITES:
            raise DataError(f"{where}: unknown site {entry['site']!r}")
        if entry["effect"] not in EFFECTS:
            raise DataError(f"{where}: unknown effect {entry['effect']!r}")
        cost = entry["cost"]
        if not isinstance(cost, dict) or any(k not in COST_KEYS for k in cost):
            raise DataError(f"{where}: cost keys must be among {COST_KEYS}")
        buildings.append(Building(
            index=i, id=entry["id"], name=entry["name"], discs=_int(entry["discs"], where + ".discs", 1, 4),
            site=entry["site"], cost=tuple((k, _int(v, f"{where}.cost.{k}", 1, 20)) for k, v in cost.items()),
            effect=entry["effect"], max=_int(entry["max"], where + ".max", 1, 3),
        ))
    ids = [b.id for b in buildings]
    for needed in ("lumber_mill", "refinery", "harbour", "stable", "court_house",
                   "castle_gate", "castle_treasury", "castle_walls", "castle_tower"):
        if needed not in ids:
            raise DataError(f"buildings: {needed!r} is required by the rules")
    for i, entry in enumerate(raw["starting_buildings"]):
        _check_provenance(entry, f"starting_buildings[{i}]")
        if entry["id"] != MAT_BUILDINGS[i]:
            raise DataError(f"starting_buildings[{i}] must be {MAT_BUILDINGS[i]}")
    levels = raw["tech"]["gather"]
    if len(levels) != 4:
        raise DataError("tech.gather: four levels")
    for i, level in enumerate(levels):
        _check_provenance(level, f"tech.gather[{i}]")
        _int(level["foremen"], f"tech.gather[{i}].foremen", 1, 4)
        _int(level["yield"], f"tech.gather[{i}].yield", 1, 6)
    spaces = raw["village"]["spaces"]
    if spaces != ["stablehand", "shipwright", "market", "library", "farmer", "explorer", "tax"]:
        raise DataError("village.spaces: the seven spaces in the order the code expects")
    boxes = raw["market"]["boxes"]
    if sorted(boxes) != ["gold", "ore", "stone", "wood"]:
        raise DataError("market.boxes: one box each for wood, stone, ore and gold")
    front = raw["bonus_front"]
    if len(front) < 4:
        raise DataError("bonus_front: at least 4 spaces (one per player)")
    for i, space in enumerate(front):
        _check_provenance(space, f"bonus_front[{i}]")
        _int(space["number"], f"bonus_front[{i}].number", 1, 20)
        space["gain_t"] = _gain(space["gain"], f"bonus_front[{i}].gain")
    back = raw["bonus_back"]
    for i, space in enumerate(back):
        _check_provenance(space, f"bonus_back[{i}]")
        if space["cost"] != i:
            raise DataError(f"bonus_back[{i}]: the ladder costs 0, 1, 2, ... discs in order")
        space["gain_t"] = _gain(space["gain"], f"bonus_back[{i}].gain")
        space["alt_t"] = tuple(_gain(g, f"bonus_back[{i}].alt") for g in space.get("alt", []))
    if back[0]["cost"] != 0:
        raise DataError("bonus_back: the bottom space must be free")
    raw["buildings_t"] = tuple(buildings)
    return raw
