"""The player mats on Ibyron's SVG board: resources, tech tracks, starting buildings and where the discs are.

A mat spans the board's width and reads like the physical one, top to
bottom: the starting buildings (covered by the reserve stacks of three),
the tech tracks with their black cubes on the levels still locked, the
shipbuilder box, the held land tile and the stores (horses, barns,
permits); then the resources and where the worker discs are; last the
count of discs outside buildings that decides the race.
"""

from __future__ import annotations

from meeple.core.svg import Clicks, fragment
from meeple.games.ibyron import svg_shapes as k
from meeple.games.ibyron.observe import IbyronObservation, PlayerObservation
from meeple.games.ibyron.view_words import (
    GATHER,
    MAT_EFFECTS,
    MAT_NAMES,
    PHASES,
    TAX,
    TRACKS,
    board_who,
    building_name,
    tile_terrain,
    tile_words,
    who,
)

MAT_W = k.INNER
MAT_H = 206
RESOURCES = (("coins", "coins", "#f5d76e"), ("wood", "wood", "#a0522d"), ("ore", "ore", "#566573"),
             ("stone", "stone", "#bfc9ca"), ("gold", "gold", "#f1c40f"), ("food", "food", "#82c341"))


def _level_text(track: str, level: int) -> str:
    if track == "taxing":
        return f"${TAX * level}"
    foremen, gain = GATHER[level - 1]
    return f"{foremen}:{gain}"


def _tracks(p: PlayerObservation, x: float, y: float) -> str:
    """Three tracks of four levels; the marker shows the level reached, black cubes lock the levels above."""
    return _tracks_drawn(p["tech_cubes"], tuple(p["tech"][key] for key, _, _ in TRACKS), x, y)


@fragment()
def _tracks_drawn(tech_cubes: int, levels: tuple[int, ...], x: float, y: float) -> str:
    """:func:`_tracks` for these free tech cubes and levels reached (in the order of ``TRACKS``)."""
    out = [k.text(x, y + 11, f"Tech (foremen:yield) · free tech cubes {tech_cubes}", k.SMALL, "#333",
                  weight="bold")]
    for row, (key, name, _) in enumerate(TRACKS):
        ry = y + 17 + row * 21
        level = levels[row]
        out.append(k.text(x, ry + 14, name, k.SMALL))
        for lv in range(1, 5):
            bx = x + 84 + (lv - 1) * 48
            reached = lv <= level
            box = k.rect(bx, ry, 45, 19, "#fff" if reached else "#e5e5e5", "#333" if lv == level else "#999",
                         2 if lv == level else 0.8, 2)
            mark = k.text(bx + 5, ry + 14, _level_text(key, lv), k.SMALL, "#111" if reached else "#666",
                          weight="bold" if lv == level else "normal")
            cube = k.cube(bx + 33, ry + 5, "#111", 9) if not reached else ""
            state = "reached" if reached else "locked (black cube)"
            tip = f"{name} level {lv}: " + (f"${TAX * lv} a visit" if key == "taxing" else
                                           "{} foremen for {} {}".format(*GATHER[lv - 1], TRACKS[row][2]))
            out.append(k.group(box + mark + cube, tip=f"{tip} — {state}"))
    return "".join(out)


def _starting_buildings(p: PlayerObservation, clicks: Clicks, x: float, y: float) -> str:
    """Bank, Garden, Foundry: a reserve stack of 3 covers each one not (yet) in use."""
    out = [k.text(x, y + 11, "Starting buildings", k.SMALL, "#333", weight="bold")]
    reserve = list(p["reserve"])
    for i, b in enumerate(("bank", "garden", "foundry")):
        bx = x + i * 78
        action = clicks.first([f"start {b}", f"retrieve {b}"])
        click = clicks.claim(action, k.POINTER)
        active = b in p["mat_buildings"]
        covered = b in reserve
        inner = [k.hit(bx, y + 17, 74, 63, bool(click), "#fffbe8" if active else "#f2f2f2")]
        inner.append(k.text(bx + 37, y + 34, MAT_NAMES[b], k.TEXT, "#111", "middle", "bold" if active else "normal"))
        if covered:
            inner.append(k.disc_stack(bx + 37, y + 70, 3, k.colour_of(p["seat"]), rx=11, step=4.5))
        elif active:
            inner.append(k.text(bx + 37, y + 58, "in use", k.SMALL, "#1e8449", "middle", "bold"))
        state = "in use" if active else ("covered by 3 reserve discs" if covered else "not in use")
        tip = f"{MAT_NAMES[b]} ({MAT_EFFECTS[b]}) — {state}"
        if click and action is not None:
            tip += " — click: " + ("start with it" if action.startswith("start") else "take this stack back")
        out.append(k.group("".join(inner), click, tip))
    return "".join(out)


