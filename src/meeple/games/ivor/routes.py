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

from meeple.games.ivor.data import DATA

LOCS = DATA.locations
N_LOCS = len(LOCS)
ADJ = DATA.adjacency
MAIN_A, MAIN_B = DATA.main_line
MAIN_LINE_COAL: int = DATA.components["main_line_coal"]
INF = 99

# (ordinary moves, location) pairs, sorted by moves.
Reach = tuple[tuple[int, int], ...]
# Routes: (by ordinary lines only, riding the main line once).
Routes = tuple[Reach, Reach]
# A destination's options: (ordinary moves, coal spent), cheapest in coal first.
Options = dict[int, tuple[tuple[int, int], ...]]


def bfs(src: int, blocked: int = 0) -> list[int]:
    """Ordinary moves from ``src`` to every location (breadth-first), never entering a
    location whose bit is set in ``blocked``."""
    dist = [INF] * N_LOCS
    dist[src] = 0
    frontier = [src]
    while frontier:
        nxt = []
        for here in frontier:
            d = dist[here] + 1
            for other in ADJ[here]:
                if dist[other] == INF and not blocked >> other & 1:
                    dist[other] = d
                    nxt.append(other)
        frontier = nxt
    return dist


DIST = [bfs(src) for src in range(N_LOCS)]
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


def routes(src: int, blocked: int) -> Routes:
    """Where a wagon at ``src`` can get to when the locations in ``blocked`` (a bit set)
    cannot be entered: ``(by_line, by_main_line)``. ``by_main_line`` holds the routes
    that ride the main line once (2 coal on top of the moves), the fewest ordinary
    moves of both directions for each location. Riding it twice never pays."""
    row = bfs(src, blocked)
    by_line = tuple(sorted((row[x], x) for x in range(N_LOCS) if x != src and row[x] < INF))
    from_a, from_b = _main_rows(blocked)
    best: dict[int, int] = {}
    for a, b, far in ((MAIN_A, MAIN_B, from_b), (MAIN_B, MAIN_A, from_a)):
        if row[a] >= INF or blocked >> b & 1:
            continue
        for x in range(N_LOCS):
            if x != src and far[x] < INF:
                steps = row[a] + far[x]
                if x not in best or steps < best[x]:
                    best[x] = steps
    by_main = tuple(sorted((steps, x) for x, steps in best.items()))
    return by_line, by_main


OPEN_ROUTES = tuple(routes(src, 0) for src in range(N_LOCS))
_ROUTE_CACHE: dict[int, Routes] = {}


def blocked_routes(src: int, blocked: int) -> Routes:
    """``routes`` remembered per (start, blocked set): Idris positions repeat a lot in search."""
    if not blocked:
        return OPEN_ROUTES[src]
    key = blocked << 5 | src
    found = _ROUTE_CACHE.get(key)
    if found is None:
        if len(_ROUTE_CACHE) > 50_000:
            _ROUTE_CACHE.clear()
        found = _ROUTE_CACHE[key] = routes(src, blocked)
    return found


def cost(steps: int, free: int, main: bool) -> int:
    """Coal a route of ``steps`` ordinary moves costs with ``free`` free moves left."""
    return (steps - free if steps > free else 0) + (MAIN_LINE_COAL if main else 0)


def move_options(src: int, free: int, coal: int, blocked: int, wagons: list[int]) -> Options:
    """Where a wagon at ``src`` with ``free`` free moves and ``coal`` coal can go and stop:
    ``{location: ((ordinary moves, coal spent), ...)}``.

    Each destination lists every route whose (free moves left, coal left) no other
    route beats, by coal spent (fewest first), at most two: the fewest ordinary moves
    by line alone, and the fewest riding the main line, when neither beats the other
    (the main line costs more coal but can save free moves for later). Equal leftovers
    keep the route by line. ``wagons[x] >= 0`` where a wagon stands (no stopping)."""
    by_line, by_main = blocked_routes(src, blocked)
    options: Options = {}
    budget = free + coal
    for d, x in by_line:
        if d > budget:
            break
        if wagons[x] < 0:
            options[x] = ((d, d - free if d > free else 0),)
    if coal < MAIN_LINE_COAL:
        return options
    for steps, x in by_main:
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
