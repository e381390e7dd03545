"""SVG view of Ivor the Engine, drawn from an observation only.

The board is one column as wide as the match page's board panel, read top to bottom:
whose turn it is and what to do now (with the turn's buttons), the players' holdings
as a table, the map (``svg_map``), the card line and the viewer's own hand
(``svg_cards``), and the legend. Every text is at least ``min_font(WIDTH)`` units, so
11 px on screen at the page's default fit; names go through ``short_name``. Every
element a legal action points at is marked clickable by ``meeple.core.svg.clickable``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from meeple.core.svg import fragment, short_name
from meeple.core.words import seat_name
from meeple.games.ivor.data import DATA, card_name
from meeple.games.ivor.observe import IvorObservation, PlayerObservation
from meeple.games.ivor.svg_cards import GAP, HAND_CARD_H, LINE_CARD_H, card, card_width
from meeple.games.ivor.svg_icons import (
    BASE,
    HEAD,
    SEAT_COLOURS,
    SMALL,
    WIDTH,
    button,
    engine,
    text,
    title,
)
from meeple.games.ivor.svg_map import (
    LEGEND_H,
    MAP_H,
    legend,
    lines_and_borders,
    locations,
    route_tip,
)
from meeple.games.ivor.words import listed, plural

Names = Sequence[str] | None
N_JOBS = len(DATA.jobs)
LOC_NAMES = {loc.id: loc.name for loc in DATA.locations}
STATUS_H = 96  # four lines of status; the turn's buttons sit at the right of the last three
ROW_H = 24  # a line of the players' table
# What the seat to move is asked now, when it is the viewer.
ASKED = {
    "place wagons": "Click a free place on the map to put your wagon there.",
    "choose where Idris sleeps": "Click the place where Sleeping Idris will sleep.",
    "choose where a sheep runs from": "Click the place your runaway sheep comes from.",
    "take an extra card": "Take one more card from the card line, under the map.",
    "take a card": "Take a card from the card line, under the map.",
    "discard down to the hand limit": f"You hold more than {DATA.components['hand_limit']} cards: discard one "
                                      "(it costs 1 sheep).",
}
# The players' table: (header, x of the column's centre or left edge, anchor, hover help).
COLUMNS = (
    ("Sheep", 282, "middle", "sheep in the pen"),
    ("Gold", 336, "middle", "gold (each counts as a sheep at the end)"),
    ("Coal", 386, "middle", "coal (each line beyond the free moves costs 1)"),
    ("Cards", 440, "middle", "cards in hand"),
    ("Jobs", 492, "middle", "jobs completed (the first tie-break)"),
    ("Tokens", 552, "middle", "lost-sheep tokens collected"),
)
WHERE_X, EVENTS_X = 600, 790


def _name(names: Names, seat: int, limit: int) -> str:
    return short_name(seat_name(names, seat), limit)


def _status_lines(obs: IvorObservation, names: Names) -> tuple[str, list[str]]:
    """The heading (whose turn, or who won) and the lines under it, in words."""
    seat, current = obs["seat"], obs["current"]
    if obs["is_over"]:
        winners = [_name(names, w, 20 if len(obs["winners"]) < 3 else 12) for w in obs["winners"]]
        if not winners:  # ended off the board with nobody winning (the server's move cap)
            head = "Game over — no winner"
        elif len(winners) == 1:
            head = f"Game over — {winners[0]} wins"
        else:
            head = f"Game over — {listed(winners)} share the win"
        lines = ["Each gold counted as a sheep and each event card added its end bonus:",
                 "the final scores are in the table below."]
        return head, lines
    mover = "your turn" if current == seat else f"{_name(names, current, 20)}'s turn"
    head = f"Round {obs['round'] + 1} — {mover}: {obs['phase']}"
    lines = []
    if obs["phase"] == "move and play":
        left = obs["moves_left"]
        free = f"{plural(left, 'free move')} left" if left else "No free moves left"
        who = "" if current == seat else f" ({_name(names, current, 20)})"
        lines.append(f"{free} this turn{who}; each further line costs 1 coal.")
    elif current == seat and obs["phase"] in ASKED:
        lines.append(ASKED[obs["phase"]])
    end = f"pen reaches {obs['sheep_to_end']} sheep"
    lines.append(f"Last round: a {end}." if obs["end_triggered"] else f"The game ends after the round a {end}.")
    supply = obs["supply"]
    lines.append(
        f"Deck: {plural(obs['deck_size'], 'card')}, {len(obs['discard'])} discarded. Stock: {supply['gold']} gold, "
        f"{supply['coal']} coal, {supply['idris']} Sleeping Idris."
    )
    return head, lines


def _status(out: list[str], obs: IvorObservation, allowed: set[str], names: Names) -> float:
    """The heading and status lines, the turn's buttons and a button for each second route;
    returns where the next part starts."""
    head, lines = _status_lines(obs, names)
    out.append(text(10, 24, head, HEAD, extra=' font-weight="bold"'))
    for k, line in enumerate(lines):
        out.append(text(10, 48 + 20 * k, line, BASE))
    if "end" in allowed:
        out.append(button(706, 38, "End moves", "end", 134, "Stop moving and playing: take a card from the line"))
    if "buy coal" in allowed:
        out.append(button(852, 38, "Buy 2 coal", "buy coal", 140, "Buy 2 coal for 1 gold"))
    y = float(STATUS_H)
    # A second route to a place (the main line kept free moves) gets its own button: the place on
    # the map plays the route that spends the least coal.
    seen: set[str] = set()
    extra = 0
    for route in obs["routes"]:
        if route["action"] not in allowed:
            continue
        if route["to"] in seen:
            via = "main line, " if route["main_line"] else "by line, "
            label = f"To {LOC_NAMES[route['to']]}: {via}{plural(route['coal'], 'coal')}"
            out.append(button(6 + (extra % 2) * 496, y + (extra // 2) * 34, label, route["action"], 490,
                              f"{route_tip(route)} ({LOC_NAMES[route['to']]})"))
            extra += 1
        seen.add(route["to"])
    return y + ((extra + 1) // 2) * 34


def _player_tip(name: str, p: PlayerObservation, holds_ivor: bool) -> str:
    """A player's holdings in full, for the hover help on their row."""
    parts = [
        f"{name}: {plural(p['sheep'], 'sheep')}, {p['gold']} gold, {p['coal']} coal",
        f"{plural(p['hand_size'], 'card')} in hand, {plural(len(p['completed']), 'job')} completed",
        plural(p["lost_sheep_tokens"], "lost-sheep token"),
    ]
    if p["location"]:
        parts.append(f"wagon at {LOC_NAMES[p['location']]}")
    if p["hand_known"]:
        parts.append("known to hold: " + ", ".join(card_name(c) for c in p["hand_known"]))
    if p["events"]:
        parts.append("event cards: " + ", ".join(card_name(c) for c in p["events"]))
    if holds_ivor:
        parts.append("holds Ivor the engine (plays first)")
    return "; ".join(parts)


