"""Ivor's map and its legend. Across, the map uses the data's own units (0..1000, the
board's width); down, it is squashed a little and drawn from a ``top`` the board gives it,
under the status and the players.

Towns are pink, villages beige; single-track lines solid, lighter borders dashed, dark
borders black bars, the main line a long dashed curve. On each location: its sheep,
a face-down lost-sheep token, a wagon, Sleeping Idris, and how many jobs in the
viewer's own hand are done there. Names are written over the lines with a white halo.
"""

from __future__ import annotations

from meeple.core.svg import fragment, short_name
from meeple.core.words import seat_name
from meeple.games.ivor.data import DATA, Location
from meeple.games.ivor.observe import IvorObservation, RouteObservation
from meeple.games.ivor.svg_icons import (
    BASE,
    HALO,
    SEAT_COLOURS,
    TOWN_FILL,
    VILLAGE_FILL,
    WIDTH,
    clickable_attrs,
    engine,
    idris,
    job_marker,
    lost_sheep_token,
    sheep_count,
    text,
    title,
    wagon,
)
from meeple.games.ivor.words import plural

# The data places the locations on a 1000 x 700 map; the board draws its heights from DATA_TOP (the
# top name) to DATA_BOTTOM (the main line's words) squashed to SQUASH of their height, so the whole
# map fits in the board panel's first view under the status and the players.
DATA_TOP, DATA_BOTTOM, SQUASH = 24, 706, 0.8
MAP_H = round((DATA_BOTTOM - DATA_TOP) * SQUASH)
LOCATION_ACTIONS = ("place", "idris", "runaway")
CLICK_TIPS = {
    "place": "Place your wagon here",
    "idris": "Put Sleeping Idris here: no wagon may enter until your next turn",
    "runaway": "Take a runaway sheep from here",
}
# Two-line names: the long ones would run into their neighbours' names on one line.
SPLIT_NAMES = {
    "Dinwiddy's Gold Mine": ("Dinwiddy's", "Gold Mine"),
    "Post Office Crossing": ("Post Office", "Crossing"),
    "Gwynaudalion Halt": ("Gwynaudalion", "Halt"),
    "Mrs Porty's House": ("Mrs Porty's", "House"),
    "Grumbly Gas Works": ("Grumbly", "Gas Works"),
}
Names = tuple[str, ...] | None
# How each kind of place and line is drawn, on the map and in the legend alike.
TOWN = f'data-symbol="town" fill="{TOWN_FILL}"'
VILLAGE = f'data-symbol="village" fill="{VILLAGE_FILL}"'
TRACK = 'data-symbol="track" stroke="#333" stroke-width="4"'
BORDER = 'data-symbol="border" stroke="#9a9" stroke-width="3" stroke-dasharray="6 5"'
DARK = 'data-symbol="dark-border" stroke="#000" stroke-width="6"'


def route_tip(route: RouteObservation) -> str:
    """What a click on a route does, in words: 'Move here: 2 lines (1 free move + 1 coal)'."""
    lines = route["lines"]
    if route["main_line"]:
        besides = f", {plural(lines, 'line')} besides" if lines else ""
        return f"Ride the main line here ({plural(route['coal'], 'coal')}{besides})"
    paid = [plural(route["free_moves"], "free move") if route["free_moves"] else "",
            plural(route["coal"], "coal") if route["coal"] else ""]
    return f"Move here: {plural(lines, 'line')} ({' + '.join(p for p in paid if p)})"


def _location_actions(legal: set[str], routes: list[RouteObservation]) -> dict[str, RouteObservation | str]:
    """What a click on each location does: the cheapest route there in coal (the others are
    buttons above the map), or placing / Idris / runaway sheep there."""
    clicks: dict[str, RouteObservation | str] = {}
    for route in routes:  # listed cheapest first for each destination
        if route["action"] in legal:
            clicks.setdefault(route["to"], route)
    for action in legal:
        kind, _, where = action.partition(" ")
        if kind in LOCATION_ACTIONS:
            clicks.setdefault(where, action)
    return clicks


def _location_tip(loc: Location, sheep: int, token: bool, wagon_of: int | None, idris_of: int | None,
                  jobs: int, names: Names) -> str:
    """What is on a location, for its hover help (full names: a tooltip has room)."""
    parts = [f"{loc.name} ({'town' if loc.is_town else 'village'})", plural(sheep, "sheep")]
    if token:
        parts.append("a face-down lost-sheep token (whoever takes the last sheep here gets it and 2 more sheep)")
    if wagon_of is not None:
        parts.append(f"{seat_name(names, wagon_of)}'s wagon")
    if idris_of is not None:
        parts.append(f"Sleeping Idris of {seat_name(names, idris_of)}: no wagon may enter")
    if jobs:
        parts.append(f"{plural(jobs, 'job')} in your hand can be done here once no sheep are left")
    return "; ".join(parts)


