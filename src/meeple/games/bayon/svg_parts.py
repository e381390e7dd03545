"""The pieces Bayon's SVG board is drawn from: text, boxes, buttons and cards.

The board is drawn in units of one screen pixel at the match page's default
fit (:data:`WIDTH` is :data:`meeple.core.svg.FIT_WIDTH_PX`), so a font size
here is its size on screen: :data:`SMALL` is the least any text uses, above
``min_font(WIDTH)``. Widths are planned for Georgia, which is wider than the
Times-like fonts a bare Linux falls back to.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from meeple.core.svg import FIT_WIDTH_PX, Canvas, fragment, short_name
from meeple.core.words import seat_name
from meeple.games.bayon.data import EXPLORERS, SITES
from meeple.games.bayon.words import ABILITY_NAMES, abilities_words, capitalized, explorer_words

WIDTH = int(FIT_WIDTH_PX)  # one unit is one pixel at the default fit
SMALL = 12  # the least font size on the board (min_font(WIDTH) is 11)
BODY = 13
CONTINENT_COLOURS = ("#3f6fb5", "#c9822b", "#b8443a", "#3c8c4a", "#a8672a")
ABILITY_COLOURS = ("#2f6db3", "#8a5a2b", "#7a3fa0")  # map, shovel, microscope
ABILITY_LETTERS = ("M", "S", "µ")
SEAT_COLOURS = ("#1aa3b8", "#c0399b", "#3aa34a", "#d4a017")
FELT = "#1f5a3a"
PANEL = "#174a2f"
PANEL_EDGE = "#0d2e1c"
INK_LIGHT = "#fffbe8"
INK_SOFT = "#d8f0e0"
GOLDEN = "#f3e2a9"

EXPLORER_W, EXPLORER_H = 96, 88
SITE_W, SITE_H = 120, 44  # a site card; a stack slot adds a line for who knows it
SLOT_H = 54


@fragment()
def text(
    x: float,
    y: float,
    content: str,
    size: float = BODY,
    fill: str = "#222",
    weight: str = "normal",
    anchor: str = "start",
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
        f'text-anchor="{anchor}">{escape(content)}</text>'
    )


@fragment()
def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "#333", rx: int = 6, extra: str = "") -> str:
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" fill="{fill}" '
        f'stroke="{stroke}" {extra}/>'
    )


@fragment()
def titled(inner: str, tip: str) -> str:
    """``inner`` with hover help (an SVG ``<title>``)."""
    return f"<g><title>{escape(tip)}</title>{inner}</g>"


def act(
    canvas: Canvas, action: str | None, inner: str, click_tip: str, tip: str | None = None, otherwise: str = "show"
) -> None:
    """Like ``Canvas.act``, with hover help: ``click_tip`` (what a click does) on a
    click target, else ``tip`` (what the piece is; default the same)."""
    legal = action is not None and action in canvas.legal
    canvas.act(action, inner if legal else titled(inner, tip or click_tip), click_tip, otherwise)


@fragment()
def button(x: float, y: float, w: float, label: str, fill: str = "#f2e6c4", h: float = 24, ink: str = "#3a2a08") -> str:
    return rect(x, y, w, h, fill, "#6a5528", 10) + text(x + w / 2, y + h / 2 + 5, label, BODY, ink, "bold", "middle")


@fragment()
def panel(x: float, y: float, w: float, h: float) -> str:
    return rect(x, y, w, h, PANEL, PANEL_EDGE, 10)


@fragment()
def coin(cx: float, cy: float, value: int, radius: float = 12) -> str:
    """A gold coin with a site's worth on it."""
    return f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{radius}" fill="#e8b923" stroke="#8a6d0b"/>' + text(
        cx, cy + 4, str(value), SMALL, "#4a3a05", "bold", "middle"
    )


@fragment()
def badges(x: float, y: float, values: tuple[int, int, int], width: float = 28) -> str:
    """What a site needs: one coloured badge per ability, its letter and points ('M3')."""
    out = []
    for i, amount in enumerate(values):
        bx = x + i * (width + 2)
        fill = ABILITY_COLOURS[i] if amount else "#d9d2c0"
        ink = "#ffffff" if amount else "#6b6455"
        out.append(rect(bx, y, width, 16, fill, "none", 4))
        out.append(text(bx + width / 2, y + 12.5, f"{ABILITY_LETTERS[i]}{amount}", SMALL, ink, "bold", "middle"))
    return "".join(out)


