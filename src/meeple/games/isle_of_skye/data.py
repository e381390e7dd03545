"""Isle of Skye component data: the 78 tiles and the round table, loaded and checked.

The data lives in ``tiles.json`` and ``rounds.json`` beside this file, read with
the common loader and provenance schema of :mod:`meeple.core.data` (every record
names the source of each field), so that an owner of the physical game can
correct it without touching code. Loading validates every tile and fails with
a clear message (:class:`~meeple.core.data.DataError`) if the data cannot
describe a legal tile.

Geometry conventions used everywhere in this game:

* directions are numbered clockwise from North: 0 N, 1 E, 2 S, 3 W;
* ``x`` grows to the East, ``y`` grows to the South;
* rotating a tile by ``r`` quarter turns clockwise moves the edge that was at
  direction ``d`` to direction ``(d + r) % 4``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.core.data import DataError, check_provenance, int_field, load_json

PACKAGE = "meeple.games.isle_of_skye"

TERRAINS = ("g", "w", "m")  # pasture, water, mountain
TERRAIN_NAMES = {"g": "pasture", "w": "water", "m": "mountain"}
FEATURES = ("whisky", "sheep", "cattle", "farm", "broch", "lighthouse", "ship")
SCROLL_KINDS = FEATURES
# Which terrain each feature must stand in (lighthouses: the water they stand beside).
FEATURE_TERRAINS = {
    "whisky": "gm",
    "sheep": "g",
    "cattle": "g",
    "farm": "g",
    "broch": "m",
    "lighthouse": "w",
    "ship": "w",
}
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
CASTLE_IDS = (0, 1, 2, 3, 4)


@dataclass(frozen=True, slots=True)
class Region:
    """One terrain area of a tile: its terrain and the (unrotated) edges it touches."""

    terrain: str
    edges: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile as printed, before rotation."""

    id: int
    kind: str  # "castle" or "landscape"
    edges: str  # four terrain letters, N E S W
    centre: str
    roads: tuple[tuple[int, ...], ...]  # groups of edges joined by one road
    features: tuple[tuple[str, int], ...]  # (feature, count), counts > 0
    regions: tuple[Region, ...]
    feature_regions: tuple[tuple[str, int], ...]  # (feature, region index)
    scroll: str | None
    scroll_region: int
    colour: str

    def count(self, feature: str) -> int:
        for name, n in self.features:
            if name == feature:
                return n
        return 0

    def region_of(self, feature: str) -> int:
        for name, index in self.feature_regions:
            if name == feature:
                return index
        raise KeyError(feature)

    @property
    def has_road(self) -> bool:
        return bool(self.roads)


def _fail(tile: Any, message: str) -> DataError:
    return DataError(f"isle_of_skye tiles.json, tile {tile}: {message}")


