"""Ivor the Engine: where a wagon can go, and what each way of getting there costs.

A wagon moves along ordinary lines (single-track lines and lighter borders), one
location a move; the first moves of a turn are free (the free move and extra
moves from special actions), each further move costs 1 coal. The main line
joins its two ends directly for exactly 2 coal and takes no free move. A route
may pass through locations with other wagons but never stop on one, and never
enters a location where a Sleeping Idris lies.

Free moves are spent before coal (a free move left at the end of the turn is
lost, coal is kept), so a route's cost is fixed by how many ordinary moves it
makes and whether it rides the main line. Of the routes to one place the
player may want any that no other beats in both free moves left and coal left:
see :func:`move_options`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from meeple.core import Action
from meeple.games.ivor.actions import MOVE_ACT, MOVE_INDEX, MoveAction
from meeple.games.ivor.data import DATA

LOCS = DATA.locations
N_LOCS = len(LOCS)
ADJ = DATA.adjacency
MAIN_A, MAIN_B = DATA.main_line
MAIN_LINE_COAL: int = DATA.components["main_line_coal"]
INF = 99

# (ordinary moves, location) pairs, sorted, each packed in one int: moves << 5 | location. Ints,
# not pairs: the route caches keep many of these, and a tuple kept is one more object for the
# garbage collector to count and visit (it visited the pairs of every new cache entry).
Reach = tuple[int, ...]
assert N_LOCS <= 32, "a location is packed in 5 bits"
# A destination's options: (ordinary moves, coal spent), cheapest in coal first.
Options = dict[int, tuple[tuple[int, int], ...]]


# The map as bit sets, for breadth-first search a whole frontier at a time: the neighbours of
# every location in a set of the low (high) locations, and the locations in such a set in
# order, looked up by that half of the set's bits (two tables of 2**10 instead of one of 2**20).
HALF = 10
assert N_LOCS <= 2 * HALF, "the map's bit sets are looked up in two halves"
_HALF_MASK = (1 << HALF) - 1
_NEIGHBOURS = [sum(1 << o for o in ADJ[x]) for x in range(N_LOCS)]


def _half_tables(base: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    size = 1 << max(0, min(HALF, N_LOCS - base))
    near, members = [], []
    for m in range(size):
        inside = tuple(base + i for i in range(HALF) if m >> i & 1)
        members.append(inside)
        near.append(_or_all(_NEIGHBOURS[x] for x in inside))
    return tuple(near), tuple(members)


def _or_all(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


_NEAR_LO, _IN_LO = _half_tables(0)
_NEAR_HI, _IN_HI = _half_tables(HALF)


def levels(src: int, blocked: int = 0) -> list[tuple[int, ...]]:
    """The locations ``d`` ordinary moves from ``src`` (by the fewest), each in order, for
    ``d = 1, 2, ...``, never entering a location whose bit is set in ``blocked``."""
    seen = 1 << src | blocked
    frontier = 1 << src
    out: list[tuple[int, ...]] = []
    while True:
        frontier = (_NEAR_LO[frontier & _HALF_MASK] | _NEAR_HI[frontier >> HALF]) & ~seen
        if not frontier:
            return out
        seen |= frontier
        out.append(_IN_LO[frontier & _HALF_MASK] + _IN_HI[frontier >> HALF])


def bfs(src: int, blocked: int = 0) -> list[int]:
    """Ordinary moves from ``src`` to every location (breadth-first), never entering a
    location whose bit is set in ``blocked``."""
    dist = [INF] * N_LOCS
    dist[src] = 0
    for d, ring in enumerate(levels(src, blocked), 1):
        for x in ring:
            dist[x] = d
    return dist


DIST = [bfs(src) for src in range(N_LOCS)]
# BALL[src][r]: bit set of the locations at most r lines from src, r up to N_LOCS.
BALL = tuple(
    tuple(sum(1 << x for x in range(N_LOCS) if DIST[src][x] <= r) for r in range(N_LOCS + 1)) for src in range(N_LOCS)
)
# WITHIN[src][r]: the locations at most r lines from src (runaway sheep), r up to 9.
WITHIN = tuple(tuple(tuple(x for x in range(N_LOCS) if DIST[src][x] <= r) for r in range(10)) for src in range(N_LOCS))


_MAIN_ROWS: dict[int, tuple[list[int], list[int]]] = {}


def _main_rows(blocked: int) -> tuple[list[int], list[int]]:
    """Ordinary moves from each end of the main line, per blocked set (shared by every start)."""
    rows = _MAIN_ROWS.get(blocked)
    if rows is None:
        if len(_MAIN_ROWS) > 20_000:
            _MAIN_ROWS.clear()
        rows = _MAIN_ROWS[blocked] = (bfs(MAIN_A, blocked), bfs(MAIN_B, blocked))
    return rows


def line_routes(src: int, blocked: int) -> Reach:
    """Where a wagon at ``src`` gets to by ordinary lines alone when the locations in ``blocked``
    (a bit set) cannot be entered, nearest first."""
    return tuple(d << 5 | x for d, ring in enumerate(levels(src, blocked), 1) for x in ring)


def main_routes(src: int, blocked: int) -> Reach:
    """Where a wagon at ``src`` gets to riding the main line once (2 coal on top of the moves),
    the fewest ordinary moves of both directions for each location. Riding it twice never pays."""
    row = [INF] * N_LOCS
    row[src] = 0
    for dx in _cached(_LINES, src, blocked, line_routes):
        row[dx & 31] = dx >> 5
    from_a, from_b = _main_rows(blocked)
    best = [INF] * N_LOCS  # over both directions; a sum at or above INF is no route
    for a, b, far in ((MAIN_A, MAIN_B, from_b), (MAIN_B, MAIN_A, from_a)):
        if row[a] >= INF or blocked >> b & 1:
            continue
        to_a = row[a]
        best = list(map(min, best, [to_a + f for f in far]))
    best[src] = INF
    return tuple(sorted(steps << 5 | x for x, steps in enumerate(best) if steps < INF))


# Routes remembered per (start, blocked set): Idris positions repeat a lot in search. The routes
# by the main line are searched only when a move step has the coal to ride it.
_LINES: dict[int, Reach] = {}
_MAINS: dict[int, Reach] = {}


def _cached(table: dict[int, Reach], src: int, blocked: int, search: Callable[[int, int], Reach]) -> Reach:
    key = blocked << 5 | src
    found = table.get(key)
    if found is None:
        if len(table) > 50_000:
            table.clear()
        found = table[key] = search(src, blocked)
    return found


def cost(steps: int, free: int, main: bool) -> int:
    """Coal a route of ``steps`` ordinary moves costs with ``free`` free moves left."""
    return (steps - free if steps > free else 0) + (MAIN_LINE_COAL if main else 0)


def move_options(src: int, free: int, coal: int, blocked: int, wagons: Sequence[int]) -> Options:
    """Where a wagon at ``src`` with ``free`` free moves and ``coal`` coal can go and stop:
    ``{location: ((ordinary moves, coal spent), ...)}``.

    Each destination lists every route whose (free moves left, coal left) no other
    route beats, by coal spent (fewest first), at most two: the fewest ordinary moves
    by line alone, and the fewest riding the main line, when neither beats the other
    (the main line costs more coal but can save free moves for later). Equal leftovers
    keep the route by line. ``wagons[x] >= 0`` where a wagon stands (no stopping)."""
    options: Options = {}
    budget = free + coal
    for dx in _cached(_LINES, src, blocked, line_routes):
        d, x = dx >> 5, dx & 31
        if d > budget:
            break
        if wagons[x] < 0:
            options[x] = ((d, d - free if d > free else 0),)
    if coal < MAIN_LINE_COAL:
        return options
    for sx in _cached(_MAINS, src, blocked, main_routes):
        steps, x = sx >> 5, sx & 31
        spend = cost(steps, free, True)
        if spend > coal:
            break
        if wagons[x] >= 0:
            continue
        line = options.get(x)
        if line is None:
            options[x] = ((steps, spend),)
            continue
        d, line_spend = line[0]
        main_moves_left = free - min(steps, free)
        line_moves_left = free - min(d, free)
        if main_moves_left <= line_moves_left and spend >= line_spend:
            continue  # the route by line leaves as much of both: it beats (or equals) the main line
        if main_moves_left >= line_moves_left and spend <= line_spend:
            options[x] = ((steps, spend),)  # the main line leaves as much of both and more of one
        else:
            options[x] = ((d, line_spend), (steps, spend))
    return options


# What the legal-action list takes from move_options, per (start, free moves, coal, blocked set)
# on a board with no other wagon: the move actions in the list's order (nearest first), each
# destination's run of them (start << 8 | stop), what playing each action takes:
# (ordinary moves << 6 | coal) << 5 | destination, and the actions' indices in the action space
# (for the RL masks, in the same order). Another wagon only takes its location out of the
# options (it never changes a route elsewhere), so the list for the real board is this one
# with those runs cut out. The same few keys come back turn after turn, and building the
# options afresh costs several times the lookup. Numbers packed in ints, not tuples: a kept
# tuple is one more object for the garbage collector to count and visit.
MoveTable = tuple[tuple[MoveAction, ...], dict[int, int], dict[Action, int], tuple[int, ...]]
NO_WAGONS = (-1,) * N_LOCS
MOVE_TABLES: dict[int | tuple[int, int, int, int], MoveTable] = {}


def move_table(src: int, free: int, coal: int, blocked: int) -> MoveTable:
    """The :data:`MoveTable` of ``move_options(src, free, coal, blocked, NO_WAGONS)``, remembered
    in ``MOVE_TABLES``."""
    if coal < MAIN_LINE_COAL:  # by line only: a route of n moves stays within n lines of the start,
        budget = free + coal  # so a Sleeping Idris farther away changes nothing (and shares the table)
        blocked &= BALL[src][budget if budget < N_LOCS else N_LOCS]
    # one int for the key (no tuple made) while the numbers fit its fields, as in any real game
    if 0 <= free < 32 and 0 <= coal < 16:
        key: int | tuple[int, int, int, int] = (blocked << 5 | src) << 9 | free << 4 | coal
    else:
        key = (src, free, coal, blocked)
    table = MOVE_TABLES.get(key)
    if table is None:
        if len(MOVE_TABLES) >= 20_000:  # a bound on memory; the keys in use come back at once
            MOVE_TABLES.clear()
        acts: list[MoveAction] = []
        span: dict[int, int] = {}
        plays: dict[Action, int] = {}
        indices: list[int] = []
        for x, ways in move_options(src, free, coal, blocked, NO_WAGONS).items():
            start, row, index = len(acts), MOVE_ACT[x], MOVE_INDEX[x]
            for d, spend in ways:
                acts.append(row[spend])
                indices.append(index[spend])
                plays[row[spend]] = (d << 6 | spend) << 5 | x
            span[x] = start << 8 | len(acts)
        table = MOVE_TABLES[key] = (tuple(acts), span, plays, tuple(indices))
    return table