@fragment(1)
def _table_head(y: float, over: bool) -> str:
    out = [text(20, y + 16, "Player", SMALL, extra=' font-weight="bold" fill="#555"')]
    for header, x, anchor, tip in COLUMNS:
        out.append(f"<g>{title(tip)}" + text(x, y + 16, header, SMALL, anchor, ' font-weight="bold" fill="#555"')
                   + "</g>")
    out.append(text(WHERE_X, y + 16, "Final score" if over else "Wagon at", SMALL,
                    extra=' font-weight="bold" fill="#555"'))
    out.append(text(EVENTS_X, y + 16, "Event cards taken", SMALL, extra=' font-weight="bold" fill="#555"'))
    return "".join(out)


@fragment()
def _row(y: float, seat: int, label: str, tip: str, values: tuple[int, ...], where: str, events: tuple[str, ...],
         current: bool, holds_ivor: bool, final: bool) -> str:
    """One player's row: ``label`` their (short) name, ``where`` their place or final score."""
    height = ROW_H * len(events)
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    out = [f"<g>{title(tip)}",
           f'<rect x="4" y="{y:.0f}" width="{WIDTH - 8}" height="{height - 2}" rx="4" '
           f'fill="{"#fff3c4" if current else "#fff"}" stroke="{"#b8860b" if current else "#ddd"}"/>',
           f'<rect x="4" y="{y:.0f}" width="8" height="{height - 2}" rx="2" fill="{colour}"/>']
    base = y + 17
    out.append(text(20, base, label, BASE, extra=f' font-weight="bold" fill="{colour}"'))
    if holds_ivor:
        out.append(engine(204, y - 1))
    for (_, x, anchor, _), value in zip(COLUMNS, values, strict=True):
        out.append(text(x, base, str(value), BASE, anchor))
    out.append(text(WHERE_X, base, where, BASE, extra=' font-weight="bold"' if final else ""))
    for k, event in enumerate(events):
        out.append(text(EVENTS_X, base + ROW_H * k, event, BASE, extra=' fill="#777"' if event == "none" else ""))
    out.append("</g>")
    return "".join(out)


