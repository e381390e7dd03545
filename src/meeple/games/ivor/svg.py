"""SVG view of Ivor the Engine, drawn from an observation only.

The railway is drawn where its locations sit on the (designed) board: towns in
pink, villages in beige, single-track lines solid, lighter borders dashed, dark
borders as black bars, the main line as a long curve. Sheep counts, face-down
lost-sheep tokens, wagons and Sleeping Idris sit on the locations; the card line
and the seat's hand are drawn underneath, the players on the right. Every element
a legal action points at is marked clickable by ``meeple.core.svg.clickable``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from meeple.core.svg import clickable, fragment
from meeple.core.words import seat_name
from meeple.games.ivor.data import DATA, Location, card_name, card_summary
from meeple.games.ivor.observe import IvorObservation, PlayerObservation, RouteObservation

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#e6b800")
WIDTH, HEIGHT = 1320, 1010
Names = Sequence[str] | None
LEGEND_X, LEGEND_Y = 10, 862  # under the card line, beside the hand
BOARD_H = 700
CARD_W, CARD_H = 160, 120
LOCATION_ACTIONS = ("place", "idris", "runaway")


def _location_action(loc_id: str, legal: set[str], routes: list[RouteObservation]) -> str | None:
    """What a click on a location does: the cheapest route there in coal (the others
    are buttons beside the board), or placing / Idris / runaway sheep there."""
    for route in routes:  # listed cheapest first for each destination
        if route["to"] == loc_id and route["action"] in legal:
            return str(route["action"])
    return next((f"{k} {loc_id}" for k in LOCATION_ACTIONS if f"{k} {loc_id}" in legal), None)


@fragment()
def _clickable(action: str | None) -> str:
    """The attributes that make an element play ``action`` (none for ``None``), with a hand cursor."""
    return "" if action is None else clickable(action) + ' style="cursor:pointer"'


@fragment()
def _title(tip: str) -> str:
    """Hover help for the element it is put in."""
    return f"<title>{escape(tip)}</title>"


def _route_tip(route: RouteObservation) -> str:
    """What a click on a route does, in words: 'Move here: 2 lines (1 free move, 1 coal)'."""
    lines = route["lines"]
    if route["main_line"]:
        besides = f", {lines} line(s) besides" if lines else ""
        return f"Ride the main line here ({route['coal']} coal{besides})"
    return f"Move here: {lines} line(s) ({route['free_moves']} free move(s), {route['coal']} coal)"


def _location_tip(loc: Location, sheep: int, lost_sheep_token: bool, wagon: int | None, idris: int | None,
                  names: Names) -> str:
    """What is on a location, for its hover help."""
    parts = [f"{loc.name} ({'town' if loc.is_town else 'village'})", f"{sheep} sheep"]
    if lost_sheep_token:
        parts.append("a face-down lost-sheep token (its taker gets 2 more sheep)")
    if wagon is not None:
        parts.append(f"{seat_name(names, wagon)}'s wagon")
    if idris is not None:
        parts.append(f"Sleeping Idris of {seat_name(names, idris)}: no wagon may enter")
    return "; ".join(parts)


CLICK_TIPS = {
    "place": "Place your wagon here",
    "idris": "Put Sleeping Idris here: no wagon may enter until your next turn",
    "runaway": "Take a runaway sheep from here",
}


@fragment()
def _text(x: float, y: float, body: str, size: int = 12, anchor: str = "middle", extra: str = "") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-family="sans-serif"{extra}>{escape(body)}</text>'
    )


@fragment()
def _wrap(body: str, width: int) -> tuple[str, ...]:
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
    return tuple(lines)


@fragment(1)
def _map() -> tuple[str, ...]:
    """The board without what stands on it: the main line, the lines and the borders."""
    locs = DATA.locations
    out = ['<rect x="0" y="0" width="1000" height="700" fill="#e8f0d8"/>']
    a, b = (locs[i] for i in DATA.main_line)
    out.append(
        f'<path d="M {a.x} {a.y} C {a.x - 70} {a.y + 120}, {a.x - 70} 672, {a.x + 110} 672 L {b.x - 80} 672 '
        f'C {b.x + 40} 672, {b.x + 30} {b.y + 80}, {b.x} {b.y}" fill="none" stroke="#5a3d1e" '
        f'stroke-width="6" stroke-dasharray="14 6">{_title(f"The main line {a.name} – {b.name}: 2 coal, no free move")}'
        "</path>"
    )
    out.append(_text(500, 692, f"main line {a.name} – {b.name}: 2 coal", 12, extra=' fill="#5a3d1e"'))
    for i, j, kind in DATA.connections:
        p, q = locs[i], locs[j]
        style = 'stroke="#333" stroke-width="4"' if kind == "track" else 'stroke="#9a9" stroke-width="3" ' \
            'stroke-dasharray="6 5"'
        tip = "a single-track line" if kind == "track" else "a lighter border: wagons may cross it"
        out.append(f'<line x1="{p.x}" y1="{p.y}" x2="{q.x}" y2="{q.y}" {style}>{_title(tip)}</line>')
    for i, j in DATA.dark_borders:
        p, q = locs[i], locs[j]
        mx, my = (p.x + q.x) / 2, (p.y + q.y) / 2
        dx, dy = q.x - p.x, q.y - p.y
        norm = max((dx * dx + dy * dy) ** 0.5, 1)
        nx, ny = -dy / norm * 14, dx / norm * 14
        out.append(
            f'<line x1="{mx - nx:.0f}" y1="{my - ny:.0f}" x2="{mx + nx:.0f}" y2="{my + ny:.0f}" '
            f'stroke="#000" stroke-width="6">{_title("a dark border: no way across")}</line>'
        )
    return tuple(out)


def _board(obs: IvorObservation, legal: set[str], names: Names) -> list[str]:
    out = list(_map())
    who = tuple(names) if names is not None else None
    for index, info in enumerate(obs["locations"]):
        loc = DATA.locations[index]
        action = _location_action(loc.id, legal, obs["routes"])
        click_tip = None
        if action is not None:
            route = next((r for r in obs["routes"] if r["action"] == action), None)
            click_tip = _route_tip(route) if route else CLICK_TIPS[action.split()[0]]
        out += _location(
            index, info["sheep"], info["lost_sheep_token"], info["wagon"], info["idris"], who, action, click_tip
        )
    return out


@fragment()
def _location(
    index: int,
    sheep: int,
    lost_sheep_token: bool,
    wagon: int | None,
    idris: int | None,
    names: tuple[str, ...] | None,
    action: str | None,
    click_tip: str | None,
) -> tuple[str, ...]:
    """One location and what stands on it; ``click_tip`` says what clicking it does."""
    loc = DATA.locations[index]
    fill = "#f4b6c8" if loc.is_town else "#f3e3c0"
    radius = 30 if loc.is_town else 24
    out = [f"<g{_clickable(action)}>"]
    tip = _location_tip(loc, sheep, lost_sheep_token, wagon, idris, names)
    if click_tip is not None:
        tip = click_tip + ". " + tip
    out.append(_title(tip))
    ring = ' stroke="#111" stroke-width="4"' if action else ' stroke="#666" stroke-width="1.5"'
    out.append(f'<circle cx="{loc.x}" cy="{loc.y}" r="{radius}" fill="{fill}"{ring}/>')
    out.append(_text(loc.x, loc.y - radius - 6, loc.name, 12, extra=' font-weight="bold"'))
    if sheep:
        out.append(f'<ellipse cx="{loc.x}" cy="{loc.y}" rx="15" ry="11" fill="#fff" stroke="#555"/>')
        out.append(_text(loc.x, loc.y + 5, str(sheep), 14, extra=' font-weight="bold"'))
    if lost_sheep_token:
        out.append(
            f'<rect x="{loc.x + radius - 8}" y="{loc.y - radius}" width="16" height="16" fill="#7a5" '
            'stroke="#333"/>'
        )
    if wagon is not None:
        colour = SEAT_COLOURS[wagon % len(SEAT_COLOURS)]
        short = seat_name(names, wagon)[:6]
        width = max(32, 7 * len(short) + 8)
        out.append(
            f'<rect x="{loc.x - width / 2:.0f}" y="{loc.y + radius - 10}" width="{width}" height="16" rx="3" '
            f'fill="{colour}" stroke="#000"/>'
        )
        out.append(_text(loc.x, loc.y + radius + 3, short, 11, extra=' fill="#fff"'))
    if idris is not None:
        out.append(
            f'<circle cx="{loc.x - radius + 4}" cy="{loc.y - radius + 4}" r="10" fill="#2e7d32" stroke="#000"/>'
        )
        out.append(_text(loc.x - radius + 4, loc.y - radius + 8, "z", 12, extra=' fill="#fff"'))
    out.append("</g>")
    return tuple(out)


CARD_VERBS = {
    "take": "Take this card",
    "job": "Complete this job here",
    "special": "Use its special action (the card is discarded)",
    "discard": "Discard it (you lose 1 sheep)",
}


@fragment()
def _card(x: float, y: float, card: int, note: str, actions: tuple[str, ...]) -> tuple[str, ...]:
    main = actions[0] if len(actions) == 1 else None
    is_event = card > len(DATA.jobs)
    about = f"{card_name(card)} — {card_summary(card)}{note}"
    tip = f"{CARD_VERBS[main.split()[0]]}. {about}" if main else about
    out = [f"<g{_clickable(main)}>", _title(tip)]
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
            out.append(f"<g{_clickable(action)}>")
            out.append(_title(f"{CARD_VERBS[action.split()[0]]}: {card_name(card)}"))
            out.append(
                f'<rect x="{bx:.0f}" y="{y + CARD_H - 20}" width="{CARD_W / len(actions) - 8:.0f}" height="16" '
                'rx="4" fill="#cde" stroke="#246"/>'
            )
            out.append(_text(bx + CARD_W / len(actions) / 2 - 4, y + CARD_H - 8, action.split()[0], 10))
            out.append("</g>")
    return tuple(out)


@fragment()
def _button(x: float, y: float, label: str, action: str, width: int = 120, tip: str = "") -> tuple[str, ...]:
    return (
        f"<g{_clickable(action)}>",
        _title(tip or label),
        f'<rect x="{x}" y="{y}" width="{width}" height="28" rx="6" fill="#cde" stroke="#246"/>',
        _text(x + width / 2, y + 19, label, 13),
        "</g>",
    )


def render(obs: IvorObservation, legal: list[str] | None = None, *, names: Names = None) -> str:
    """The observation as an SVG document; ``names`` are the players' names by seat."""
    allowed = set(legal or [])
    seat = obs["seat"]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fafaf5"/>',
    ]
    out += _board(obs, allowed, names)
    out += _legend()
    # The card line.
    out.append(_text(10, BOARD_H + 20, "Card line", 14, "start", ' font-weight="bold"'))
    for k, item in enumerate(obs["line"]):
        card = item["card"]
        note = f" | {item['sheep']} sheep on it" if item["sheep"] else ""
        action = f"take {card}"
        out += _card(10 + k * (CARD_W + 10), BOARD_H + 28, card, note, (action,) if action in allowed else ())
    # The seat's hand.
    if seat is not None:
        hand = obs["players"][seat]["hand"] or []
        mine = f"Your hand ({seat_name(names, seat)})"
        out.append(_text(700, BOARD_H + 20, mine, 14, "start", ' font-weight="bold"'))
        for k, card in enumerate(hand):
            acts = tuple(f"{verb} {card}" for verb in ("job", "special", "discard") if f"{verb} {card}" in allowed)
            x = 700 + (k % 4) * (CARD_W + 6)
            y = BOARD_H + 28 + (k // 4) * (CARD_H + 6)
            out += _card(x, y, card, "", acts)
    # Players and status on the right.
    x0 = 1010
    if obs["is_over"] and obs["winners"]:
        status = "Game over — winner(s): " + ", ".join(seat_name(names, w) for w in obs["winners"])
    elif obs["is_over"]:  # ended off the board with nobody winning (the server's move cap)
        status = "Game over — no winner"
    else:
        status = f"Round {obs['round'] + 1}: {seat_name(names, obs['current'])} to {obs['phase']}"
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
        title = seat_name(names, p["seat"])[:18] + (" (you)" if p["seat"] == seat else "")
        out.append(f'<circle cx="{x0 + 12}" cy="{y + 14}" r="5" fill="{colour}"/>')  # the seat's colour mark
        out.append(
            f"<g>{_title(_player_tip(p, names, obs['ivor']))}"
            + _text(x0 + 22, y + 18, title, 13, "start", f' fill="{colour}" font-weight="bold"')
            + "</g>"
        )
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
        out += _button(x0, by, "end moves", "end", tip="Stop moving and playing: take a card from the line")
    if "buy coal" in allowed:
        out += _button(x0 + 140, by, "buy 2 coal", "buy coal", tip="Buy 2 coal for 1 gold")
    # A second route to a place (the main line kept free moves) gets its own button.
    seen: set[str] = set()
    for route in obs["routes"]:
        if route["action"] not in allowed:
            continue
        if route["to"] in seen:
            by += 36
            label = f"to {route['to']}: {'main line, ' if route['main_line'] else ''}{route['coal']} coal"
            out += _button(x0, by, label, route["action"], width=300, tip=_route_tip(route))
        seen.add(route["to"])
    out.append("</svg>")
    return "\n".join(out)


def _player_tip(p: PlayerObservation, names: Names, ivor: int) -> str:
    """A player's holdings in words, for the hover help on their name."""
    parts = [
        f"{seat_name(names, p['seat'])}: {p['sheep']} sheep, {p['gold']} gold, {p['coal']} coal",
        f"{p['hand_size']} card(s) in hand, {len(p['completed'])} job(s) completed",
        f"{p['lost_sheep_tokens']} lost-sheep token(s)",
    ]
    if p["seat"] == ivor:
        parts.append("holds Ivor (plays first)")
    return "; ".join(parts)


@fragment(1)
def _legend() -> tuple[str, ...]:
    """What the board's symbols mean."""
    x, y = LEGEND_X, LEGEND_Y
    out = [
        f'<rect x="{x}" y="{y}" width="680" height="140" rx="8" fill="#fff" stroke="#bbb"/>',
        _text(x + 10, y + 18, "Legend", 13, "start", ' font-weight="bold"'),
    ]
    row1 = y + 40
    out.append(f'<circle cx="{x + 22}" cy="{row1}" r="12" fill="#f4b6c8" stroke="#666"/>')
    out.append(_text(x + 40, row1 + 4, "town", 11, "start"))
    out.append(f'<circle cx="{x + 102}" cy="{row1}" r="9" fill="#f3e3c0" stroke="#666"/>')
    out.append(_text(x + 116, row1 + 4, "village", 11, "start"))
    out.append(f'<line x1="{x + 180}" y1="{row1}" x2="{x + 220}" y2="{row1}" stroke="#333" stroke-width="4"/>')
    out.append(_text(x + 226, row1 + 4, "single-track line", 11, "start"))
    out.append(
        f'<line x1="{x + 340}" y1="{row1}" x2="{x + 380}" y2="{row1}" stroke="#9a9" stroke-width="3" '
        'stroke-dasharray="6 5"/>'
    )
    out.append(_text(x + 386, row1 + 4, "lighter border (passable)", 11, "start"))
    out.append(
        f'<line x1="{x + 540}" y1="{row1 - 10}" x2="{x + 540}" y2="{row1 + 10}" stroke="#000" stroke-width="6"/>'
    )
    out.append(_text(x + 550, row1 + 4, "dark border: no way", 11, "start"))
    row2 = y + 74
    out.append(
        f'<line x1="{x + 10}" y1="{row2}" x2="{x + 50}" y2="{row2}" stroke="#5a3d1e" stroke-width="6" '
        'stroke-dasharray="14 6"/>'
    )
    out.append(_text(x + 56, row2 + 4, "main line: 2 coal, no free move", 11, "start"))
    out.append(f'<ellipse cx="{x + 260}" cy="{row2}" rx="13" ry="9" fill="#fff" stroke="#555"/>')
    out.append(_text(x + 260, row2 + 4, "3", 11, extra=' font-weight="bold"'))
    out.append(_text(x + 278, row2 + 4, "sheep there", 11, "start"))
    out.append(f'<rect x="{x + 360}" y="{row2 - 8}" width="16" height="16" fill="#7a5" stroke="#333"/>')
    out.append(_text(x + 382, row2 + 4, "lost-sheep token (+2 sheep to its taker)", 11, "start"))
    row3 = y + 108
    wagon = SEAT_COLOURS[1]
    out.append(f'<rect x="{x + 8}" y="{row3 - 8}" width="32" height="16" rx="3" fill="{wagon}" stroke="#000"/>')
    out.append(_text(x + 46, row3 + 4, "a player's wagon", 11, "start"))
    out.append(f'<circle cx="{x + 170}" cy="{row3}" r="10" fill="#2e7d32" stroke="#000"/>')
    out.append(_text(x + 170, row3 + 4, "z", 12, extra=' fill="#fff"'))
    out.append(_text(x + 186, row3 + 4, "Sleeping Idris: blocks the place", 11, "start"))
    out.append(f'<circle cx="{x + 400}" cy="{row3}" r="10" fill="#f3e3c0" stroke="#111" stroke-width="4"/>')
    out.append(_text(x + 416, row3 + 4, "thick ring: you may click it (hover for what it does)", 11, "start"))
    return tuple(out)
