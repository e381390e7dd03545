"""SVG view of Ibyron, drawn from an observation only.

The island is seen from above: each space is a square coloured by terrain,
darker for each tile level, with its level written in the corner. Buildings
are stacks of discs (one circle per disc, offset upwards) in the owner's
colour with the height written on top; work camps are squares with their
disc count; leaders are triangles, overseers small rings. Below the island:
the player mats, the village board with its stacks, the market dice and the
bonus mat. Elements a legal action points at carry ``data-action`` and
class ``clickable``.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

CELL = 44
SEAT_COLOURS = ("#8e44ad", "#27ae60", "#2c6fbb", "#d4a017")
TERRAIN_RGB = {"forest": (46, 125, 50), "field": (214, 190, 80), "mountain": (140, 130, 120)}
CAMP_LETTER = {"wood": "W", "ore": "O", "stone": "S", "gold": "G", "grain": "F"}


def _shade(rgb: tuple[int, int, int], level: int) -> str:
    factor = max(0.45, 1.0 - 0.18 * (level - 1))
    r, g, b = (int(c * factor) for c in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


def _click(action: str | None, legal: dict[str, None]) -> str:
    if action is not None and action in legal:
        return f' class="clickable" data-action="{escape(action)}"'
    return ""


def _text(x: float, y: float, s: str, size: int = 11, fill: str = "#222", anchor: str = "start",
          weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" font-family="sans-serif">{escape(s)}</text>')


def _island(obs: dict[str, Any], legal: dict[str, None], x0: int, y0: int) -> tuple[list[str], int, int]:
    cells = {(c["x"], c["y"]): c for c in obs["cells"]}
    coast = [tuple(c) for c in obs["coast"]]
    spots = list(cells) + coast
    minx = min(x for x, _ in spots)
    miny = min(y for _, y in spots)
    maxx = max(x for x, _ in spots)
    maxy = max(y for _, y in spots)
    out: list[str] = []

    def pos(x: int, y: int) -> tuple[int, int]:
        return x0 + (x - minx) * CELL, y0 + (y - miny) * CELL

    moves: dict[tuple[int, int], str] = {}
    for a in legal:
        parts = a.split()
        if parts[0] in ("move", "place") and len(parts) == 4:
            key = (int(parts[1]), int(parts[2]))
            moves.setdefault(key, a)  # the first offered choice for that space (fewest horses / rotation 0)
    for (x, y) in coast:
        px, py = pos(x, y)
        out.append(f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="#cfe8f7" stroke="#9cc"'
                   f'{_click(moves.get((x, y)), legal)}/>')
    for (x, y), c in cells.items():
        px, py = pos(x, y)
        fill = _shade(TERRAIN_RGB[c["terrain"]], c["height"])
        out.append(f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#333" '
                   f'stroke-width="{1 + c["height"]}"{_click(moves.get((x, y)), legal)}/>')
        out.append(_text(px + 3, py + 11, f"{c['terrain'][0].upper()}{c['height']}", 9, "#fff"))
    for r in obs["reserved"]:
        px, py = pos(r["x"], r["y"])
        out.append(f'<circle cx="{px + CELL - 8}" cy="{py + 8}" r="5" fill="none" '
                   f'stroke="{SEAT_COLOURS[r["owner"]]}" stroke-width="3"/>')
    for b in obs["buildings"]:
        px, py = pos(b["x"], b["y"])
        colour = SEAT_COLOURS[b["owner"]]
        out.append(f'<g><title>{escape(", ".join(b["parts"]))} (seat {b["owner"]})</title>')
        for i in range(b["discs"]):
            out.append(f'<ellipse cx="{px + CELL / 2}" cy="{py + CELL - 10 - 4 * i}" rx="11" ry="6" fill="{colour}" '
                       f'stroke="#fff" stroke-width="1"/>')
        label = "H" if b["parts"][0] == "farm" else str(b["discs"])
        out.append(_text(px + CELL / 2, py + CELL - 7 - 4 * (b["discs"] - 1), label, 10, "#fff", "middle", "bold"))
        out.append("</g>")
    for c in obs["camps"]:
        px, py = pos(c["x"], c["y"])
        colour = SEAT_COLOURS[c["owner"]]
        out.append(f'<rect x="{px + 6}" y="{py + 16}" width="20" height="20" fill="{colour}" stroke="#fff"/>')
        out.append(_text(px + 16, py + 31, f"{CAMP_LETTER[c['kind']]}{c['discs']}", 10, "#fff", "middle", "bold"))
        out.append(f'<circle cx="{px + CELL - 8}" cy="{py + 8}" r="5" fill="{colour}" stroke="#fff"/>')
    for p in obs["players_info"]:
        if p["home"] is not None:  # the well marks the home space
            hx, hy = pos(p["home"][0], p["home"][1])
            out.append(f'<circle cx="{hx + 8}" cy="{hy + CELL - 8}" r="4" fill="#3a8ee6" stroke="#fff"/>')
        if p["leader"] is None:
            continue
        px, py = pos(p["leader"][0], p["leader"][1])
        colour = SEAT_COLOURS[p["seat"]]
        out.append(f'<polygon points="{px + CELL - 14},{py + CELL - 4} {px + CELL - 4},{py + CELL - 4} '
                   f'{px + CELL - 9},{py + CELL - 18}" fill="{colour}" stroke="#000"/>')
    width = (maxx - minx + 1) * CELL
    height = (maxy - miny + 1) * CELL
    return out, width, height


def _mats(obs: dict[str, Any], legal: dict[str, None], x0: int, y0: int) -> tuple[list[str], int]:
    out: list[str] = []
    y = y0
    for p in obs["players_info"]:
        colour = SEAT_COLOURS[p["seat"]]
        r = p["resources"]
        t = p["tech"]
        out.append(f'<rect x="{x0}" y="{y}" width="900" height="74" fill="#fafafa" stroke="{colour}" '
                   'stroke-width="3"/>')
        star = " (start player)" if p["seat"] == obs["start_player"] else ""
        out.append(_text(x0 + 6, y + 15, f"Seat {p['seat']}{star}: {p['phase']}", 12, colour, weight="bold"))
        out.append(_text(x0 + 6, y + 31, f"${r['coins']} (keep {p['keep_coins']})  wood {r['wood']}  ore {r['ore']}  "
                         f"stone {r['stone']}  gold {r['gold']}  food {r['food']}  horses {p['horses']}  "
                         f"barns {p['barns']}  permits {p['permits']}"))
        out.append(_text(x0 + 6, y + 47, f"tech lumber {t['lumber']} refinery {t['refinery']} taxing {t['taxing']} "
                         f"(cubes {p['tech_cubes']})  supply {p['supply']}  village box {p['village_box']}  "
                         f"rest {p['rest']}  reserve {3 * len(p['reserve'])}  mayor {'yes' if p['mayor'] else 'used'}"))
        built = ", ".join(f"{k} x{v}" for k, v in p["built"].items()) or "none"
        out.append(_text(x0 + 6, y + 63, f"mat: {', '.join(p['mat_buildings']) or '-'}; built: {built}; ship "
                         f"{p['ship']}; discs in buildings {p['discs_in_buildings']} (loose {p['loose_discs']}), "
                         f"VP {p['victory_points']}", 10))
        y += 80
    return out, y


def _village(obs: dict[str, Any], legal: dict[str, None], x0: int, y0: int) -> tuple[list[str], int]:
    out: list[str] = [_text(x0, y0 + 12, f"Village board (cap {obs['village_cap']})", 12, weight="bold")]
    y = y0 + 18
    for i, (space, stacks) in enumerate(obs["village"].items()):
        sx = x0 + i * 78
        action = f"visit {space}"
        out.append(f'<rect x="{sx}" y="{y}" width="74" height="70" fill="#f3ead7" stroke="#886"'
                   f'{_click(action, legal)}/>')
        out.append(_text(sx + 37, y + 12, space, 10, anchor="middle", weight="bold"))
        out.append(_text(sx + 37, y + 24, f"cost {obs['village_costs'][space]}", 9, anchor="middle"))
        for j, (owner, height) in enumerate(stacks[:6]):
            for k in range(height):
                out.append(f'<circle cx="{sx + 9 + 12 * j}" cy="{y + 62 - 6 * k}" r="5" '
                           f'fill="{SEAT_COLOURS[owner]}" stroke="#fff"/>')
    y += 78
    dice = "  ".join(f"{d['resource']} {d['value']}{' (sold)' if d['used'] else ''}" for d in obs["dice"])
    out.append(_text(x0, y + 12, f"Market dice: {dice}", 11))
    out.append(_text(x0, y + 30, f"Bonus mat ({obs['bonus_side']} side)", 11, weight="bold"))
    for i, space in enumerate(obs["bonus"]):
        bx = x0 + i * 92
        gain = "+".join(f"{v} {k}" for k, v in space["gain"].items())
        if "number" in space:
            label, action = f"{space['number']}: {gain}", f"bonus {space['number']}"
            taken = space["taken_by"] >= 0 or space["used_solo"]
        else:
            label, action = f"{space['cost']} discs: {gain}", f"bonus {space['cost']}"
            taken = False
        out.append(f'<rect x="{bx}" y="{y + 36}" width="88" height="22" fill="{"#ddd" if taken else "#fff6d0"}" '
                   f'stroke="#a80"{_click(action, legal)}/>')
        out.append(_text(bx + 4, y + 51, label, 9))
    return out, y + 64


def _buttons(legal: list[str], marked: set[str], x0: int, y0: int, width: int) -> tuple[list[str], int]:
    """A button for every legal action that no board element carries, so every choice is clickable."""
    out: list[str] = []
    x, y = x0, y0
    for action in legal:
        if action in marked:
            continue
        w = 8 + 6 * len(action)
        if x + w > x0 + width:
            x, y = x0, y + 22
        out.append(f'<g{_click(action, dict.fromkeys(legal))}><rect x="{x}" y="{y}" width="{w}" height="18" rx="4" '
                   f'fill="#eef" stroke="#557"/>{_text(x + 4, y + 13, action, 10)}</g>')
        x += w + 4
    return out, (y + 24 if out else y0)


def render(obs: dict[str, Any], legal: list[str] | None = None) -> str:
    legal_set = dict.fromkeys(legal or [])  # ordered: a board cell carries the first offered move there
    head = (f"Ibyron ({obs['mode']}) round {obs['round']}/{obs['round_limit']}, to move "
            f"{obs['to_move'] or '-'} ({obs['step']})")
    if obs["is_over"]:
        head += f" - game over, winners {obs['winners']}"
    body = [_text(10, 18, head, 13, weight="bold")]
    island, w, h = _island(obs, legal_set, 10, 28)
    body += island
    mats, y = _mats(obs, legal_set, 10, 40 + h)
    body += mats
    village, y = _village(obs, legal_set, 10, y + 4)
    body += village
    width = max(w + 20, 920)
    marked = {m for m in legal_set if f'data-action="{escape(m)}"' in "".join(body)}
    buttons, y = _buttons(legal or [], marked, 10, y + 4, width - 20)
    body += buttons
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 10}" '
            f'viewBox="0 0 {width} {y + 10}">' + "".join(body) + "</svg>")
