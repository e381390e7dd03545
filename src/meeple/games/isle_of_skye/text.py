"""Terminal view of Isle of Skye, drawn from an observation only (never from the state).

What a tile shows comes from the public tile data; everything that changes
(territories, offers, gold, scores) comes from the observation.

A tile in a territory is a 9x4 block::

    ·ggg#ggg·     the North edge: its terrain letter, '#' where a road leaves
    g   70  w     West edge, tile id (C0 = castle of seat 0), East edge
    #  Wsc2 w     West edge ('#' = road), the features, East edge
    ·mmmmmmm·     the South edge

Terrain letters: g pasture, w water, m mountain. Features: W whisky, s sheep,
c cattle, F farm, B broch, L lighthouse, v ship (a number after a letter
counts it), * a scroll.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core.words import seat_name
from meeple.games.isle_of_skye.data import TILES, rotated_terrain
from meeple.games.isle_of_skye.observe import IsleOfSkyeObservation, SeatObservation
from meeple.games.isle_of_skye.scoring import SCROLL_TEXT

TERRAIN_STYLE = {"g": "green", "w": "blue", "m": "grey62"}
CENTRE_STYLE = {"g": "on #1d3b1d", "w": "on #15254a", "m": "on #3a3a3a"}
SEAT_STYLE = {
    "blue": "bold bright_blue",
    "yellow": "bold yellow",
    "red": "bold red",
    "white": "bold white",
    "green": "bold bright_green",
}
FEATURE_MARK = {"whisky": "W", "sheep": "s", "cattle": "c", "farm": "F", "broch": "B", "lighthouse": "L", "ship": "v"}
PHASE_TEXT = {
    "price": "behind the screens: mark one drawn tile to discard, then price the other two (at least 1 gold each)",
    "buy": "buying: in turn from the start player, buy one tile from another player or pass",
    "build": "building: place every tile received (edge to edge, terrain matching on every shared edge)",
    "over": "the game is over",
}
CELL_W = 9
CELL_H = 4


def feature_marks(tid: int) -> str:
    tile = TILES[tid]
    marks = ""
    for name, count in tile.features:
        marks += FEATURE_MARK[name] + (str(count) if count > 1 else "")
    if tile.scroll:
        marks += "*"
    return marks


def has_road(tid: int, rot: int, direction: int) -> bool:
    edge = (direction - rot) % 4
    return any(edge in group for group in TILES[tid].roads)


def tile_label(tid: int) -> str:
    return f"C{tid}" if TILES[tid].kind == "castle" else str(tid)


def tile_cell(tid: int, rot: int) -> list[Text]:
    """The four lines of one placed tile."""
    tile = TILES[tid]
    side = [rotated_terrain(tile, rot, d) for d in range(4)]
    road = [has_road(tid, rot, d) for d in range(4)]
    centre = CENTRE_STYLE[tile.centre]

    def horizontal(d: int) -> Text:
        t = Text("·", style="dim")
        letter = side[d]
        t.append(letter * 3, style=TERRAIN_STYLE[letter])
        t.append("#" if road[d] else letter, style="bold yellow" if road[d] else TERRAIN_STYLE[letter])
        t.append(letter * 3, style=TERRAIN_STYLE[letter])
        t.append("·", style="dim")
        return t

    def middle(content: str, row: int, style: str) -> Text:
        t = Text()
        for d in (3, 1):
            if d == 1:
                t.append(f"{content:^7}", style=f"{style} {centre}")
            letter = side[d]
            if row == 1 and road[d]:
                t.append("#", style="bold yellow")
            else:
                t.append(letter, style=TERRAIN_STYLE[letter])
        return t

    label_style = "bold" if tile.kind == "castle" else ""
    return [horizontal(0), middle(tile_label(tid), 0, label_style), middle(feature_marks(tid), 1, ""), horizontal(2)]


def territory_grid(territory: list[list[int]], spots: set[tuple[int, int]], pending: tuple[int, int] | None) -> Text:
    """A seat's territory as rows of tile cells, with column (x) and row (y) numbers."""
    cells = {(x, y): (tid, deg // 90) for x, y, tid, deg in territory}
    shown = set(cells) | spots | ({pending} if pending else set())
    xs = [x for x, _ in shown]
    ys = [y for _, y in shown]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    out = Text("     ")
    for x in range(x0, x1 + 1):
        out.append(f"{'x=' + str(x):^{CELL_W}}", style="dim")
    out.append("\n")
    for y in range(y0, y1 + 1):
        lines = [Text(f"{'y=' + str(y):>4} " if i == 1 else "     ", style="dim") for i in range(CELL_H)]
        for x in range(x0, x1 + 1):
            if (x, y) in cells:
                block = tile_cell(*cells[(x, y)])
            elif (x, y) == pending:
                block = [Text(s, style="bold reverse") for s in ("+-------+", "| here  |", "|       |", "+-------+")]
            elif (x, y) in spots:
                block = [
                    Text(s, style="bold cyan") for s in ("  . . .  ", f"{'spot':^9}", f"{x:>3} {y:<3}  ", "  . . .  ")
                ]
            else:
                block = [Text(" " * CELL_W) for _ in range(CELL_H)]
            for line, part in zip(lines, block, strict=True):
                line.append_text(part)
        for line in lines:
            out.append_text(line)
            out.append("\n")
    return out


def tile_summary(tid: int) -> Text:
    """One line: id, the four edges (N E S W, '#' = road), the contents."""
    tile = TILES[tid]
    t = Text(f"{tile_label(tid):>3} ", style="bold")
    for d, name in enumerate("NESW"):
        letter = tile.edges[d]
        t.append(f"{name}:", style="dim")
        t.append(letter + ("#" if has_road(tid, 0, d) else " "), style=TERRAIN_STYLE[letter])
    t.append(f" centre {tile.centre}", style=TERRAIN_STYLE[tile.centre])
    parts = [f"{n} {name}" if n > 1 else name for name, n in tile.features]
    if tile.scroll:
        parts.append(f"scroll: {SCROLL_TEXT[tile.scroll]}")
    if parts:
        t.append("  " + ", ".join(parts))
    return t


def seat_label(info: SeatObservation, viewer: int | None, names: Sequence[str] | None = None) -> Text:
    """The player's name with the clan colour kept as a mark: "Alice (blue, you)"."""
    you = ", you" if info["seat"] == viewer else ""
    return Text(
        f"{seat_name(names, info['seat'])} ({info['colour']}{you})", style=SEAT_STYLE.get(info["colour"], "bold")
    )


def gold_text(info: SeatObservation) -> str:
    if info["gold"] is None:
        return f"{info['gold_total']} (stakes hidden)"
    staked = info["gold_total"] - info["gold"]
    return f"{info['gold']}" + (f" + {staked} staked" if staked else "")


def scores_table(obs: IsleOfSkyeObservation, names: Sequence[str] | None = None) -> Table:
    viewer = obs["seat"]
    table = Table(title="Clans", title_justify="left", expand=False)
    for column in ("seat", "VP", "gold", "tiles", "status"):
        table.add_column(column)
    for info in obs["seats"]:
        seat = info["seat"]
        status = ""
        if obs["phase"] == "price":
            status = "has chosen" if info["chosen"] else "choosing..."
        elif seat in obs["to_move"]:
            status = "to move"
        if seat == obs["start_player"]:
            status = ("start player; " + status).strip("; ")
        table.add_row(
            seat_label(info, viewer, names), str(info["vp"]), gold_text(info), str(len(info["territory"])), status
        )
    return table


def round_track(obs: IsleOfSkyeObservation) -> Text:
    t = Text("Round track: ", style="bold")
    for row in obs["round_track"]:
        current = row["round"] == obs["round"]
        label = f"[{row['round']}: {'+'.join(row['scoring'])}"
        label += f", {row['gold_per_player_ahead']}g/ahead]" if row["gold_per_player_ahead"] else "]"
        t.append(label, style="bold reverse" if current else "dim")
        t.append(" ")
    return t


def scoring_tiles(obs: IsleOfSkyeObservation) -> Text:
    t = Text()
    for tile in obs["scoring_tiles"]:
        t.append(f"{tile['letter']} ", style="bold")
        t.append(f"{tile['title']}: ", style="bold cyan")
        t.append(f"{tile['text']}  ")
        t.append(f"(rounds {', '.join(map(str, tile['rounds']))})\n", style="dim")
    return t


def offers(obs: IsleOfSkyeObservation, names: Sequence[str] | None = None) -> Table | Text:
    viewer = obs["seat"]
    rows = [(info, entry) for info in obs["seats"] for entry in info["offer"]]
    if not rows:
        return Text("No tiles on offer.", style="dim")
    table = Table(title="Offers", title_justify="left")
    for column in ("from", "tile", "price"):
        table.add_column(column)
    for info, entry in rows:
        if entry["discard"] is None:
            price = "hidden" if info["chosen"] else "hidden (choosing)"
        elif entry["discard"]:
            price = "discarded"
        elif entry["sold_to"] >= 0:
            price = f"sold to {seat_name(names, entry['sold_to'])}"
        else:
            price = (
                f"{entry['price']} gold" if entry["price"] else ("no price yet" if obs["phase"] == "price" else "kept")
            )
        table.add_row(seat_label(info, viewer, names), tile_summary(entry["tile"]), price)
    return table


def final_table(obs: IsleOfSkyeObservation, names: Sequence[str] | None = None) -> Table:
    table = Table(title="Final scoring", title_justify="left")
    for column in ("seat", "scrolls", "gold", "total"):
        table.add_column(column)
    winners = set(obs["winners"])
    finals = obs["final"]
    assert finals is not None  # (drawn only once the game is over)
    for info, final in zip(obs["seats"], finals, strict=True):
        scrolls = ", ".join(f"{kind} {p}{' (doubled)' if doubled else ''}" for kind, p, doubled in final["scrolls"])
        label = seat_label(info, obs["seat"], names)
        if info["seat"] in winners:
            label.append(" - wins", style="bold yellow")
        table.add_row(
            label,
            f"{final['scroll_points']} ({scrolls or 'none'})",
            f"{final['gold_points']} ({final['gold']} gold)",
            str(final["total"]),
        )
    return table


def next_step(obs: IsleOfSkyeObservation) -> str | None:
    """What the viewer is asked to do now, if anything."""
    viewer = obs["seat"]
    if viewer is None or viewer not in obs["to_move"]:
        return None
    mine = obs["seats"][viewer]
    if obs["phase"] == "price":
        if not any(e["discard"] for e in mine["offer"]):
            return "your move: mark one of your drawn tiles to discard (discard T)"
        waiting = [e["tile"] for e in mine["offer"] if e["discard"] is False and not e["price"]]
        return f"your move: set the price of tile {waiting[0]} (price N; you have {mine['gold']} gold in hand)"
    if obs["phase"] == "buy":
        return f"your move: buy a tile from another clan (buy T) or pass; you have {mine['gold']} gold"
    if obs["pending_tile"] is None:
        return "your move: choose the next tile to place (place T)"
    if obs["pending_spot"] is None:
        return f"your move: choose where tile {obs['pending_tile']} goes (spot X Y, as numbered on your grid)"
    return f"your move: turn tile {obs['pending_tile']} (rotate 0/90/180/270, clockwise)"


def render(obs: IsleOfSkyeObservation, legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> Group:
    """The whole table as a rich renderable. ``legal`` (notations) marks the spots to choose from."""
    viewer = obs["seat"]
    parts: list[Any] = []
    head = Text(f"Isle of Skye - round {obs['round']} of {obs['rounds']}", style="bold")
    head.append(f"  ({obs['phase']})  bag: {obs['bag_size']} tiles", style="dim")
    parts.append(head)
    parts.append(Text(PHASE_TEXT[obs["phase"]], style="italic"))
    step = next_step(obs)
    if step:
        parts.append(Text(step, style="bold cyan"))
    parts.append(round_track(obs))
    parts.append(scoring_tiles(obs))
    parts.append(scores_table(obs, names))
    parts.append(offers(obs, names))
    spots: set[tuple[int, int]] = set()
    for notation in legal or []:
        words = notation.split()
        if words[0] == "spot":
            spots.add((int(words[1]), int(words[2])))
    spot = obs["pending_spot"]
    pending_spot = (spot[0], spot[1]) if spot else None
    panels: list[Panel] = []
    for info in obs["seats"]:
        seat = info["seat"]
        building = obs["builder"] == seat
        title = seat_label(info, viewer, names)
        title.append(f"  {info['vp']} VP")
        body: list[Any] = []
        if info["received"]:
            line = Text("To place: ", style="bold")
            body.append(line)
            for tid in info["received"]:
                mark = " <- chosen" if building and obs["pending_tile"] == tid else ""
                summary = tile_summary(tid)
                summary.append(mark, style="bold cyan")
                body.append(summary)
        body.append(
            territory_grid(
                info["territory"],
                spots if building and seat == viewer else set(),
                pending_spot if building else None,
            )
        )
        panels.append(Panel(Group(*body), title=title, title_align="left", expand=False))
    parts.append(Columns(panels))
    if obs["final"]:
        parts.append(final_table(obs, names))
    if obs["events"]:
        parts.append(Text("Recent: " + " | ".join(obs["events"][-6:]), style="dim"))
    parts.append(
        Text(
            "Key: g pasture, w water, m mountain, # road; W whisky, s sheep, c cattle, F farm, B broch, "
            "L lighthouse, v ship, * scroll",
            style="dim",
        )
    )
    return Group(*parts)
