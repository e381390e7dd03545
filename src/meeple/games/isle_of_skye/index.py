"""A territory's areas, roads and totals, kept up to date tile by tile.

Scoring at the end of every round reads areas (completed or not, size,
brochs, ships, lighthouses), the tiles joined to the castle by roads and
feature totals; worked out from scratch (``territory.py``) that cost more
than all the rest of a round. Here each placed tile joins its regions and
its roads to its neighbours' (a union-find over regions, one over roads)
and each area's facts are kept at its root, so scoring only reads them.

The answers are exactly those of ``territory.py``, which stays the plain
statement of the rules for views, bots and tests;
tests/isle_of_skye/test_fast_paths.py compares the two on many territories.
A state's copies share an index until one of them places a tile there
(``rules.py`` copies it then), so a clone stays cheap.
"""

from __future__ import annotations

from meeple.games.isle_of_skye.data import FEATURES, TILES
from meeple.games.isle_of_skye.territory import (
    FEATURE_COUNTS,
    REGION_COUNT,
    REGION_FACTS,
    SIDE_REGION,
    SIDE_ROAD,
    AreaFacts,
    Placed,
    Pos,
)

# Per tile, per region: terrain, and the brochs, ships and lighthouses standing in it.
REGION_TERRAIN = tuple(tuple(terrain for terrain, _f, _s in facts) for facts in REGION_FACTS)
# Brochs, ships and lighthouses of a region packed in one number (``PACK`` per feature,
# far above any count), so that merging two areas adds one number.
PACK = 256
REGION_FEATURES = tuple(
    tuple(
        dict(features).get("broch", 0)
        + PACK * dict(features).get("ship", 0)
        + PACK**2 * dict(features).get("lighthouse", 0)
        for _t, features, _s in facts
    )
    for facts in REGION_FACTS
)


PACK2 = PACK**2
# Per tile: (region, kind) of its scroll, if it has one.
REGION_SCROLL: tuple[tuple[int, str] | None, ...] = tuple(
    next(((region, scroll) for region, (_t, _f, scroll) in enumerate(facts) if scroll is not None), None)
    for facts in REGION_FACTS
)
# Tiles with two regions of one terrain: the only ones one area can hold twice.
TWICE = tuple(len(set(terrains)) < len(terrains) for terrains in REGION_TERRAIN)
ROAD_COUNT = tuple(len(tile.roads) for tile in TILES)
IS_CASTLE = tuple(tile.kind == "castle" for tile in TILES)
IS_WHISKY = tuple(bool(tile.count("whisky")) for tile in TILES)
# Each side with the neighbour's side facing back.
BACK = tuple((d, (d + 2) % 4) for d in range(4))
# Each square's four neighbours (N, E, S, W), made once per square asked.
NEXT_TO: dict[Pos, tuple[Pos, Pos, Pos, Pos]] = {}


