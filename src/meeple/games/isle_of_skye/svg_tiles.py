"""Isle of Skye's tiles as SVG: the colours, text and figures every part of the board shares.

A tile is drawn as the physical ones read: four edge triangles in the edge's
terrain (green pasture, blue water, grey-brown mountain), the centre terrain
over the middle, sandy roads from the edges to the centre, and figures for
whisky barrels, sheep, cattle, farms, brochs, lighthouses and ships; a
parchment marks a scroll. Each landscape tile carries its number (the move
list names tiles by number) in its top-left corner.

The board is drawn :data:`WIDTH` units wide, the width it is shown at on the
match page's default fit, so one unit is one pixel there and every font size
here is at least ``min_font(WIDTH)`` (11).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from meeple.core.svg import FIT_WIDTH_PX, Canvas, fragment
from meeple.games.isle_of_skye import words
from meeple.games.isle_of_skye.data import TILES, rotated_terrain

WIDTH = int(FIT_WIDTH_PX)  # one SVG unit is one pixel at the page's default fit
MARGIN = 10  # between the drawing's edge and the panels, and between panels
FONT = 13  # ordinary text
SMALL = 12  # labels under tiles, legend words, tile numbers (never below 11: see min_font)
LABEL = 15  # panel headings
TERRAIN_FILL = {"g": "#7fb24a", "w": "#3f87c4", "m": "#8d8272"}
TERRAIN_DARK = {"g": "#5d8a33", "w": "#2c6a9f", "m": "#6b6153"}
ROAD = "#e3cf9a"
SEAT_FILL = {"blue": "#2f63c9", "yellow": "#e6c229", "red": "#c9342f", "white": "#f2f2f2", "green": "#2e9a48"}
SEAT_LINE = {**SEAT_FILL, "white": "#8a8a8a"}  # panel outlines (white would vanish on the table)
TABLE = "#e9e2cf"
PAPER = "#f6f1e3"
GOLD = "#e8b923"
GOLD_LINE = "#7a5b0a"
MARK = "#b33b2a"  # what the viewer should look at: the chosen tile, open squares, discards
INK = "#2b2418"


@fragment()
def text(
    x: float, y: float, content: str, size: int = FONT, fill: str = INK, weight: str = "normal", anchor: str = "start"
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
        f'font-family="Georgia, serif" text-anchor="{anchor}">{escape(content)}</text>'
    )


def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of ``content``'s width in Georgia at ``size`` (for fitting text in boxes)."""
    return len(content) * size * (0.6 if bold else 0.55)


@fragment()
def tile_words(tid: int) -> str:
    """A tile in words (the words module's, kept: a board names the same tiles again and again)."""
    return words.tile_words(tid)


def act(canvas: Canvas, action: str, inner: str, tip: str, hover: str) -> None:
    """Draw ``inner``: clickable with ``tip`` as its help when ``action`` is legal,
    else shown with ``hover`` as its help."""
    if action in canvas.legal:
        canvas.act(action, inner, tip)
    else:
        canvas.add(f"<g><title>{escape(hover)}</title>{inner}</g>")


def coin(x: float, y: float, amount: int | str, r: float = 10) -> str:
    """A gold coin with ``amount`` on it."""
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{GOLD}" stroke="{GOLD_LINE}"/>' + text(
        x, y + 4.5, str(amount), SMALL, INK, "bold", "middle"
    )


# ------------------------------------------------------------------ figures
def sheep(x: float, y: float, s: float) -> str:
    return (
        f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{s * 0.55:.1f}" ry="{s * 0.4:.1f}" fill="#fbfbf5" stroke="#444" '
        f'stroke-width="0.8"/><circle cx="{x + s * 0.5:.1f}" cy="{y - s * 0.15:.1f}" r="{s * 0.2:.1f}" fill="#333"/>'
    )


def cattle(x: float, y: float, s: float) -> str:
    return (
        f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{s * 0.6:.1f}" ry="{s * 0.38:.1f}" fill="#b5642c" stroke="#4a2a12" '
        f'stroke-width="0.8"/><path d="M{x + s * 0.35:.1f},{y - s * 0.3:.1f} l{s * 0.25:.1f},{-s * 0.25:.1f} '
        f'M{x + s * 0.55:.1f},{y - s * 0.3:.1f} l{s * 0.25:.1f},{-s * 0.2:.1f}" stroke="#f3e6c0" stroke-width="1.2"/>'
    )


def whisky(x: float, y: float, s: float) -> str:
    w, h = s * 0.7, s * 0.9
    return (
        f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{w * 0.3:.1f}" '
        f'fill="#8a5424" stroke="#3b220c" stroke-width="0.8"/>'
        f'<line x1="{x - w / 2:.1f}" y1="{y - h * 0.2:.1f}" x2="{x + w / 2:.1f}" y2="{y - h * 0.2:.1f}" '
        f'stroke="#3b220c" stroke-width="1"/><line x1="{x - w / 2:.1f}" y1="{y + h * 0.2:.1f}" '
        f'x2="{x + w / 2:.1f}" y2="{y + h * 0.2:.1f}" stroke="#3b220c" stroke-width="1"/>'
    )


