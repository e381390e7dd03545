"""The island on Ibyron's SVG board: spaces by terrain and level, the pieces standing on them, and the grid's
coordinates along its edges.

Each space is a square with its terrain's pattern (trees, furrows or peaks)
and its level in the top-left badge; on it stand a building stack or a
work camp (left, its name along the bottom), the leader (right), a well or a
holding overseer (top middle). The column numbers along the top and bottom
edges are the x and the row numbers down the left edge the y of a space, in
the order the log and the move words name it: "(5, 6)" is column 5, row 6.
Everything drawn on a space sits inside the space's group, so a space that
takes a click is never covered by another target: only a camp one can
gather from and the horse chips are targets of their own, kept off the
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
from meeple.games.ibyron.view_words import (
    CAMP_NAMES,
    at,
    board_name,
    building_tip,
    initial,
    tile_terrain,
    tile_words,
    who,
)

MAX_CELL = 72  # a space's side while the island is small; it shrinks as the island widens
MIN_CELL = 60  # what a space's drawing is laid out for (14 columns, the widest island seen, give 63)
MAX_GRID_H = 720  # a tall island's spaces shrink (down to MIN_CELL) so the rest of the board stays near
LABEL_W = 26  # the row numbers' column, left of the grid
LABEL_H = 18  # the column numbers' row, above and below the grid
HEADING_H = 22
LEVEL_NAMES = ("", "level 1", "level 2", "level 3", "level 4", "level 5")


class Island:
    """Where each space is drawn and what stands on it, read once from the observation."""

    def __init__(self, obs: IbyronObservation, x0: float, y0: float, anchors: list[tuple[int, int]],
                 width: float = k.INNER) -> None:
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
        self.cell = max(MIN_CELL, min(MAX_CELL, int((width - LABEL_W) // self.cols), MAX_GRID_H // self.rows))
        self.x0, self.y0 = x0 + LABEL_W, y0 + HEADING_H + LABEL_H  # the grid's top-left corner
        self.width = self.cols * self.cell
        self.height = self.rows * self.cell

    def pos(self, x: int, y: int) -> tuple[float, float]:
        return self.x0 + (x - self.minx) * self.cell, self.y0 + (y - self.miny) * self.cell


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


def _building(b: BuildingObservation, names: list[str] | None, px: float, py: float, c: int) -> str:
    colour = k.colour_of(b["owner"])
    tip = "; ".join(building_tip(p) for p in b["parts"]) + f" — {who(names, b['owner'])}"
    inner = (k.disc_stack(px + 16, py + c - 20, b["discs"], colour, rx=9, step=3.5)
             + k.text(px + 3, py + c - 4, board_name(b["parts"]), k.SMALL, "#111", weight="bold"))
    return k.group(inner, tip=tip)


def _camp(obs: IbyronObservation, cp: CampObservation, names: list[str] | None, px: float, py: float,
          clicks: Clicks, c: int) -> str:
    colour = k.colour_of(cp["owner"])
    action = _gather_action(obs, cp, clicks)
    click = clicks.claim(action, k.POINTER)
    # the target stays in the left part of the space, so the space's own centre remains free
    inner = [k.hit(px + 2, py + 19, 26, c - 21, bool(click))]
    inner.append(k.disc_stack(px + 13, py + c - 20, cp["discs"], colour, rx=8, step=3))
    inner.append(k.overseer(px + 24, py + c - 17, colour))
    if cp["kind"] == "gold":
        inner.append(k.cylinder(px + 6, py + c - 18, "#f1c40f", 3, 4))
    inner.append(k.text(px + 3, py + c - 4, f"{cp['kind']} {cp['discs']}", k.SMALL, "#111", weight="bold"))
    tip = (f"{CAMP_NAMES[cp['kind']].capitalize()} of {who(names, cp['owner'])}: {cp['discs']} discs at work"
           + (" — click to gather" if click else ""))
    return k.group("".join(inner), click, tip)


def _horse_chips(px: float, py: float, c: int, moves: list[str], clicks: Clicks) -> str:
    """The same move paid with horses: orange cubes (the game's horses) with the count, along the top edge."""
    out = []
    extra = [m for m in moves[1:] if clicks.has(m)]
    for i, move in enumerate(extra):
        horses = int(move.split()[3])
        cx = px + c - 15 * (len(extra) - i) - 2
        click = clicks.claim(move, k.POINTER)
        inner = k.rect(cx, py + 2, 14, 15, "#fff3e0", "#e67e22", 1.2, 2) + k.text(cx + 7, py + 14, str(horses),
                                                                                   k.SMALL, "#a04000", "middle",
                                                                                   "bold")
        out.append(k.group(inner, click, f"Move here using {horses} horse{'s' if horses > 1 else ''}"))
    return "".join(out)


def _space(isl: Island, x: int, y: int, cell: CellObservation | None, here: dict[str, Any],
           action: str | None, places: list[tuple[int, str]], names: list[str] | None, clicks: Clicks,
           moves: list[str]) -> str:
    obs = isl.obs
    c = isl.cell
    px, py = isl.pos(x, y)
    # a space with tile choices on it is no target itself: the choices fill it
    click = clicks.claim(action, k.POINTER) if not places else ""
    if cell is None:
        ground, tip = _ground(px, py, c, x, y, None, 0)
    else:
        ground, tip = _ground(px, py, c, x, y, cell["terrain"], cell["height"])
    out = [ground]
    if "building" in here:
        out.append(_building(here["building"], names, px, py, c))
    if "camp" in here:
        out.append(_camp(obs, here["camp"], names, px, py, clicks, c))
    if "well" in here:
        seat = here["well"]
        out.append(k.group(k.cylinder(px + c / 2 + 2, py + 30, "#3a8ee6", 5, 6),
                           tip=f"Well: home of {who(names, seat)}"))
    if "held" in here:
        seat = here["held"]
        out.append(k.group(k.overseer(px + c / 2 + 2, py + 33, k.colour_of(seat)),
                           tip=f"Overseer of {who(names, seat)} holds this space"))
    for i, seat in enumerate(here["leaders"]):
        lx = px + c - 11 - 17 * i
        out.append(k.group(k.leader(lx, py + c - 16, k.colour_of(seat), initial(names, seat, obs["players"])),
                           tip=f"Leader of {who(names, seat)}"))
    for rotation, place in places:
        out.append(_place_chip(obs, px, py, c, rotation, place, clicks))
    if click:
        tip += " — click: " + _click_words(action)
        # the outline says "you can click here"; the space's own square takes the click
        out.append(k.hit(px + 1.5, py + 1.5, c - 3, c - 3, True, "none"))
    if click and moves:
        out.append(_horse_chips(px, py, c, moves, clicks))
    return k.group("".join(out), click, tip)


@fragment()
def _ground(px: float, py: float, c: int, x: int, y: int, terrain: str | None, level: int) -> tuple[str, str]:
    """A space's square (sea when ``terrain`` is ``None``) with its level badge, and its hover help."""
    if terrain is None:
        return k.rect(px, py, c, c, "url(#ib-sea)", "#b5d3e6", 0.8), f"Sea {at(x, y)} next to the island"
    out = [k.rect(px, py, c, c, f"url(#ib-{terrain})", "#333", 1)]
    if level > 1:  # higher ground is darker and has a heavier edge
        out.append(k.rect(px, py, c, c, "#000", "#222", 1 + level,
                          extra=f' fill-opacity="{min(0.3, 0.1 * (level - 1)):.2f}"'))
    out.append(k.rect(px + 2, py + 2, 15, 15, "#fff", "#333", 0.8, 2))
    out.append(k.text(px + 9.5, py + 14, str(level), k.SMALL, "#111", "middle", "bold"))
    return "".join(out), f"{terrain.capitalize()}, {LEVEL_NAMES[min(level, 5)]} {at(x, y)}"


def _click_words(action: str | None) -> str:
    if action is None:
        return ""
    kind = action.split()[0]
    return {"move": "move your leader here", "home": "make this your home field",
            "oversee": "hold this space with an overseer"}.get(kind, action)


def _place_chip(obs: IbyronObservation, px: float, py: float, c: int, rotation: int, action: str,
                clicks: Clicks) -> str:
    """One way to lay the tile with its top-left corner on this space: the tile drawn turned, in a quarter."""
    tile = obs["pending_tile"]
    terrain = tile_terrain(obs, tile, rotation)
    half = c / 2
    qx, qy = px + (rotation in (1, 2)) * half, py + (rotation in (2, 3)) * half
    click = clicks.claim(action, k.POINTER)
    inner = k.rect(qx + 1, qy + 1, half - 2, half - 2, "#fff", "#e67e22", 1.5, 2) + k.mini_tile(
        terrain, qx + 3, qy + 3, half - 6)
    tip = f"Lay tile {tile} here, turned {90 * rotation}°: {tile_words(terrain)}"
    return k.group(inner, click, tip)


@fragment(64)
def _edges(x0: float, y0: float, c: int, minx: int, miny: int, cols: int, rows: int) -> str:
    """The grid's coordinates: column numbers (x) above and below it, row numbers (y) left of it."""
    out = [k.rect(x0 - LABEL_W, y0 - LABEL_H, LABEL_W + cols * c, 2 * LABEL_H + rows * c, "#eef6fb", "#9cc3dc",
                  1, 4)]
    for i in range(cols):
        cx = x0 + i * c + c / 2
        for ty in (y0 - 5, y0 + rows * c + LABEL_H - 5):
            out.append(k.text(cx, ty, str(minx + i), k.SMALL, "#2c4a5e", "middle", "bold"))
    for j in range(rows):
        out.append(k.text(x0 - 5, y0 + j * c + c / 2 + 4, str(miny + j), k.SMALL, "#2c4a5e", "end", "bold"))
    return "".join(out)


def draw_island(obs: IbyronObservation, clicks: Clicks, names: list[str] | None, x0: float,
                y0: float, width: float = k.INNER) -> tuple[str, float, float]:
    """The island at (x0, y0) in at most ``width``: its heading, the grid with its coordinates along the
    edges; returns the markup, its width and height."""
    places = _places(clicks)
    isl = Island(obs, x0, y0, list(places), width)
    moves = _horse_moves(clicks)
    actions = _space_actions(obs, clicks, moves)
    pieces = _pieces(obs)
    out = [k.text(x0, y0 + 15, "Island", k.HEAD, "#111", weight="bold"),
           k.text(x0 + 58, y0 + 15, "a space (x, y) is column x, row y, as the log names it", k.SMALL, "#444"),
           _edges(isl.x0, isl.y0, isl.cell, isl.minx, isl.miny, isl.cols, isl.rows)]
    for x, y in isl.coast:
        out.append(_space(isl, x, y, None, pieces.get((x, y), {"leaders": []}), actions.get((x, y)),
                          places.get((x, y), []), names, clicks, moves.get((x, y), [])))
    for (x, y), cell in isl.cells.items():
        out.append(_space(isl, x, y, cell, pieces.get((x, y), {"leaders": []}), actions.get((x, y)),
                          places.get((x, y), []), names, clicks, moves.get((x, y), [])))
    return "".join(out), LABEL_W + isl.width, HEADING_H + 2 * LABEL_H + isl.height
