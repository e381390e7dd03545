"""The island: a square grid of spaces covered by stacked 2x2 land tiles.

A cell is an int ``y * SIZE + x``. ``height[cell]`` is how many tiles are
stacked there (0 = sea) and ``terrain[cell]`` the terrain of the top tile.
These functions are pure: they read the grids and pieces they are given.
"""

from __future__ import annotations

from meeple.games.ibyron.data import DATA, SIZE, TERRAIN_CODES

NN = SIZE * SIZE
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


def cell_of(x: int, y: int) -> int:
    return y * SIZE + x


def xy(cell: int) -> tuple[int, int]:
    return cell % SIZE, cell // SIZE


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance between two cells: leaders step edge to edge."""
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def tile_cells(ax: int, ay: int) -> tuple[int, int, int, int]:
    """The four cells a tile anchored at its top-left corner (ax, ay) covers, clockwise."""
    c = ay * SIZE + ax
    return (c, c + 1, c + SIZE + 1, c + SIZE)


def rotated_terrain(tile: int, rotation: int) -> tuple[int, ...]:
    """Terrain of the tile's four cells (clockwise from top-left) after turning it clockwise ``rotation`` times."""
    t = TILE_TERRAIN[tile]
    return tuple(t[(i - rotation) % 4] for i in range(4))


def explore_anchor(leader: int, corner: int) -> tuple[int, int]:
    """Anchor of a tile placed so that its corner ``corner`` (0-3 clockwise) lies on the leader's space."""
    lx, ly = leader % SIZE, leader // SIZE
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
    if not (0 <= ax < SIZE - 1 and 0 <= ay < SIZE - 1):
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


# The anchors (top-left cells) of the tiles that cover each cell, and each anchor as (x, y): hot-path tables.
_LAST = SIZE - 1
ANCHORS_OVER: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y - dy) * SIZE + (x - dx)
        for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1))
        if 0 <= x - dx < _LAST and 0 <= y - dy < _LAST
    )
    for y in range(SIZE)
    for x in range(SIZE)
)
ANCHOR_XY: tuple[tuple[int, int], ...] = tuple((c % SIZE, c // SIZE) for c in range(SIZE * SIZE))


def anchors(height: list[int], land_cells: tuple[int, ...], shore: tuple[int, ...]) -> tuple[
        list[tuple[int, int]], list[tuple[int, int]]]:
    """Every anchor where a tile may lie when no piece is in the way: (on the sea, flat on land), each sorted.

    The same answer as trying ``can_place`` at every anchor, found from the island's edge instead: a tile on
    the sea touches the island, so one of its four cells is a coast cell; a flat tile on land has a land cell
    as its top-left corner.
    """
    h = height
    s = SIZE
    sea = {a for c in shore for a in ANCHORS_OVER[c] if not (h[a] or h[a + 1] or h[a + s] or h[a + s + 1])}
    flat = [ANCHOR_XY[c] for c in land_cells
            if c % s < _LAST and c < _LAST * s and h[c + 1] == h[c] == h[c + s] == h[c + s + 1]]
    flat.sort()
    return sorted([ANCHOR_XY[a] for a in sea]), flat


def coast(height: list[int], land_cells: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Sea cells next to the island, where a leader may wait to explore (ascending)."""
    if land_cells is None:
        land_cells = land(height)
    return tuple(sorted({n for c in land_cells for n in NEIGHBOURS[c] if not height[n]}))


def land(height: list[int]) -> tuple[int, ...]:
    return tuple(c for c in range(NN) if height[c])