def farm(x: float, y: float, s: float) -> str:
    return (
        f'<rect x="{x - s * 0.45:.1f}" y="{y - s * 0.1:.1f}" width="{s * 0.9:.1f}" height="{s * 0.5:.1f}" '
        f'fill="#f0e6cf" stroke="#5a4630" stroke-width="0.8"/><polygon points="{x - s * 0.6:.1f},{y - s * 0.1:.1f} '
        f'{x:.1f},{y - s * 0.6:.1f} {x + s * 0.6:.1f},{y - s * 0.1:.1f}" fill="#b33b2a" stroke="#5a1d14" '
        f'stroke-width="0.8"/>'
    )


def broch(x: float, y: float, s: float) -> str:
    return (
        f'<path d="M{x - s * 0.35:.1f},{y + s * 0.5:.1f} L{x - s * 0.28:.1f},{y - s * 0.45:.1f} '
        f'L{x + s * 0.28:.1f},{y - s * 0.45:.1f} L{x + s * 0.35:.1f},{y + s * 0.5:.1f} Z" fill="#b9b2a3" '
        f'stroke="#3e3a33" stroke-width="0.9"/><rect x="{x - s * 0.08:.1f}" y="{y + s * 0.15:.1f}" '
        f'width="{s * 0.16:.1f}" height="{s * 0.35:.1f}" fill="#3e3a33"/>'
    )


def lighthouse(x: float, y: float, s: float) -> str:
    return (
        f'<path d="M{x - s * 0.22:.1f},{y + s * 0.55:.1f} L{x - s * 0.13:.1f},{y - s * 0.4:.1f} '
        f'L{x + s * 0.13:.1f},{y - s * 0.4:.1f} L{x + s * 0.22:.1f},{y + s * 0.55:.1f} Z" fill="#f7f7f2" '
        f'stroke="#333" stroke-width="0.8"/><rect x="{x - s * 0.18:.1f}" y="{y:.1f}" width="{s * 0.36:.1f}" '
        f'height="{s * 0.18:.1f}" fill="#c63b2f"/><circle cx="{x:.1f}" cy="{y - s * 0.5:.1f}" r="{s * 0.14:.1f}" '
        f'fill="#ffd84a" stroke="#333" stroke-width="0.6"/>'
    )


def ship(x: float, y: float, s: float) -> str:
    return (
        f'<path d="M{x - s * 0.55:.1f},{y + s * 0.1:.1f} L{x + s * 0.55:.1f},{y + s * 0.1:.1f} '
        f'L{x + s * 0.35:.1f},{y + s * 0.4:.1f} L{x - s * 0.35:.1f},{y + s * 0.4:.1f} Z" fill="#6b3f1d"/>'
        f'<path d="M{x:.1f},{y + s * 0.1:.1f} L{x:.1f},{y - s * 0.55:.1f} L{x + s * 0.4:.1f},{y:.1f} Z" '
        f'fill="#f4ecd8" stroke="#555" stroke-width="0.6"/>'
    )


def scroll(x: float, y: float, s: float, kind: str) -> str:
    inner = FIGURES[kind](x, y, s * 0.6)
    return (
        f'<rect x="{x - s * 0.55:.1f}" y="{y - s * 0.42:.1f}" width="{s * 1.1:.1f}" height="{s * 0.84:.1f}" '
        f'rx="{s * 0.12:.1f}" fill="#f3e3b5" stroke="#8a6b2e" stroke-width="1"/>{inner}'
    )


def castle(x: float, y: float, s: float, colour: str) -> str:
    fill = SEAT_FILL.get(colour, "#999")
    body = (
        f'<rect x="{x - s * 0.5:.1f}" y="{y - s * 0.2:.1f}" width="{s:.1f}" height="{s * 0.6:.1f}" fill="{fill}" '
        f'stroke="{INK}" stroke-width="1"/>'
    )
    for dx in (-0.5, 0.25):
        body += (
            f'<rect x="{x + dx * s:.1f}" y="{y - s * 0.5:.1f}" width="{s * 0.25:.1f}" height="{s * 0.4:.1f}" '
            f'fill="{fill}" stroke="{INK}" stroke-width="1"/>'
        )
    body += (
        f'<rect x="{x - s * 0.1:.1f}" y="{y + s * 0.1:.1f}" width="{s * 0.2:.1f}" height="{s * 0.3:.1f}" fill="{INK}"/>'
    )
    return body


