"""Isle of Skye's board around the territories: the round track, the scoring
tiles and the score track along the top; the round's offers and the price
buttons; the final scoring and the legend at the foot.

Every text is at least ``min_font(WIDTH)`` (see ``svg_tiles``): what does not
fit at that size is said shorter, with the long form in the hover help.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

from meeple.core.svg import Canvas, fragment, short_name, wrap_words
from meeple.core.words import seat_name
from meeple.games.isle_of_skye.observe import IsleOfSkyeObservation, SeatObservation
from meeple.games.isle_of_skye.svg_tiles import (
    FIGURES,
    FONT,
    GOLD,
    GOLD_LINE,
    INK,
    LABEL,
    MARGIN,
    MARK,
    PAPER,
    ROAD,
    SEAT_FILL,
    SEAT_LINE,
    SMALL,
    TERRAIN_FILL,
    WIDTH,
    act,
    castle,
    coin,
    draw_tile,
    scroll,
    text,
    text_width,
    tile_words,
)

BAND = "#4f6d45"
BAND_TEXT = "#f7ecc8"
PHASE_WORDS = {"price": "pricing", "buy": "buying", "build": "building", "over": "game over"}
INNER = WIDTH - 2 * MARGIN  # the width panels and bands share
OFFER_GAP = 12  # between offered tiles


def name_of(names: Sequence[str] | None, seat: int, limit: int) -> str:
    """A seat's player name, cut to ``limit`` characters."""
    return short_name(seat_name(names, seat), limit)


# ------------------------------------------------------------------ the board along the top
def board(canvas: Canvas, obs: IsleOfSkyeObservation, y: float, names: Sequence[str] | None = None) -> float:
    """Round track, scoring tiles and score track; returns the next free y."""
    top = y
    canvas.add("")  # (the band's rectangle goes here once its height is known)
    band_at = len(canvas.parts) - 1
    canvas.add(text(MARGIN + 14, y + 28, "Isle of Skye", 22, BAND_TEXT, "bold"))
    # A game ended off the board (a resignation, a clock) reads as over, whatever phase it stopped in.
    phase = "over" if obs["is_over"] else obs["phase"]
    status = f"Round {obs['round']} of {obs['rounds']}: {PHASE_WORDS.get(phase, phase)}"
    canvas.add(text(MARGIN + 14, y + 48, status, FONT, BAND_TEXT, "bold"))
    acting = obs["buyer"] if phase == "buy" else obs["builder"] if phase == "build" else None
    if acting is not None:
        canvas.add(text(MARGIN + 14, y + 66, f"now: {name_of(names, acting, 20)}", FONT, BAND_TEXT))
    round_track(canvas, obs, MARGIN + 230, y + 8)
    y += 80
    for i, tile in enumerate(obs["scoring_tiles"]):
        width = (INNER - 20 - 10 * 3) / 4
        canvas.add(
            scoring_tile(
                tile["letter"],
                tile["title"],
                tile["text"],
                tuple(tile["rounds"]),
                MARGIN + 10 + i * (width + 10),
                y,
                width,
            )
        )
    y += 72
    y = score_track(canvas, obs, y, names)
    canvas.parts[band_at] = (
        f'<rect x="{MARGIN}" y="{top:.0f}" width="{INNER}" height="{y - top:.0f}" rx="10" fill="{BAND}" '
        f'stroke="#2d3f27"/>'
    )
    return y + MARGIN


def round_track(canvas: Canvas, obs: IsleOfSkyeObservation, x: float, y: float) -> None:
    """One box a round: its number, the letters it scores and its catch-up gold."""
    rows = tuple((r["round"], tuple(r["scoring"]), r["gold_per_player_ahead"]) for r in obs["round_track"])
    titles = tuple((t["letter"], t["title"]) for t in obs["scoring_tiles"])
    canvas.add(round_boxes(rows, titles, obs["round"], x, y))


