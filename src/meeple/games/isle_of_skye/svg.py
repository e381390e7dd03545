"""SVG view of Isle of Skye, drawn from an observation only.

The board along the top (round track with the scoring letters and the
catch-up gold, the four scoring tiles A-D, the score track with each clan's
marker), then the round's offers, then one panel per clan with its territory.

A tile is drawn as the physical ones read: four edge triangles in the edge's
terrain (green pasture, blue water, grey-brown mountain), the centre terrain
over the middle, sandy roads from the edges to the centre, and small figures
for whisky barrels, sheep, cattle, farms, brochs, lighthouses and ships; a
parchment marks a scroll. Every element a legal action points at carries
``data-action`` (class ``clickable``): drawn tiles (discard), price buttons,
offered tiles (buy), the pass button, tiles to place, open squares (spot) and
the four turned previews of the chosen tile (rotate).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

from meeple.core.svg import Canvas, fragment
from meeple.core.words import seat_name
from meeple.games.isle_of_skye import words
from meeple.games.isle_of_skye.data import TILES, rotated_terrain
from meeple.games.isle_of_skye.observe import IsleOfSkyeObservation, SeatObservation
from meeple.games.isle_of_skye.words import spot_words, turn_words

WIDTH = 1280
TERRAIN_FILL = {"g": "#7fb24a", "w": "#3f87c4", "m": "#8d8272"}
TERRAIN_DARK = {"g": "#5d8a33", "w": "#2c6a9f", "m": "#6b6153"}
ROAD = "#e3cf9a"
SEAT_FILL = {"blue": "#2f63c9", "yellow": "#e6c229", "red": "#c9342f", "white": "#f2f2f2", "green": "#2e9a48"}
SEAT_LINE = {**SEAT_FILL, "white": "#8a8a8a"}  # panel outlines (white would vanish on the table)
TABLE = "#e9e2cf"
ROTATIONS_X = 70  # where the row of turned previews starts in a panel
INK = "#2b2418"


@fragment()
def text(
    x: float, y: float, content: str, size: int = 12, fill: str = INK, weight: str = "normal", anchor: str = "start"
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
        f'font-family="Georgia, serif" text-anchor="{anchor}">{escape(content)}</text>'
    )


@fragment()
def tile_words(tid: int) -> str:
    """A tile in words (the words module's, kept: a board names the same tiles again and again)."""
    return words.tile_words(tid)


def act(canvas: Canvas, action: str, inner: str, tip: str, hover: str) -> None:
    """Draw ``inner``: clickable with ``tip`` as its help when ``action`` is legal,
    else shown with ``hover`` as its help."""
    if action in canvas.legal:
        canvas.act(action, inner, tip)
    else:
        canvas.add(f"<g><title>{escape(hover)}</title>{inner}</g>")


# ------------------------------------------------------------------ figures
def sheep(x: float, y: float, s: float) -> str:
    return (
        f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{s * 0.55:.1f}" ry="{s * 0.4:.1f}" fill="#fbfbf5" stroke="#444" '
        f'stroke-width="0.6"/><circle cx="{x + s * 0.5:.1f}" cy="{y - s * 0.15:.1f}" r="{s * 0.2:.1f}" fill="#333"/>'
    )


def cattle(x: float, y: float, s: float) -> str:
    return (
        f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{s * 0.6:.1f}" ry="{s * 0.38:.1f}" fill="#b5642c" stroke="#4a2a12" '
        f'stroke-width="0.6"/><path d="M{x + s * 0.35:.1f},{y - s * 0.3:.1f} l{s * 0.25:.1f},{-s * 0.25:.1f} '
        f'M{x + s * 0.55:.1f},{y - s * 0.3:.1f} l{s * 0.25:.1f},{-s * 0.2:.1f}" stroke="#f3e6c0" stroke-width="1"/>'
    )


def whisky(x: float, y: float, s: float) -> str:
    w, h = s * 0.7, s * 0.9
    return (
        f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{w * 0.3:.1f}" '
        f'fill="#8a5424" stroke="#3b220c" stroke-width="0.7"/>'
        f'<line x1="{x - w / 2:.1f}" y1="{y - h * 0.2:.1f}" x2="{x + w / 2:.1f}" y2="{y - h * 0.2:.1f}" '
        f'stroke="#3b220c" stroke-width="0.8"/><line x1="{x - w / 2:.1f}" y1="{y + h * 0.2:.1f}" '
        f'x2="{x + w / 2:.1f}" y2="{y + h * 0.2:.1f}" stroke="#3b220c" stroke-width="0.8"/>'
    )


def farm(x: float, y: float, s: float) -> str:
    return (
        f'<rect x="{x - s * 0.45:.1f}" y="{y - s * 0.1:.1f}" width="{s * 0.9:.1f}" height="{s * 0.5:.1f}" '
        f'fill="#f0e6cf" stroke="#5a4630" stroke-width="0.6"/><polygon points="{x - s * 0.6:.1f},{y - s * 0.1:.1f} '
        f'{x:.1f},{y - s * 0.6:.1f} {x + s * 0.6:.1f},{y - s * 0.1:.1f}" fill="#b33b2a" stroke="#5a1d14" '
        f'stroke-width="0.6"/>'
    )


def broch(x: float, y: float, s: float) -> str:
    return (
        f'<path d="M{x - s * 0.35:.1f},{y + s * 0.5:.1f} L{x - s * 0.28:.1f},{y - s * 0.45:.1f} '
        f'L{x + s * 0.28:.1f},{y - s * 0.45:.1f} L{x + s * 0.35:.1f},{y + s * 0.5:.1f} Z" fill="#b9b2a3" '
        f'stroke="#3e3a33" stroke-width="0.7"/><rect x="{x - s * 0.08:.1f}" y="{y + s * 0.15:.1f}" '
        f'width="{s * 0.16:.1f}" height="{s * 0.35:.1f}" fill="#3e3a33"/>'
    )


def lighthouse(x: float, y: float, s: float) -> str:
    return (
        f'<path d="M{x - s * 0.22:.1f},{y + s * 0.55:.1f} L{x - s * 0.13:.1f},{y - s * 0.4:.1f} '
        f'L{x + s * 0.13:.1f},{y - s * 0.4:.1f} L{x + s * 0.22:.1f},{y + s * 0.55:.1f} Z" fill="#f7f7f2" '
        f'stroke="#333" stroke-width="0.6"/><rect x="{x - s * 0.18:.1f}" y="{y:.1f}" width="{s * 0.36:.1f}" '
        f'height="{s * 0.18:.1f}" fill="#c63b2f"/><circle cx="{x:.1f}" cy="{y - s * 0.5:.1f}" r="{s * 0.14:.1f}" '
        f'fill="#ffd84a" stroke="#333" stroke-width="0.5"/>'
    )


def ship(x: float, y: float, s: float) -> str:
    return (
        f'<path d="M{x - s * 0.55:.1f},{y + s * 0.1:.1f} L{x + s * 0.55:.1f},{y + s * 0.1:.1f} '
        f'L{x + s * 0.35:.1f},{y + s * 0.4:.1f} L{x - s * 0.35:.1f},{y + s * 0.4:.1f} Z" fill="#6b3f1d"/>'
        f'<path d="M{x:.1f},{y + s * 0.1:.1f} L{x:.1f},{y - s * 0.55:.1f} L{x + s * 0.4:.1f},{y:.1f} Z" '
        f'fill="#f4ecd8" stroke="#555" stroke-width="0.5"/>'
    )


def scroll(x: float, y: float, s: float, kind: str) -> str:
    inner = FIGURES[kind](x, y, s * 0.55)
    return (
        f'<rect x="{x - s * 0.55:.1f}" y="{y - s * 0.42:.1f}" width="{s * 1.1:.1f}" height="{s * 0.84:.1f}" '
        f'rx="{s * 0.12:.1f}" fill="#f3e3b5" stroke="#8a6b2e" stroke-width="0.8"/>{inner}'
    )


def castle(x: float, y: float, s: float, colour: str) -> str:
    fill = SEAT_FILL.get(colour, "#999")
    body = (
        f'<rect x="{x - s * 0.5:.1f}" y="{y - s * 0.2:.1f}" width="{s:.1f}" height="{s * 0.6:.1f}" fill="{fill}" '
        f'stroke="{INK}" stroke-width="1"/>'
    )
    for dx in (-0.5, 0.25):
        body += (
            f'<rect x="{x + dx * s:.1f}" y="{y - s * 0.5:.1f}" width="{s * 0.25:.1f}" height="{s * 0.4:.1f}" '
            f'fill="{fill}" stroke="{INK}" stroke-width="1"/>'
        )
    body += (
        f'<rect x="{x - s * 0.1:.1f}" y="{y + s * 0.1:.1f}" width="{s * 0.2:.1f}" height="{s * 0.3:.1f}" fill="{INK}"/>'
    )
    return body


FIGURES = {
    "sheep": sheep,
    "cattle": cattle,
    "whisky": whisky,
    "farm": farm,
    "broch": broch,
    "lighthouse": lighthouse,
    "ship": ship,
}


# ------------------------------------------------------------------ tiles
def corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """NW, NE, SE, SW corners."""
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def region_anchor(tid: int, rot: int, region: int, x: float, y: float, size: float) -> tuple[float, float]:
    """Where to draw a figure standing in ``region`` of a placed tile."""
    edges = TILES[tid].regions[region].edges
    cx, cy = x + size / 2, y + size / 2
    if region == 0 or not edges:
        return cx, cy
    vx = sum(math.sin(math.pi / 2 * ((e + rot) % 4)) for e in edges)
    vy = sum(-math.cos(math.pi / 2 * ((e + rot) % 4)) for e in edges)
    norm = math.hypot(vx, vy) or 1.0
    return cx + vx / norm * size * 0.3, cy + vy / norm * size * 0.3


@fragment()
def draw_tile(tid: int, rot: int, x: float, y: float, size: float, colour: str = "") -> str:
    """One tile turned ``rot`` quarter turns, its top-left corner at (x, y)."""
    tile = TILES[tid]
    c = corners(x, y, size)
    cx, cy = x + size / 2, y + size / 2
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" fill="#222"/>']
    for d in range(4):
        a, b = c[d], c[(d + 1) % 4]
        terrain = rotated_terrain(tile, rot, d)
        out.append(
            f'<polygon points="{a[0]:.1f},{a[1]:.1f} {b[0]:.1f},{b[1]:.1f} {cx:.1f},{cy:.1f}" '
            f'fill="{TERRAIN_FILL[terrain]}" stroke="{TERRAIN_FILL[terrain]}" stroke-width="0.5"/>'
        )
    # The centre region; where it reaches no edge it is an inland loch, island or hill.
    centre = tile.regions[0]
    radius = size * (0.22 if not centre.edges else 0.2)
    out.append(
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{TERRAIN_FILL[tile.centre]}" '
        f'stroke="{TERRAIN_DARK[tile.centre]}" stroke-width="{1.2 if not centre.edges else 0}"/>'
    )
    # Roads: from each road edge to the centre.
    for group in tile.roads:
        for e in group:
            d = (e + rot) % 4
            a, b = c[d], c[(d + 1) % 4]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            end = (cx, cy) if len(group) > 1 else ((mx + cx) / 2 + (cx - mx) * 0.2, (my + cy) / 2 + (cy - my) * 0.2)
            out.append(
                f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" stroke="#6d5b33" '
                f'stroke-width="{size * 0.1:.1f}" stroke-linecap="round"/>'
            )
            out.append(
                f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" stroke="{ROAD}" '
                f'stroke-width="{size * 0.06:.1f}" stroke-linecap="round"/>'
            )
    fig = size * 0.2
    if tile.kind == "castle":
        out.append(castle(cx, cy, size * 0.36, colour or tile.colour))
    placed_at: dict[int, int] = {}
    for name, count in tile.features:
        region = tile.region_of(name)
        ax, ay = region_anchor(tid, rot, region, x, y, size)
        for _ in range(count):
            k = placed_at.get(region, 0)
            placed_at[region] = k + 1
            ox = ((k % 3) - 1) * fig * 1.15 if k else 0.0
            oy = (k // 3) * fig * 1.1 - (fig * 0.55 if k else 0.0)
            out.append(FIGURES[name](ax + ox, ay + oy, fig))
    if tile.scroll:
        sx, sy = region_anchor(tid, rot, tile.scroll_region, x, y, size)
        out.append(scroll(sx + size * 0.22, sy + size * 0.22, fig * 1.1, tile.scroll))
    out.append(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" fill="none" stroke="{INK}" '
        f'stroke-width="1"/>'
    )
    if tile.kind != "castle":
        out.append(text(x + 3, y + 10, str(tid), 8, "#fff", "bold"))
    return "".join(out)


# ------------------------------------------------------------------ board
def board(canvas: Canvas, obs: IsleOfSkyeObservation, y: float, names: Sequence[str] | None = None) -> float:
    """Round track, scoring tiles and score track; returns the next free y."""
    canvas.add(f'<rect x="10" y="{y:.0f}" width="{WIDTH - 20}" height="170" rx="10" fill="#4f6d45" stroke="#2d3f27"/>')
    canvas.add(text(24, y + 24, "Isle of Skye", 20, "#f7ecc8", "bold"))
    # A game ended off the board (a resignation, a clock) reads as over, whatever phase it stopped in.
    phase = "game over" if obs["is_over"] and obs["phase"] != "over" else obs["phase"]
    canvas.add(text(24, y + 42, f"Round {obs['round']} of {obs['rounds']} - {phase}", 12, "#f7ecc8"))
    # Round track
    for i, row in enumerate(obs["round_track"]):
        rx = 190 + i * 62
        current = row["round"] == obs["round"]
        canvas.add(
            f'<rect x="{rx}" y="{y + 12}" width="56" height="46" rx="6" fill="{"#f7ecc8" if current else "#d9cda5"}" '
            f'stroke="{"#b33b2a" if current else "#6d6247"}" stroke-width="{3 if current else 1}"/>'
        )
        canvas.add(text(rx + 28, y + 27, str(row["round"]), 12, INK, "bold", "middle"))
        canvas.add(text(rx + 28, y + 41, " ".join(row["scoring"]), 11, "#2d3f27", "bold", "middle"))
        if row["gold_per_player_ahead"]:
            canvas.add(f'<circle cx="{rx + 28}" cy="{y + 50}" r="6" fill="#e8b923" stroke="#7a5b0a"/>')
            canvas.add(text(rx + 28, y + 53, str(row["gold_per_player_ahead"]), 8, INK, "bold", "middle"))
    # Scoring tiles A-D
    for i, tile in enumerate(obs["scoring_tiles"]):
        sx = 190 + len(obs["round_track"]) * 62 + 10 + i * 170
        rounds = ", ".join(map(str, tile["rounds"]))
        canvas.add(
            f'<rect x="{sx}" y="{y + 10}" width="162" height="62" rx="6" fill="#f3e3b5" stroke="#8a6b2e">'
            f"<title>{escape(tile['letter'])}: {escape(tile['title'])}: {escape(tile['text'])} "
            f"(scored in rounds {rounds})</title></rect>"
        )
        canvas.add(f'<circle cx="{sx + 14}" cy="{y + 24}" r="10" fill="#2d3f27"/>')
        canvas.add(text(sx + 14, y + 28, tile["letter"], 12, "#f7ecc8", "bold", "middle"))
        canvas.add(text(sx + 30, y + 28, tile["title"], 11, INK, "bold"))
        words = tile["text"].split()
        lines, line = [], ""
        for word in words:
            if len(line) + len(word) > 28:
                lines.append(line)
                line = word
            else:
                line = (line + " " + word).strip()
        lines.append(line)
        for k, part in enumerate(lines[:3]):
            canvas.add(text(sx + 8, y + 44 + 11 * k, part, 9, INK))
    # Score track: a line of spaces 0..top, markers stacked
    top = max(60, max(s["vp"] for s in obs["seats"]) + 5)
    top = int(math.ceil(top / 10) * 10)
    x0, x1, ty = 24, WIDTH - 30, y + 110
    step = (x1 - x0) / top
    canvas.add(score_track(ty, top))
    stacked: dict[int, int] = {}
    for s in obs["seats"]:
        k = stacked.get(s["vp"], 0)
        stacked[s["vp"]] = k + 1
        px = x0 + s["vp"] * step
        fill = SEAT_FILL.get(s["colour"], "#999")
        canvas.add(
            f'<circle cx="{px:.1f}" cy="{ty + 16 + 8 * k:.1f}" r="6" fill="{fill}" stroke="{INK}">'
            f"<title>{escape(seat_name(names, s['seat']))}: {s['vp']} VP</title></circle>"
        )
    return y + 180


@fragment(64)
def score_track(ty: float, top: int) -> str:
    """The score track's spaces 0..``top``, its baseline at ``ty``."""
    x0, x1 = 24, WIDTH - 30
    step = (x1 - x0) / top
    out = [f'<rect x="{x0 - 6}" y="{ty - 16}" width="{x1 - x0 + 12}" height="52" rx="6" fill="#d9cda5"/>']
    for v in range(top + 1):
        px = x0 + v * step
        tall = 8 if v % 5 == 0 else 4
        out.append(
            f'<line x1="{px:.1f}" y1="{ty:.1f}" x2="{px:.1f}" y2="{ty + tall:.1f}" stroke="{INK}" stroke-width="0.8"/>'
        )
        if v % 10 == 0:
            out.append(text(px, ty - 4, str(v), 9, INK, "normal", "middle"))
    return "".join(out)


def offers(canvas: Canvas, obs: IsleOfSkyeObservation, y: float, names: Sequence[str] | None = None) -> float:
    """Each clan's drawn tiles with prices (hidden until all have chosen)."""
    seats = obs["seats"]
    if not any(s["offer"] for s in seats):
        return y
    size = 56
    canvas.add(
        text(
            20,
            y + 16,
            "Offers" if obs["phase"] != "price" else "Drawn tiles (prices hidden behind screens)",
            14,
            INK,
            "bold",
        )
    )
    col_w = (WIDTH - 20) / max(1, len(seats))
    for i, s in enumerate(seats):
        ox = 16 + i * col_w
        fill = SEAT_LINE.get(s["colour"], "#999")
        canvas.add(
            f'<rect x="{ox:.1f}" y="{y + 24:.1f}" width="{col_w - 8:.1f}" height="{size + 44}" rx="8" '
            f'fill="#f6f1e3" stroke="{fill}" stroke-width="3"/>'
        )
        status = "has chosen" if (obs["phase"] == "price" and s["chosen"]) else ""
        who = f"{seat_name(names, s['seat'])} ({s['colour']}) {status}"
        canvas.add(text(ox + 8, y + 40, who, 11, INK, "bold"))
        next_to_price = next(
            (e["tile"] for e in s["offer"] if obs["phase"] == "price" and e["discard"] is False and not e["price"]),
            None,
        )
        for k, entry in enumerate(s["offer"]):
            tx = ox + 8 + k * (size + 10)
            ty = y + 48
            tid = entry["tile"]
            inner = draw_tile(tid, 0, tx, ty, size)
            if entry["discard"]:
                inner += (
                    f'<line x1="{tx}" y1="{ty}" x2="{tx + size}" y2="{ty + size}" stroke="#b33b2a" stroke-width="4"/>'
                )
            if entry["sold_to"] >= 0:
                inner += f'<rect x="{tx}" y="{ty}" width="{size}" height="{size}" fill="#000" opacity="0.35"/>'
            if tid == next_to_price:
                inner += (
                    f'<rect x="{tx - 3}" y="{ty - 3}" width="{size + 6}" height="{size + 6}" fill="none" '
                    f'stroke="#e8b923" stroke-width="4"/>'
                )
            action = f"discard {tid}" if obs["phase"] == "price" else f"buy {tid}"
            price = f" for {entry['price']} gold" if entry["price"] else ""
            tip = f"Discard {tile_words(tid)}" if action.startswith("discard") else f"Buy {tile_words(tid)}{price}"
            act(canvas, action, inner, tip, tile_words(tid))
            label = ""
            if entry["discard"]:
                label = "discard"
            elif entry["sold_to"] >= 0:
                label = f"sold to {seat_name(names, entry['sold_to'])}"
            elif entry["price"]:
                label = f"{entry['price']} gold"
            elif entry["discard"] is None:
                label = "?"
            elif tid == next_to_price:
                label = "price?"
            if label:
                canvas.add(
                    f'<circle cx="{tx + size - 4}" cy="{ty + size + 6}" r="7" fill="#e8b923" stroke="#7a5b0a"/>'
                    if label.endswith("gold")
                    else ""
                )
                canvas.add(text(tx + size / 2, ty + size + 12, label, 10, INK, "bold", "middle"))
    return y + size + 78


def buttons(canvas: Canvas, obs: IsleOfSkyeObservation, legal: list[str], y: float) -> float:
    """Price and pass buttons for the viewer's current choice."""
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
    prompt = f"Price for tile {waiting[0]}:" if prices and waiting else "Buy a tile above, or:"
    canvas.add(text(20, y + 16, prompt, 12, INK, "bold"))
    for i, action in enumerate(items):
        bx = 220 + (i % 20) * 50
        by = y + 2 + (i // 20) * 30
        label = action.split()[-1] if action != "pass" else "pass"
        inner = f'<rect x="{bx}" y="{by}" width="44" height="24" rx="12" fill="#e8b923" stroke="#7a5b0a"/>' + text(
            bx + 22, by + 16, label, 11, INK, "bold", "middle"
        )
        if action == "pass":
            tip = "Pass: buy no tile this round"
        else:
            tip = f"Ask {label} gold" + (f" for {tile_words(waiting[0])}" if waiting else "")
        canvas.act(action, inner, tip)
    return y + 8 + 30 * (1 + (len(items) - 1) // 20)


def territory_panel(
    canvas: Canvas,
    obs: IsleOfSkyeObservation,
    s: SeatObservation,
    legal: set[str],
    x: float,
    y: float,
    size: float,
    dry: bool = False,
    names: Sequence[str] | None = None,
) -> tuple[float, float]:
    """One clan's panel; returns its width and height (draws nothing when ``dry``)."""
    cells = {(cx, cy): (tid, deg // 90) for cx, cy, tid, deg in s["territory"]}
    spots = set()
    for a in legal:
        if a.startswith("spot "):
            _, sx, sy = a.split()
            spots.add((int(sx), int(sy)))
    pending = tuple(obs["pending_spot"]) if obs["pending_spot"] and obs["builder"] == s["seat"] else None
    shown = set(cells) | spots | ({pending} if pending else set())
    xs = [p[0] for p in shown]
    ys = [p[1] for p in shown]
    gx0, gy0 = min(xs), min(ys)
    cols, rows = max(xs) - gx0 + 1, max(ys) - gy0 + 1
    hand = s["received"]
    head = 40 + (size + 16 if hand else 0)
    rotation_row = size + 20 if pending and obs["pending_tile"] is not None else 0
    # Wide enough for the row of four turned previews (they start 70 in), so the
    # panel beside never covers the last of them.
    width = max(cols * size + 20, 260, len(hand) * (size + 10) + 20, ROTATIONS_X + 4 * (size + 14))
    height = head + rows * size + 16 + rotation_row
    if dry:
        return width, height
    fill = SEAT_LINE.get(s["colour"], "#999")
    canvas.add(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" rx="10" fill="#f6f1e3" '
        f'stroke="{fill}" stroke-width="4"/>'
    )
    you = ", you" if s["seat"] == obs["seat"] else ""
    gold = f"{s['gold']} gold" if s["gold"] is not None else f"{s['gold_total']} gold (stakes hidden)"
    canvas.add(text(x + 10, y + 20, f"{seat_name(names, s['seat'])} ({s['colour']}{you})", 14, INK, "bold"))
    canvas.add(text(x + 10, y + 34, f"{s['vp']} VP - {gold}", 11, INK))
    hy = y + 40
    for k, tid in enumerate(hand):
        tx = x + 10 + k * (size + 10)
        inner = draw_tile(tid, 0, tx, hy, size)
        if obs["pending_tile"] == tid and obs["builder"] == s["seat"]:
            inner += (
                f'<rect x="{tx - 3}" y="{hy - 3}" width="{size + 6}" height="{size + 6}" fill="none" '
                f'stroke="#b33b2a" stroke-width="3"/>'
            )
        act(canvas, f"place {tid}", inner, f"Place {tile_words(tid)} next", f"To place: {tile_words(tid)}")
    gy = y + head
    for (cx, cy), (tid, rot) in cells.items():
        canvas.add(placed_tile(tid, rot, cx, cy, x + 10 + (cx - gx0) * size, gy + (cy - gy0) * size, size, s["colour"]))
    for cx, cy in sorted(spots):
        px, py = x + 10 + (cx - gx0) * size, gy + (cy - gy0) * size
        inner = (
            f'<rect x="{px + 3:.1f}" y="{py + 3:.1f}" width="{size - 6:.1f}" height="{size - 6:.1f}" rx="6" '
            f'fill="#fff8dc" fill-opacity="0.7" stroke="#b33b2a" stroke-width="2" stroke-dasharray="5,4"/>'
            + text(px + size / 2, py + size / 2 + 4, "+", 18, "#b33b2a", "bold", "middle")
        )
        canvas.act(f"spot {cx} {cy}", inner, spot_words(cells, cx, cy, obs["pending_tile"] or -1))
    if pending:
        px, py = x + 10 + (pending[0] - gx0) * size, gy + (pending[1] - gy0) * size
        canvas.add(
            f'<rect x="{px + 2:.1f}" y="{py + 2:.1f}" width="{size - 4:.1f}" height="{size - 4:.1f}" '
            f'fill="none" stroke="#b33b2a" stroke-width="3"/>'
        )
        chosen = obs["pending_tile"]
        if chosen is not None:
            ry = gy + rows * size + 12
            canvas.add(text(x + 10, ry + 4, "turn it:", 11, INK, "bold"))
            for r in range(4):
                rx = x + ROTATIONS_X + r * (size + 14)
                inner = draw_tile(chosen, r, rx, ry - 8, size)
                action = f"rotate {90 * r}"
                if action not in legal:
                    inner = f'<g opacity="0.3">{inner}</g>'
                words = turn_words(chosen, r)
                act(canvas, action, inner, words, words + " (does not fit)")
    return width, height


@fragment()
def placed_tile(tid: int, rot: int, cx: int, cy: int, x: float, y: float, size: float, colour: str) -> str:
    """A tile of a territory, at square (``cx``, ``cy``) drawn at (``x``, ``y``), with its hover help."""
    tip = escape(f"{tile_words(tid)} at {cx} {cy}" if tid >= 5 else "the castle")
    return f"<g><title>{tip}</title>{draw_tile(tid, rot, x, y, size, colour)}</g>"


LEGEND_FIGURES = (
    ("whisky", "whisky"),
    ("sheep", "sheep"),
    ("cattle", "cattle"),
    ("farm", "farm"),
    ("broch", "broch"),
    ("lighthouse", "lighthouse"),
    ("ship", "ship"),
)


def legend(canvas: Canvas, y: float) -> float:
    """What the symbols mean, in one row; returns the next free y."""
    canvas.add(legend_svg(y))
    return y + 74


@fragment(64)
def legend_svg(y: float) -> str:
    """The legend's drawing at ``y``."""
    canvas = Canvas(None)
    canvas.add(f'<rect x="10" y="{y:.0f}" width="{WIDTH - 20}" height="64" rx="8" fill="#f6f1e3" stroke="#b9ab86"/>')
    canvas.add(text(20, y + 18, "Legend", 12, INK, "bold"))
    x = 80.0
    for terrain, name in (("g", "pasture"), ("w", "water"), ("m", "mountain")):
        canvas.add(f'<rect x="{x:.0f}" y="{y + 8:.0f}" width="16" height="16" fill="{TERRAIN_FILL[terrain]}"/>')
        canvas.add(text(x + 20, y + 21, name, 11))
        x += 90
    canvas.add(
        f'<line x1="{x:.0f}" y1="{y + 16:.0f}" x2="{x + 22:.0f}" y2="{y + 16:.0f}" stroke="{ROAD}" stroke-width="5"/>'
    )
    canvas.add(text(x + 26, y + 21, "road", 11))
    x += 70
    canvas.add(castle(x + 8, y + 16, 16, "blue"))
    canvas.add(text(x + 20, y + 21, "castle", 11))
    x += 74
    canvas.add(scroll(x + 8, y + 16, 18, "sheep"))
    canvas.add(text(x + 22, y + 21, "scroll (scored at the end, doubled in a completed area)", 11))
    x = 80.0
    for name, word in LEGEND_FIGURES:
        canvas.add(FIGURES[name](x + 8, y + 46, 14))
        canvas.add(text(x + 20, y + 50, word, 11))
        x += 92
    canvas.add(f'<circle cx="{x + 8:.0f}" cy="{y + 46:.0f}" r="6" fill="#e8b923" stroke="#7a5b0a"/>')
    canvas.add(text(x + 20, y + 50, "gold per player ahead", 11))
    x += 150
    canvas.add(
        f'<rect x="{x:.0f}" y="{y + 38:.0f}" width="16" height="16" rx="3" fill="#fff8dc" stroke="#b33b2a" '
        f'stroke-dasharray="3,2"/>'
    )
    canvas.add(text(x + 20, y + 50, "open square", 11))
    x += 92
    canvas.add(
        f'<line x1="{x:.0f}" y1="{y + 38:.0f}" x2="{x + 16:.0f}" y2="{y + 54:.0f}" stroke="#b33b2a" stroke-width="3"/>'
    )
    canvas.add(text(x + 20, y + 50, "discarded", 11))
    return "".join(canvas.parts)


def final_rows(canvas: Canvas, obs: IsleOfSkyeObservation, y: float, names: Sequence[str] | None) -> float:
    """The final scoring, one line a clan; returns the next free y."""
    canvas.add(text(20, y + 16, "Final scoring", 14, INK, "bold"))
    finals = obs["final"]
    assert finals is not None  # (drawn only once the game is over)
    for i, (s, f) in enumerate(zip(obs["seats"], finals, strict=True)):
        win = " - wins" if s["seat"] in obs["winners"] else ""
        scrolls = ", ".join(f"{kind} {p}{' (doubled)' if doubled else ''}" for kind, p, doubled in f["scrolls"])
        canvas.add(
            text(
                30,
                y + 34 + 16 * i,
                f"{seat_name(names, s['seat'])} ({s['colour']}): scrolls {f['scroll_points']}"
                f"{f' ({scrolls})' if scrolls else ''}, gold {f['gold_points']} ({f['gold']} gold), "
                f"total {f['total']}{win}",
                12,
                INK,
            )
        )
    return y + 40 + 16 * len(obs["seats"])


def render(obs: IsleOfSkyeObservation, legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    """The whole table as an SVG document; ``names`` are the players' names by seat."""
    legal = list(legal or [])
    canvas = Canvas(legal)
    y = board(canvas, obs, 10, names)
    y = offers(canvas, obs, y, names)
    y = buttons(canvas, obs, legal, y)
    legal_set = set(legal)
    size = 56
    x = 10.0
    row_h = 0.0
    for s in obs["seats"]:
        mine = legal_set if s["seat"] == obs["seat"] else set()
        w, h = territory_panel(canvas, obs, s, mine, 0, 0, size, dry=True)
        if x + w > WIDTH - 10 and x > 10:
            x = 10.0
            y += row_h + 10
            row_h = 0.0
        territory_panel(canvas, obs, s, mine, x, y, size, names=names)
        x += w + 10
        row_h = max(row_h, h)
    y += row_h + 10
    if obs["final"]:
        y = final_rows(canvas, obs, y, names)
    y = legend(canvas, y)
    height = int(y + 10)
    width = int(max(WIDTH, x + 10))
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Georgia, serif">'
        "<style>.clickable{cursor:pointer}.clickable:hover>*{filter:brightness(1.15)}</style>"
        f'<rect width="{width}" height="{height}" fill="{TABLE}"/>'
    )
    return head + "".join(canvas.parts) + "</svg>"
