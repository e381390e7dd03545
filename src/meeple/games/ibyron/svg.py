"""SVG view of Ibyron, drawn from an observation only.

The page reads like the table: a header saying whose turn it is and what
they decide, the island (left) with its legend, the village, market, bonus
mat, land tiles and building costs (right), the player mats below, and last
a row of buttons for the legal moves that no board element carries (other
horse counts, camp sizes, hiring...). Every element a legal action points at
carries ``class="clickable"`` and ``data-action``; no target covers
another, and hovering any piece, tile or building tells what it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core.svg import Clicks, fragment
from meeple.core.words import seat_name
from meeple.games.ibyron import svg_shapes as k
from meeple.games.ibyron.observe import IbyronObservation
from meeple.games.ibyron.svg_island import CELL, draw_island
from meeple.games.ibyron.svg_mats import MAT_H, MAT_W, draw_mat
from meeple.games.ibyron.svg_village import PANEL_W, draw_bonus, draw_costs, draw_market, draw_tiles, draw_village
from meeple.games.ibyron.view_words import END_WORDS, MODES, choice, step_words, tile_terrain, tile_words, who


def _header(obs: IbyronObservation, names: list[str] | None, width: float) -> str:
    when = f"round {obs['round']} of {obs['round_limit']}" if obs["round"] > 0 else "setting up"
    head = f"Ibyron · {MODES.get(obs['mode'], obs['mode'])} · {when}"
    out = [k.rect(0, 0, width, 30, "#34495e"), k.text(10, 20, head, 14, "#fff", weight="bold")]
    if obs["is_over"]:
        winners = " and ".join(seat_name(names, s) for s in obs["winners"]) or "nobody"
        reason = END_WORDS.get(obs.get("end_reason") or "", "")
        status = f"Game over — {winners} won" + (f" ({reason})" if reason else "")
    elif obs["to_move"]:
        movers = " and ".join(who(names, s) for s in obs["to_move"])
        status = f"{movers}: {step_words(obs['step'])}".rstrip(": ")
    else:
        status = ""
    out.append(k.text(width - 10, 20, status, 12.5, "#fff", "end", "bold"))
    return "".join(out)


def _legend(obs: IbyronObservation, names: list[str] | None, x: float, y: float) -> tuple[str, float]:
    """What the symbols mean: terrain, level, pieces, and which colour is whose."""
    return _legend_drawn(obs["players"], tuple(names) if names is not None else None, x, y)


@fragment(256)
def _legend_drawn(players: int, names: tuple[str, ...] | None, x: float, y: float) -> tuple[str, float]:
    """:func:`_legend` for ``players`` seats with these names."""
    out = [k.text(x, y + 12, "Legend", 12, "#111", weight="bold")]
    ly = y + 20
    for i, kind in enumerate(("forest", "field", "mountain")):
        bx = x + i * 96
        out.append(k.rect(bx, ly, 22, 22, f"url(#ib-{kind})", "#333", 1) + k.text(bx + 27, ly + 15, kind, 10))
    out.append(k.rect(x + 288, ly + 4, 13, 13, "#fff", "#333", 0.8, 2) + k.text(x + 294.5, ly + 14, "2", 10, "#111",
                                                                                "middle", "bold")
               + k.text(x + 306, ly + 15, "level (tiles high)", 10))
    ly += 30
    items = [
        (k.pawn(x + 8, ly + 20, "#777", 0.9), "leader"),
        (k.cylinder(x + 8, ly + 18, "#3a8ee6", 4, 5), "well (home)"),
        (k.overseer(x + 8, ly + 20, "#777"), "overseer"),
        (k.disc_stack(x + 8, ly + 18, 3, "#777", 7, 3) + k.text(x + 8, ly + 6, "Mill", 7, "#111", "middle"),
         "building (discs)"),
        (k.disc_stack(x + 8, ly + 18, 2, "#777", 7, 3) + k.text(x + 8, ly + 8, "wood 2", 6.5, "#111", "middle"),
         "work camp"),
        (k.cylinder(x + 8, ly + 18, "#f1c40f", 3, 5), "gold mine"),
    ]
    for i, (glyph, label) in enumerate(items):
        dx = (i % 3) * 130
        dy = (i // 3) * 28
        out.append(f'<g transform="translate({dx},{dy})">{glyph}</g>')
        out.append(k.text(x + dx + 22, ly + dy + 16, label, 10))
    ly += 60
    out.append(k.rect(x, ly, 18, 14, "none", "#e67e22", 2.5, 3, ' stroke-dasharray="5 2"')
               + k.text(x + 24, ly + 11, "you can click it (hover for help)", 10))
    ly += 22
    for seat in range(players):
        bx = x + (seat % 2) * 200
        by = ly + (seat // 2) * 18
        out.append(k.rect(bx, by, 12, 12, k.colour_of(seat), "#333", 0.6, 6)
                   + k.text(bx + 17, by + 10, who(names, seat), 10))
    ly += 18 * ((players + 1) // 2)
    return "".join(out), ly


def _explore_choices(obs: IbyronObservation, clicks: Clicks, x: float, y: float,
                     width: float) -> tuple[str, float]:
    """Each way to lay the held tile: the tile turned, with a dot where the leader stands."""
    options = [a for a in clicks.legal if a.startswith("explore ")]
    seat = obs["seat"]
    if not options or seat is None:
        return "", y
    tile = obs["players_info"][seat]["held_tile"]
    out = [k.text(x, y + 12, f"Explore: lay tile {tile} — the pawn marks your leader's space", 11, "#111",
                  weight="bold")]
    bx, by = x, y + 18
    for a in options:
        _, corner, rotation = a.split()
        terrain = tile_terrain(obs, tile, int(rotation))
        click = clicks.claim(a, k.POINTER)
        inner = k.hit(bx, by, 50, 50, True, "#fff") + k.mini_tile(terrain, bx + 5, by + 5, 40, int(corner))
        out.append(k.group(inner, click, f"Lay tile {tile} turned {90 * int(rotation)}° ({tile_words(terrain)}), "
                                         "the dotted space on your leader"))
        bx += 54
        if bx + 50 > x + width:
            bx, by = x, by + 54
    return "".join(out), by + 56


def _buttons(obs: IbyronObservation, clicks: Clicks, x0: float, y0: float, width: float) -> tuple[str, float]:
    """A button for every legal move the board does not carry, so every choice is clickable."""
    rest = clicks.unclaimed()
    if not rest:
        return "", y0
    out = [k.text(x0, y0 + 12, "Other choices", 12, "#111", weight="bold")]
    x, y = x0, y0 + 18
    for action in rest:
        label = choice(obs, action)
        w = 12 + 6.1 * len(label)
        if x + w > x0 + width:
            x, y = x0, y + 24
        click = clicks.claim(action, k.POINTER)
        inner = k.rect(x, y, w, 20, "#eef", "#557", 1, 5) + k.text(x + 6, y + 14, label, 10.5, "#111")
        out.append(k.group(inner, click, label))
        x += w + 5
    return "".join(out), y + 26


def render(obs: IbyronObservation, legal: Sequence[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    """The whole board as one SVG document; ``names`` are the players' names by seat."""
    who_names = list(names) if names is not None else None
    clicks = Clicks(legal)
    island, iw, ih = draw_island(obs, clicks, who_names, 14, 44)
    left_w = max(iw, 420)
    rx = 14 + left_w + 26
    body: list[str] = [island]
    explore, ey = _explore_choices(obs, clicks, 14, 44 + ih + 10, left_w)
    body.append(explore)
    legend, ly = _legend(obs, who_names, 14, ey + 4 if explore else 44 + ih + 14)
    body.append(legend)
    part, y = draw_village(obs, clicks, who_names, rx, 40)
    body.append(part)
    part, y = draw_market(obs, rx, y + 6)
    body.append(part)
    part, y = draw_bonus(obs, clicks, who_names, rx, y + 6)
    body.append(part)
    part, y = draw_tiles(obs, clicks, rx, y + 6)
    body.append(part)
    part, y = draw_costs(obs, clicks, rx, y + 6)
    body.append(part)
    width = max(rx + PANEL_W + 14, 14 + 2 * (MAT_W + 12))
    y = max(y, ly) + 10
    for i, p in enumerate(obs["players_info"]):
        mx = 14 + (i % 2) * (MAT_W + 12)
        body.append(draw_mat(obs, p, clicks, who_names, mx, y + (i // 2) * (MAT_H + 10)))
    y += ((len(obs["players_info"]) + 1) // 2) * (MAT_H + 10)
    buttons, y = _buttons(obs, clicks, 14, y, width - 28)
    body.append(buttons)
    height = y + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">' + k.defs() + k.rect(0, 0, width, height, "#ffffff")
            + _header(obs, who_names, width) + "".join(body) + "</svg>")


__all__ = ["CELL", "render"]
