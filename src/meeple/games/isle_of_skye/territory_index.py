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

Numbers that are only ever added up are packed into one integer, fields of
``BITS`` bits each, so that merging two areas (or taking a tile's features
in) is one addition: an area's open sides, tiles and features, and the
territory's feature totals. No field can reach ``2 ** BITS``: the game has
78 tiles, so at most 312 sides and 234 of a feature.
"""

from __future__ import annotations

from meeple.games.isle_of_skye.data import FEATURES, TILES
from meeple.games.isle_of_skye.territory import (
    EDGE_REGION,
    FEATURE_COUNTS,
    REGION_COUNT,
    REGION_FACTS,
    SIDE_REGION,
    SIDE_ROAD,
    AreaFacts,
    Placed,
    Pos,
)

BITS = 10
MASK = (1 << BITS) - 1
assert 4 * len(TILES) <= MASK, "a packed field could overflow"
# An area's packed facts: open sides (facing an empty square), tiles spanned, brochs, ships, lighthouses.
OPEN, SIZE, BROCHS, SHIPS, LIGHTHOUSES = (1 << (BITS * i) for i in range(5))
SIZE_SHIFT, BROCH_SHIFT, SHIP_SHIFT, LIGHTHOUSE_SHIFT = (BITS * i for i in range(1, 5))
CLOSED_SIDE_PAIR = 2 * OPEN  # a shared edge closes one side of each of its two regions


def _region_packs(tid: int) -> tuple[int, ...]:
    """Each region of ``tid`` on its own: its sides (all open), one tile, its features."""
    packs = []
    for region, (_terrain, features, _scroll) in enumerate(REGION_FACTS[tid]):
        count = dict(features)
        sides = sum(1 for edge_region in EDGE_REGION[tid] if edge_region == region)
        packs.append(
            sides * OPEN
            + SIZE
            + count.get("broch", 0) * BROCHS
            + count.get("ship", 0) * SHIPS
            + count.get("lighthouse", 0) * LIGHTHOUSES
        )
    return tuple(packs)


# Per tile: each region's packed facts, terrain, and (region, kind) of its scroll, if it has one.
REGION_PACKS = tuple(_region_packs(tile.id) for tile in TILES)
REGION_TERRAIN = tuple(tuple(terrain for terrain, _f, _s in facts) for facts in REGION_FACTS)
REGION_SCROLL: tuple[tuple[int, str] | None, ...] = tuple(
    next(((region, scroll) for region, (_t, _f, scroll) in enumerate(facts) if scroll is not None), None)
    for facts in REGION_FACTS
)
# Tiles with two regions of one terrain: the only ones one area can hold twice.
TWICE = tuple(len(set(terrains)) < len(terrains) for terrains in REGION_TERRAIN)
ROAD_COUNT = tuple(len(tile.roads) for tile in TILES)
IS_CASTLE = tuple(tile.kind == "castle" for tile in TILES)
IS_WHISKY = tuple(bool(tile.count("whisky")) for tile in TILES)

# The territory's totals, packed: each feature's count, then the tiles showing it ("tiles with").
TOTAL_NAMES: tuple[str, ...] = (*FEATURES, *(f"tiles with {name}" for name in FEATURES))
TOTAL_SHIFT = {name: BITS * i for i, name in enumerate(TOTAL_NAMES)}
TILE_TOTALS = tuple(
    sum((amount << TOTAL_SHIFT[name]) + (1 << TOTAL_SHIFT[with_name]) for name, amount, with_name in counts)
    for counts in FEATURE_COUNTS
)
WHISKY_TILES_SHIFT = TOTAL_SHIFT["tiles with whisky"]

# Each square's four neighbours (N, E, S, W), made once per square asked.
NEXT_TO: dict[Pos, tuple[Pos, Pos, Pos, Pos]] = {}


def next_to(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The squares N, E, S and W of ``pos`` (kept in ``NEXT_TO``: a few hundred squares lie within reach)."""
    x, y = pos
    found = NEXT_TO[pos] = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))  # as data.DX, data.DY
    return found


# The sides (N, E, S, W: 0-3) a frontier pattern (data.FITS) asks something of: those facing a tile.
TOUCHING: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in range(4) if pattern >> 2 * d & 3) for pattern in range(256)
)
OPEN_SIDES: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in range(4) if not pattern >> 2 * d & 3) for pattern in range(256)
)  # and those it asks nothing of
ALL_SIDES = (0, 1, 2, 3)
BACK = (2, 3, 0, 1)  # the side of the neighbour that faces back
NO_SQUARES: tuple[Pos, ...] = ()
# Ready-made runs for a tile's new roads (a tile has at most a handful).
NO_SQUARE_RUNS = tuple((NO_SQUARES,) * n for n in range(8))


