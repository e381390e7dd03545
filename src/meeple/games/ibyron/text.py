"""Terminal view of Ibyron, drawn from an observation only.

The island is a grid: each space shows its terrain and level (``F2`` = a
forest two tiles high), then its pieces: ``H`` home farm, ``B`` a building
stack with its height, ``w/o/s/g/f`` a work camp (wood, ore, stone, gold,
field) with its discs, ``L`` a leader, ``r`` an overseer holding the space.
The digit after a piece letter is the owner's seat.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SEAT_STYLES = ("bold magenta", "bold green", "bold blue", "bold yellow")
TERRAIN = {"forest": ("F", "green"), "field": ("A", "yellow"), "mountain": ("M", "grey62")}
CAMP_LETTER = {"wood": "w", "ore": "o", "stone": "s", "gold": "g", "grain": "f"}
SHORT = {"lumber_mill": "Mill", "refinery": "Ref", "harbour": "Harb", "stable": "Stab", "church": "Chur",
         "court_house": "Court", "guild_hall": "Guild", "castle_gate": "Gate", "castle_treasury": "Treas",
         "castle_walls": "Walls", "castle_tower": "Tower", "farm": "Farm"}


def _seat(p: int) -> str:
    return SEAT_STYLES[p % len(SEAT_STYLES)]


def island(obs: dict[str, Any]) -> Table:
    cells = {(c["x"], c["y"]): c for c in obs["cells"]}
    coast = {tuple(c) for c in obs["coast"]}
    spots = set(cells) | coast
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    pieces: dict[tuple[int, int], Text] = {}

    def add(pos: tuple[int, int], text: str, style: str) -> None:
        pieces.setdefault(pos, Text()).append(text + " ", style=style)

    for b in obs["buildings"]:
        letter = "H" if b["parts"][0] == "farm" else "B"
        add((b["x"], b["y"]), f"{letter}{b['owner']}:{b['discs']}", _seat(b["owner"]))
    for c in obs["camps"]:
        add((c["x"], c["y"]), f"{CAMP_LETTER[c['kind']]}{c['owner']}x{c['discs']}", _seat(c["owner"]))
    for r in obs["reserved"]:
        add((r["x"], r["y"]), f"r{r['owner']}", _seat(r["owner"]))
    for info in obs["players_info"]:
        if info["leader"] is not None:
            add((info["leader"][0], info["leader"][1]), f"L{info['seat']}", _seat(info["seat"]) + " reverse")
    table = Table(title="Island (terrain+level, pieces)", show_lines=True, padding=(0, 0))
    table.add_column("y\\x", justify="right")
    for x in range(min(xs), max(xs) + 1):
        table.add_column(str(x), justify="center", min_width=6)
    for y in range(min(ys), max(ys) + 1):
        row: list[Text] = [Text(str(y))]
        for x in range(min(xs), max(xs) + 1):
            cell = cells.get((x, y))
            text = Text()
            if cell is not None:
                letter, style = TERRAIN[cell["terrain"]]
                text.append(f"{letter}{cell['height']}", style=style + (" bold" if cell["height"] > 1 else ""))
            elif (x, y) in coast:
                text.append("~", style="blue")
            if (x, y) in pieces:
                text.append("\n")
                text.append_text(pieces[(x, y)])
            row.append(text)
        table.add_row(*row)
    return table


def mats(obs: dict[str, Any]) -> Group:
    """One panel per player mat: resources, tech tracks and where every disc is."""
    panels = []
    standard = obs["mode"] == "standard"
    for p in obs["players_info"]:
        r = p["resources"]
        t = p["tech"]
        start = " (start player)" if p["seat"] == obs["start_player"] else ""
        reserve = len(p["reserve"]) * 3
        covered = f" over {', '.join(p['reserve'])}" if p["reserve"] else ""
        built = ", ".join(f"{SHORT.get(k, k)} x{v}" for k, v in p["built"].items()) or "none"
        tile = p["held_tile"]
        body = Text()
        body.append(f"${r['coins']} (keeps {p['keep_coins']})  wood {r['wood']}  ore {r['ore']}  stone {r['stone']}  "
                    f"gold {r['gold']}  food {r['food']}\n")
        # beginner and solo games use no permits; saying "permits 0" there would suggest they are missing
        permits = f"permits {p['permits']}" if standard else "no permits needed"
        body.append(f"horses {p['horses']}  barns {p['barns']}  {permits}  |  tech lumber {t['lumber']}  "
                    f"refinery {t['refinery']}  taxing {t['taxing']}  cubes {p['tech_cubes']}  |  moves {p['stride']}"
                    "/point\n")
        body.append(f"supply {p['supply']}  village box {p['village_box']}  rest {p['rest']}  reserve {reserve}"
                    f"{covered}  Mayor {'ready' if p['mayor'] else 'used'}  forfeited {p['forfeited']}\n")
        body.append(f"mat: {', '.join(p['mat_buildings']) or '-'}  built: {built}  ship {p['ship']}  "
                    f"held tile {tile if tile >= 0 else '-'}\n")
        goal = ("(3 or fewer wins)", "points (only a round-limit tie-break)") if standard else (
            "(3 or fewer ends the game)", "points")
        body.append(f"discs in buildings {p['discs_in_buildings']}, loose {p['loose_discs']} {goal[0]}, "
                    f"{goal[1]} {p['victory_points']}", style="bold")
        title = Text(f"Seat {p['seat']}{start}: {p['phase']}", style=_seat(p["seat"]))
        panels.append(Panel(body, title=title, title_align="left", border_style=_seat(p["seat"]).split()[-1]))
    return Group(*panels)


def village(obs: dict[str, Any]) -> Table:
    table = Table(title=f"Village (cost cap {obs['village_cap']})")
    table.add_column("space")
    table.add_column("cost")
    table.add_column("stacks (owner:height)")
    for space, stacks in obs["village"].items():
        text = Text()
        for owner, height in stacks:
            text.append(f"{owner}:{height} ", style=_seat(owner))
        table.add_row(space, str(obs["village_costs"][space]), text)
    return table


def market_and_bonus(obs: dict[str, Any]) -> Text:
    text = Text("Market: ")
    for d in obs["dice"]:
        text.append(f"{d['resource']} {d['value']}" + (" (sold)" if d["used"] else "") + "  ",
                    style="dim" if d["used"] else "")
    text.append(f"\nBonus mat ({obs['bonus_side']}): ")
    for space in obs["bonus"]:
        gain = "+".join(f"{v} {k}" for k, v in space["gain"].items())
        if "number" in space:
            taken = space["taken_by"]
            mark = f" [taken by {taken}]" if taken >= 0 else (" [used]" if space["used_solo"] else "")
            text.append(f"{space['number']}: {gain}{mark}  ")
        else:
            alts = "".join(" or " + "+".join(f"{v} {k}" for k, v in a.items()) for a in space["alt"])
            text.append(f"{space['cost']} discs: {gain}{alts}  ")
    tiles = obs["tiles_face_up"]
    text.append(f"\nTiles: {'face up ' + str(tiles) if tiles else ''} pile {obs['pile_size']}")
    if obs["pending_tile"] >= 0:
        text.append(f"  (placing tile {obs['pending_tile']}: {obs['tile_terrain'][str(obs['pending_tile'])]})")
    sup = obs["supplies"]
    text.append(f"\nSupplies: {sup['horses']} horses, {sup['barns']} barns, {sup['permits']} permits in the library")
    return text


def render(obs: dict[str, Any], legal: list[str] | None = None) -> Group:
    who = ", ".join(str(s) for s in obs["to_move"]) or "-"
    head = Text(
        f"Ibyron ({obs['mode']}) round {obs['round']}/{obs['round_limit']}  start player {obs['start_player']}  "
        f"to move: {who} ({obs['step']})",
        style="bold",
    )
    if obs["is_over"]:
        head.append(f"  GAME OVER, winners {obs['winners']}, scores {obs['scores']}", style="bold red")
    legend = Text("F forest, A field, M mountain + level; ~ coast. H home farm, B building (owner:discs), "
                  "w/o/s/g/f camp (wood/ore/stone/gold/field, owner x discs), r held space, L leader", style="dim")
    parts: list[Any] = [head, island(obs), legend, mats(obs), village(obs), market_and_bonus(obs)]
    if legal:
        parts.append(Text("Legal: " + ", ".join(legal[:60]) + (" ..." if len(legal) > 60 else ""), style="dim"))
    return Group(*parts)
