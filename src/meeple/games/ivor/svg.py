"""SVG view of Ivor the Engine, drawn from an observation only.

The railway is drawn where its locations sit on the (designed) board: towns in
pink, villages in beige, single-track lines solid, lighter borders dashed, dark
borders as black bars, the main line as a long curve. Sheep counts, face-down
lost-sheep tokens, wagons and Sleeping Idris sit on the locations; the card line
and the seat's hand are drawn underneath, the players on the right. Every element
a legal action points at carries ``data-action`` and the class ``clickable``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from meeple.games.ivor.data import DATA, card_name, card_summary

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#e6b800")
WIDTH, HEIGHT = 1320, 1010
BOARD_H = 700
CARD_W, CARD_H = 160, 120
LOCATION_ACTIONS = ("move", "place", "idris", "runaway")


def _attr(action: str | None) -> str:
    if action is None:
        return ""
    return f' class="clickable" data-action="{escape(action)}" style="cursor:pointer"'


def _text(x: float, y: float, body: str, size: int = 12, anchor: str = "middle", extra: str = "") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-family="sans-serif"{extra}>{escape(body)}</text>'
    )


def _wrap(body: str, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in body.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    if current:
        lines.append(current)
    return lines


def _board(obs: dict[str, Any], legal: set[str]) -> list[str]:
    locs = DATA.locations
    out = ['<rect x="0" y="0" width="1000" height="700" fill="#e8f0d8"/>']
    a, b = (locs[i] for i in DATA.main_line)
    out.append(
        f'<path d="M {a.x} {a.y} C {a.x - 70} {a.y + 120}, {a.x - 70} 672, {a.x + 110} 672 L {b.x - 80} 672 '
        f'C {b.x + 40} 672, {b.x + 30} {b.y + 80}, {b.x} {b.y}" fill="none" stroke="#5a3d1e" '
        'stroke-width="6" stroke-dasharray="14 6"/>'
    )
    out.append(_text(500, 692, f"main line {a.name} – {b.name}: 2 coal", 12, extra=' fill="#5a3d1e"'))
    for i, j, kind in DATA.connections:
        p, q = locs[i], locs[j]
        style = 'stroke="#333" stroke-width="4"' if kind == "track" else 'stroke="#9a9" stroke-width="3" ' \
            'stroke-dasharray="6 5"'
        out.append(f'<line x1="{p.x}" y1="{p.y}" x2="{q.x}" y2="{q.y}" {style}/>')
    for i, j in DATA.dark_borders:
        p, q = locs[i], locs[j]
        mx, my = (p.x + q.x) / 2, (p.y + q.y) / 2
        dx, dy = q.x - p.x, q.y - p.y
        norm = max((dx * dx + dy * dy) ** 0.5, 1)
        nx, ny = -dy / norm * 14, dx / norm * 14
        out.append(
            f'<line x1="{mx - nx:.0f}" y1="{my - ny:.0f}" x2="{mx + nx:.0f}" y2="{my + ny:.0f}" '
            'stroke="#000" stroke-width="6"/>'
        )
    for loc, info in zip(locs, obs["locations"], strict=True):
        action = next((f"{k} {loc.id}" for k in LOCATION_ACTIONS if f"{k} {loc.id}" in legal), None)
        fill = "#f4b6c8" if loc.is_town else "#f3e3c0"
        radius = 30 if loc.is_town else 24
        out.append(f"<g{_attr(action)}>")
        ring = ' stroke="#111" stroke-width="4"' if action else ' stroke="#666" stroke-width="1.5"'
        out.append(f'<circle cx="{loc.x}" cy="{loc.y}" r="{radius}" fill="{fill}"{ring}/>')
        out.append(_text(loc.x, loc.y - radius - 6, loc.name, 12, extra=' font-weight="bold"'))
        if info["sheep"]:
            out.append(f'<ellipse cx="{loc.x}" cy="{loc.y}" rx="15" ry="11" fill="#fff" stroke="#555"/>')
            out.append(_text(loc.x, loc.y + 5, str(info["sheep"]), 14, extra=' font-weight="bold"'))
        if info["lost_sheep_token"]:
            out.append(
                f'<rect x="{loc.x + radius - 8}" y="{loc.y - radius}" width="16" height="16" fill="#7a5" '
                'stroke="#333"><title>face-down lost-sheep token</title></rect>'
            )
        if info["wagon"] is not None:
            colour = SEAT_COLOURS[info["wagon"] % len(SEAT_COLOURS)]
            out.append(
                f'<rect x="{loc.x - 16}" y="{loc.y + radius - 10}" width="32" height="16" rx="3" fill="{colour}" '
                f'stroke="#000"><title>wagon of P{info["wagon"]}</title></rect>'
            )
            out.append(_text(loc.x, loc.y + radius + 3, f"P{info['wagon']}", 11, extra=' fill="#fff"'))
        if info["idris"] is not None:
            out.append(
                f'<circle cx="{loc.x - radius + 4}" cy="{loc.y - radius + 4}" r="10" fill="#2e7d32" stroke="#000">'
                f'<title>Sleeping Idris (P{info["idris"]})</title></circle>'
            )
            out.append(_text(loc.x - radius + 4, loc.y - radius + 8, "z", 12, extra=' fill="#fff"'))
        out.append("</g>")
    return out


def _card(x: float, y: float, card: int, note: str, actions: list[str]) -> list[str]:
    main = actions[0] if len(actions) == 1 else None
    is_event = card > len(DATA.jobs)
    out = [f"<g{_attr(main)}>"]
    fill = "#fff3c4" if is_event else "#ffffff"
    out.append(f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="{fill}" stroke="#444"/>')
    kind = "event" if is_event else "job"
    out.append(_text(x + 8, y + 15, f"{kind} {card}", 11, "start", ' font-weight="bold" fill="#555"'))
    for k, line in enumerate(_wrap(card_name(card), 26)[:2]):
        out.append(_text(x + CARD_W / 2, y + 30 + 13 * k, line, 11, extra=' font-weight="bold"'))
    for k, line in enumerate(_wrap(card_summary(card) + note, 30)[:4]):
        out.append(_text(x + 6, y + 58 + 13 * k, line, 10, "start"))
    out.append("</g>")
    if len(actions) > 1:  # a hand card that can be played two ways: one button each
        for k, action in enumerate(actions):
            bx = x + 4 + k * (CARD_W / len(actions))
            out.append(f"<g{_attr(action)}>")
            out.append(
                f'<rect x="{bx:.0f}" y="{y + CARD_H - 20}" width="{CARD_W / len(actions) - 8:.0f}" height="16" '
                'rx="4" fill="#cde" stroke="#246"/>'
            )
            out.append(_text(bx + CARD_W / len(actions) / 2 - 4, y + CARD_H - 8, action.split()[0], 10))
            out.append("</g>")
    return out


def _button(x: float, y: float, label: str, action: str) -> list[str]:
    return [
        f"<g{_attr(action)}>",
        f'<rect x="{x}" y="{y}" width="120" height="28" rx="6" fill="#cde" stroke="#246"/>',
        _text(x + 60, y + 19, label, 13),
        "</g>",
    ]


def render(obs: dict[str, Any], legal: list[str] | None = None) -> str:
    allowed = set(legal or [])
    seat = obs["seat"]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fafaf5"/>',
    ]
    out += _board(obs, allowed)
    # The card line.
    out.append(_text(10, BOARD_H + 20, "Card line", 14, "start", ' font-weight="bold"'))
    for k, item in enumerate(obs["line"]):
        card = item["card"]
        note = f" | {item['sheep']} sheep on it" if item["sheep"] else ""
        action = f"take {card}"
        out += _card(10 + k * (CARD_W + 10), BOARD_H + 28, card, note, [action] if action in allowed else [])
    # The seat's hand.
    if seat is not None:
        hand = obs["players"][seat]["hand"] or []
        out.append(_text(700, BOARD_H + 20, f"Your hand (P{seat})", 14, "start", ' font-weight="bold"'))
        for k, card in enumerate(hand):
            acts = [f"{verb} {card}" for verb in ("job", "special", "discard") if f"{verb} {card}" in allowed]
            x = 700 + (k % 4) * (CARD_W + 6)
            y = BOARD_H + 28 + (k // 4) * (CARD_H + 6)
            out += _card(x, y, card, "", acts)
    # Players and status on the right.
    x0 = 1010
    if obs["is_over"]:
        status = "Game over — winner(s): " + ", ".join(f"P{w}" for w in obs["winners"])
    else:
        status = f"Round {obs['round'] + 1}: P{obs['current']} to {obs['phase']}"
    for k, line in enumerate(_wrap(status, 40)):
        out.append(_text(x0, 24 + 16 * k, line, 13, "start", ' font-weight="bold"'))
    out.append(
        _text(x0, 64, f"end at {obs['sheep_to_end']} sheep" + (" (triggered)" if obs["end_triggered"] else ""), 12,
              "start")
    )
    out.append(_text(x0, 82, f"deck {obs['deck_size']} · discards {len(obs['discard'])} · moves left "
                     f"{obs['moves_left']}", 12, "start"))
    out.append(_text(x0, 100, f"stock: {obs['supply']['gold']} gold, {obs['supply']['coal']} coal, "
                     f"{obs['supply']['idris']} Idris", 12, "start"))
    for p in obs["players"]:
        y = 130 + p["seat"] * 92
        colour = SEAT_COLOURS[p["seat"] % len(SEAT_COLOURS)]
        current = p["seat"] == obs["current"] and not obs["is_over"]
        out.append(
            f'<rect x="{x0}" y="{y}" width="300" height="84" rx="6" fill="#fff" stroke="{colour}" '
            f'stroke-width="{4 if current else 2}"/>'
        )
        title = f"P{p['seat']}" + (" — Ivor" if p["seat"] == obs["ivor"] else "") + (" (you)" if p["seat"] == seat
                                                                                    else "")
        out.append(_text(x0 + 8, y + 18, title, 13, "start", f' fill="{colour}" font-weight="bold"'))
        if p["seat"] == obs["ivor"]:  # Ivor the engine: the first player's token, drawn as a little engine
            out.append(
                f'<g><title>Ivor the engine (first player)</title>'
                f'<rect x="{x0 + 230}" y="{y + 8}" width="40" height="18" rx="4" fill="#2e7d32" stroke="#000"/>'
                f'<rect x="{x0 + 256}" y="{y + 1}" width="8" height="9" fill="#2e7d32" stroke="#000"/>'
                f'<circle cx="{x0 + 238}" cy="{y + 28}" r="5" fill="#222"/>'
                f'<circle cx="{x0 + 262}" cy="{y + 28}" r="5" fill="#222"/></g>'
            )
        out.append(_text(x0 + 8, y + 36, f"sheep {p['sheep']}   gold {p['gold']}   coal {p['coal']}   hand "
                         f"{p['hand_size']}", 12, "start"))
        out.append(_text(x0 + 8, y + 54, f"jobs {len(p['completed'])}   tokens {p['lost_sheep_tokens']}   events "
                         f"{', '.join(map(str, p['events'])) or '-'}", 12, "start"))
        if p["final_score"] is not None:
            out.append(_text(x0 + 8, y + 72, f"final score {p['final_score']}", 12, "start", ' font-weight="bold"'))
        elif p["location"]:
            out.append(_text(x0 + 8, y + 72, f"at {p['location']}", 12, "start"))
    by = 130 + len(obs["players"]) * 92 + 10
    if "end" in allowed:
        out += _button(x0, by, "end moves", "end")
    if "buy coal" in allowed:
        out += _button(x0 + 140, by, "buy 2 coal", "buy coal")
    out.append("</svg>")
    return "\n".join(out)