def board_y(data_y: float, top: int) -> int:
    """Where a height of the data's map lands on the board, the map's top edge at ``top``."""
    return top + round((data_y - DATA_TOP) * SQUASH)


@fragment(8)
def lines_and_borders(top: int) -> str:
    """The map without what stands on it, its top edge at ``top``: the ground, the main line, the
    lines and the borders (no group around the map: the page lets only clickable parts and parts
    with hover help catch the pointer, and a group would pass its own setting to all it holds)."""
    locs = DATA.locations
    out = [f'<rect x="0" y="{top}" width="{WIDTH}" height="{MAP_H}" fill="#e8f0d8" rx="6"/>']
    a, b = (locs[i] for i in DATA.main_line)
    ay, by, low = board_y(a.y, top), board_y(b.y, top), top + MAP_H - 32
    out.append(
        f'<path data-symbol="main-line" d="M {a.x} {ay} C {a.x - 70} {ay + 100}, {a.x - 70} {low}, '
        f'{a.x + 110} {low} L {b.x - 80} {low} '
        f'C {b.x + 40} {low}, {b.x + 30} {by + 70}, {b.x} {by}" fill="none" stroke="#5a3d1e" '
        f'stroke-width="6" stroke-dasharray="14 6">{title(f"The main line {a.name} – {b.name}: 2 coal, no free move")}'
        "</path>"
    )
    out.append(text(500, top + MAP_H - 8, f"Main line {a.name} – {b.name}: 2 coal", BASE, "middle",
                    ' fill="#5a3d1e" font-weight="bold"'))
    for i, j, kind in DATA.connections:
        p, q = locs[i], locs[j]
        style = TRACK if kind == "track" else BORDER
        tip = "a single-track line" if kind == "track" else "a lighter border: wagons may cross it"
        out.append(f'<line x1="{p.x}" y1="{board_y(p.y, top)}" x2="{q.x}" y2="{board_y(q.y, top)}" {style}>'
                   f"{title(tip)}</line>")
    for i, j in DATA.dark_borders:
        p, q = locs[i], locs[j]
        py, qy = board_y(p.y, top), board_y(q.y, top)
        mx, my = (p.x + q.x) / 2, (py + qy) / 2
        dx, dy = q.x - p.x, qy - py
        norm = max((dx * dx + dy * dy) ** 0.5, 1)
        nx, ny = -dy / norm * 14, dx / norm * 14
        out.append(
            f'<line x1="{mx - nx:.0f}" y1="{my - ny:.0f}" x2="{mx + nx:.0f}" y2="{my + ny:.0f}" '
            f'{DARK}>{title("a dark border: no way across")}</line>'
        )
    return "".join(out)


def locations(obs: IvorObservation, legal: set[str], names: Names, hand_jobs: dict[int, int],
              top: int) -> list[str]:
    """Every location with what stands on it, the map's top edge at ``top``; ``hand_jobs`` counts
    the viewer's jobs by location index."""
    out = []
    clicks = _location_actions(legal, obs["routes"])
    for index, info in enumerate(obs["locations"]):
        loc = DATA.locations[index]
        click = clicks.get(loc.id)
        action = click_tip = None
        if isinstance(click, str):
            action, click_tip = click, CLICK_TIPS[click.split()[0]]
        elif click is not None:
            action, click_tip = str(click["action"]), route_tip(click)
        label = short_wagon_name(names, info["wagon"])
        out.append(_location(index, info["sheep"], info["lost_sheep_token"], info["wagon"], info["idris"],
                             hand_jobs.get(index, 0), names, label, action, click_tip, top))
    return out


def short_wagon_name(names: Names, seat: int | None) -> str:
    """The name written on a wagon: 8 letters at most, so the wagon stays under its place."""
    return "" if seat is None else short_name(seat_name(names, seat), 8)