@fragment()
def explorer_card(x: float, y: float, number: int, acted: bool = False, highlight: str | None = None) -> str:
    """An explorer: its number, name and the points of each ability, in words."""
    card = EXPLORERS[number]
    fill = "#e6e2d6" if acted else "#fbf6e4"
    stroke = highlight or "#5a4a2a"
    width = 'stroke-width="3"' if highlight else ""
    out = [rect(x, y, EXPLORER_W, EXPLORER_H, fill, stroke, 7, width)]
    out.append(text(x + 8, y + 19, f"#{number}", 17, "#5a4a2a", "bold"))
    if acted:
        out.append(text(x + EXPLORER_W - 6, y + 17, "acted", SMALL, "#a33", "bold", "end"))
    out.append(text(x + 8, y + 34, card.name[:14], SMALL, "#555"))
    for row, amount in enumerate(card.abilities):
        cy = y + 50 + row * 15
        colour = ABILITY_COLOURS[row] if amount else "#9a9284"
        out.append(f'<circle cx="{x + 11:.0f}" cy="{cy - 4:.0f}" r="3.5" fill="{ABILITY_COLOURS[row]}"/>')
        out.append(text(x + 18, cy, f"{ABILITY_NAMES[row]} {amount}", SMALL, colour, "bold" if amount else "normal"))
    if acted:  # dimmed as a whole: a shade laid over it would hide its words from the pointer
        return f'<g opacity="0.8">{"".join(out)}</g>'
    return "".join(out)


@fragment()
def explorer_tip(number: int) -> str:
    return capitalized(f"{explorer_words(number)}: {abilities_words(EXPLORERS[number].abilities)}")


@fragment()
def card_back(x: float, y: float, label: str, colour: str = "#6b4f2a") -> str:
    """The basecamp's face-down pile."""
    out = [rect(x + 4, y + 4, EXPLORER_W, EXPLORER_H, colour, "#2a2010", 7, 'fill-opacity="0.6"')]
    out.append(rect(x, y, EXPLORER_W, EXPLORER_H, colour, "#2a2010", 7))
    out.append(rect(x + 6, y + 6, EXPLORER_W - 12, EXPLORER_H - 12, "none", "#e8d9a8", 5, 'stroke-dasharray="4 3"'))
    out.append(text(x + EXPLORER_W / 2, y + EXPLORER_H / 2 + 5, label, 14, "#f5e9c8", "bold", "middle"))
    return "".join(out)


@fragment()
def site_card(x: float, y: float, site: int, note: str = "", faded: bool = False) -> str:
    """A site face up: its name on its continent's colour, the badges of what it needs and
    a coin with its worth; ``note`` (who knows it) on a third line."""
    info = SITES[site]
    colour = CONTINENT_COLOURS[info.continent]
    height = SLOT_H if note else SITE_H
    out = [rect(x, y, SITE_W, height, "#ede6d3" if faded else "#fffaf0", colour, 5, 'stroke-width="2"')]
    out.append(rect(x, y, SITE_W, 18, colour, colour, 5))
    out.append(text(x + 6, y + 14, info.name, SMALL, "#fff", "bold"))
    out.append(badges(x + 4, y + 22, info.needs))
    out.append(coin(x + SITE_W - 13, y + 30, info.value, 11))
    if note:
        out.append(text(x + 6, y + 50, note, SMALL, "#3a3a3a"))
    return "".join(out)


@fragment()
def coins(x: float, y: float, amount: int) -> str:
    """Coins in a pile, one per 10 gold (at most 6)."""
    out = []
    for i in range(min(6, (amount + 9) // 10)):
        out.append(
            f'<ellipse cx="{x + 15:.0f}" cy="{y + 26 - i * 4:.0f}" rx="14" ry="6" fill="#e8b923" stroke="#8a6d0b"/>'
        )
    return "".join(out)


@fragment()
def gold_pile(x: float, y: float, amount: int, label: str, ink: str = "#ffe38a") -> str:
    """Coins in a pile, the amount and what it is."""
    return coins(x, y, amount) + text(x + 36, y + 22, f"{amount} {label}", 15, ink, "bold")


def who_knows(known_by: Sequence[int], viewer: int | None, names: Sequence[str] | None, limit: int = 15) -> str:
    """The seats that located a card in at most ``limit`` characters: 'you, Bruno', 'Ann + 2 more'."""
    seats = sorted(known_by, key=lambda q: (q != viewer, q))
    labels = ["you" if q == viewer else seat_name(names, q) for q in seats]
    every = ", ".join(labels)
    if len(every) <= limit:
        return every
    if len(labels) == 1:
        return short_name(labels[0], limit)
    if len(labels) == 2:
        first = labels[0] if labels[0] == "you" else short_name(labels[0], (limit - 2) // 2)
        return f"{first}, {short_name(labels[1], limit - 2 - len(first))}"
    more = f" + {len(labels) - 1} more"
    return short_name(labels[0], limit - len(more)) + more
