"""A clan territory and what the rules read from it: areas, completion and roads.

A territory is a plain mapping ``{(x, y): (tile_id, rotation)}``. Everything
here is a pure function of that mapping, so scoring can be tested on
territories built by hand.

* An **area** is a maximal connected piece of one terrain: the tile regions
  joined across shared edges (placement guarantees the terrains match there).
* An area is **completed** when none of its edges faces an empty square; a
  region touching no edge of its tile (an inland loch, an island) is a
  completed area by itself.
* Two tiles' **roads** join across an edge only when both tiles have a road on
  that edge. A tile is connected to the castle when one of its roads is
  reached from the castle's road.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from meeple.games.isle_of_skye.data import DX, DY, FEATURES, TILES, Tile

if TYPE_CHECKING:
    from meeple.games.isle_of_skye.territory_index import TerritoryIndex

Pos = tuple[int, int]
Placed = dict[Pos, tuple[int, int]]


def _edge_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per tile, per side (before rotation): the region index and the road index (-1: none)."""
    regions = []
    roads = []
    for tile in TILES:
        region_of = [0] * 4
        for index, region in enumerate(tile.regions):
            for e in region.edges:
                region_of[e] = index
        road_of = [-1] * 4
        for index, group in enumerate(tile.roads):
            for e in group:
                road_of[e] = index
        regions.append(tuple(region_of))
        roads.append(tuple(road_of))
    return tuple(regions), tuple(roads)


EDGE_REGION, EDGE_ROAD = _edge_tables()


def side_to_edge(rotation: int, direction: int) -> int:
    """The printed edge of a tile turned ``rotation`` quarter turns that faces ``direction``."""
    return (direction - rotation) % 4


@dataclass
class Area:
    """A connected piece of one terrain across the territory."""

    terrain: str
    cells: set[Pos] = field(default_factory=set)  # the tiles it spans
    completed: bool = True
    features: dict[str, int] = field(default_factory=dict)  # features standing in (or, lighthouses, beside) it
    scrolls: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        """How many tiles the area spans."""
        return len(self.cells)


class AreaFacts(NamedTuple):
    """What scoring reads of one area."""

    terrain: str
    completed: bool
    size: int  # tiles it spans
    brochs: int
    ships: int
    lighthouses: int


class Territory:
    """The facts scoring needs about one clan territory, each computed on first use.

    ``index`` (territory_index.py), when given, is the territory's index kept up to date
    as its tiles were placed: scoring then reads areas, roads and totals from it.
    """

    __slots__ = ("_areas", "_counts", "_facts", "_road_connected", "index", "placed")

    def __init__(self, placed: Placed, index: TerritoryIndex | None = None) -> None:
        self.placed = placed
        self.index = index
        self._areas: list[Area] | None = None
        self._facts: list[AreaFacts] | None = None
        self._road_connected: set[Pos] | None = None
        self._counts: dict[str, int] | None = None

    @property
    def area_facts(self) -> list[AreaFacts]:
        """What scoring reads of each area (order not meaningful)."""
        if self._facts is not None:
            return self._facts
        if self.index is not None:
            self._facts = self.index.areas()
            return self._facts
        # From ``areas`` as they stand (a test may have changed one), so not kept.
        return [
            AreaFacts(
                a.terrain,
                a.completed,
                a.size,
                a.features.get("broch", 0),
                a.features.get("ship", 0),
                a.features.get("lighthouse", 0),
            )
            for a in self.areas
        ]

    @property
    def areas(self) -> list[Area]:
        if self._areas is None:
            self._areas = find_areas(self.placed)
        return self._areas

    @property
    def scrolls(self) -> list[tuple[str, bool]]:
        """Each scroll's kind and whether its area is completed, area by area (as ``areas`` lists them)."""
        if self.index is not None:
            return self.index.scrolls()
        return [(kind, a.completed) for a in self.areas for kind in a.scrolls]

    @property
    def road_connected(self) -> set[Pos]:
        """Tiles joined to the castle by roads, the castle included."""
        if self._road_connected is None:
            found = road_connected(self.placed) if self.index is None else self.index.road_connected()
            self._road_connected = found
        return self._road_connected

    def tiles(self) -> list[Tile]:
        return [TILES[tid] for tid, _rot in self.placed.values()]

    def _totals(self) -> dict[str, int]:
        """Each feature's count, and under ``"tiles with <feature>"`` its tiles' (one pass for all)."""
        if self._counts is None and self.index is not None:
            self._counts = self.index.totals
        if self._counts is None:
            counts = dict.fromkeys(FEATURES, 0) | {f"tiles with {name}": 0 for name in FEATURES}
            for tid, _rot in self.placed.values():
                for name, amount, with_name in FEATURE_COUNTS[tid]:
                    counts[name] += amount
                    counts[with_name] += 1
            self._counts = counts
        return self._counts

    def count(self, feature: str) -> int:
        """How many of ``feature`` stand in the territory."""
        if self.index is not None:
            return self.index.total(feature)
        return self._totals()[feature]

    def tiles_with(self, feature: str) -> int:
        """How many tiles show at least one ``feature``."""
        if self.index is not None:
            return self.index.total(f"tiles with {feature}")
        return self._totals()[f"tiles with {feature}"]


# Per tile: (feature, count, "tiles with" key) for each feature it shows.
FEATURE_COUNTS: tuple[tuple[tuple[str, int, str], ...], ...] = tuple(
    tuple((name, amount, f"tiles with {name}") for name, amount in tile.features) for tile in TILES
)