def parse_tile(raw: dict[str, Any]) -> Tile:
    """Build and validate one tile from its JSON form; raises ``ValueError`` saying what is wrong."""
    tid = raw.get("id")
    if not isinstance(tid, int):
        raise _fail(tid, "needs an integer id")
    kind = raw.get("kind")
    if kind not in ("castle", "landscape"):
        raise _fail(tid, f"kind must be castle or landscape, got {kind!r}")
    edges = raw.get("edges")
    if not isinstance(edges, str) or len(edges) != 4 or any(t not in TERRAINS for t in edges):
        raise _fail(tid, f"edges must be four letters among g/w/m (N E S W), got {edges!r}")
    centre = raw.get("centre")
    if centre not in TERRAINS:
        raise _fail(tid, f"centre must be g, w or m, got {centre!r}")
    roads = tuple(tuple(group) for group in raw.get("roads", []))
    road_edges = [e for group in roads for e in group]
    if any(not isinstance(e, int) or not 0 <= e < 4 for e in road_edges) or len(set(road_edges)) != len(road_edges):
        raise _fail(tid, f"roads must be disjoint groups of edges 0-3, got {roads!r}")
    regions_raw = raw.get("regions")
    if not isinstance(regions_raw, list) or not regions_raw:
        raise _fail(tid, "needs a non-empty list of regions")
    regions: list[Region] = []
    covered: list[int] = []
    for reg in regions_raw:
        terrain = reg.get("terrain")
        reg_edges = tuple(reg.get("edges", ()))
        if terrain not in TERRAINS:
            raise _fail(tid, f"region terrain must be g, w or m, got {terrain!r}")
        for e in reg_edges:
            if not isinstance(e, int) or not 0 <= e < 4:
                raise _fail(tid, f"region edges must be 0-3, got {reg_edges!r}")
            if edges[e] != terrain:
                raise _fail(tid, f"a {terrain} region cannot touch edge {e}, which is {edges[e]}")
        covered.extend(reg_edges)
        regions.append(Region(terrain, reg_edges))
    if sorted(covered) != [0, 1, 2, 3]:
        raise _fail(tid, f"every edge must belong to exactly one region, got {sorted(covered)}")
    if regions[0].terrain != centre:
        raise _fail(tid, "region 0 must be the centre region")
    features_raw = raw.get("features", {})
    features: list[tuple[str, int]] = []
    for name in FEATURES:
        n = features_raw.get(name, 0)
        if not isinstance(n, int) or n < 0:
            raise _fail(tid, f"feature {name} must be a count >= 0, got {n!r}")
        if n:
            features.append((name, n))
    unknown = set(features_raw) - set(FEATURES)
    if unknown:
        raise _fail(tid, f"unknown features {sorted(unknown)}")
    placement = raw.get("feature_regions", {})
    feature_regions: list[tuple[str, int]] = []
    for name, _n in features:
        index = placement.get(name)
        if not isinstance(index, int) or not 0 <= index < len(regions):
            raise _fail(tid, f"feature {name} needs the index of the region it stands in")
        if regions[index].terrain not in FEATURE_TERRAINS[name]:
            raise _fail(tid, f"a {name} cannot stand in a {TERRAIN_NAMES[regions[index].terrain]} region")
        feature_regions.append((name, index))
    scroll_raw = raw.get("scroll")
    scroll: str | None = None
    scroll_region = -1
    if scroll_raw is not None:
        scroll = scroll_raw.get("kind")
        scroll_region = scroll_raw.get("region", -1)
        if scroll not in SCROLL_KINDS:
            raise _fail(tid, f"scroll kind must be one of {SCROLL_KINDS}, got {scroll!r}")
        if not isinstance(scroll_region, int) or not 0 <= scroll_region < len(regions):
            raise _fail(tid, "a scroll needs the index of the region it stands in")
    check_provenance(raw, f"isle_of_skye tiles.json, tile {tid}", ignore=("notes",))
    if kind == "castle" and (features or scroll or not roads):
        raise _fail(tid, "a castle has a road and no features or scroll")
    return Tile(
        id=tid,
        kind=kind,
        edges=edges,
        centre=centre,
        roads=roads,
        features=tuple(features),
        regions=tuple(regions),
        feature_regions=tuple(feature_regions),
        scroll=scroll,
        scroll_region=scroll_region,
        colour=str(raw.get("colour", "")),
    )


def parse_tiles(doc: dict[str, Any]) -> tuple[Tile, ...]:
    """All tiles indexed by id (castles 0-4, landscapes 5-77), from the parsed ``tiles.json``."""
    tiles = tuple(parse_tile(raw) for raw in doc["tiles"])
    for index, tile in enumerate(tiles):
        if tile.id != index:
            raise DataError(
                f"isle_of_skye tiles.json: tile ids must run 0, 1, 2, ... in order; found {tile.id} at {index}"
            )
    if tuple(t.id for t in tiles if t.kind == "castle") != CASTLE_IDS:
        raise DataError("isle_of_skye tiles.json: tiles 0-4 must be the five castles")
    if sum(1 for t in tiles if t.kind == "landscape") != 73:
        raise DataError("isle_of_skye tiles.json: the game has 73 landscape tiles")
    return tiles


@dataclass(frozen=True, slots=True)
class RoundInfo:
    number: int
    letters: tuple[str, ...]
    gold_per_player_ahead: int


# The round track's letters, one for each of the game's four scoring tiles (spaces A-D).
LETTERS = "ABCD"


