"""Terminal view of Ibyron, drawn from an observation only.

The island is a grid: each space shows its terrain in three letters and its
level (``For2`` a forest two tiles high, ``Fld1`` a field, ``Mtn3`` a
mountain; ``~`` the sea next to the island), then what stands on it, each
piece with its owner's seat number: a building by name (``Farm0``,
``Church1``), a work camp by resource and discs (``wood0x3``), ``L0`` a
leader, ``O0`` an overseer holding the space. Colour helps but is never
needed: the legend maps seat numbers to names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core.words import seat_name
from meeple.games.ibyron.data import BUILDINGS
from meeple.games.ibyron.labels import plural
from meeple.games.ibyron.observe import IbyronObservation, PlayerObservation
from meeple.games.ibyron.view_words import (
    EFFECT_WORDS,
    END_WORDS,
    GATHER,
    MAT_EFFECTS,
    MAT_NAMES,
    MODES,
    PHASES,
    SITE_WORDS,
    SPACE_EFFECTS,
    SPACE_NAMES,
    TAX,
    TRACKS,
    building_name,
    choice,
    cost_words,
    gain_words,
    step_words,
    tile_terrain,
    who,
)

SEAT_STYLES = ("bold magenta", "bold green", "bold blue", "bold yellow")
TERRAIN = {"forest": ("For", "green"), "field": ("Fld", "yellow"), "mountain": ("Mtn", "grey62")}
LETTER_TERRAIN = {"F": "For", "A": "Fld", "M": "Mtn"}
SHORT = {"lumber_mill": "Mill", "refinery": "Refin", "harbour": "Harbour", "stable": "Stable", "church": "Church",
         "court_house": "Court", "guild_hall": "Guild", "castle_gate": "Castle", "farm": "Farm"}


def _seat(p: int) -> str:
    return SEAT_STYLES[p % len(SEAT_STYLES)]


def _pieces(obs: IbyronObservation) -> dict[tuple[int, int], Text]:
    pieces: dict[tuple[int, int], Text] = {}

    def add(pos: tuple[int, int], token: str, style: str) -> None:
        text = pieces.setdefault(pos, Text())
        if text.plain:
            text.append("\n")
        text.append(token, style=style)

    for b in obs["buildings"]:
        parts = b["parts"]
        top = parts[0] if parts[0] == "castle_gate" else parts[-1]  # a Harbour stands on the home farm
        name = SHORT.get(top, top)
        size = f"x{len(parts)}" if parts[0] == "castle_gate" else ""
        add((b["x"], b["y"]), f"{name}{b['owner']}{size}", _seat(b["owner"]))
    for c in obs["camps"]:
        add((c["x"], c["y"]), f"{c['kind']}{c['owner']}x{c['discs']}", _seat(c["owner"]))
    for r in obs["reserved"]:
        add((r["x"], r["y"]), f"O{r['owner']}", _seat(r["owner"]))
    for info in obs["players_info"]:
        if info["leader"] is not None:
            add((info["leader"][0], info["leader"][1]), f"L{info['seat']}", _seat(info["seat"]) + " reverse")
    return pieces


def island(obs: IbyronObservation) -> Table:
    cells = {(c["x"], c["y"]): c for c in obs["cells"]}
    coast = {tuple(c) for c in obs["coast"]}
    spots = sorted(set(cells) | coast)
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    pieces = _pieces(obs)
    table = Table(title="The island", show_lines=True, padding=(0, 0))
    table.add_column("y\\x", justify="right")
    for x in range(min(xs), max(xs) + 1):
        table.add_column(str(x), justify="center", min_width=7)
    for y in range(min(ys), max(ys) + 1):
        row: list[Text] = [Text(str(y))]
        for x in range(min(xs), max(xs) + 1):
            cell = cells.get((x, y))
            text = Text()
            if cell is not None:
                word, style = TERRAIN[cell["terrain"]]
                text.append(f"{word}{cell['height']}", style=style + (" bold" if cell["height"] > 1 else ""))
            elif (x, y) in coast:
                text.append("~", style="blue")
            if (x, y) in pieces:
                text.append("\n")
                text.append_text(pieces[(x, y)])
            row.append(text)
        table.add_row(*row)
    return table


def legend(obs: IbyronObservation, names: Sequence[str] | None) -> Text:
    text = Text("For forest, Fld field, Mtn mountain, digit = level (tiles high); ~ sea next to the island.  "
                "Pieces end in their owner's seat: Farm0 home farm (with the well), Church1 a building, "
                "wood0x3 a work camp (resource, owner, discs; its overseer stands on it), O0 an overseer "
                "holding the space, L0 a leader.\nSeats: ", style="dim")
    for seat in range(obs["players"]):
        text.append(f"{seat} = {who(names, seat)}  ", style=_seat(seat))
    return text


def _tracks(p: PlayerObservation) -> str:
    out = []
    for key, name, res in TRACKS:
        level = p["tech"][key]
        if key == "taxing":
            gives = f"${TAX * level} a visit"
        else:
            foremen, gain = GATHER[level - 1]
            gives = f"{foremen} foreman for {gain} {res}" if foremen == 1 else f"{foremen} foremen for {gain} {res}"
        out.append(f"{name} {level}/4 ({gives})")
    return "  ".join(out)


def _starting(p: PlayerObservation) -> str:
    parts = []
    for b in ("bank", "garden", "foundry"):
        if b in p["mat_buildings"]:
            state = "in use"
        elif b in p["reserve"]:
            state = "under a reserve stack of 3"
        else:
            state = "not in use"
        parts.append(f"{MAT_NAMES[b]} {state}")
    return " · ".join(parts)


def mats(obs: IbyronObservation, names: Sequence[str] | None = None) -> Group:
    """One panel per player mat: resources, tech tracks and where every disc is."""
    panels = []
    standard = obs["mode"] == "standard"
    for p in obs["players_info"]:
        r = p["resources"]
        start = " (start player)" if p["seat"] == obs["start_player"] else ""
        reserve = len(p["reserve"]) * 3
        built = ", ".join(f"{building_name(k)}{' x' + str(v) if v > 1 else ''}" for k, v in p["built"].items())
        tile = p["held_tile"]
        held = "-" if tile < 0 else f"{tile} ({_tile_rows(obs, tile)})"
        body = Text()
        body.append(f"${r['coins']} (keeps ${p['keep_coins']})  wood {r['wood']}  ore {r['ore']}  stone {r['stone']}  "
                    f"gold {r['gold']}  food {r['food']}\n")
        # beginner and solo games use no permits; saying "permits 0" there would suggest they are missing
        permits = f"permits {p['permits']}" if standard else "no permits needed"
        leader = "on the island" if p["leader"] is not None else "off the island (on the resource track)"
        body.append(f"horses {p['horses']}  barns {p['barns']}  {permits}  |  leader {leader}, moves "
                    f"{p['stride']} space{'s' if p['stride'] > 1 else ''} a point\n")
        body.append(f"Tech: {_tracks(p)}  free cubes {p['tech_cubes']}\n")
        body.append(f"Workers: supply {p['supply']}  village box {p['village_box']}  rest {p['rest']}  "
                    f"reserve {reserve}  Mayor {'ready' if p['mayor'] else 'used'}  forfeited {p['forfeited']}\n")
        body.append(f"Starting buildings: {_starting(p)}\n")
        body.append(f"Built: {built or 'nothing yet'}  |  ship {plural(p['ship'], 'disc')}  |  land tile {held}\n")
        goal = ("(3 or fewer wins)", "points (only a round-limit tie-break)") if standard else (
            "(3 or fewer ends the game)", "points")
        body.append(f"Discs in buildings {p['discs_in_buildings']}, outside buildings {p['loose_discs']} {goal[0]}, "
                    f"{goal[1]} {p['victory_points']}", style="bold")
        phase = PHASES.get(p["phase"], p["phase"])
        title = Text(f"{p['seat']} = {who(names, p['seat'])}{start}: {phase}", style=_seat(p["seat"]))
        panels.append(Panel(body, title=title, title_align="left", border_style=_seat(p["seat"]).split()[-1]))
    return Group(*panels)


def village(obs: IbyronObservation) -> Table:
    table = Table(title=f"Village (a visit costs 1 more disc than the tallest stack, at most {obs['village_cap']})")
    table.add_column("space")
    table.add_column("does")
    table.add_column("next visit", justify="right")
    table.add_column("stacks (seat:height)")
    for space, stacks in obs["village"].items():
        text = Text()
        for owner, height in stacks:
            text.append(f"{owner}:{height} ", style=_seat(owner))
        unused = obs["mode"] != "standard" and space == "library"
        cost = "not used" if unused else plural(obs["village_costs"][space], "disc")
        table.add_row(SPACE_NAMES[space], SPACE_EFFECTS[space], cost, text)
    return table


def _tile_rows(obs: IbyronObservation, tile: int) -> str:
    t = tile_terrain(obs, tile)
    return f"{LETTER_TERRAIN[t[0]]} {LETTER_TERRAIN[t[1]]} / {LETTER_TERRAIN[t[3]]} {LETTER_TERRAIN[t[2]]}"


def market_and_bonus(obs: IbyronObservation, names: Sequence[str] | None = None) -> Text:
    text = Text("Market prices: ", style="bold")
    for d in obs["dice"]:
        price = f"${d['value']}" if d["value"] else "not rolled"
        text.append(f"{d['resource']} {price}" + (" (sold)" if d["used"] else "") + "  ",
                    style="dim" if d["used"] else "")
    text.append(f"\nBonus resources ({obs['bonus_side']} side): ", style="bold")
    for space in obs["bonus"]:
        gain = gain_words(space["gain"])
        if "number" in space:
            taken = space["taken_by"]
            mark = f" [taken by {seat_name(names, taken)}]" if taken >= 0 else (
                " [used]" if space["used_solo"] else "")
            text.append(f"{space['number']}: {gain}{mark}  ")
        else:
            alts = "".join(" or " + gain_words(a) for a in space["alt"])
            text.append(f"{plural(space['cost'], 'disc')}: {gain}{alts}  ")
    tiles = obs["tiles_face_up"]
    text.append("\nLand tiles: ", style="bold")
    if tiles:
        text.append("  ".join(f"tile {t} [{_tile_rows(obs, t)}]" for t in tiles))
    text.append(f"  pile {obs['pile_size']}")
    if obs["pending_tile"] >= 0:
        text.append(f"\nBeing laid: tile {obs['pending_tile']} [{_tile_rows(obs, obs['pending_tile'])}]", style="bold")
    sup = obs["supplies"]
    text.append(f"\nSupplies: {sup['horses']} horses, {sup['barns']} barns, {sup['permits']} permits in the library")
    return text


def costs(obs: IbyronObservation) -> Table:
    note = "each needs a building permit" if obs["mode"] == "standard" else "no permits in this game"
    table = Table(title=f"Buildings ({note}; Foundry: 2 stone + 1 ore may replace 4 stone)")
    for head in ("building", "discs", "where", "cost", "gives"):
        table.add_column(head)
    for b in BUILDINGS:
        table.add_row(b.name, str(b.discs), SITE_WORDS.get(b.site, b.site), cost_words(b.cost),
                      EFFECT_WORDS.get(b.effect, b.effect))
    table.add_row("Bank / Garden / Foundry", "0", "player mat", "starting building",
                  "; ".join(MAT_EFFECTS[m] for m in ("bank", "garden", "foundry")))
    return table


def header(obs: IbyronObservation, names: Sequence[str] | None) -> Text:
    when = f"round {obs['round']} of {obs['round_limit']}" if obs["round"] > 0 else "setting up"
    head = Text(f"Ibyron · {MODES.get(obs['mode'], obs['mode'])} · {when} · start player "
                f"{seat_name(names, obs['start_player'])}", style="bold")
    if obs["is_over"]:
        winners = " and ".join(seat_name(names, s) for s in obs["winners"]) or "nobody"
        reason = END_WORDS.get(obs.get("end_reason") or "", "")
        head.append(f"\nGAME OVER: {winners} won" + (f" ({reason})" if reason else ""), style="bold red")
    elif obs["to_move"]:
        movers = " and ".join(who(names, s) for s in obs["to_move"])
        head.append(f"\nTo move: {movers}, {step_words(obs['step'])}")
    return head


def render(obs: IbyronObservation, legal: Sequence[str] | None = None, *, names: Sequence[str] | None = None) -> Group:
    """The terminal board: header, island, legend, mats, village, market and bonus, costs, and the choices."""
    parts: list[Any] = [header(obs, names), island(obs), legend(obs, names), mats(obs, names), village(obs),
                        market_and_bonus(obs, names), costs(obs)]
    if legal:
        shown = [f"{a} ({choice(obs, a)})" for a in list(legal)[:40]]
        more = f" ... and {len(legal) - 40} more" if len(legal) > 40 else ""
        parts.append(Text("Choices: " + "; ".join(shown) + more, style="dim"))
    return Group(*parts)
