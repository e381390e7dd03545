"""The island on Ibyron's SVG board: spaces by terrain and level, and the pieces standing on them.

Each space is a square with its terrain's pattern (trees, furrows or peaks)
and word, its level in the top-left badge; on it stand a building stack or a
work camp (bottom left), the leaders (bottom right), a well or a holding
overseer (top right). Everything drawn on a space sits inside the space's
group, so a space that takes a click is never covered by another target:
only a camp one can gather from is a target of its own, kept off the
space's centre.
"""

from __future__ import annotations

from typing import Any

from meeple.core.svg import Clicks, fragment
from meeple.games.ibyron import svg_shapes as k
from meeple.games.ibyron.data import TILE_ROLES
from meeple.games.ibyron.observe import (
    BuildingObservation,
    CampObservation,
    CellObservation,
    IbyronObservation,
)
from meeple.games.ibyron.view_words import CAMP_NAMES, board_name, building_tip, initial, tile_terrain, tile_words, who

CELL = 58
CAMP_SHORT = {"wood": "wood", "ore": "ore", "stone": "stone", "gold": "gold", "grain": "grain"}
LEVEL_NAMES = ("", "level 1", "level 2", "level 3", "level 4", "level 5")


class Island:
    """Where each space is drawn and what stands on it, read once from the observation."""

    def __init__(self, obs: IbyronObservation, x0: float, y0: float, anchors: list[tuple[int, int]]) -> None:
        self.obs = obs
        self.cells = {(c["x"], c["y"]): c for c in obs["cells"]}
        # the sea drawn: the coast, and any space a new tile's top-left corner may go on
        sea = [(int(x), int(y)) for x, y in obs["coast"]] + anchors
        self.coast = [spot for spot in dict.fromkeys(sea) if spot not in self.cells]
        spots = list(self.cells) + self.coast
        self.minx = min(x for x, _ in spots)
        self.miny = min(y for _, y in spots)
        self.cols = max(x for x, _ in spots) - self.minx + 1
        self.rows = max(y for _, y in spots) - self.miny + 1
        self.x0, self.y0 = x0, y0
        self.width = self.cols * CELL
        self.height = self.rows * CELL

    def pos(self, x: int, y: int) -> tuple[float, float]:
        return self.x0 + (x - self.minx) * CELL, self.y0 + (y - self.miny) * CELL


def _horse_moves(clicks: Clicks) -> dict[tuple[int, int], list[str]]:
    """The moves to each space, fewest horses first (the order the rules offer them)."""
    out: dict[tuple[int, int], list[str]] = {}
    for a in clicks.legal:
        parts = a.split()
        if parts[0] == "move":
            out.setdefault((int(parts[1]), int(parts[2])), []).append(a)
    return out


def _space_actions(obs: IbyronObservation, clicks: Clicks,
                   moves: dict[tuple[int, int], list[str]]) -> dict[tuple[int, int], str]:
    """The one action a click on a space plays: a move (fewest horses), a home field or an overseer."""
    out: dict[tuple[int, int], str] = {spot: options[0] for spot, options in moves.items()}
    seat = obs["seat"]
    if seat is not None:
        for a in clicks.legal:
            parts = a.split()
            if parts[0] == "home":
                role = "center" if parts[1] == "center" else f"seat{seat}"
                corner = int(parts[-1])
                ax, ay = _anchor(role)
                dx, dy = ((0, 0), (1, 0), (1, 1), (0, 1))[corner]
                out.setdefault((ax + dx, ay + dy), a)
    for i, (x, y) in enumerate(obs["new_tile"]):
        action = f"oversee {i}"
        if action in clicks.legal:
            out.setdefault((x, y), action)
    return out


def _anchor(role: str) -> tuple[int, int]:
    """The top-left space of a set-up tile (``center`` or ``seatN``), from the game data."""
    ax, ay = TILE_ROLES[role]["anchor"]
    return int(ax), int(ay)


def _places(clicks: Clicks) -> dict[tuple[int, int], list[tuple[int, str]]]:
    """Tile placements by the space the tile's top-left corner goes on: (rotation, action)."""
    out: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for a in clicks.legal:
        parts = a.split()
        if parts[0] == "place":
            out.setdefault((int(parts[1]), int(parts[2])), []).append((int(parts[3]), a))
    return out


