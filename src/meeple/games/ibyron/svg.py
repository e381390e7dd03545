"""SVG view of Ibyron, drawn from an observation only.

The drawing is as wide as the match page's board panel at its default fit,
so its sizes are the pixels a player reads (no text under ``svg_shapes.SMALL``).
It reads like the table, top to bottom: a header saying whose turn it is and
what they decide; the island with its coordinates along the edges, and
beside it (or below it, once it is wide) the land tiles, the ways to lay a
tile and the legend; the village; the market and the bonus mat; the player
mats, one across the board each (the viewer's own first); the building costs; last a row of buttons
for the legal moves that no board element carries (other horse counts, camp
sizes, hiring...). Every element a legal action points at carries
``class="clickable"`` and ``data-action``; no target covers another, and
hovering any piece, tile or building tells what it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from meeple.core.svg import Clicks, fragment, short_name
from meeple.core.words import seat_name
from meeple.games.ibyron import svg_shapes as k
from meeple.games.ibyron.observe import IbyronObservation
from meeple.games.ibyron.svg_island import draw_island
from meeple.games.ibyron.svg_mats import MAT_H, draw_mat
from meeple.games.ibyron.svg_village import draw_bonus, draw_costs, draw_market, draw_tiles, draw_village
from meeple.games.ibyron.view_words import (
    END_WORDS,
    MODES,
    board_who,
    choice,
    step_words,
    tile_terrain,
    tile_words,
)

HEADER_H = 54
# the least room beside the island worth filling (a legend entry with a long name fits); with less, the land
# tiles, the ways to explore and the legend go below the island
SIDE_MIN = 260
GAP = 16


def _header(obs: IbyronObservation, names: list[str] | None) -> str:
    when = f"round {obs['round']} of {obs['round_limit']}" if obs["round"] > 0 else "setting up"
    head = f"Ibyron · {MODES.get(obs['mode'], obs['mode'])} · {when}"
    out = [k.rect(0, 0, k.WIDTH, HEADER_H, "#34495e"), k.text(k.MARGIN, 21, head, k.HEAD, "#fff", weight="bold")]
    seats = obs["winners"] if obs["is_over"] else obs["to_move"]
    limit = k.NAME_LIMIT if len(seats) <= 2 else 12  # three or four names share the line
    if obs["is_over"]:
        winners = " and ".join(short_name(seat_name(names, s), limit) for s in seats) or "nobody"
        reason = END_WORDS.get(obs.get("end_reason") or "", "")
        status = f"Game over — {winners} won" + (f" ({reason})" if reason else "")
    elif obs["to_move"]:
        movers = " and ".join(board_who(names, s, limit) for s in seats)
        status = f"{movers}: {step_words(obs['step'])}".rstrip(": ")
    else:
        status = ""
    out.append(k.text(k.MARGIN, 44, status, k.TEXT, "#fff", weight="bold"))
    return "".join(out)


def _legend(obs: IbyronObservation, names: list[str] | None, x: float, y: float, width: float) -> tuple[str, float]:
    """What the symbols mean: terrain, level, pieces, and which colour is whose."""
    return _legend_drawn(obs["players"], tuple(names) if names is not None else None, x, y, width)


@fragment(256)
def _legend_drawn(players: int, names: tuple[str, ...] | None, x: float, y: float,
                  width: float) -> tuple[str, float]:
    """:func:`_legend` for ``players`` seats with these names, its entries flowing in lines of ``width``."""
    items: list[tuple[str, str]] = [
        (k.rect(0, -16, 20, 20, f"url(#ib-{kind})", "#333", 1), kind) for kind in ("forest", "field", "mountain")]
    items += [
        (k.rect(2, -15, 16, 16, "#fff", "#333", 0.8, 2) + k.text(10, -2, "2", k.SMALL, "#111", "middle", "bold"),
         "level (tiles high)"),
        (k.leader(10, 8, "#777", ""), "leader"),
        (k.cylinder(10, 1, "#3a8ee6", 5, 6), "well (home)"),
        (k.overseer(10, 2, "#777"), "overseer"),
        (k.disc_stack(10, 0, 3, "#777", 9, 3.5), "building"),
        (k.disc_stack(6, 0, 2, "#777", 7, 3) + k.overseer(16, 3, "#777"), "work camp"),
        (k.cylinder(10, 1, "#f1c40f", 4, 5), "gold mine"),
        (k.rect(0, -13, 20, 14, "none", "#e67e22", 2.5, 3, ' stroke-dasharray="5 2"'), "you can click it"),
    ]
    items += [(k.rect(3, -12, 13, 13, k.colour_of(seat), "#333", 0.6, 6),
               short_name(seat_name(names, seat), k.NAME_LIMIT) + f" ({k.COLOUR_NAMES[seat]})")
              for seat in range(players)]
    out = [k.text(x, y + 15, "Legend", k.HEAD, "#111", weight="bold"),
           k.text(x + 70, y + 15, "hover over anything for help", k.SMALL, "#444")]
    lx, ly = x, y + 44
    for glyph, label in items:
        w = 28 + k.text_width(label, k.SMALL) + 14
        if lx > x and lx + w > x + width:
            lx, ly = x, ly + 26
        out.append(f'<g transform="translate({lx:.1f},{ly:.1f})">{glyph}</g>'
                   + k.text(lx + 26, ly, label, k.SMALL, "#222"))
        lx += w
    return "".join(out), ly + 12


def _explore_choices(obs: IbyronObservation, clicks: Clicks, x: float, y: float,
                     width: float) -> tuple[str, float]:
    """Each way to lay the held tile: the tile turned, with a pawn where the leader stands."""
    options = [a for a in clicks.legal if a.startswith("explore ")]
    seat = obs["seat"]
    if not options or seat is None:
        return "", y
    tile = obs["players_info"][seat]["held_tile"]
    out = [k.text(x, y + 15, f"Explore with tile {tile}", k.HEAD, "#111", weight="bold"),
           k.text(x, y + 33, "each way to lay it; the pawn marks your leader's space", k.SMALL, "#444")]
    bx, by = x, y + 40
    for a in options:
        if bx > x and bx + 56 > x + width:
            bx, by = x, by + 60
        _, corner, rotation = a.split()
        terrain = tile_terrain(obs, tile, int(rotation))
        click = clicks.claim(a, k.POINTER)
        inner = k.hit(bx, by, 56, 56, True, "#fff") + k.mini_tile(terrain, bx + 5, by + 5, 46, int(corner))
        out.append(k.group(inner, click, f"Lay tile {tile} turned {90 * int(rotation)}° ({tile_words(terrain)}), "
                                         "the pawn on your leader's space"))
        bx += 60
    return "".join(out), by + 64


def _buttons(obs: IbyronObservation, clicks: Clicks, x0: float, y0: float, width: float) -> tuple[str, float]:
    """A button for every legal move the board does not carry, so every choice is clickable."""
    rest = clicks.unclaimed()
    if not rest:
        return "", y0
    out = [k.text(x0, y0 + 15, "Other choices", k.HEAD, "#111", weight="bold")]
    x, y = x0, y0 + 22
    for action in rest:
        label = choice(obs, action)
        w = min(width, 14 + k.text_width(label, k.TEXT))
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + 30
        click = clicks.claim(action, k.POINTER)
        inner = k.rect(x, y, w, 26, "#eef", "#557", 1, 5) + k.text(x + w / 2, y + 18, label, k.TEXT, "#111",
                                                                    "middle")
        out.append(k.group(inner, click, label))
        x += w + 6
    return "".join(out), y + 34


Block = Callable[[float, float, float], tuple[str, float]]


def render(obs: IbyronObservation, legal: Sequence[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    """The whole board as one SVG document; ``names`` are the players' names by seat."""
    who_names = list(names) if names is not None else None
    clicks = Clicks(legal)
    x0: float = k.MARGIN
    width: float = k.INNER
    y: float = HEADER_H + 10
    island, iw, ih = draw_island(obs, clicks, who_names, x0, y, width)
    body: list[str] = [island]
    # what belongs with the island: the tiles on offer, the ways to explore, the legend
    blocks: list[Block] = [
        lambda bx, by, bw: draw_tiles(obs, clicks, bx, by, bw),
        lambda bx, by, bw: _explore_choices(obs, clicks, bx, by, bw),
        lambda bx, by, bw: _legend(obs, who_names, bx, by, bw),
    ]
    side_x = x0 + max(iw, 440) + GAP
    bx: float
    by: float
    if x0 + width - side_x >= SIDE_MIN:
        bx, by, bw, low = side_x, y, x0 + width - side_x, y + ih
    else:
        bx, by, bw, low = x0, y + ih + 10, width, y + ih
    for block in blocks:
        part, bottom = block(bx, by, bw)
        if part:
            body.append(part)
            by = bottom + 10
    y = max(low, by) + 10
    part, y = draw_village(obs, clicks, who_names, x0, y, width)
    body.append(part)
    market_w = 440
    part, market_y = draw_market(obs, x0, y + 4, market_w)
    body.append(part)
    part, bonus_y = draw_bonus(obs, clicks, who_names, x0 + market_w + GAP, y + 4, width - market_w - GAP)
    body.append(part)
    y = max(market_y, bonus_y) + 12
    players = obs["players_info"]
    seat = obs["seat"]
    # the viewer's own mat first, nearest the village and the market
    for p in [p for p in players if p["seat"] == seat] + [p for p in players if p["seat"] != seat]:
        body.append(draw_mat(obs, p, clicks, who_names, x0, y))
        y += MAT_H + 10
    part, y = draw_costs(obs, clicks, x0, y + 2, width)
    body.append(part)
    buttons, y = _buttons(obs, clicks, x0, y + 6, width)
    body.append(buttons)
    height = y + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{k.WIDTH}" height="{height:.0f}" '
            f'viewBox="0 0 {k.WIDTH} {height:.0f}">' + k.defs() + k.rect(0, 0, k.WIDTH, height, "#ffffff")
            + _header(obs, who_names) + "".join(body) + "</svg>")


__all__ = ["render"]
