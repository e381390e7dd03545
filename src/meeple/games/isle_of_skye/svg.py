"""SVG view of Isle of Skye, drawn from an observation only.

The board along the top (the round track with the scoring letters and the
catch-up gold, the four scoring tiles A-D, the score track with each clan's
marker), then the round's offers and the price buttons, then one panel per
clan with its territory (the viewer's first), then the final scoring and a
legend. The parts are drawn by ``svg_board`` (the board, offers, legend),
``svg_territory`` (the clans' panels) and ``svg_tiles`` (tiles and figures).

The drawing is as wide as the board is shown on the match page's default fit
(``svg_tiles.WIDTH``), so every text, at least 11 units, reads at 11 px or
more; the board grows taller rather than wider. Every element a legal action
points at carries ``data-action`` (class ``clickable``): drawn tiles
(discard), price buttons, offered tiles (buy), the pass button, tiles to
place, open squares (spot) and the turned previews of the chosen tile
(rotate).
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core.svg import Canvas
from meeple.games.isle_of_skye.observe import IsleOfSkyeObservation
from meeple.games.isle_of_skye.svg_board import INNER, board, buttons, final_rows, legend, offers
from meeple.games.isle_of_skye.svg_territory import PAD, Panel, draw_panel, measure, plan_panel
from meeple.games.isle_of_skye.svg_tiles import MARGIN, TABLE, WIDTH

BIGGEST_TILE = 72
SMALLEST_TILE = 40
HALF = (INNER - MARGIN) / 2  # two panels side by side


def tile_size(panels: list[Panel]) -> int:
    """One tile size for every territory: as big as lets the widest territory fit half the
    board's width (two panels side by side), at most ``BIGGEST_TILE`` and at least
    ``SMALLEST_TILE``, unless a territory would not fit the whole width even then."""
    widest = max(p.cols for p in panels)
    size = max(min(BIGGEST_TILE, int((HALF - 2 * PAD) // widest)), SMALLEST_TILE)
    return min(size, int((INNER - 2 * PAD) // widest))


def lay_out(panels: list[Panel], y: float) -> float:
    """Place ``panels`` in rows across the board, each row stretched to the full width
    and its panels made as tall as the tallest; returns the next free y."""
    rows: list[list[Panel]] = []
    used = 0.0
    for panel in panels:
        if rows and used + MARGIN + panel.width <= INNER:
            rows[-1].append(panel)
            used += MARGIN + panel.width
        else:
            rows.append([panel])
            used = panel.width
    # As many panels in each row as can be (5 panels in two rows: 3 and 2, not 4 and 1).
    per_row = -(-len(panels) // len(rows))
    even = [panels[i : i + per_row] for i in range(0, len(panels), per_row)]
    if len(even) == len(rows) and all(fits(row) for row in even):
        rows = even
    for row in rows:
        spare = (INNER - sum(p.width for p in row) - MARGIN * (len(row) - 1)) / len(row)
        height = max(p.height for p in row)
        x = float(MARGIN)
        for panel in row:
            panel.width += spare
            panel.height = height
            panel.x, panel.y = x, y
            x += panel.width + MARGIN
        y += height + MARGIN
    return y


def fits(row: list[Panel]) -> bool:
    return sum(p.width for p in row) + MARGIN * (len(row) - 1) <= INNER


def render(obs: IsleOfSkyeObservation, legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    """The whole table as an SVG document; ``names`` are the players' names by seat."""
    legal = list(legal or [])
    canvas = Canvas(legal)
    y = board(canvas, obs, MARGIN, names)
    y = offers(canvas, obs, y, names)
    y = buttons(canvas, obs, legal, y)
    seats = obs["seats"]
    viewer = obs["seat"]
    if viewer is not None and 0 <= viewer < len(seats):  # the viewer's own clan first
        seats = seats[viewer:] + seats[:viewer]
    panels = [plan_panel(obs, s, legal if s["seat"] == viewer else []) for s in seats]
    size = tile_size(panels)
    for panel in panels:
        measure(panel, size, HALF)
    y = lay_out(panels, y)
    for panel in panels:
        draw_panel(canvas, obs, panel, names)
    if obs["final"]:
        y = final_rows(canvas, obs, y, names)
    y = legend(canvas, y)
    height = int(y)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="Georgia, serif">'
        "<style>.clickable{cursor:pointer}.clickable:hover>*{filter:brightness(1.15)}</style>"
        f'<rect width="{WIDTH}" height="{height}" fill="{TABLE}"/>'
    )
    return head + "".join(canvas.parts) + "</svg>"