def _pieces(obs: IbyronObservation) -> dict[tuple[int, int], dict[str, Any]]:
    """What stands on each space, keyed by (x, y), in a fixed order."""
    out: dict[tuple[int, int], dict[str, Any]] = {}

    def at(x: int, y: int) -> dict[str, Any]:
        return out.setdefault((x, y), {"leaders": []})

    for b in obs["buildings"]:
        at(b["x"], b["y"])["building"] = b
    for c in obs["camps"]:
        at(c["x"], c["y"])["camp"] = c
    for r in obs["reserved"]:
        at(r["x"], r["y"])["held"] = r["owner"]
    for p in obs["players_info"]:
        if p["home"] is not None:
            at(p["home"][0], p["home"][1])["well"] = p["seat"]
        if p["leader"] is not None:
            at(p["leader"][0], p["leader"][1])["leaders"].append(p["seat"])
    return out


def _gather_action(obs: IbyronObservation, camp: CampObservation, clicks: Clicks) -> str | None:
    """A click on a camp gathers from it at the highest level offered (other levels are buttons)."""
    seat = obs["seat"]
    if seat is None or camp["owner"] != seat:
        return None
    overseers = obs["players_info"][seat]["overseers"]
    for o, spot in enumerate(overseers):
        if spot == [camp["x"], camp["y"]]:
            offered = [a for a in clicks.legal if a.startswith(f"gather {o} ") and not a.endswith("horse")]
            return clicks.first(reversed(offered))
    return None


def _building(b: BuildingObservation, names: list[str] | None, px: float, py: float) -> str:
    colour = k.colour_of(b["owner"])
    label = board_name(b["parts"])
    tip = "; ".join(building_tip(p) for p in b["parts"]) + f" — {who(names, b['owner'])}"
    inner = (k.disc_stack(px + 17, py + CELL - 8, b["discs"], colour)
             + k.text(px + 17, py + CELL - 13 - 3.5 * b["discs"], label, 8.5, "#111", "middle", "bold"))
    return k.group(inner, tip=tip)


def _camp(obs: IbyronObservation, c: CampObservation, names: list[str] | None, px: float, py: float,
          clicks: Clicks) -> str:
    colour = k.colour_of(c["owner"])
    action = _gather_action(obs, c, clicks)
    click = clicks.claim(action, k.POINTER)
    # the target stays in the left part of the space, so the space's own centre remains free
    inner = [k.hit(px + 2, py + 17, 26, CELL - 19, bool(click))]
    inner.append(k.disc_stack(px + 15, py + CELL - 7, c["discs"], colour, rx=7, step=3))
    inner.append(k.text(px + 15, py + CELL - 12 - 3 * c["discs"], f"{CAMP_SHORT[c['kind']]} {c['discs']}", 7.5,
                        "#111", "middle", "bold"))
    inner.append(k.overseer(px + 25, py + CELL - 2, colour))
    if c["kind"] == "gold":
        inner.append(k.cylinder(px + 5, py + CELL - 3, "#f1c40f", 3, 4))
    tip = (f"{CAMP_NAMES[c['kind']].capitalize()} of {who(names, c['owner'])}: {c['discs']} discs at work"
           + (" — click to gather" if click else ""))
    return k.group("".join(inner), click, tip)


def _horse_chips(px: float, py: float, moves: list[str], clicks: Clicks) -> str:
    """The same move paid with horses: orange cubes (the game's horses) with the count, along the top edge."""
    out = []
    extra = [m for m in moves[1:] if clicks.has(m)]
    for i, move in enumerate(extra):
        horses = int(move.split()[3])
        cx = px + CELL - 12 * (len(extra) - i) - 2
        click = clicks.claim(move, k.POINTER)
        inner = k.rect(cx, py + 3, 11, 11, "#fff3e0", "#e67e22", 1.2, 2) + k.text(cx + 5.5, py + 12, str(horses),
                                                                                   8.5, "#a04000", "middle", "bold")
        out.append(k.group(inner, click, f"Move here using {horses} horse{'s' if horses > 1 else ''}"))
    return "".join(out)