class TerritoryIndex:
    """The union-finds and totals of one territory (see the module docstring).

    Regions are numbered as their tiles are taken in, and an area's root is always
    its lowest region (a merge keeps the lower root), so areas listed by root come
    in the order of their first region. At each root, lists over regions hold that
    area's facts: packed (``facts``), and ``twice``.
    """

    __slots__ = (
        "castle",
        "count",
        "facts",
        "last",
        "parent",
        "road_parent",
        "road_squares",
        "roots",
        "scroll_regions",
        "side_regions",
        "side_roads",
        "terrain",
        "tile_totals",
        "twice",
        "whisky_squares",
    )

    # square -> its tile's first region, and the region on each side (N, E, S, W) counted from it
    side_regions: dict[Pos, tuple[int, tuple[int, ...]]]
    parent: list[int]
    facts: list[int]  # at a root: the area's open sides, tiles and features, packed (``OPEN`` ...)
    roots: dict[int, None]  # the root of every area, lowest first
    twice: dict[int, tuple[int, ...]]  # at a root: the area's tiles (by placing order) of ``TWICE`` kind, if any
    terrain: list[str]
    scroll_regions: list[tuple[int, str]]  # each scroll: its region and its kind
    side_roads: dict[Pos, tuple[int, tuple[int, ...]]]  # square -> as side_regions, for roads (-1: none)
    road_parent: list[int]
    road_squares: list[tuple[Pos, ...]]  # at a root: the squares of the network's roads (a square may repeat)
    whisky_squares: list[tuple[Pos, ...]]  # at a root: those of them whose tile shows whisky
    castle: int  # the first castle's road 0 (-1: that castle has no road; -2: no castle yet)
    tile_totals: int  # the totals ``totals`` lists, packed (``TOTAL_SHIFT``)
    count: int  # tiles taken in
    last: tuple[Pos, tuple[int, int]] | None  # the last of them, to tell whether the index still describes a territory

    def __init__(self) -> None:
        self.side_regions = {}
        self.parent = []
        self.facts = []
        self.roots = {}
        self.twice = {}
        self.terrain = []
        self.scroll_regions = []
        self.side_roads = {}
        self.road_parent = []
        self.road_squares = []
        self.whisky_squares = []
        self.castle = -2
        self.tile_totals = 0
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
        new.facts = self.facts.copy()
        new.roots = self.roots.copy()
        new.twice = self.twice.copy()
        new.terrain = self.terrain.copy()
        new.scroll_regions = self.scroll_regions.copy()
        new.side_roads = self.side_roads.copy()
        new.road_parent = self.road_parent.copy()
        new.road_squares = self.road_squares.copy()
        new.whisky_squares = self.whisky_squares.copy()
        new.castle = self.castle
        new.tile_totals = self.tile_totals
        new.count = self.count
        new.last = self.last
        return new

    # ------------------------------------------------------------ taking a tile in
    def add(self, placed: Placed, pos: Pos, tid: int, rot: int, pattern: int | None = None) -> None:
        """Take in ``tid`` turned ``rot`` at ``pos`` (already in ``placed``); ``pattern``, if
        known, is the square's frontier pattern, which tells the sides that meet a tile.

        The tile's regions start as areas of their own with every side open; each
        side that meets a placed tile closes a side of both regions and joins them,
        and joins the roads there. One pass over the sides serves both union-finds
        (they are independent).
        """
        count = self.count
        parent, facts, roots = self.parent, self.facts, self.roots
        first = len(parent)
        regions = REGION_COUNT[tid]
        mine = SIDE_REGION[tid][rot]  # (each side's region, counted from ``first``)
        side_regions = self.side_regions
        side_regions[pos] = (first, mine)
        new = range(first, first + regions)
        parent += new
        for region in new:  # (one by one: a dict made to update from costs more for 1-4 regions)
            roots[region] = None
        facts += REGION_PACKS[tid]
        self.terrain += REGION_TERRAIN[tid]
        twice = self.twice
        if TWICE[tid]:
            mark = (count,)
            for region in new:
                twice[region] = mark
        scroll = REGION_SCROLL[tid]
        if scroll is not None:
            self.scroll_regions.append((first + scroll[0], scroll[1]))
        # Roads: the tile's own (a first castle's all count as one network).
        roads = ROAD_COUNT[tid]
        side_roads = self.side_roads
        road_parent = self.road_parent
        base = len(road_parent)
        mine_roads = SIDE_ROAD[tid][rot]  # (each side's road, counted from ``base``; -1: none)
        if roads:
            side_roads[pos] = (base, mine_roads)
            road_parent += range(base, base + roads)
            squares = self.road_squares
            squares += ((pos,),) * roads
            whisky = self.whisky_squares
            whisky += ((pos,),) * roads if IS_WHISKY[tid] else NO_SQUARE_RUNS[roads]
            if IS_CASTLE[tid] and self.castle == -2:
                self.castle = base
                for road in range(base + 1, base + roads):
                    road_parent[road] = base
                    squares[road] = whisky[road] = NO_SQUARES
        elif IS_CASTLE[tid] and self.castle == -2:
            self.castle = -1  # the first castle has no road
        around = NEXT_TO.get(pos) or next_to(pos)
        for d in ALL_SIDES if pattern is None else TOUCHING[pattern]:
            square = around[d]
            other = side_regions.get(square)
            if other is None:
                continue  # the side stays open
            back = BACK[d]
            a = first + mine[d]
            while parent[a] != a:
                a = parent[a]
            b = other[0] + other[1][back]
            while parent[b] != b:
                b = parent[b]
            if a == b:
                facts[a] -= CLOSED_SIDE_PAIR
            else:
                if a < b:
                    a, b = b, a
                self._join(a, b)
            road = mine_roads[d]
            if road >= 0:
                theirs = side_roads.get(square)
                if theirs is not None and theirs[1][back] >= 0:
                    self._join_roads(base + road, theirs[0] + theirs[1][back])
        self.tile_totals += TILE_TOTALS[tid]
        self.count = count + 1
        self.last = (pos, placed[pos])

    def _join(self, a: int, b: int) -> None:
        """Merge root ``a``'s area into root ``b``'s (``b`` < ``a``), across an edge that closes a side of each."""
        self.parent[a] = b
        del self.roots[a]
        facts = self.facts
        merged = facts[a] + facts[b] - CLOSED_SIDE_PAIR
        twice = self.twice
        twice_a = twice.pop(a, None)
        if twice_a is not None:
            twice_b = twice.get(b)
            if twice_b is None:
                twice[b] = twice_a
            else:
                # A tile with two regions of this terrain, one in each area, is one tile of the whole.
                merged -= len(set(twice_a) & set(twice_b)) * SIZE
                twice[b] = tuple(sorted(set(twice_a) | set(twice_b)))
        facts[b] = merged

    def _join_roads(self, road: int, other: int) -> None:
        """Join the networks of two roads that meet across an edge."""
        a, b = self._road_root(road), self._road_root(other)
        if a != b:
            self.road_parent[a] = b
            squares, whisky = self.road_squares, self.whisky_squares
            squares[b] += squares[a]
            squares[a] = NO_SQUARES
            if whisky[a]:
                whisky[b] += whisky[a]
                whisky[a] = NO_SQUARES

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
        """The facts of every area, in the order of each area's first region."""
        facts, terrain = self.facts, self.terrain
        make = tuple.__new__  # AreaFacts(...) without the NamedTuple's Python-level __new__
        found = []
        for r in self.roots:
            f = facts[r]
            area = (
                terrain[r],
                not f & MASK,
                f >> SIZE_SHIFT & MASK,
                f >> BROCH_SHIFT & MASK,
                f >> SHIP_SHIFT & MASK,
                f >> LIGHTHOUSE_SHIFT,
            )
            found.append(make(AreaFacts, area))
        return found

    def scrolls(self) -> list[tuple[str, bool]]:
        """Each scroll's kind and whether its area is completed, in ``find_areas`` order
        (areas by their first region, then scrolls by region)."""
        found = []
        facts = self.facts
        for region, kind in self.scroll_regions:
            root = self._root(region)
            found.append((root, region, kind, not facts[root] & MASK))
        found.sort()
        return [(kind, completed) for _root, _region, kind, completed in found]

    def castle_network(self) -> int:
        """The root road of the castle's network (-1: no castle road)."""
        castle = self.castle
        if castle >= 0:
            parent = self.road_parent
            while parent[castle] != castle:
                castle = parent[castle]
        return castle

    def road_connected(self) -> set[Pos]:
        """Tiles joined to the castle by roads, the castle included (as ``territory.road_connected``)."""
        castle = self.castle_network()
        return set(self.road_squares[castle]) if castle >= 0 else set()

    def connected_whisky_tiles(self) -> int:
        """Tiles with whisky joined to the castle by roads (as ``territory.connected_whisky_tiles``)."""
        castle = self.castle_network()
        if castle < 0:
            return 0
        whisky = self.whisky_squares[castle]
        return len(set(whisky)) if whisky else 0

    def total(self, name: str) -> int:
        """One of ``totals``: a feature's count, or under ``"tiles with <feature>"`` its tiles'."""
        return self.tile_totals >> TOTAL_SHIFT[name] & MASK

    @property
    def totals(self) -> dict[str, int]:
        """As ``Territory`` counts them: each feature, and "tiles with" each."""
        packed = self.tile_totals
        return {name: packed >> shift & MASK for name, shift in TOTAL_SHIFT.items()}


# The index of each castle alone at (0, 0), shared by new games (``castle_index``).
_CASTLE_INDEX: dict[int, TerritoryIndex] = {}


def castle_index(tid: int) -> TerritoryIndex:
    """The index of a territory holding castle ``tid`` alone at (0, 0), not to be changed: a
    state copies it before it places a tile there, as it copies one it shares with a clone."""
    index = _CASTLE_INDEX.get(tid)
    if index is None:
        index = _CASTLE_INDEX[tid] = TerritoryIndex.of({(0, 0): (tid, 0)})
    return index
