"""The island: a square grid of spaces covered by stacked 2x2 land tiles.

Spaces have coordinates ``LOW .. LOW + SIZE - 1`` on each axis (``data.json``
``grid``; negative ones included, so the set-up tiles keep the coordinates
they always had while the sea reaches as far as the tiles can, see
``data.grid_reach``). A cell is an int ``(y - LOW) * SIZE + (x - LOW)``
(``cell_of``; ``xy`` turns it back), so cells ascend in (y, x) order.
``height[cell]`` is how many tiles are stacked there (0 = sea) and
``terrain[cell]`` the terrain of the top tile. These functions are pure: they
read the grids and pieces they are given.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from meeple.games.ibyron.data import DATA, LOW, SIZE, TERRAIN_CODES

NN = SIZE * SIZE
HIGH = LOW + SIZE - 1  # the highest coordinate on either axis
# The four cells of a tile, clockwise from the top-left corner: (dx, dy).
OFFSETS = ((0, 0), (1, 0), (1, 1), (0, 1))
TILE_TERRAIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(TERRAIN_CODES[c] for c in tile["cells"]) for tile in DATA["tiles"]
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * SIZE + (x + dx)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE
    )
    for y in range(SIZE)
    for x in range(SIZE)
)


# The spaces sharing an edge with a tile anchored at each cell (up to 8), ascending.
RING: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({n for c in (a, a + 1, a + SIZE, a + SIZE + 1) if c < SIZE * SIZE for n in NEIGHBOURS[c]}
                 - {a, a + 1, a + SIZE, a + SIZE + 1}))
    for a in range(SIZE * SIZE)
)


def cell_of(x: int, y: int) -> int:
    """The cell of the space at coordinates (x, y) (both within LOW..HIGH)."""
    return (y - LOW) * SIZE + (x - LOW)


def xy(cell: int) -> tuple[int, int]:
    """The coordinates (x, y) of a cell."""
    return cell % SIZE + LOW, cell // SIZE + LOW


def on_grid(x: int, y: int) -> bool:
    return LOW <= x <= HIGH and LOW <= y <= HIGH


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance between two cells: leaders step edge to edge."""
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def tile_cells(ax: int, ay: int) -> tuple[int, int, int, int]:
    """The four cells a tile anchored at its top-left corner (ax, ay) covers, clockwise."""
    c = (ay - LOW) * SIZE + (ax - LOW)
    return (c, c + 1, c + SIZE + 1, c + SIZE)


def rotated_terrain(tile: int, rotation: int) -> tuple[int, ...]:
    """Terrain of the tile's four cells (clockwise from top-left) after turning it clockwise ``rotation`` times."""
    t = TILE_TERRAIN[tile]
    return tuple(t[(i - rotation) % 4] for i in range(4))


# ``rotated_terrain`` of every tile and rotation, by tile then rotation (laying a tile looks it up)
ROTATED_TERRAIN = tuple(tuple(rotated_terrain(t, r) for r in range(4)) for t in range(len(TILE_TERRAIN)))


def explore_anchor(leader: int, corner: int) -> tuple[int, int]:
    """Anchor of a tile placed so that its corner ``corner`` (0-3 clockwise) lies on the leader's space."""
    lx, ly = xy(leader)
    dx, dy = OFFSETS[corner]
    return lx - dx, ly - dy


def can_place(
    ax: int, ay: int, height: list[int], blocked: set[int] | dict[int, object] | frozenset[int]
) -> bool:
    """May a tile be laid with its top-left corner at (ax, ay)?

    On the sea it must touch the island along an edge; on land it must lie
    flat on four spaces of equal height (fully supported) and cover no disc,
    building or overseer (``blocked``).
    """
    if not (LOW <= ax < HIGH and LOW <= ay < HIGH):
        return False
    cells = tile_cells(ax, ay)
    h = height[cells[0]]
    if height[cells[1]] != h or height[cells[2]] != h or height[cells[3]] != h:
        return False
    if h == 0:
        for c in cells:
            for n in NEIGHBOURS[c]:
                if height[n] and n not in cells:
                    return True
        return False
    return not any(c in blocked for c in cells)