def next_to(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The squares N, E, S and W of ``pos`` (kept in ``NEXT_TO``: a few hundred squares lie within reach)."""
    x, y = pos
    found = NEXT_TO[pos] = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))  # as data.DX, data.DY
    return found


NO_TILES: tuple[int, ...] = ()
# Ready-made runs for a tile's new regions (a tile has at most a handful).
ZEROS = tuple((0,) * n for n in range(16))
ONES = tuple((1,) * n for n in range(16))
UNTWICE = tuple((NO_TILES,) * n for n in range(16))


class TerritoryIndex:
    """The union-finds and totals of one territory (see the module docstring).

    Lists over regions hold, at each area's root, that area's facts: sides
    facing an empty square (``open``), tiles spanned (``size``), features.
    """

    __slots__ = (
        "castle",
        "count",
        "features",
        "last",
        "low",
        "open",
        "parent",
        "road_parent",
        "road_pos",
        "road_whisky",
        "scroll_regions",
        "side_regions",
        "side_roads",
        "size",
        "terrain",
        "totals",
        "twice",
    )

    side_regions: dict[Pos, tuple[int, int, int, int]]  # square -> the region on each side (N, E, S, W)
    parent: list[int]
    open: list[int]
    size: list[int]
    twice: list[tuple[int, ...]]  # at a root: the area's tiles (by placing order) of ``TWICE`` kind
    features: list[int]  # at a root: the area's brochs, ships and lighthouses, packed (``PACK``)
    low: list[int]  # at a root: the area's first region (areas are listed in that order)
    terrain: list[str]
    scroll_regions: list[tuple[int, str]]  # each scroll: its region and its kind
    side_roads: dict[Pos, tuple[int, int, int, int]]  # square -> the road on each side (-1: none)
    road_parent: list[int]
    road_pos: list[Pos]  # the square of each road
    road_whisky: list[bool]  # whether the tile of each road shows whisky
    castle: int  # the first castle's road 0 (-1: that castle has no road; -2: no castle yet)
    totals: dict[str, int]  # as ``Territory`` counts them: each feature, and "tiles with" each
    count: int  # tiles taken in
    last: tuple[Pos, tuple[int, int]] | None  # the last of them, to tell whether the index still describes a territory

    def __init__(self) -> None:
        self.side_regions = {}
        self.parent = []
        self.open = []
        self.size = []
        self.twice = []
        self.features = []
        self.low = []
        self.terrain = []
        self.scroll_regions = []
        self.side_roads = {}
        self.road_parent = []
        self.road_pos = []
        self.road_whisky = []
        self.castle = -2
        self.totals = dict.fromkeys(FEATURES, 0) | {f"tiles with {name}": 0 for name in FEATURES}
        self.count = 0
        self.last = None

    @classmethod
    def of(cls, placed: Placed) -> TerritoryIndex:
        """The index of a whole territory, its tiles taken in ``placed`` order."""
        index = cls()
        so_far: Placed = {}
        for pos, tile in placed.items():
            so_far[pos] = tile
            index.add(so_far, pos, *tile)
        return index

    def describes(self, placed: Placed) -> bool:
        """Whether this is the index of ``placed`` (a territory only grows, tile by tile)."""
        count = self.count
        if len(placed) != count:
            return False
        if not count:
            return True
        last = self.last
        if last is None:
            return False
        # The tile last taken in, still in place: usually the very same object (a copy of the
        # territory shares it), else an equal one (a castle of a new game).
        tile = placed.get(last[0])
        return tile is last[1] or tile == last[1]

    def copy(self) -> TerritoryIndex:
        new = TerritoryIndex.__new__(TerritoryIndex)
        new.side_regions = self.side_regions.copy()
        new.parent = self.parent.copy()
        new.open = self.open.copy()
        new.size = self.size.copy()
        new.twice = self.twice.copy()
        new.features = self.features.copy()
        new.low = self.low.copy()
        new.terrain = self.terrain.copy()
        new.scroll_regions = self.scroll_regions.copy()
        new.side_roads = self.side_roads.copy()
        new.road_parent = self.road_parent.copy()
        new.road_pos = self.road_pos.copy()
        new.road_whisky = self.road_whisky.copy()
        new.castle = self.castle
        new.totals = self.totals.copy()
        new.count = self.count
        new.last = self.last
        return new

    # ------------------------------------------------------------ taking a tile in
    def add(self, placed: Placed, pos: Pos, tid: int, rot: int) -> None:
        """Take in ``tid`` turned ``rot`` at ``pos`` (already in ``placed``).

        One pass over the four sides serves both union-finds (they are independent):
        regions are joined once every side is seen, roads as each side is seen.
        """
        around = NEXT_TO.get(pos) or next_to(pos)
        count = self.count
        # Regions: the tile's own, then each side either open or closing a neighbour's.
        parent, open_ = self.parent, self.open
        first = len(parent)
        regions = REGION_COUNT[tid]
        n, e, s, w = SIDE_REGION[tid][rot]
        mine = (first + n, first + e, first + s, first + w)
        side_regions = self.side_regions
        side_regions[pos] = mine
        new = range(first, first + regions)
        parent += new
        self.low += new
        open_ += ZEROS[regions]
        self.size += ONES[regions]
        self.twice += ((count,),) * regions if TWICE[tid] else UNTWICE[regions]
        self.features += REGION_FEATURES[tid]
        self.terrain += REGION_TERRAIN[tid]
        scroll = REGION_SCROLL[tid]
        if scroll is not None:
            self.scroll_regions.append((first + scroll[0], scroll[1]))
        # Roads: the tile's own (a first castle's all count as one network).
        roads = ROAD_COUNT[tid]
        if roads:
            road_parent = self.road_parent
            base = len(road_parent)
            rn, re, rs, rw = SIDE_ROAD[tid][rot]
            mine_roads = (
                base + rn if rn >= 0 else -1,
                base + re if re >= 0 else -1,
                base + rs if rs >= 0 else -1,
                base + rw if rw >= 0 else -1,
            )
            side_roads = self.side_roads
            side_roads[pos] = mine_roads
            road_parent += range(base, base + roads)
            self.road_pos += (pos,) * roads
            self.road_whisky += (IS_WHISKY[tid],) * roads
            if IS_CASTLE[tid] and self.castle == -2:
                self.castle = base
                for road in range(base + 1, base + roads):
                    road_parent[road] = base
        elif IS_CASTLE[tid] and self.castle == -2:
            self.castle = -1  # the first castle has no road
        get = side_regions.get
        joins = []
        for d, back in BACK:
            square = around[d]
            other = get(square)
            if other is None:
                open_[mine[d]] += 1
                continue
            root = other[back]
            while parent[root] != root:
                root = parent[root]
            open_[root] -= 1  # its side that faced this square is closed now
            joins.append((mine[d], root))
            if roads:
                road = mine_roads[d]
                if road >= 0:
                    theirs = side_roads.get(square)
                    if theirs is not None and theirs[back] >= 0:
                        a, b = self._road_root(road), self._road_root(theirs[back])
                        if a != b:
                            road_parent[a] = b
        for a, b in joins:
            while parent[a] != a:
                a = parent[a]
            while parent[b] != b:
                b = parent[b]
            if a != b:
                self._join(a, b)
        totals = self.totals
        for name, amount, with_name in FEATURE_COUNTS[tid]:
            totals[name] += amount
            totals[with_name] += 1
        self.count = count + 1
        self.last = (pos, placed[pos])

    def _join(self, a: int, b: int) -> None:
        """Merge root ``a``'s area into root ``b``'s."""
        self.parent[a] = b
        self.open[b] += self.open[a]
        self.features[b] += self.features[a]
        if self.low[a] < self.low[b]:
            self.low[b] = self.low[a]
        twice_a, twice_b = self.twice[a], self.twice[b]
        size = self.size[a] + self.size[b]
        if twice_a and twice_b:
            # A tile with two regions of this terrain, one in each area, is one tile of the whole.
            both = set(twice_a) & set(twice_b)
            size -= len(both)
            self.twice[b] = tuple(sorted(set(twice_a) | set(twice_b)))
        elif twice_a:
            self.twice[b] = twice_a
        self.size[b] = size

    def _root(self, r: int) -> int:
        parent = self.parent
        while parent[r] != r:
            parent[r] = parent[parent[r]]  # path halving keeps the trees flat
            r = parent[r]
        return r

    def _road_root(self, r: int) -> int:
        parent = self.road_parent
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    # ------------------------------------------------------------ reading
    def areas(self) -> list[AreaFacts]:
        """The facts of every area, in the order of each area's root region."""
        open_, size, terrain, features = self.open, self.size, self.terrain, self.features
        make = tuple.__new__  # AreaFacts(...) without the NamedTuple's Python-level __new__
        found = []
        for r, up in enumerate(self.parent):
            if up == r:
                f = features[r]
                facts = (terrain[r], not open_[r], size[r], f % PACK, f // PACK % PACK, f // PACK2)
                found.append(make(AreaFacts, facts))
        return found

    def scrolls(self) -> list[tuple[str, bool]]:
        """Each scroll's kind and whether its area is completed, in ``find_areas`` order
        (areas by their first region, then scrolls by region)."""
        found = []
        for region, kind in self.scroll_regions:
            root = self._root(region)
            found.append((self.low[root], region, kind, not self.open[root]))
        found.sort()
        return [(kind, completed) for _low, _region, kind, completed in found]

    def road_connected(self) -> set[Pos]:
        """Tiles joined to the castle by roads, the castle included (as ``territory.road_connected``)."""
        if self.castle < 0:
            return set()
        castle = self._road_root(self.castle)
        return {pos for road, pos in enumerate(self.road_pos) if self._road_root(road) == castle}

    def connected_whisky_tiles(self) -> int:
        """Tiles with whisky joined to the castle by roads (as ``territory.connected_whisky_tiles``)."""
        if not self.totals["tiles with whisky"] or self.castle < 0:
            return 0
        castle = self._road_root(self.castle)
        return len(
            {
                pos
                for road, pos in enumerate(self.road_pos)
                if self.road_whisky[road] and self._road_root(road) == castle
            }
        )


# The index of each castle alone at (0, 0), shared by new games (``castle_index``).
_CASTLE_INDEX: dict[int, TerritoryIndex] = {}


def castle_index(tid: int) -> TerritoryIndex:
    """The index of a territory holding castle ``tid`` alone at (0, 0), not to be changed: a
    state copies it before it places a tile there, as it copies one it shares with a clone."""
    index = _CASTLE_INDEX.get(tid)
    if index is None:
        index = _CASTLE_INDEX[tid] = TerritoryIndex.of({(0, 0): (tid, 0)})
    return index
