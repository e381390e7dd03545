"""The small pieces every part of Ivor's board is drawn with: text, hover help, buttons,
and the symbols the map, the players' table and the legend share (a wagon, Ivor the
engine, a sheep count, a lost-sheep token, Sleeping Idris, a job marker).

The board is ``WIDTH`` units wide and is shown ``FIT_WIDTH_PX`` pixels wide at the
match page's default fit, so every font size here is at least ``min_font(WIDTH)``
(11 px on screen); ordinary text uses ``BASE`` (about 13 px on screen).
Each symbol is drawn by one function and marked ``data-symbol``, so the legend shows exactly
what the board shows (the tests compare the two).
"""

from __future__ import annotations

from html import escape

from meeple.core.svg import clickable, fragment, min_font, wrap_words

WIDTH = 1000
SMALL, BASE, HEAD = 13, 14, 17  # font sizes in the board's units: >= min_font(WIDTH) = 11.6
assert min_font(WIDTH) <= SMALL
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#b8860b")
TOWN_FILL, VILLAGE_FILL = "#f4b6c8", "#f3e3c0"
TOKEN_FILL, IDRIS_FILL, JOB_FILL = "#7a5", "#2e7d32", "#24527a"
HALO = ' stroke="#fff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"'  # text over lines


def text_width(body: str, size: float, bold: bool = False) -> float:
    """About how wide ``body`` is drawn in sans-serif at ``size`` (for wrapping and boxes)."""
    return len(body) * size * (0.6 if bold else 0.54)


@fragment()
def clickable_attrs(action: str | None) -> str:
    """The attributes that make an element play ``action`` (none for ``None``), with a hand cursor."""
    return "" if action is None else clickable(action) + ' style="cursor:pointer"'


@fragment()
def title(tip: str) -> str:
    """Hover help for the element it is put in."""
    return f"<title>{escape(tip)}</title>"


@fragment()
def text(x: float, y: float, body: str, size: int = BASE, anchor: str = "start", extra: str = "") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-family="sans-serif"{extra}>{escape(body)}</text>'
    )


@fragment()
def wrap(body: str, width: float, size: int = BASE, bold: bool = False) -> tuple[str, ...]:
    """``body`` cut into lines that fit ``width`` units at ``size``."""
    per_line = max(int(width / (size * (0.6 if bold else 0.54))), 8)
    return tuple(wrap_words(body, per_line))


@fragment()
def button(x: float, y: float, label: str, action: str, width: float, tip: str = "") -> str:
    """A button that plays ``action``: a rounded box with ``label`` in it."""
    return (
        f"<g{clickable_attrs(action)}>{title(tip or label)}"
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="28" rx="6" fill="#cde" stroke="#246"/>'
        + text(x + width / 2, y + 19, label, BASE, "middle", ' font-weight="bold" fill="#123"')
        + "</g>"
    )


# ------------------------------------------------------------------ symbols
@fragment()
def wagon(cx: float, top: float, colour: str, label: str) -> str:
    """A player's wagon: a box in their colour on two wheels, their (short) name on it."""
    width = max(36.0, text_width(label, SMALL, True) + 12)
    left = cx - width / 2
    return (
        f'<rect data-symbol="wagon" x="{left:.0f}" y="{top:.0f}" width="{width:.0f}" height="18" rx="3" '
        f'fill="{colour}" stroke="#000"/>'
        f'<circle cx="{left + 8:.0f}" cy="{top + 19:.0f}" r="3.5" fill="#222"/>'
        f'<circle cx="{left + width - 8:.0f}" cy="{top + 19:.0f}" r="3.5" fill="#222"/>'
        + (text(cx, top + 14, label, SMALL, "middle", ' font-weight="bold" fill="#fff"') if label else "")
    )


@fragment()
def engine(x: float, y: float) -> str:
    """Ivor the engine, the first player's token: a green engine with a chimney, 36 x 26 units."""
    return (
        f'<rect data-symbol="engine" x="{x:.0f}" y="{y + 8:.0f}" width="36" height="13" rx="3" fill="{IDRIS_FILL}" '
        'stroke="#000"/>'
        f'<rect x="{x + 22:.0f}" y="{y:.0f}" width="12" height="10" fill="{IDRIS_FILL}" stroke="#000"/>'
        f'<rect x="{x + 4:.0f}" y="{y + 2:.0f}" width="6" height="7" fill="#333"/>'
        f'<circle cx="{x + 8:.0f}" cy="{y + 22:.0f}" r="4" fill="#222"/>'
        f'<circle cx="{x + 28:.0f}" cy="{y + 22:.0f}" r="4" fill="#222"/>'
    )


@fragment()
def sheep_count(cx: float, cy: float, count: int) -> str:
    """A white fleece with the number of sheep on it."""
    return (
        f'<ellipse data-symbol="sheep" cx="{cx:.0f}" cy="{cy:.0f}" rx="15" ry="11" fill="#fff" stroke="#555"/>'
        + text(cx, cy + 5, str(count), BASE, "middle", ' font-weight="bold"')
    )


@fragment()
def lost_sheep_token(x: float, y: float) -> str:
    """A face-down lost-sheep token: a green square."""
    return (f'<rect data-symbol="token" x="{x:.0f}" y="{y:.0f}" width="16" height="16" fill="{TOKEN_FILL}" '
            'stroke="#333"/>')


@fragment()
def idris(cx: float, cy: float) -> str:
    """Sleeping Idris, the dragon: a dark green disc marked z."""
    return (
        f'<circle data-symbol="idris" cx="{cx:.0f}" cy="{cy:.0f}" r="12" fill="{IDRIS_FILL}" stroke="#000"/>'
        + text(cx, cy + 5, "z", BASE, "middle", ' font-weight="bold" fill="#fff"')
    )


@fragment()
def job_marker(x: float, y: float, count: int) -> str:
    """A small blue card with how many jobs in the viewer's hand are done at that place."""
    return (
        f'<rect data-symbol="job" x="{x:.0f}" y="{y:.0f}" width="18" height="22" rx="3" fill="{JOB_FILL}" '
        'stroke="#fff"/>'
        + text(x + 9, y + 16, str(count), SMALL, "middle", ' font-weight="bold" fill="#fff"')
    )