def _resources(p: PlayerObservation, x: float, y: float) -> str:
    out = []
    r = p["resources"]
    for i, (key, name, colour) in enumerate(RESOURCES):
        bx = x + i * 66
        extra = f" (keeps ${p['keep_coins']} between rounds)" if key == "coins" else ""
        inner = (k.rect(bx, y, 62, 44, "#fff", "#999", 0.8, 3) + k.rect(bx + 5, y + 6, 9, 9, colour, "#333", 0.6, 1)
                 + k.text(bx + 18, y + 15, name, k.SMALL, "#333")
                 + k.text(bx + 31, y + 37, str(r[key]), k.HEAD, "#111", "middle", "bold"))
        out.append(k.group(inner, tip=f"{name.capitalize()}: {r[key]}{extra}"))
    return "".join(out)


def _stores(obs: IbyronObservation, p: PlayerObservation, x: float, y: float) -> str:
    standard = obs["mode"] == "standard"
    items = [("horses", p["horses"], "#e67e22", "Horses: 2 movement points each, or speed up a camp"),
             ("barns", p["barns"], "#c0392b", "Barns: each one saves a disc when planting a grain field")]
    if standard:
        items.append(("permits", p["permits"], "#fdfefe", "Building permits: one per building off the mat"))
    out = [k.text(x, y + 11, "Stores", k.SMALL, "#333", weight="bold")]
    for i, (name, n, colour, tip) in enumerate(items):
        by = y + 17 + i * 21
        inner = k.rect(x, by, 150, 19, "#fff", "#999", 0.8, 3) + k.cube(x + 5, by + 5, colour, 9) + k.text(
            x + 20, by + 14, f"{name}: {n}", k.SMALL, "#111")
        out.append(k.group(inner, tip=f"{tip} — {n}"))
    if not standard:
        out.append(k.text(x + 2, y + 17 + 2 * 21 + 14, "no permits needed", k.SMALL, "#555"))
    return "".join(out)


def _discs(obs: IbyronObservation, p: PlayerObservation, x: float, y: float) -> str:
    """Where the worker discs are: supply, village box, rest box, Mayor."""
    colour = k.colour_of(p["seat"])
    boxes = (("supply", p["supply"], "Colonist supply: workers for Outside actions"),
             ("village box", p["village_box"], "Village box: workers paid Outside, spent in the village"),
             ("rest box", p["rest"], "Rest box: fed or hired back at the end of the round"))
    out = []
    for i, (name, n, tip) in enumerate(boxes):
        bx = x + i * 122
        inner = (k.rect(bx, y, 118, 44, "#fff", colour, 1.2, 3) + k.text(bx + 7, y + 17, name, k.SMALL, "#333")
                 + k.text(bx + 110, y + 37, str(n), k.HEAD, "#111", "end", "bold"))
        out.append(k.group(inner, tip=f"{tip} — {n}"))
    mayor = "ready" if p["mayor"] else "used"
    mx = x + 3 * 122
    out.append(k.group(k.rect(mx, y, 118, 44, "#fff" if p["mayor"] else "#eee", colour, 1.2, 3)
                       + k.text(mx + 7, y + 17, "Mayor", k.SMALL, "#333")
                       + k.text(mx + 110, y + 37, mayor, k.TEXT, "#111", "end", "bold"),
                       tip=f"The Mayor disc: one extra village action a round — {mayor}"))
    return "".join(out)


