"""Isle of Skye's clan panels: each clan's name, points and gold, the tiles it
still has to place, and its territory: the squares it occupies plus the open
squares it may build on now (never a fixed big grid).

Building takes three steps (``place T``, ``spot X Y``, ``rotate D``; see
``actions``). At the last one the chosen tile is shown, once for each turn
the rules offer, at its square: the tile in the middle, framed by the edges
of the tiles it would touch, so a player sees each fit rather than reading
it. Each such preview plays its ``rotate`` action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from meeple.core.svg import Canvas, fragment
from meeple.games.isle_of_skye.data import DX, DY, TILES, rotated_terrain
from meeple.games.isle_of_skye.observe import IsleOfSkyeObservation, SeatObservation
from meeple.games.isle_of_skye.svg_board import name_of
from meeple.games.isle_of_skye.svg_tiles import (
    FONT,
    INK,
    LABEL,
    MARK,
    PAPER,
    ROAD,
    SEAT_LINE,
    SMALL,
    TERRAIN_FILL,
    act,
    corners,
    draw_tile,
    road_edges,
    text,
    text_width,
    tile_words,
)
from meeple.games.isle_of_skye.words import spot_words, turn_words

PAD = 10  # inside a panel, around its contents
HEAD = 50  # a panel's name and status lines
TURN_LABELS = ("as printed", "\u00bc turn", "\u00bd turn", "\u00be turn")
GAP = 12  # between turned previews
MIN_PANEL = 210
HAND_LABEL = 72  # the room "to place:" takes before the tiles to place


@dataclass
class Panel:
    """What one clan's panel shows, and the room it needs at a given tile size."""

    seat: SeatObservation
    cells: dict[tuple[int, int], tuple[int, int]]
    spots: list[tuple[int, int]]
    pending: tuple[int, int] | None  # the square chosen for the tile being placed
    chosen: int | None  # the tile being placed (by this clan)
    turns: list[int]  # the quarter turns offered for it, once its square is chosen
    status: str
    gx0: int = 0
    gy0: int = 0
    cols: int = 1
    rows: int = 1
    size: int = 64
    width: float = 0.0
    height: float = 0.0
    previews_per_row: int = 1
    x: float = 0.0
    y: float = 0.0