@fragment()
def _location(index: int, sheep: int, token: bool, wagon_of: int | None, idris_of: int | None, jobs: int,
              names: Names, label: str, action: str | None, click_tip: str | None, top: int) -> str:
    """One location and what stands on it; ``click_tip`` says what clicking it does."""
    loc = DATA.locations[index]
    x, y = loc.x, board_y(loc.y, top)
    radius = 30 if loc.is_town else 24
    tip = _location_tip(loc, sheep, token, wagon_of, idris_of, jobs, names)
    if click_tip is not None:
        tip = click_tip + ". " + tip
    ring = ' stroke="#111" stroke-width="4"' if action else ' stroke="#666" stroke-width="1.5"'
    out = [f"<g{clickable_attrs(action)}>", title(tip)]
    out.append(f'<circle cx="{x}" cy="{y}" r="{radius}" {TOWN if loc.is_town else VILLAGE}{ring}/>')
    name_lines = SPLIT_NAMES.get(loc.name, (loc.name,))
    for k, line in enumerate(name_lines):
        line_y = y - radius - 7 - 15 * (len(name_lines) - 1 - k)
        out.append(text(x, line_y, line, BASE, "middle", ' font-weight="bold" fill="#222"' + HALO))
    if sheep:
        out.append(sheep_count(x, y, sheep))
    if token:
        out.append(lost_sheep_token(x + radius - 8, y - radius))
    if jobs:
        out.append(job_marker(x - radius - 14, y - 11, jobs))
    if wagon_of is not None:
        out.append(wagon(x, y + radius - 12, SEAT_COLOURS[wagon_of % len(SEAT_COLOURS)], label))
    if idris_of is not None:
        out.append(idris(min(x + radius + 2, WIDTH - 13), y + 6))
    out.append("</g>")
    return "".join(out)


# ------------------------------------------------------------------ the legend
LEGEND_H = 166
_COLUMN = WIDTH / 3


@fragment(16)
def legend(y: float) -> str:
    """What every symbol of the board means: one symbol and a few words a row, three columns."""
    def at(col: int, row: int) -> tuple[float, float]:
        return 14 + col * _COLUMN, y + 46 + row * 24

    items: list[tuple[int, int, str, str]] = []  # column, row, symbol, words

    def add(col: int, row: int, symbol: str, words: str) -> None:
        items.append((col, row, symbol, words))

    x, r = at(0, 0)
    add(0, 0, f'<circle cx="{x + 14}" cy="{r - 4}" r="10" {TOWN} stroke="#666"/>', "town")
    add(0, 0, f'<circle cx="{x + 104}" cy="{r - 4}" r="8" {VILLAGE} stroke="#666"/>', "")
    x, r = at(0, 1)
    add(0, 1, f'<line x1="{x}" y1="{r - 4}" x2="{x + 30}" y2="{r - 4}" {TRACK}/>',
        "single-track line: 1 move")
    x, r = at(0, 2)
    add(0, 2, f'<line x1="{x}" y1="{r - 4}" x2="{x + 30}" y2="{r - 4}" {BORDER}/>', "lighter border: 1 move")
    x, r = at(0, 3)
    add(0, 3, f'<line x1="{x + 15}" y1="{r - 14}" x2="{x + 15}" y2="{r + 6}" {DARK}/>',
        "dark border: no way across")
    x, r = at(0, 4)
    add(0, 4, f'<line data-symbol="main-line" x1="{x}" y1="{r - 4}" x2="{x + 30}" y2="{r - 4}" stroke="#5a3d1e" '
        'stroke-width="6" stroke-dasharray="10 4"/>', "main line: 2 coal")
    x, r = at(1, 0)
    add(1, 0, sheep_count(x + 15, r - 4, 3), "sheep waiting there")
    x, r = at(1, 1)
    add(1, 1, lost_sheep_token(x + 7, r - 12), "lost-sheep token: +2 sheep")
    x, r = at(1, 2)
    add(1, 2, wagon(x + 15, r - 15, SEAT_COLOURS[1], ""), "a player's wagon")
    x, r = at(1, 3)
    add(1, 3, idris(x + 15, r - 4), "Sleeping Idris: no entry")
    x, r = at(1, 4)
    add(1, 4, engine(x - 2, r - 19), "Ivor: this player goes first")
    x, r = at(2, 0)
    add(2, 0, job_marker(x + 6, r - 16, 2), "jobs in your hand done there")
    x, r = at(2, 1)
    add(2, 1, f'<circle cx="{x + 15}" cy="{r - 4}" r="10" fill="{VILLAGE_FILL}" stroke="#111" stroke-width="4"/>',
        "thick ring: you may click it")
    x, r = at(2, 2)
    add(2, 2, f'<rect x="{x + 3}" y="{r - 16}" width="24" height="20" rx="3" fill="#fff" stroke="#111" '
        'stroke-width="3"/>', "thick edge: click to play it")
    out = [
        '<g class="legend">',
        f'<rect x="4" y="{y:.0f}" width="{WIDTH - 8}" height="{LEGEND_H - 8}" rx="8" fill="#fff" stroke="#bbb"/>',
        text(14, y + 22, "Legend (hover over anything on the board for more)", BASE, extra=' font-weight="bold"'),
    ]
    for col, row, symbol, words in items:
        x, r = at(col, row)
        out.append(symbol)
        if words:
            out.append(text(x + 40, r + 1, words, BASE))
    x, r = at(0, 0)
    out.append(text(x + 118, r + 1, "village", BASE))
    out.append("</g>")
    return "".join(out)