@fragment(256)
def round_boxes(
    rows: tuple[tuple[int, tuple[str, ...], int], ...],
    titles: tuple[tuple[str, str], ...],
    now: int,
    x: float,
    y: float,
) -> str:
    """The round track from ``x`` to the band's right edge: (round, letters, gold per player
    ahead) per round, round ``now`` marked; ``titles`` name the letters in the hover help."""
    width = (WIDTH - MARGIN - 10 - x - 8 * (len(rows) - 1)) / max(len(rows), 1)
    letters = dict(titles)
    out = []
    for i, (number, scoring, gold) in enumerate(rows):
        rx = x + i * (width + 8)
        current = number == now
        scored = " and ".join(f"{k} ({letters.get(k, k)})" for k in scoring)
        tip = f"Round {number} scores {scored}" + (f"; {gold} gold per player ahead of you" if gold else "")
        out.append(
            f'<g><title>{escape(tip)}</title><rect x="{rx:.1f}" y="{y:.1f}" width="{width:.1f}" height="64" rx="6" '
            f'fill="{"#f7ecc8" if current else "#d9cda5"}" stroke="{MARK if current else "#6d6247"}" '
            f'stroke-width="{3 if current else 1}"/>'
            + text(rx + width / 2, y + 17, f"Round {number}", FONT, INK, "bold", "middle")
            + text(rx + width / 2, y + 36, " + ".join(scoring), 15, "#2d3f27", "bold", "middle")
            + (coin(rx + width / 2, y + 51, f"+{gold}", 10) if gold else "")
            + "</g>"
        )
    return "".join(out)


@fragment(256)
def scoring_tile(letter: str, title: str, words: str, rounds: tuple[int, ...], x: float, y: float, width: float) -> str:
    """A scoring tile: its letter, its title and what it pays, with the rounds it scores in as hover help."""
    lines = wrap_words(words, int((width - 16) / (SMALL * 0.55)))
    tip = f"{letter}: {title}: {words} (scored in rounds {', '.join(map(str, rounds))})"
    return (
        f'<g><title>{escape(tip)}</title><rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="64" rx="6" '
        f'fill="#f3e3b5" stroke="#8a6b2e"/>'
        f'<circle cx="{x + 16:.1f}" cy="{y + 17:.1f}" r="11" fill="#2d3f27"/>'
        + text(x + 16, y + 22, letter, 14, BAND_TEXT, "bold", "middle")
        + text(x + 33, y + 22, title, 14, INK, "bold")
        + "".join(text(x + 8, y + 41 + 15 * k, part, SMALL, INK) for k, part in enumerate(lines[:2]))
        + "</g>"
    )


def score_track(canvas: Canvas, obs: IsleOfSkyeObservation, y: float, names: Sequence[str] | None) -> float:
    """The score track with each clan's marker (stacked where they share a space); returns the next free y."""
    seats = obs["seats"]
    top = max(60, max(s["vp"] for s in seats) + 5)
    top = int(math.ceil(top / 10) * 10)
    deepest = max(sum(1 for t in seats if t["vp"] == s["vp"]) for s in seats)
    canvas.add(score_spaces(y, top, deepest))
    x0, x1 = MARGIN + 24, WIDTH - MARGIN - 24
    step = (x1 - x0) / top
    ty = y + 22
    stacked: dict[int, int] = {}
    for s in seats:
        k = stacked.get(s["vp"], 0)
        stacked[s["vp"]] = k + 1
        px = x0 + s["vp"] * step
        fill = SEAT_FILL.get(s["colour"], "#999")
        canvas.add(
            f'<circle cx="{px:.1f}" cy="{ty + 16 + 9 * k:.1f}" r="7" fill="{fill}" stroke="{INK}">'
            f"<title>{escape(seat_name(names, s['seat']))}: {s['vp']} VP</title></circle>"
        )
    return y + track_height(deepest) + 10


def track_height(deepest: int) -> int:
    """The score track's height: its numbers, its spaces, and room for ``deepest`` markers on one space."""
    return 22 + 16 + 9 * (deepest - 1) + 7 + 6


