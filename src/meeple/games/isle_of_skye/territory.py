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

from meeple.games.isle_of_skye.tiles import DX, DY, TILES, Tile

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


@dataclass
class Territory:
    """The facts scoring needs about one clan territory."""

    placed: Placed
    areas: list[Area]
    region_area: dict[tuple[Pos, int], int]  # (tile position, region index) -> index into areas
    road_connected: set[Pos]  # tiles joined to the castle by roads, the castle included

    def tiles(self) -> list[Tile]:
        return [TILES[tid] for tid, _rot in self.placed.values()]

    def count(self, feature: str) -> int:
        """How many of ``feature`` stand in the territory."""
        return sum(TILES[tid].count(feature) for tid, _rot in self.placed.values())

    def tiles_with(self, feature: str) -> int:
        """How many tiles show at least one ``feature``."""
        return sum(1 for tid, _rot in self.placed.values() if TILES[tid].count(feature))


def find_areas(placed: Placed) -> tuple[list[Area], dict[tuple[Pos, int], int]]:
    """Join tile regions into areas (union-find over ``(position, region)``)."""
    parent: dict[tuple[Pos, int], tuple[Pos, int]] = {}

    def root(node: tuple[Pos, int]) -> tuple[Pos, int]:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for pos, (tid, _rot) in placed.items():
        for index in range(len(TILES[tid].regions)):
            parent[(pos, index)] = (pos, index)
    open_nodes: set[tuple[Pos, int]] = set()
    for pos, (tid, rot) in placed.items():
        x, y = pos
        for d in (1, 2):  # East and South: each shared edge once
            other = (x + DX[d], y + DY[d])
            if other in placed:
                otid, orot = placed[other]
                a = root((pos, EDGE_REGION[tid][side_to_edge(rot, d)]))
                b = root((other, EDGE_REGION[otid][side_to_edge(orot, (d + 2) % 4)]))
                if a != b:
                    parent[a] = b
        for d in range(4):
            if (x + DX[d], y + DY[d]) not in placed:
                open_nodes.add((pos, EDGE_REGION[tid][side_to_edge(rot, d)]))
    areas: list[Area] = []
    index_of_root: dict[tuple[Pos, int], int] = {}
    region_area: dict[tuple[Pos, int], int] = {}
    for node in sorted(parent):
        r = root(node)
        if r not in index_of_root:
            pos, region = node
            index_of_root[r] = len(areas)
            areas.append(Area(TILES[placed[pos][0]].regions[region].terrain))
        region_area[node] = index_of_root[r]
    for node, index in region_area.items():
        pos, region = node
        area = areas[index]
        area.cells.add(pos)
        if node in open_nodes:
            area.completed = False
        tile = TILES[placed[pos][0]]
        for name, at in tile.feature_regions:
            if at == region:
                area.features[name] = area.features.get(name, 0) + tile.count(name)
        if tile.scroll is not None and tile.scroll_region == region:
            area.scrolls.append(tile.scroll)
    return areas, region_area


def castle_position(placed: Placed) -> Pos | None:
    for pos, (tid, _rot) in placed.items():
        if TILES[tid].kind == "castle":
            return pos
    return None


def road_connected(placed: Placed) -> set[Pos]:
    """Tiles reached from the castle along roads (the castle itself included)."""
    start = castle_position(placed)
    if start is None:
        return set()
    seen_roads: set[tuple[Pos, int]] = set()
    stack = [(start, r) for r in range(len(TILES[placed[start][0]].roads))]
    seen_roads.update(stack)
    while stack:
        pos, road = stack.pop()
        tid, rot = placed[pos]
        for edge in TILES[tid].roads[road]:
            d = (edge + rot) % 4
            other = (pos[0] + DX[d], pos[1] + DY[d])
            if other not in placed:
                continue
            otid, orot = placed[other]
            oroad = EDGE_ROAD[otid][side_to_edge(orot, (d + 2) % 4)]
            if oroad >= 0 and (other, oroad) not in seen_roads:
                seen_roads.add((other, oroad))
                stack.append((other, oroad))
    return {pos for pos, _road in seen_roads}


def analyse(placed: Placed) -> Territory:
    """Everything scoring reads from a territory, computed once."""
    areas, region_area = find_areas(placed)
    return Territory(dict(placed), areas, region_area, road_connected(placed))


def connected_whisky_tiles(placed: Placed) -> int:
    """Tiles with whisky joined to the castle by roads (1 gold of income each)."""
    return sum(1 for pos in road_connected(placed) if TILES[placed[pos][0]].count("whisky"))