def _space(isl: Island, x: int, y: int, c: CellObservation | None, here: dict[str, Any],
           action: str | None, places: list[tuple[int, str]], names: list[str] | None, clicks: Clicks,
           moves: list[str]) -> str:
    obs = isl.obs
    px, py = isl.pos(x, y)
    # a space with tile choices on it is no target itself: the choices fill it
    click = clicks.claim(action, k.POINTER) if not places else ""
    if c is None:
        ground, tip = _ground(px, py, x, y, None, 0)
    else:
        ground, tip = _ground(px, py, x, y, c["terrain"], c["height"])
    out = [ground]
    if "building" in here:
        out.append(_building(here["building"], names, px, py))
    if "camp" in here:
        out.append(_camp(obs, here["camp"], names, px, py, clicks))
    if "well" in here:
        seat = here["well"]
        out.append(k.group(k.cylinder(px + CELL - 8, py + 24, "#3a8ee6", 4, 5),
                           tip=f"Well: home of {who(names, seat)}"))
    if "held" in here:
        seat = here["held"]
        out.append(k.group(k.overseer(px + CELL - 17, py + 28, k.colour_of(seat)),
                           tip=f"Overseer of {who(names, seat)} holds this space"))
    for i, seat in enumerate(here["leaders"]):
        lx = px + CELL - 9 - 12 * i
        out.append(k.group(k.pawn(lx, py + CELL - 3, k.colour_of(seat), 0.9)
                           + k.text(lx, py + CELL - 4.5, initial(names, seat, obs["players"]), 7, "#fff", "middle",
                                    "bold"),
                           tip=f"Leader of {who(names, seat)}"))
    for rotation, place in places:
        out.append(_place_chip(obs, px, py, rotation, place, clicks))
    if click:
        tip += " — click: " + _click_words(action)
    if click:  # the outline says "you can click here"; the space's own square takes the click
        out.append(k.hit(px + 1.5, py + 1.5, CELL - 3, CELL - 3, True, "none"))
    if click and moves:
        out.append(_horse_chips(px, py, moves, clicks))
    return k.group("".join(out), click, tip)


@fragment()
def _ground(px: float, py: float, x: int, y: int, terrain: str | None, level: int) -> tuple[str, str]:
    """A space's square (sea when ``terrain`` is ``None``) with its level badge, and its hover help."""
    if terrain is None:
        return k.rect(px, py, CELL, CELL, "url(#ib-sea)", "#b5d3e6", 0.8), f"Sea ({x},{y}) next to the island"
    out = [k.rect(px, py, CELL, CELL, f"url(#ib-{terrain})", "#333", 1)]
    if level > 1:  # higher ground is darker and has a heavier edge
        out.append(k.rect(px, py, CELL, CELL, "#000", "#222", 1 + level,
                          extra=f' fill-opacity="{min(0.3, 0.1 * (level - 1)):.2f}"'))
    out.append(k.rect(px + 2, py + 2, 13, 13, "#fff", "#333", 0.8, 2))
    out.append(k.text(px + 8.5, py + 12, str(level), 10, "#111", "middle", "bold"))
    out.append(k.text(px + 17, py + 11.5, terrain, 7.5, k.TERRAIN_INK[terrain], weight="bold"))
    return "".join(out), f"{terrain.capitalize()}, {LEVEL_NAMES[min(level, 5)]} ({x},{y})"


def _click_words(action: str | None) -> str:
    if action is None:
        return ""
    kind = action.split()[0]
    return {"move": "move your leader here", "home": "make this your home field",
            "oversee": "hold this space with an overseer"}.get(kind, action)


def _place_chip(obs: IbyronObservation, px: float, py: float, rotation: int, action: str, clicks: Clicks) -> str:
    """One way to lay the tile with its top-left corner on this space: the tile drawn turned, in a quarter."""
    tile = obs["pending_tile"]
    terrain = tile_terrain(obs, tile, rotation)
    qx, qy = px + (rotation in (1, 2)) * CELL / 2, py + (rotation in (2, 3)) * CELL / 2
    click = clicks.claim(action, k.POINTER)
    inner = k.rect(qx + 1, qy + 1, CELL / 2 - 2, CELL / 2 - 2, "#fff", "#e67e22", 1.5, 2) + k.mini_tile(
        terrain, qx + 3, qy + 3, CELL / 2 - 6)
    tip = f"Lay tile {tile} here, turned {90 * rotation}°: {tile_words(terrain)}"
    return k.group(inner, click, tip)


def draw_island(obs: IbyronObservation, clicks: Clicks, names: list[str] | None, x0: float,
                y0: float) -> tuple[str, float, float]:
    """The island at (x0, y0); returns the markup, its width and height."""
    places = _places(clicks)
    isl = Island(obs, x0, y0, list(places))
    moves = _horse_moves(clicks)
    actions = _space_actions(obs, clicks, moves)
    pieces = _pieces(obs)
    out = [k.rect(x0 - 4, y0 - 4, isl.width + 8, isl.height + 8, "#eef6fb", "#9cc3dc", 1, 6)]
    for x, y in isl.coast:
        out.append(_space(isl, x, y, None, pieces.get((x, y), {"leaders": []}), actions.get((x, y)),
                          places.get((x, y), []), names, clicks, moves.get((x, y), [])))
    for (x, y), c in isl.cells.items():
        out.append(_space(isl, x, y, c, pieces.get((x, y), {"leaders": []}), actions.get((x, y)),
                          places.get((x, y), []), names, clicks, moves.get((x, y), [])))
    return "".join(out), isl.width, isl.height