def _ship(p: PlayerObservation, clicks: Clicks, x: float, y: float) -> str:
    click = clicks.claim("ship", k.POINTER)
    inner = [k.hit(x, y, 74, 63, bool(click), "#eef5fb")]
    inner.append(k.text(x + 37, y + 17, "Ship", k.TEXT, "#111", "middle", "bold"))
    if p["ship"]:
        inner.append(k.disc_stack(x + 37, y + 54, p["ship"], k.colour_of(p["seat"]), rx=11, step=4))
    else:
        inner.append(k.text(x + 37, y + 44, "empty", k.SMALL, "#666", "middle"))
    tip = f"Shipbuilder box: {p['ship']} discs" + (" — click: build a ship (4 discs, 4 wood)" if click else "")
    return k.group("".join(inner), click, tip)


def _held_tile(obs: IbyronObservation, p: PlayerObservation, x: float, y: float) -> str:
    tile = p["held_tile"]
    out = [k.rect(x, y, 80, 63, "#fff", "#999", 0.8, 3),
           k.text(x + 40, y + 17, "Land tile", k.SMALL, "#111", "middle", "bold")]
    if tile < 0:
        out.append(k.text(x + 40, y + 44, "none", k.SMALL, "#666", "middle"))
        return k.group("".join(out), tip="No land tile held")
    terrain = tile_terrain(obs, tile)
    out.append(k.mini_tile(terrain, x + 24, y + 23, 34))
    return k.group("".join(out), tip=f"Holds land tile {tile}: {tile_words(terrain)}")


def _goal(obs: IbyronObservation, p: PlayerObservation, x: float, y: float) -> str:
    standard = obs["mode"] == "standard"
    built = ", ".join(f"{building_name(b)}{' x' + str(n) if n > 1 else ''}" for b, n in p["built"].items())
    line = (f"Discs in buildings {p['discs_in_buildings']} · outside buildings {p['loose_discs']} "
            + ("(3 or fewer wins)" if standard else f"· points {p['victory_points']}"))
    tip = ("The race: the first player with 3 or fewer discs outside buildings wins"
           if standard else "Beginner/solo game: points decide after the last round")
    notes = [f"Built: {built or 'nothing yet'}",
             f"leader: {p['stride']} space{'s' if p['stride'] > 1 else ''} a move point"]
    if p["leader"] is None and p["home"] is not None:
        notes.append("off the island")
    if p["forfeited"]:
        notes.append(f"forfeited {p['forfeited']}")
    return (k.group(k.text(x, y, line, k.TEXT, "#111", weight="bold"), tip=tip)
            + k.text(x, y + 18, " · ".join(notes), k.SMALL, "#333"))


def draw_mat(obs: IbyronObservation, p: PlayerObservation, clicks: Clicks, names: list[str] | None,
             x: float, y: float) -> str:
    seat = p["seat"]
    colour = k.colour_of(seat)
    to_move = seat in obs["to_move"] and not obs["is_over"]  # (a game ended off the board still lists its movers)
    out = [k.rect(x, y, MAT_W, MAT_H, "#fcfcfa", colour, 4 if to_move else 2, 6)]
    out.append(k.rect(x, y, MAT_W, 26, colour, colour, 1, 6))
    head = board_who(names, seat, k.NAME_LIMIT) + (" — start player" if seat == obs["start_player"] else "")
    out.append(k.group(k.text(x + 10, y + 18, head, k.TEXT, "#fff", weight="bold"), tip=who(names, seat)))
    phase = PHASES.get(p["phase"], p["phase"])
    out.append(k.text(x + MAT_W - 10, y + 18, ("▶ to move · " if to_move else "") + phase, k.TEXT, "#fff", "end",
                      "bold"))
    out.append(_starting_buildings(p, clicks, x + 10, y + 30))
    out.append(_tracks(p, x + 256, y + 30))
    out.append(_ship(p, clicks, x + 544, y + 47))
    out.append(_held_tile(obs, p, x + 626, y + 47))
    out.append(_stores(obs, p, x + 722, y + 30))
    out.append(_resources(p, x + 10, y + 118))
    out.append(_discs(obs, p, x + 420, y + 118))
    out.append(_goal(obs, p, x + 10, y + 181))
    return "".join(out)