@fragment(64)
def score_spaces(y: float, top: int, deepest: int) -> str:
    """The score track's spaces 0..``top`` below ``y``, tall enough for ``deepest`` markers on one space."""
    x0, x1 = MARGIN + 24, WIDTH - MARGIN - 24
    step = (x1 - x0) / top
    ty = y + 22
    out = [
        f'<rect x="{MARGIN + 10}" y="{y:.1f}" width="{INNER - 20}" height="{track_height(deepest)}" rx="6" '
        f'fill="#d9cda5"/>',
        text(MARGIN + 16, ty - 6, "VP", SMALL, INK, "bold"),
    ]
    for v in range(top + 1):
        px = x0 + v * step
        tall = 8 if v % 5 == 0 else 4
        out.append(
            f'<line x1="{px:.1f}" y1="{ty:.1f}" x2="{px:.1f}" y2="{ty + tall:.1f}" stroke="{INK}" stroke-width="0.8"/>'
        )
        if v % 10 == 0 and v:
            out.append(text(px, ty - 5, str(v), SMALL, INK, "normal", "middle"))
    return "".join(out)


# ------------------------------------------------------------------ offers and prices
def offers(canvas: Canvas, obs: IsleOfSkyeObservation, y: float, names: Sequence[str] | None = None) -> float:
    """Each clan's drawn tiles with prices (hidden until all have chosen); returns the next free y."""
    seats = obs["seats"]
    # While building, every tile a clan got is in its panel's row of tiles to place: the
    # offers are history then (the move list tells it), and the territories need the room.
    if obs["phase"] not in ("price", "buy") or obs["is_over"] or not any(s["offer"] for s in seats):
        return y
    heading = "Offers" if obs["phase"] != "price" else "Drawn tiles (prices hidden behind screens until all choose)"
    canvas.add(text(MARGIN + 8, y + 18, heading, LABEL, INK, "bold"))
    y += 28
    per_row = len(seats) if len(seats) <= 4 else 3
    col_w = (INNER - 10 * (per_row - 1)) / per_row
    size = int(min(68, (col_w - 16 - 2 * OFFER_GAP) / 3))
    box_h = 30 + size + 40
    for i, s in enumerate(seats):
        ox = MARGIN + (i % per_row) * (col_w + 10)
        oy = y + (i // per_row) * (box_h + 10)
        offer_box(canvas, obs, s, ox, oy, col_w, size, names)
    rows = (len(seats) + per_row - 1) // per_row
    return y + rows * (box_h + 10)


def offer_box(
    canvas: Canvas,
    obs: IsleOfSkyeObservation,
    s: SeatObservation,
    ox: float,
    oy: float,
    col_w: float,
    size: int,
    names: Sequence[str] | None,
) -> None:
    """One clan's drawn tiles: discard or buy targets, with each tile's price or fate beneath."""
    line = SEAT_LINE.get(s["colour"], "#999")
    canvas.add(
        f'<rect x="{ox:.1f}" y="{oy:.1f}" width="{col_w:.1f}" height="{30 + size + 40}" rx="8" '
        f'fill="{PAPER}" stroke="{line}" stroke-width="3"/>'
    )
    status = " - has chosen" if (obs["phase"] == "price" and s["chosen"] and s["offer"]) else ""
    room = int((col_w - 16) / (FONT * 0.6)) - len(status)
    canvas.add(text(ox + 8, oy + 20, f"{name_of(names, s['seat'], max(room, 6))}{status}", FONT, INK, "bold"))
    next_to_price = next(
        (e["tile"] for e in s["offer"] if obs["phase"] == "price" and e["discard"] is False and not e["price"]),
        None,
    )
    gap = OFFER_GAP
    for k, entry in enumerate(s["offer"]):
        tx = ox + 8 + k * (size + gap)
        ty = oy + 28
        tid = entry["tile"]
        inner = draw_tile(tid, 0, tx, ty, size)
        if entry["discard"]:
            # Corner to corner away from the number, which stays readable.
            inner += f'<line x1="{tx + size}" y1="{ty}" x2="{tx}" y2="{ty + size}" stroke="{MARK}" stroke-width="5"/>'
        if entry["sold_to"] >= 0:
            inner += f'<rect x="{tx}" y="{ty}" width="{size}" height="{size}" fill="#000" opacity="0.3"/>'
        if tid == next_to_price:
            inner += (
                f'<rect x="{tx - 3}" y="{ty - 3}" width="{size + 6}" height="{size + 6}" fill="none" '
                f'stroke="{GOLD}" stroke-width="4"/>'
            )
        action = f"discard {tid}" if obs["phase"] == "price" else f"buy {tid}"
        price = f" for {entry['price']} gold" if entry["price"] else ""
        tip = f"Discard {tile_words(tid)}" if action.startswith("discard") else f"Buy {tile_words(tid)}{price}"
        act(canvas, action, inner, tip, tile_words(tid))
        first, second = "", ""
        if entry["discard"]:
            first = "discard"
        elif entry["price"]:
            first = f"{entry['price']} gold"
        elif entry["discard"] is None:
            first = "?"
        elif tid == next_to_price:
            first = "price?"
        if entry["sold_to"] >= 0:
            second = f"to {name_of(names, entry['sold_to'], max(3, int((size + gap) / (SMALL * 0.6)) - 2))}"
        cx = tx + size / 2
        if first:
            canvas.add(text(cx, ty + size + 16, first, SMALL, INK, "bold", "middle"))
        if second:
            canvas.add(text(cx, ty + size + 32, second, SMALL, INK, "normal", "middle"))


def buttons(canvas: Canvas, obs: IsleOfSkyeObservation, legal: list[str], y: float) -> float:
    """Price and pass buttons for the viewer's current choice; returns the next free y."""
    prices = [a for a in legal if a.startswith("price ")]
    if len(prices) > 40:  # every price up to 30, then every fifth, and the highest
        prices = list(dict.fromkeys(prices[:30] + prices[34::5] + prices[-1:]))
    items = prices + [a for a in legal if a == "pass"]
    if not items:
        return y
    waiting = [
        e["tile"]
        for seat in obs["seats"]
        if seat["seat"] == obs["seat"]
        for e in seat["offer"]
        if e["discard"] is False and not e["price"]
    ]
    prompt = f"Price for tile {waiting[0]} (gold):" if prices and waiting else "Buy a tile above, or:"
    canvas.add(text(MARGIN + 8, y + 20, prompt, LABEL, INK, "bold"))
    start = MARGIN + 8 + text_width(prompt, LABEL, True) + 10
    step = 46
    per_row = int((WIDTH - MARGIN - start) // step)
    for i, action in enumerate(items):
        bx = start + (i % per_row) * step
        by = y + 2 + (i // per_row) * 34
        label = action.split()[-1] if action != "pass" else "pass"
        inner = f'<rect x="{bx:.1f}" y="{by}" width="40" height="28" rx="14" fill="{GOLD}" stroke="{GOLD_LINE}"/>'
        inner += text(bx + 20, by + 19, label, FONT, INK, "bold", "middle")
        if action == "pass":
            tip = "Pass: buy no tile this round"
        else:
            tip = f"Ask {label} gold" + (f" for {tile_words(waiting[0])}" if waiting else "")
        canvas.act(action, inner, tip)
    return y + 10 + 34 * (1 + (len(items) - 1) // per_row)


# ------------------------------------------------------------------ the foot
def final_rows(canvas: Canvas, obs: IsleOfSkyeObservation, y: float, names: Sequence[str] | None) -> float:
    """The final scoring as a table, one row a clan; returns the next free y."""
    finals = obs["final"]
    assert finals is not None  # (drawn only once the game is over)
    seats = obs["seats"]
    height = 58 + 20 * len(seats)
    canvas.add(
        f'<rect x="{MARGIN}" y="{y:.0f}" width="{INNER}" height="{height}" rx="8" fill="{PAPER}" stroke="#b9ab86"/>'
    )
    canvas.add(text(MARGIN + 10, y + 22, "Final scoring", LABEL, INK, "bold"))
    columns = (
        (MARGIN + 10, "Clan", "start"),
        (300, "Scrolls", "end"),
        (318, "from", "start"),
        (760, "Gold", "end"),
        (850, "Total", "end"),
    )
    for cx, head, anchor in columns:
        canvas.add(text(cx, y + 44, head, SMALL, "#5a4e36", "bold", anchor))
    for i, (s, f) in enumerate(zip(seats, finals, strict=True)):
        ry = y + 64 + 20 * i
        win = s["seat"] in obs["winners"]
        weight = "bold" if win else "normal"
        who = f"{name_of(names, s['seat'], 16)} ({s['colour']})"
        scrolls = ", ".join(f"{kind} {p}{' doubled' if doubled else ''}" for kind, p, doubled in f["scrolls"])
        canvas.add(text(MARGIN + 10, ry, who, FONT, INK, weight))
        canvas.add(text(300, ry, str(f["scroll_points"]), FONT, INK, weight, "end"))
        canvas.add(text(318, ry, short_name(scrolls or "-", 52), SMALL, INK))
        canvas.add(text(760, ry, f"{f['gold_points']} ({f['gold']} gold)", FONT, INK, weight, "end"))
        canvas.add(text(850, ry, str(f["total"]), FONT, INK, "bold", "end"))
        if win:
            canvas.add(text(864, ry, "wins", FONT, MARK, "bold"))
    return y + height + MARGIN


def legend(canvas: Canvas, y: float) -> float:
    """What the symbols mean; returns the next free y."""
    canvas.add(legend_svg(y))
    return y + 100 + MARGIN


@fragment(64)
def legend_svg(y: float) -> str:
    """The legend's drawing at ``y``: three rows (land, figures, marks), fit to the board's width."""
    out = [
        f'<rect x="{MARGIN}" y="{y:.0f}" width="{INNER}" height="100" rx="8" fill="{PAPER}" stroke="#b9ab86"/>',
        text(MARGIN + 10, y + 24, "Legend", FONT, INK, "bold"),
    ]
    x = 90.0
    row = y + 24
    for terrain, name in (("g", "pasture"), ("w", "water"), ("m", "mountain")):
        out.append(f'<rect x="{x:.0f}" y="{row - 13:.0f}" width="16" height="16" fill="{TERRAIN_FILL[terrain]}"/>')
        out.append(text(x + 22, row, name, SMALL))
        x += 100
    out.append(
        f'<line x1="{x:.0f}" y1="{row - 5:.0f}" x2="{x + 22:.0f}" y2="{row - 5:.0f}" stroke="#6d5b33" '
        f'stroke-width="7"/><line x1="{x:.0f}" y1="{row - 5:.0f}" x2="{x + 22:.0f}" y2="{row - 5:.0f}" '
        f'stroke="{ROAD}" stroke-width="4"/>'
    )
    out.append(text(x + 28, row, "road", SMALL))
    x += 80
    out.append(castle(x + 9, row - 5, 18, "blue"))
    out.append(text(x + 24, row, "castle", SMALL))
    x += 90
    out.append(
        f"<g><title>A scroll scores its kind once at the game's end, doubled if its area is completed</title>"
        f"{scroll(x + 10, row - 5, 22, 'sheep')}{text(x + 26, row, 'scroll: scores at the end', SMALL)}</g>"
    )
    x, row = 90.0, y + 54
    for name in FIGURES:
        out.append(FIGURES[name](x + 8, row - 5, 17))
        out.append(text(x + 22, row, name, SMALL))
        x += 108 if name == "lighthouse" else 96
    x, row = 90.0, y + 84
    out.append(coin(x + 8, row - 5, "+3", 11))
    out.append(text(x + 24, row, "gold per player ahead", SMALL))
    x += 200
    out.append(
        f'<rect x="{x:.0f}" y="{row - 14:.0f}" width="18" height="18" rx="3" fill="#fff8dc" stroke="{MARK}" '
        f'stroke-dasharray="3,2" stroke-width="1.5"/>'
    )
    out.append(text(x + 24, row, "open square", SMALL))
    x += 130
    out.append(
        f'<line x1="{x + 18:.0f}" y1="{row - 14:.0f}" x2="{x:.0f}" y2="{row + 4:.0f}" stroke="{MARK}" '
        f'stroke-width="4"/>'
    )
    out.append(text(x + 24, row, "discarded", SMALL))
    return "".join(out)