def _region_tables() -> tuple[
    tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[tuple[str, tuple[tuple[str, int], ...], str | None], ...], ...]
]:
    """Per tile: for each rotation, the region on each side; and for each region its
    terrain, the features standing in it and its scroll (if any)."""
    side_region = []
    region_facts = []
    for tile in TILES:
        side_region.append(
            tuple(tuple(EDGE_REGION[tile.id][side_to_edge(rot, d)] for d in range(4)) for rot in range(4))
        )
        facts = []
        for index, region in enumerate(tile.regions):
            features = tuple((name, tile.count(name)) for name, at in tile.feature_regions if at == index)
            scroll = tile.scroll if tile.scroll_region == index else None
            facts.append((region.terrain, features, scroll))
        region_facts.append(tuple(facts))
    return tuple(side_region), tuple(region_facts)


SIDE_REGION, REGION_FACTS = _region_tables()
REGION_COUNT: tuple[int, ...] = tuple(len(facts) for facts in REGION_FACTS)
NEIGHBOUR = ((0, -1), (1, 0), (0, 1), (-1, 0))


def find_areas(placed: Placed) -> list[Area]:
    """Join tile regions into areas (union-find over the regions of the placed tiles).

    Areas come in the order of their first region (tiles in ``placed`` order,
    regions in tile order). Written out flat, since it runs for every clan at
    the end of every round: each tile joins its East and South neighbours (so
    each shared edge once), and a side facing an empty square leaves its region open.
    """
    first: dict[Pos, int] = {}  # position -> number of its region 0
    count = 0
    for pos, (tid, _rot) in placed.items():
        first[pos] = count
        count += REGION_COUNT[tid]
    parent = list(range(count))
    is_open = [False] * count
    get = first.get
    for (x, y), (tid, rot) in placed.items():
        base = first[(x, y)]
        sides = SIDE_REGION[tid][rot]
        if (x, y - 1) not in first:
            is_open[base + sides[0]] = True
        if (x - 1, y) not in first:
            is_open[base + sides[3]] = True
        for d, other, facing in ((1, (x + 1, y), 3), (2, (x, y + 1), 0)):
            start = get(other)
            if start is None:
                is_open[base + sides[d]] = True
                continue
            otid, orot = placed[other]
            a, b = base + sides[d], start + SIDE_REGION[otid][orot][facing]
            while parent[a] != a:  # the union, written inline: no call in the hot loop
                a = parent[a]
            while parent[b] != b:
                b = parent[b]
            if a != b:
                parent[a] = b
    areas: list[Area] = []
    area_at: list[Area | None] = [None] * count
    n = 0
    for pos, (tid, _rot) in placed.items():
        for terrain, features, scroll in REGION_FACTS[tid]:
            r = n
            while parent[r] != r:
                r = parent[r]
            area = area_at[r]
            if area is None:
                area = area_at[r] = Area(terrain, {pos}, not is_open[n], {}, [])
                areas.append(area)
            else:
                area.cells.add(pos)
                if is_open[n]:
                    area.completed = False
            if features:
                counts = area.features
                for name, amount in features:
                    counts[name] = counts.get(name, 0) + amount
            if scroll is not None:
                area.scrolls.append(scroll)
            n += 1
    return areas


def castle_position(placed: Placed) -> Pos | None:
    for pos, (tid, _rot) in placed.items():
        if TILES[tid].kind == "castle":
            return pos
    return None


# Per tile, per rotation: the road (index among the tile's roads, -1: none) on each side
# N E S W, and for each road the sides it leaves by.
SIDE_ROAD: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(EDGE_ROAD[tile.id][side_to_edge(rot, d)] for d in range(4)) for rot in range(4)) for tile in TILES
)
ROAD_SIDES: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple((edge + rot) % 4 for edge in group) for group in tile.roads) for rot in range(4))
    for tile in TILES
)


def road_connected(placed: Placed) -> set[Pos]:
    """Tiles reached from the castle along roads (the castle itself included)."""
    start = castle_position(placed)
    if start is None:
        return set()
    seen_roads: set[tuple[Pos, int]] = {(start, r) for r in range(len(TILES[placed[start][0]].roads))}
    stack = list(seen_roads)
    get = placed.get
    while stack:
        pos, road = stack.pop()
        tid, rot = placed[pos]
        x, y = pos
        for d in ROAD_SIDES[tid][rot][road]:
            other = (x + DX[d], y + DY[d])
            tile = get(other)
            if tile is None:
                continue
            oroad = SIDE_ROAD[tile[0]][tile[1]][(d + 2) % 4]
            if oroad >= 0 and (other, oroad) not in seen_roads:
                seen_roads.add((other, oroad))
                stack.append((other, oroad))
    return {pos for pos, _road in seen_roads}


def analyse(placed: Placed) -> Territory:
    """Everything scoring reads from a territory (computed as scoring asks for it)."""
    return Territory(dict(placed))


WHISKY_TILES = frozenset(t.id for t in TILES if t.count("whisky"))


def connected_whisky_tiles(placed: Placed) -> int:
    """Tiles with whisky joined to the castle by roads (1 gold of income each)."""
    if not any(tid in WHISKY_TILES for tid, _rot in placed.values()):
        return 0  # no whisky at all: no need to follow the roads
    return sum(1 for pos in road_connected(placed) if placed[pos][0] in WHISKY_TILES)