def parse_rounds(doc: dict[str, Any]) -> dict[str, Any]:
    """The round tables (2-4 and 5 players) and the fixed amounts of the rules, from the parsed ``rounds.json``."""
    tables: dict[str, tuple[RoundInfo, ...]] = {}
    for key in ("players_2_to_4", "players_5"):
        block = doc[key]
        check_provenance(block, f"isle_of_skye rounds.json, {key}")
        rounds = []
        for number, row in enumerate(block["rounds"], start=1):
            letters = tuple(row["scoring"])
            if row["round"] != number or not letters or any(x not in LETTERS for x in letters):
                raise DataError(f"isle_of_skye rounds.json: bad row {row!r}")
            rounds.append(RoundInfo(number, letters, int(row["gold_per_player_ahead"])))
        for letter in LETTERS:
            uses = sum(letter in r.letters for r in rounds)
            if uses != 3:
                raise DataError(
                    f"isle_of_skye rounds.json: {key} scores {letter} {uses} times; each tile scores 3 times"
                )
        tables[key] = tuple(rounds)
    fixed = {}
    for key in (
        "castle_income",
        "whisky_income_per_connected_tile",
        "starting_gold",
        "tiles_drawn_per_player",
        "gold_per_final_vp",
    ):
        where = f"isle_of_skye rounds.json, {key}"
        check_provenance(doc[key], where, ignore=("_note",))
        fixed[key] = int_field(doc[key], "value", where, 0, 100)
    return {"tables": tables, **fixed}


def load_tiles() -> tuple[Tile, ...]:
    return parse_tiles(load_json(PACKAGE, "tiles.json"))


def load_rounds() -> dict[str, Any]:
    return parse_rounds(load_json(PACKAGE, "rounds.json"))


TILES: tuple[Tile, ...] = load_tiles()
LANDSCAPE_IDS: tuple[int, ...] = tuple(t.id for t in TILES if t.kind == "landscape")
ROUNDS = load_rounds()


def rounds_for(players: int) -> tuple[RoundInfo, ...]:
    return ROUNDS["tables"]["players_5" if players == 5 else "players_2_to_4"]  # type: ignore[no-any-return]


# ---------------------------------------------------------------- rotations
def rotated_terrain(tile: Tile, rotation: int, direction: int) -> str:
    """Terrain on side ``direction`` of ``tile`` turned ``rotation`` quarter turns clockwise."""
    return tile.edges[(direction - rotation) % 4]


TERRAIN_CODE = {"g": 1, "w": 2, "m": 3}


def _fits_table(tile: Tile) -> tuple[tuple[int, ...], ...]:
    """For each of the 256 neighbour patterns, the rotations of ``tile`` that match it.

    A pattern packs, for each direction d, the terrain code (0 none, 1 g, 2 w, 3 m)
    of the neighbour's facing edge into bits ``2d..2d+1``. A rotation matches every
    pattern that asks, on some of the four sides, for exactly the terrain it shows.
    """
    table: list[list[int]] = [[] for _ in range(256)]
    for rot in range(4):
        codes = [TERRAIN_CODE[rotated_terrain(tile, rot, d)] for d in range(4)]
        for sides in range(16):
            pattern = sum(codes[d] << (2 * d) for d in range(4) if sides >> d & 1)
            table[pattern].append(rot)
    return tuple(tuple(rots) for rots in table)


FITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_fits_table(t) for t in TILES)
# EDGE_CODE[tile][rot][d]: terrain code on side d after rotation.
EDGE_CODE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(TERRAIN_CODE[rotated_terrain(t, rot, d)] for d in range(4)) for rot in range(4)) for t in TILES
)
# Per tile, per rotation: for each side (N, E, S, W, as ``territory_index.next_to`` lists
# the neighbours), what the tile asks of that neighbour, in the neighbour's frontier
# pattern (its side facing back; ``FITS``).
ASKED_OF_NEIGHBOURS: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple(tuple(codes[d] << (2 * ((d + 2) % 4)) for d in range(4)) for codes in by_rotation)  # type: ignore[misc]
    for by_rotation in EDGE_CODE
)
