"""Shapes of Ibyron's SVG board: text, click areas, terrain, discs and pawns.

Every function returns SVG markup as a string and reads nothing but its
arguments. Click targets are claimed through ``meeple.core.svg.Clicks``,
which remembers which legal actions the board already carries so the rest
can be offered as buttons, in the order the rules listed them; every claim
adds ``POINTER``.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from meeple.core.svg import fragment

# The drawing is as wide as the match page's board panel at its default fit, so one unit is one pixel on
# screen there and a font size is what the player reads.
WIDTH = 948
MARGIN = 14
INNER = WIDTH - 2 * MARGIN  # the width every full-width section is laid out in
SMALL = 11.5  # counts, notes, column heads: the least a player reads (above core.svg.min_font(WIDTH), 11)
TEXT = 13  # ordinary text
HEAD = 15  # section headings
NAME_LIMIT = 22  # characters of a player's name drawn on the board (hover help and side panels give it whole)

SEAT_COLOURS = ("#7d3c98", "#1e8449", "#2166ac", "#b7950b")
COLOUR_NAMES = ("purple", "green", "blue", "yellow")
FONT = "font-family=\"sans-serif\""
POINTER = ' cursor="pointer"'  # added to every claimed click target: the mouse shows it can be clicked

# Terrain is told apart by its pattern (trees, furrows, peaks) and a word, the colour only helps.
TERRAIN_BASE = {"forest": "#cfe5c0", "field": "#f3e7ad", "mountain": "#d6d1ca"}
TERRAIN_INK = {"forest": "#2e6b2f", "field": "#9a7b22", "mountain": "#5b5148"}


@fragment()
def text(x: float, y: float, s: str, size: float = 11, fill: str = "#222", anchor: str = "start",
         weight: str = "normal") -> str:
    """A label; labels never take clicks, so they cannot hide what lies under them."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" {FONT} pointer-events="none">{escape(s)}</text>')


def text_width(s: str, size: float, bold: bool = False) -> float:
    """About how wide ``s`` is drawn (a little more than DejaVu Sans, the browser's sans-serif, needs)."""
    return len(s) * size * (0.66 if bold else 0.6)


@fragment()
def title(s: str) -> str:
    return f"<title>{escape(s)}</title>"


@fragment()
def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", width: float = 1,
         rx: float = 0, extra: str = "") -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"{extra}/>')


def group(inner: str, click: str = "", tip: str = "") -> str:
    return f"<g{click}>{title(tip) if tip else ''}{inner}</g>"


@fragment()
def hit(x: float, y: float, w: float, h: float, clickable: bool, fill: str = "transparent") -> str:
    """The area a click lands on; a target gets a highlight outline so a player sees what is clickable."""
    if clickable:
        return rect(x, y, w, h, fill, "#e67e22", 2, 3, ' stroke-dasharray="6 3"')
    return rect(x, y, w, h, fill)


@fragment(1)
def defs() -> str:
    """The terrain patterns: trees for forest, furrows for field, peaks for mountain."""
    tree = TERRAIN_INK["forest"]
    furrow = TERRAIN_INK["field"]
    peak = TERRAIN_INK["mountain"]
    return (
        "<defs>"
        f'<pattern id="ib-forest" width="13" height="13" patternUnits="userSpaceOnUse">'
        f'<rect width="13" height="13" fill="{TERRAIN_BASE["forest"]}"/>'
        f'<path d="M6.5 1.5 L10 7.5 L3 7.5 Z" fill="{tree}" opacity="0.55"/>'
        f'<rect x="6" y="7.5" width="1" height="2.5" fill="{tree}" opacity="0.55"/></pattern>'
        f'<pattern id="ib-field" width="10" height="7" patternUnits="userSpaceOnUse">'
        f'<rect width="10" height="7" fill="{TERRAIN_BASE["field"]}"/>'
        f'<path d="M0 3.5 H10" stroke="{furrow}" stroke-width="1" stroke-dasharray="3 2" opacity="0.6"/></pattern>'
        f'<pattern id="ib-mountain" width="14" height="11" patternUnits="userSpaceOnUse">'
        f'<rect width="14" height="11" fill="{TERRAIN_BASE["mountain"]}"/>'
        f'<path d="M1 9 L5 3 L9 9 M7 6 L9.5 2.5 L13 9" fill="none" stroke="{peak}" stroke-width="1" '
        f'opacity="0.6"/></pattern>'
        f'<pattern id="ib-sea" width="16" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="16" height="8" fill="#dcedf7"/>'
        f'<path d="M0 5 Q4 2 8 5 T16 5" fill="none" stroke="#9cc3dc" stroke-width="1"/></pattern>'
        "</defs>"
    )