def _players(out: list[str], obs: IvorObservation, names: Names, y: float) -> float:
    """The players' table: one row each, the one to move highlighted; returns its bottom."""
    over = obs["is_over"]
    out.append(_table_head(y, over))
    y += 22
    for p in obs["players"]:
        s = p["seat"]
        events = tuple(card_name(c) for c in p["events"]) or ("none",)
        label = _name(names, s, 13) + " (you)" if s == obs["seat"] else _name(names, s, 19)
        if over:
            where = str(p["final_score"])
        else:
            where = LOC_NAMES[p["location"]] if p["location"] else "not placed yet"
        values = (p["sheep"], p["gold"], p["coal"], p["hand_size"], len(p["completed"]), p["lost_sheep_tokens"])
        tip = _player_tip(seat_name(names, s), p, s == obs["ivor"])
        out.append(_row(y, s, label, tip, values, where, events, s == obs["current"] and not over, s == obs["ivor"],
                        over))
        y += ROW_H * len(events)
    return y


def _heading(out: list[str], y: float, head: str, words: str) -> None:
    """A section's heading and, after it on the same line, a few words of help (one text, so the
    words follow the heading however wide the browser draws it)."""
    out.append(
        f'<text x="10" y="{y + 18:.0f}" font-size="{HEAD}" font-family="sans-serif" font-weight="bold">'
        f'{escape(head)}<tspan font-size="{BASE}" font-weight="normal" fill="#444"> — {escape(words)}</tspan></text>'
    )


def render(obs: IvorObservation, legal: list[str] | None = None, *, names: Names = None) -> str:
    """The observation as an SVG document; ``names`` are the players' names by seat."""
    allowed = set(legal or [])
    seat = obs["seat"]
    who = tuple(names) if names is not None else None
    body: list[str] = []
    y = _status(body, obs, allowed, names)
    y = _players(body, obs, names, y + 4)
    # The map, shifted down under the players.
    top = round(y + 8)
    hand = (obs["players"][seat]["hand"] or []) if seat is not None else []
    hand_jobs: dict[int, int] = {}
    for c in hand:
        if c <= N_JOBS:
            where = DATA.jobs[c - 1].location
            hand_jobs[where] = hand_jobs.get(where, 0) + 1
    body.append(lines_and_borders(top))
    body += locations(obs, allowed, who, hand_jobs, top)
    y = top + MAP_H + 12
    # The card line.
    _heading(body, y, "Card line", "take one at the end of your turn; an event card costs 1 gold")
    y += 28
    width = card_width(len(obs["line"]))
    for k, item in enumerate(obs["line"]):
        action = f"take {item['card']}"
        body.append(card(4 + k * (width + GAP), y, width, item["card"], item["sheep"],
                         (action,) if action in allowed else (), True))
    y += LINE_CARD_H + 14
    # The viewer's own hand.
    if seat is not None:
        mine = f"Your hand ({_name(names, seat, 20)})"
        _heading(body, y, mine, "a job is done at its place once no sheep are left there")
        y += 28
        width = card_width(len(hand))
        for k, number in enumerate(hand):
            acts = tuple(f"{verb} {number}" for verb in ("job", "special", "discard") if f"{verb} {number}" in allowed)
            body.append(card(4 + k * (width + GAP), y, width, number, 0, acts, False))
        if not hand:
            body.append(text(10, y + 20, "no cards", BASE, extra=' fill="#777"'))
            y -= HAND_CARD_H - 30
        y += HAND_CARD_H + 14
    body.append(legend(y))
    height = y + LEGEND_H
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
        f'viewBox="0 0 {WIDTH} {height:.0f}">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{height:.0f}" fill="#fafaf5"/>',
        *body,
        "</svg>",
    ])