FIGURES = {
    "sheep": sheep,
    "cattle": cattle,
    "whisky": whisky,
    "farm": farm,
    "broch": broch,
    "lighthouse": lighthouse,
    "ship": ship,
}


# ------------------------------------------------------------------ tiles
def corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """NW, NE, SE, SW corners."""
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def region_anchor(tid: int, rot: int, region: int, x: float, y: float, size: float) -> tuple[float, float]:
    """Where to draw a figure standing in ``region`` of a placed tile."""
    edges = TILES[tid].regions[region].edges
    cx, cy = x + size / 2, y + size / 2
    if region == 0 or not edges:
        return cx, cy
    vx = sum(math.sin(math.pi / 2 * ((e + rot) % 4)) for e in edges)
    vy = sum(-math.cos(math.pi / 2 * ((e + rot) % 4)) for e in edges)
    norm = math.hypot(vx, vy) or 1.0
    return cx + vx / norm * size * 0.3, cy + vy / norm * size * 0.3


def road_edges(tid: int, rot: int) -> set[int]:
    """The sides (0 top, 1 right, 2 bottom, 3 left) a road leaves ``tid`` by, turned ``rot`` quarter turns."""
    return {(e + rot) % 4 for group in TILES[tid].roads for e in group}


@fragment()
def draw_tile(tid: int, rot: int, x: float, y: float, size: float, colour: str = "") -> str:
    """One tile turned ``rot`` quarter turns, its top-left corner at (x, y)."""
    tile = TILES[tid]
    c = corners(x, y, size)
    cx, cy = x + size / 2, y + size / 2
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" fill="#222"/>']
    for d in range(4):
        a, b = c[d], c[(d + 1) % 4]
        terrain = rotated_terrain(tile, rot, d)
        out.append(
            f'<polygon points="{a[0]:.1f},{a[1]:.1f} {b[0]:.1f},{b[1]:.1f} {cx:.1f},{cy:.1f}" '
            f'fill="{TERRAIN_FILL[terrain]}" stroke="{TERRAIN_FILL[terrain]}" stroke-width="0.5"/>'
        )
    # The centre region; where it reaches no edge it is an inland loch, island or hill.
    centre = tile.regions[0]
    radius = size * (0.22 if not centre.edges else 0.2)
    out.append(
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{TERRAIN_FILL[tile.centre]}" '
        f'stroke="{TERRAIN_DARK[tile.centre]}" stroke-width="{1.5 if not centre.edges else 0}"/>'
    )
    # Roads: from each road edge to the centre.
    for group in tile.roads:
        for e in group:
            d = (e + rot) % 4
            a, b = c[d], c[(d + 1) % 4]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            end = (cx, cy) if len(group) > 1 else ((mx + cx) / 2 + (cx - mx) * 0.2, (my + cy) / 2 + (cy - my) * 0.2)
            out.append(
                f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" stroke="#6d5b33" '
                f'stroke-width="{size * 0.1:.1f}" stroke-linecap="round"/>'
            )
            out.append(
                f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" stroke="{ROAD}" '
                f'stroke-width="{size * 0.06:.1f}" stroke-linecap="round"/>'
            )
    fig = size * 0.23
    if tile.kind == "castle":
        out.append(castle(cx, cy, size * 0.4, colour or tile.colour))
    placed_at: dict[int, int] = {}
    for name, count in tile.features:
        region = tile.region_of(name)
        ax, ay = region_anchor(tid, rot, region, x, y, size)
        for _ in range(count):
            k = placed_at.get(region, 0)
            placed_at[region] = k + 1
            ox = ((k % 3) - 1) * fig * 1.15 if k else 0.0
            oy = (k // 3) * fig * 1.1 - (fig * 0.55 if k else 0.0)
            # Kept a figure's half-width inside the tile, so a crowded region never spills onto the next.
            fx = min(max(ax + ox, x + fig * 0.7), x + size - fig * 0.85)
            fy = min(max(ay + oy, y + fig * 0.7), y + size - fig * 0.6)
            out.append(FIGURES[name](fx, fy, fig))
    if tile.scroll:
        sx, sy = region_anchor(tid, rot, tile.scroll_region, x, y, size)
        out.append(scroll(sx + size * 0.2, sy + size * 0.2, fig * 1.2, tile.scroll))
    out.append(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" fill="none" stroke="{INK}" '
        f'stroke-width="1"/>'
    )
    if tile.kind != "castle":
        # The number on a dark tab, so it reads on any terrain.
        tab = text_width(str(tid), SMALL, True) + 4
        out.append(
            f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{tab:.1f}" height="15" rx="3" fill="#222" '
            f'fill-opacity="0.75"/>'
        )
        out.append(text(x + 3, y + 13, str(tid), SMALL, "#fff", "bold"))
    return "".join(out)