@fragment()
def terrain_glyph(kind: str, x: float, y: float, s: float) -> str:
    """A small sign for a terrain inside an ``s``-sized square: a tree, two furrows or a peak."""
    ink = TERRAIN_INK[kind]
    if kind == "forest":
        return (f'<path d="M{x + s / 2:.1f} {y + s * .12:.1f} L{x + s * .85:.1f} {y + s * .72:.1f} '
                f'L{x + s * .15:.1f} {y + s * .72:.1f} Z M{x + s * .45:.1f} {y + s * .72:.1f} h{s * .1:.1f} '
                f'v{s * .18:.1f} h-{s * .1:.1f} Z" fill="{ink}" pointer-events="none"/>')
    if kind == "field":
        return (f'<path d="M{x + s * .12:.1f} {y + s * .35:.1f} H{x + s * .88:.1f} M{x + s * .12:.1f} '
                f'{y + s * .6:.1f} H{x + s * .88:.1f} M{x + s * .12:.1f} {y + s * .85:.1f} H{x + s * .88:.1f}" '
                f'stroke="{ink}" stroke-width="{max(1.0, s / 10):.1f}" pointer-events="none"/>')
    return (f'<path d="M{x + s * .08:.1f} {y + s * .85:.1f} L{x + s * .4:.1f} {y + s * .2:.1f} '
            f'L{x + s * .62:.1f} {y + s * .6:.1f} L{x + s * .75:.1f} {y + s * .4:.1f} L{x + s * .92:.1f} '
            f'{y + s * .85:.1f}" fill="none" stroke="{ink}" stroke-width="{max(1.0, s / 9):.1f}" '
            'pointer-events="none"/>')


@fragment()
def mini_tile(terrain: str, x: float, y: float, s: float, marked: int | None = None) -> str:
    """A land tile as four small squares, ``terrain`` given clockwise from the top-left (e.g. ``FAAM``)."""
    kinds = {"F": "forest", "A": "field", "M": "mountain"}
    spots = ((0, 0), (1, 0), (1, 1), (0, 1))
    half = s / 2
    out = []
    for i, (dx, dy) in enumerate(spots):
        kind = kinds[terrain[i]]
        cx, cy = x + dx * half, y + dy * half
        out.append(rect(cx, cy, half, half, TERRAIN_BASE[kind], "#555", 0.8))
        out.append(terrain_glyph(kind, cx, cy, half))
        if marked == i:  # where the leader stands: a black pawn
            out.append(leader_mark(cx + half / 2, cy + half * .9, half / 24))
    return "".join(out)


@fragment()
def disc_stack(cx: float, bottom: float, count: int, colour: str, rx: float = 8, step: float = 3.5) -> str:
    """``count`` worker discs piled up, seen slightly from the side."""
    out = []
    for i in range(count):
        cy = bottom - step * i
        out.append(f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{rx}" ry="{rx * .45:.1f}" fill="{colour}" '
                   'stroke="#fff" stroke-width="0.8"/>')
    return "".join(out)


@fragment()
def pawn(x: float, y: float, colour: str, size: float = 1.0) -> str:
    """A leader: a tall pawn with a black outline; (x, y) is the middle of its foot."""
    h, w = 20 * size, 7 * size
    return (f'<path d="M{x - w:.1f} {y:.1f} L{x - w * .35:.1f} {y - h * .6:.1f} L{x + w * .35:.1f} {y - h * .6:.1f} '
            f'L{x + w:.1f} {y:.1f} Z" fill="{colour}" stroke="#000" stroke-width="1.3"/>'
            f'<circle cx="{x:.1f}" cy="{y - h * .72:.1f}" r="{4.2 * size:.1f}" fill="{colour}" stroke="#000" '
            'stroke-width="1.3"/>')


@fragment()
def leader(x: float, y: float, colour: str, letter: str) -> str:
    """A leader on the island: a pawn whose round head carries its player's letter; (x, y) is its foot."""
    return (f'<path d="M{x - 8:.1f} {y:.1f} L{x - 3:.1f} {y - 13:.1f} L{x + 3:.1f} {y - 13:.1f} L{x + 8:.1f} '
            f'{y:.1f} Z" fill="{colour}" stroke="#000" stroke-width="1.3"/>'
            f'<circle cx="{x:.1f}" cy="{y - 19:.1f}" r="8" fill="{colour}" stroke="#000" stroke-width="1.3"/>'
            + text(x, y - 15, letter, SMALL, "#fff", "middle", "bold"))


@fragment()
def overseer(x: float, y: float, colour: str) -> str:
    """An overseer: a small figure with a white outline; (x, y) is its foot."""
    return (f'<rect x="{x - 3.5:.1f}" y="{y - 8:.1f}" width="7" height="8" rx="2" fill="{colour}" stroke="#fff" '
            f'stroke-width="1"/><circle cx="{x:.1f}" cy="{y - 10.5:.1f}" r="3" fill="{colour}" stroke="#fff" '
            'stroke-width="1"/>')


@fragment()
def cylinder(x: float, y: float, fill: str, w: float = 5, h: float = 6) -> str:
    """A small wooden cylinder (a well, a gold mine marker) standing at (x, y)."""
    return (f'<rect x="{x - w:.1f}" y="{y - h:.1f}" width="{2 * w}" height="{h}" fill="{fill}" stroke="#333" '
            f'stroke-width="0.8"/><ellipse cx="{x:.1f}" cy="{y - h:.1f}" rx="{w}" ry="{w * .45:.1f}" fill="{fill}" '
            f'stroke="#333" stroke-width="0.8"/><ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{w}" ry="{w * .45:.1f}" '
            f'fill="{fill}" stroke="#333" stroke-width="0.8"/>')


@fragment()
def leader_mark(x: float, y: float, size: float) -> str:
    """The leader's space on a small tile: a black pawn, white-edged so it shows on any terrain."""
    return pawn(x, y, "#111", size).replace('stroke="#000"', 'stroke="#fff"')


@fragment()
def cube(x: float, y: float, fill: str, s: float = 8) -> str:
    return rect(x, y, s, s, fill, "#333", 0.8, 1)


def colour_of(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