def plan_panel(obs: IsleOfSkyeObservation, s: SeatObservation, legal: Sequence[str]) -> Panel:
    """The squares and choices of ``s``'s panel (``legal``: the viewer's actions, when this is the viewer)."""
    cells = {(cx, cy): (tid, deg // 90) for cx, cy, tid, deg in s["territory"]}
    spots = []
    turns = []
    for a in legal:
        if a.startswith("spot "):
            _, sx, sy = a.split()
            spots.append((int(sx), int(sy)))
        elif a.startswith("rotate "):
            turns.append(int(a.split()[1]) // 90)
    building = obs["builder"] == s["seat"]
    spot = obs["pending_spot"]
    pending = (spot[0], spot[1]) if spot and building else None
    chosen = obs["pending_tile"] if building else None
    you = ", you" if s["seat"] == obs["seat"] else ""
    gold = f"{s['gold']} gold" if s["gold"] is not None else f"{s['gold_total']} gold (stakes hidden)"
    panel = Panel(
        s,
        cells,
        sorted(spots),
        pending,
        chosen,
        turns,
        f"{s['colour']}{you} \u00b7 {s['vp']} VP \u00b7 {gold}",
    )
    shown = set(cells) | set(spots) | ({panel.pending} if panel.pending else set())
    xs = [p[0] for p in shown]
    ys = [p[1] for p in shown]
    panel.gx0, panel.gy0 = min(xs), min(ys)
    panel.cols, panel.rows = max(xs) - panel.gx0 + 1, max(ys) - panel.gy0 + 1
    return panel


def turn_prompt(tid: int) -> str:
    return f"Tile {tid} at ?: pick its turn"


def window(size: int) -> tuple[int, int]:
    """A turned preview's margin (how much of the neighbouring tiles it shows) and its full width."""
    margin = round(size * 0.3)
    return margin, size + 2 * margin


def measure(panel: Panel, size: int, most: float) -> None:
    """Set ``panel``'s width and height for tiles ``size`` wide; turned previews
    spread up to ``most`` wide before they wrap to a second row."""
    panel.size = size
    hand = panel.seat["received"]
    content = max(
        panel.cols * size,
        (HAND_LABEL + len(hand) * (size + 10)) if hand else 0,
        text_width(panel.status, FONT),
        MIN_PANEL - 2 * PAD,
    )
    height = HEAD + ((size + 12) if hand else 0) + panel.rows * size
    if panel.pending is not None and panel.turns:
        _margin, full = window(size)
        fit = int((max(content, most - 2 * PAD) + GAP) // (full + GAP))
        panel.previews_per_row = max(1, min(len(panel.turns), fit))
        content = max(content, panel.previews_per_row * (full + GAP) - GAP, text_width(turn_prompt(999), FONT, True))
        rows = (len(panel.turns) + panel.previews_per_row - 1) // panel.previews_per_row
        height += 30 + rows * (full + 26)
    panel.width = content + 2 * PAD
    panel.height = height + PAD


def draw_panel(canvas: Canvas, obs: IsleOfSkyeObservation, panel: Panel, names: Sequence[str] | None) -> None:
    """Draw ``panel`` at its place (``measure`` and the layout set its size and place)."""
    s, size, x, y = panel.seat, panel.size, panel.x, panel.y
    line = SEAT_LINE.get(s["colour"], "#999")
    canvas.add(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{panel.width:.1f}" height="{panel.height:.1f}" rx="10" '
        f'fill="{PAPER}" stroke="{line}" stroke-width="4"/>'
    )
    limit = max(6, int((panel.width - 2 * PAD) / (LABEL * 0.6)))
    canvas.add(text(x + PAD, y + 22, name_of(names, s["seat"], limit), LABEL, INK, "bold"))
    canvas.add(text(x + PAD, y + 41, panel.status, FONT, INK))
    hy = y + HEAD
    hand = s["received"]
    if hand:
        canvas.add(text(x + PAD, hy + size / 2 + 5, "to place:", FONT, INK, "bold"))
        for k, tid in enumerate(hand):
            tx = x + PAD + HAND_LABEL + k * (size + 10)
            inner = draw_tile(tid, 0, tx, hy, size)
            if panel.chosen == tid:
                inner += (
                    f'<rect x="{tx - 3}" y="{hy - 3}" width="{size + 6}" height="{size + 6}" fill="none" '
                    f'stroke="{MARK}" stroke-width="4"/>'
                )
            act(canvas, f"place {tid}", inner, f"Place {tile_words(tid)} next", f"To place: {tile_words(tid)}")
        hy += size + 12
    if panel.chosen is not None and panel.pending is not None and panel.turns:
        # Above the territory, so they are in sight right under the chosen tile.
        hy = turned_previews(canvas, panel, x, hy)
    gx = x + (panel.width - panel.cols * size) / 2  # the territory centred in its panel
    # The placed tiles in the territory's own frame, moved into place as a whole: a tile's
    # drawing stays the same (and is drawn once) as panels around it grow and shift.
    canvas.add(f'<g transform="translate({gx:.1f},{hy:.1f})">')
    for (cx, cy), (tid, rot) in panel.cells.items():
        canvas.add(placed_tile(tid, rot, cx, cy, (cx - panel.gx0) * size, (cy - panel.gy0) * size, size, s["colour"]))
    canvas.add("</g>")
    for cx, cy in panel.spots:
        px, py = gx + (cx - panel.gx0) * size, hy + (cy - panel.gy0) * size
        inner = (
            f'<rect x="{px + 3:.1f}" y="{py + 3:.1f}" width="{size - 6:.1f}" height="{size - 6:.1f}" rx="6" '
            f'fill="#fff8dc" fill-opacity="0.8" stroke="{MARK}" stroke-width="2" stroke-dasharray="5,4"/>'
            + text(px + size / 2, py + size / 2 + 8, "+", 24, MARK, "bold", "middle")
        )
        canvas.act(f"spot {cx} {cy}", inner, spot_words(panel.cells, cx, cy, obs["pending_tile"] or -1))
    if panel.pending is not None:
        px, py = gx + (panel.pending[0] - panel.gx0) * size, hy + (panel.pending[1] - panel.gy0) * size
        canvas.add(
            f'<rect x="{px + 2:.1f}" y="{py + 2:.1f}" width="{size - 4:.1f}" height="{size - 4:.1f}" rx="4" '
            f'fill="#fff8dc" stroke="{MARK}" stroke-width="4"/>'
            + text(px + size / 2, py + size / 2 + 8, "?", 24, MARK, "bold", "middle")
        )


def turned_previews(canvas: Canvas, panel: Panel, x: float, y: float) -> float:
    """The chosen tile at its square once for each turn offered, side by side, each playing its
    turn; returns the next free y."""
    assert panel.chosen is not None and panel.pending is not None
    size = panel.size
    margin, full = window(size)
    count = len(panel.turns)
    canvas.add(text(x + PAD, y + 18, turn_prompt(panel.chosen), FONT, INK, "bold"))
    frame = neighbour_edges(panel.cells, panel.pending)
    per_row = panel.previews_per_row
    for k, rot in enumerate(panel.turns):
        row, col = divmod(k, per_row)
        in_row = min(per_row, count - row * per_row)
        left = x + (panel.width - (in_row * (full + GAP) - GAP)) / 2
        wx, wy = left + col * (full + GAP), y + 30 + row * (full + 26)
        inner = turn_preview(panel.chosen, rot, frame, wx, wy, size, margin)
        inner += text(wx + full / 2, wy + full + 17, TURN_LABELS[rot], SMALL, INK, "bold", "middle")
        words = turn_words(panel.chosen, rot)
        canvas.act(f"rotate {90 * rot}", inner, words)
    rows = (count + per_row - 1) // per_row
    return y + 30 + rows * (full + 26)


def neighbour_edges(
    cells: dict[tuple[int, int], tuple[int, int]], spot: tuple[int, int]
) -> tuple[tuple[str, bool] | None, ...]:
    """For each side of ``spot`` (top, right, bottom, left): the terrain and road of the
    neighbouring tile's facing edge, or None where there is no tile."""
    out: list[tuple[str, bool] | None] = []
    for d in range(4):
        found = cells.get((spot[0] + DX[d], spot[1] + DY[d]))
        if found is None:
            out.append(None)
            continue
        tid, rot = found
        facing = (d + 2) % 4
        out.append((rotated_terrain(TILES[tid], rot, facing), facing in road_edges(tid, rot)))
    return tuple(out)


OUTWARD = ((0, -1), (1, 0), (0, 1), (-1, 0))


@fragment(512)
def turn_preview(
    tid: int, rot: int, frame: tuple[tuple[str, bool] | None, ...], x: float, y: float, size: int, margin: int
) -> str:
    """``tid`` turned ``rot`` in a window at (x, y): the tile in the middle, around it the edge of
    each tile it would touch (the part of that tile's facing triangle nearest the shared side)."""
    full = size + 2 * margin
    tx, ty = x + margin, y + margin
    out = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{full:.1f}" height="{full:.1f}" rx="4" fill="#e4dcc4" stroke="#b9ab86"/>'
    ]
    c = corners(tx, ty, size)
    for d, edge in enumerate(frame):
        if edge is None:
            continue
        terrain, road = edge
        (ax, ay), (bx, by) = c[d], c[(d + 1) % 4]
        nx, ny = OUTWARD[d]
        ux, uy = (bx - ax) / size, (by - ay) / size
        strip = [(ax, ay), (bx, by), (bx + margin * nx, by + margin * ny), (ax + margin * nx, ay + margin * ny)]
        trapezoid = [
            (ax, ay),
            (bx, by),
            (bx + margin * (nx - ux), by + margin * (ny - uy)),
            (ax + margin * (nx + ux), ay + margin * (ny + uy)),
        ]
        out.append(f'<polygon points="{points(strip)}" fill="#d3c9ae"/>')
        out.append(f'<polygon points="{points(trapezoid)}" fill="{TERRAIN_FILL[terrain]}"/>')
        if road:
            mx, my = (ax + bx) / 2, (ay + by) / 2
            ex, ey = mx + margin * nx, my + margin * ny
            out.append(
                f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#6d5b33" '
                f'stroke-width="{size * 0.1:.1f}"/><line x1="{mx:.1f}" y1="{my:.1f}" x2="{ex:.1f}" '
                f'y2="{ey:.1f}" stroke="{ROAD}" stroke-width="{size * 0.06:.1f}"/>'
            )
    out.append(draw_tile(tid, rot, tx, ty, size))
    out.append(
        f'<rect x="{tx - 1:.1f}" y="{ty - 1:.1f}" width="{size + 2:.1f}" height="{size + 2:.1f}" fill="none" '
        f'stroke="{MARK}" stroke-width="2"/>'
    )
    return "".join(out)


def points(corner_list: list[tuple[float, float]]) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in corner_list)


@fragment()
def placed_tile(tid: int, rot: int, cx: int, cy: int, x: float, y: float, size: float, colour: str) -> str:
    """A tile of a territory, at square (``cx``, ``cy``) drawn at (``x``, ``y``), with its hover help."""
    tip = escape(f"{tile_words(tid)} at {cx} {cy}" if tid >= 5 else "the castle")
    return f"<g><title>{tip}</title>{draw_tile(tid, rot, x, y, size, colour)}</g>"