# Anchor arithmetic on bit masks of cells, laid out x-major (bit (x - LOW) * SIZE + (y - LOW) for the space
# (x, y)) so that the set bits of an anchor mask, lowest first, are the anchors sorted by (x, y). An anchor is a
# tile's top-left cell; only anchors with x, y < HIGH are valid, and for those the tile's other cells are the
# bits 1, SIZE and SIZE + 1 higher, never wrapping round an edge.
_LAST = SIZE - 1
BIT: tuple[int, ...] = tuple(1 << ((c % SIZE) * SIZE + c // SIZE) for c in range(NN))
BIT_XY: tuple[tuple[int, int], ...] = tuple((t // SIZE + LOW, t % SIZE + LOW) for t in range(NN))
VALID_ANCHORS: int = sum(1 << (x * SIZE + y) for x in range(_LAST) for y in range(_LAST))


def mask(cells: Iterable[int]) -> int:
    """The bit mask of some cells."""
    out = 0
    for c in cells:
        out |= BIT[c]
    return out


def touching(cells: int) -> int:
    """The anchors whose tile covers at least one of the cells in the mask."""
    return cells | (cells >> 1) | (cells >> SIZE) | (cells >> (SIZE + 1))


# An island as bit masks: (its land, its land by height, its coast). ``grown_bits`` keeps it up to date as
# tiles are laid, so the anchors of a new island are found from the four cells that changed.
IslandBits = tuple[int, dict[int, int], int]


def island_bits(height: list[int], land_cells: tuple[int, ...], shore: tuple[int, ...]) -> IslandBits:
    land = 0
    levels: dict[int, int] = {}
    for c in land_cells:
        bit = BIT[c]
        land |= bit
        levels[height[c]] = levels.get(height[c], 0) | bit
    return land, levels, mask(shore)


def grown_bits(bits: IslandBits, cells: tuple[int, ...], height: list[int]) -> IslandBits:
    """``island_bits`` once a tile covered ``cells`` (already raised in ``height``), from the island's before."""
    land, old_levels, shore = bits
    levels = old_levels.copy()
    c0, c1, c2, c3 = cells
    covered = BIT[c0] | BIT[c1] | BIT[c2] | BIT[c3]
    h = height[c0]
    if height[c1] == h and height[c2] == h and height[c3] == h:  # a tile lies flat: its cells rise together
        if h > 1:
            levels[h - 1] &= ~covered
        levels[h] = levels.get(h, 0) | covered
    else:
        for c in cells:
            bit = BIT[c]
            h = height[c]
            if h > 1:
                levels[h - 1] &= ~bit
            levels[h] = levels.get(h, 0) | bit
    if covered & land != covered:  # on the sea: the coast moves out past the tile
        shore &= ~covered
        for n in RING[cells[0]]:
            if not height[n]:
                shore |= BIT[n]
    return land | covered, levels, shore


def anchors_of_bits(bits: IslandBits) -> tuple[int, int]:
    """Every anchor where a tile may lie when no piece is in the way, as masks: (on the sea, flat on land).

    A tile on the sea covers no land and at least one coast cell (a sea cell beside the island); a flat tile
    covers four land cells of one level.
    """
    land, levels, shore = bits
    sea = touching(shore) & ~touching(land) & VALID_ANCHORS
    flat = 0
    for level in levels.values():
        flat |= level & (level >> 1) & (level >> SIZE) & (level >> (SIZE + 1))
    return sea, flat & VALID_ANCHORS


def anchor_masks(height: list[int], land_cells: tuple[int, ...], shore: tuple[int, ...]) -> tuple[int, int]:
    """``anchors_of_bits`` of an island: the same answer as trying ``can_place`` at every anchor."""
    return anchors_of_bits(island_bits(height, land_cells, shore))


def anchor_list(bits: int) -> list[tuple[int, int]]:
    """The anchors of a mask as (x, y), sorted."""
    out = []
    while bits:
        low = bits & -bits
        out.append(BIT_XY[low.bit_length() - 1])
        bits ^= low
    return out


def anchors(height: list[int], land_cells: tuple[int, ...], shore: tuple[int, ...]) -> tuple[
        list[tuple[int, int]], list[tuple[int, int]]]:
    """``anchor_masks`` as sorted lists of (x, y)."""
    sea, flat = anchor_masks(height, land_cells, shore)
    return anchor_list(sea), anchor_list(flat)


def coast(height: list[int], land_cells: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Sea cells next to the island, where a leader may wait to explore (ascending)."""
    if land_cells is None:
        land_cells = land(height)
    return tuple(sorted({n for c in land_cells for n in NEIGHBOURS[c] if not height[n]}))


def grow_coast(shore: tuple[int, ...], cells: tuple[int, ...], height: list[int]) -> tuple[int, ...]:
    """The coast once ``cells`` (already raised in ``height``) became land: the same as ``coast`` of the new
    island, found from the old coast and the new cells' neighbours only."""
    # a sorted list edited in place (bisect, C speed): the coast was sea, so of it only the tile's own cells
    # became land, and of the tile's ring only the sea cells not on it yet join it
    grown = list(shore)
    for c in cells:
        i = bisect_left(grown, c)
        if i < len(grown) and grown[i] == c:
            del grown[i]
    for n in RING[cells[0]]:
        if not height[n]:
            i = bisect_left(grown, n)
            if i == len(grown) or grown[i] != n:
                grown.insert(i, n)
    return tuple(grown)


def land(height: list[int]) -> tuple[int, ...]:
    return tuple(c for c in range(NN) if height[c])
