"""The 16 scoring tiles and the final scoring, each a small pure function.

Every individual tile is ``points(territory) -> int``. The three majority
tiles measure one number per player (``measure(territory, gold) -> int``) and
share :func:`majority_points`. Identifiers and titles are ours (no official
names are known); the effects follow the rulebook's summary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict

from meeple.games.isle_of_skye.data import TILES
from meeple.games.isle_of_skye.territory import Territory
from meeple.games.isle_of_skye.territory_index import (
    BROCH_SHIFT,
    LIGHTHOUSE_SHIFT,
    MASK,
    SHIP_SHIFT,
    SIZE_SHIFT,
    TerritoryIndex,
)

# Per tile, what the scoring tiles below ask of it (read once here: scoring runs every round).
IS_FARM = tuple(bool(tile.count("farm")) for tile in TILES)
ANIMALS = tuple(tile.count("sheep") + tile.count("cattle") for tile in TILES)
CATTLE = tuple(tile.count("cattle") for tile in TILES)
IS_CASTLE = tuple(tile.kind == "castle" for tile in TILES)
NEAR = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
# The 3x3 block around each square asked so far (``around``), made once per square.
AROUND: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


def around(pos: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """``pos`` and the 8 squares around it (in ``NEAR`` order)."""
    found = AROUND.get(pos)
    if found is None:
        x, y = pos
        found = AROUND[pos] = tuple((x + dx, y + dy) for dx, dy in NEAR)
    return found


# ------------------------------------------------------------ individual tiles
def squares_of_four(t: Territory) -> int:
    """2 VP per 2x2 block of tiles; blocks may overlap."""
    cells = t.placed
    blocks = 0
    for x, y in cells:  # (loops written out in this module: no generator frames, scoring runs every round)
        if (x + 1, y) in cells and (x, y + 1) in cells and (x + 1, y + 1) in cells:
            blocks += 1
    return 2 * blocks


def completed_areas(t: Territory) -> int:
    """1 VP per completed area, whatever its terrain."""
    return sum(1 for a in t.area_facts if a.completed)


def sheep(t: Territory) -> int:
    """1 VP per sheep."""
    return t.count("sheep")


def large_completed_areas(t: Territory) -> int:
    """3 VP per completed area spanning at least 3 tiles."""
    return 3 * sum(1 for a in t.area_facts if a.completed and a.size >= 3)


BROCH_AREA_POINTS = (0, 1, 3, 6)  # by brochs in one mountain area, capped at 3


def brochs_in_mountains(t: Territory) -> int:
    """1/3/6 VP per mountain area holding 1/2/3 or more brochs."""
    return sum(BROCH_AREA_POINTS[min(3, a.brochs)] for a in t.area_facts if a.terrain == "m")


def building_sets(t: Territory) -> int:
    """5 VP per set of one broch, one farm and one lighthouse."""
    return 5 * min(t.count("broch"), t.count("farm"), t.count("lighthouse"))


def farm_animals(t: Territory) -> int:
    """1 VP per sheep or cattle on a farm tile or on one of the 8 tiles around a farm tile."""
    farms = {pos for pos, (tid, _rot) in t.placed.items() if IS_FARM[tid]}
    if not farms:
        return 0
    total = 0
    for pos, (tid, _rot) in t.placed.items():
        animals = ANIMALS[tid]
        if animals:
            for square in AROUND.get(pos) or around(pos):
                if square in farms:
                    total += animals
                    break
    return total


def cattle_on_roads(t: Territory) -> int:
    """2 VP per cattle on a tile joined to the castle by roads."""
    placed = t.placed
    cattle = 0
    for pos in t.road_connected:
        cattle += CATTLE[placed[pos][0]]
    return 2 * cattle


def lighthouse_harbours(t: Territory) -> int:
    """3 VP per water area with at least one ship and at least one lighthouse beside it."""
    return 3 * sum(1 for a in t.area_facts if a.terrain == "w" and a.ships and a.lighthouses)


def vertical_lines(t: Territory) -> int:
    """3 VP per unbroken North-South run of at least 3 tiles (each maximal run counts once)."""
    placed = t.placed
    lines = 0
    for x, y in placed:
        if (x, y - 1) in placed:
            continue  # not the top of a run
        length = 1
        while (x, y + length) in placed:
            length += 1
        if length >= 3:
            lines += 1
    return 3 * lines


def road_tiles(t: Territory) -> int:
    """1 VP per tile, other than the castle, joined to the castle by roads."""
    placed = t.placed
    tiles = 0
    for pos in t.road_connected:
        if not IS_CASTLE[placed[pos][0]]:
            tiles += 1
    return tiles


def largest_completed_water(t: Territory) -> int:
    """2 VP per tile of the largest completed water area."""
    return 2 * max((a.size for a in t.area_facts if a.terrain == "w" and a.completed), default=0)


def completed_mountains(t: Territory) -> int:
    """2 VP per completed mountain area."""
    return 2 * sum(1 for a in t.area_facts if a.terrain == "m" and a.completed)


# ---------------------------------------------------------------- majorities
def majority_points(values: list[int], first: int = 5, second: int = 2) -> list[int]:
    """Points for most / second most: tied firsts all get ``first`` and no second is paid;
    tied seconds all get ``second``; a player with 0 gets nothing."""
    points = [0] * len(values)
    positive = [v for v in values if v > 0]
    if not positive:
        return points
    best = max(positive)
    firsts = [i for i, v in enumerate(values) if v == best]
    for i in firsts:
        points[i] = first
    if len(firsts) > 1:
        return points
    rest = [v for v in positive if v < best]
    if rest:
        runner_up = max(rest)
        for i, v in enumerate(values):
            if v == runner_up:
                points[i] = second
    return points


def whisky_tiles(t: Territory, gold: int) -> int:
    return t.tiles_with("whisky")


def ships(t: Territory, gold: int) -> int:
    return t.count("ship")


def gold_held(t: Territory, gold: int) -> int:
    return gold


@dataclass(frozen=True)
class ScoringTile:
    id: str
    title: str
    text: str
    points: Callable[[Territory], int] | None = None  # individual tiles
    measure: Callable[[Territory, int], int] | None = None  # majority tiles


SCORING_TILES: dict[str, ScoringTile] = {
    s.id: s
    for s in (
        ScoringTile("squares", "Squares", "2 VP per 2x2 square of tiles (squares may overlap)", points=squares_of_four),
        ScoringTile("completed-areas", "Completed areas", "1 VP per completed area", points=completed_areas),
        ScoringTile("sheep", "Sheep", "1 VP per sheep", points=sheep),
        ScoringTile(
            "large-areas", "Large completed areas", "3 VP per completed area of 3+ tiles", points=large_completed_areas
        ),
        ScoringTile(
            "brochs", "Brochs in the hills", "1/3/6 VP per mountain area with 1/2/3+ brochs", points=brochs_in_mountains
        ),
        ScoringTile(
            "sets", "Broch, farm, lighthouse", "5 VP per set of broch + farm + lighthouse", points=building_sets
        ),
        ScoringTile("whisky", "Most whisky", "5 VP most whisky tiles, 2 VP second", measure=whisky_tiles),
        ScoringTile("ships", "Most ships", "5 VP most ships, 2 VP second", measure=ships),
        ScoringTile("gold", "Most gold", "5 VP most gold, 2 VP second", measure=gold_held),
        ScoringTile(
            "farm-animals", "Animals near farms", "1 VP per sheep/cattle on or around a farm tile", points=farm_animals
        ),
        ScoringTile(
            "cattle-roads", "Cattle on the road", "2 VP per cattle road-linked to the castle", points=cattle_on_roads
        ),
        ScoringTile(
            "harbours",
            "Harbours",
            "3 VP per water area with a ship and a lighthouse beside it",
            points=lighthouse_harbours,
        ),
        ScoringTile("columns", "Vertical lines", "3 VP per North-South line of 3+ tiles", points=vertical_lines),
        ScoringTile("roads", "Roads", "1 VP per tile road-linked to the castle", points=road_tiles),
        ScoringTile(
            "big-loch",
            "Largest loch",
            "2 VP per tile of the largest completed water area",
            points=largest_completed_water,
        ),
        ScoringTile("mountains", "Completed mountains", "2 VP per completed mountain area", points=completed_mountains),
    )
}
SCORING_IDS: tuple[str, ...] = tuple(SCORING_TILES)
# Designed: the rulebook pictures a set for a first game that we cannot see; this one is simple to read.
FIRST_GAME = ("sheep", "roads", "mountains", "farm-animals")


# ------------------------------------------------------- area tiles, read off an index
# The tiles above that read areas, asked of a territory's index (territory_index.py) directly: the same
# counts without making the facts of every area first (round scoring asks them every round).
# tests/isle_of_skye/test_fast_paths.py checks each equals its tile's function.
def _completed_areas(ix: TerritoryIndex) -> int:
    facts = ix.facts
    found = 0
    for r in ix.roots:  # (loops written out: no generator frames, asked every round)
        if not facts[r] & MASK:
            found += 1
    return found


def _large_completed_areas(ix: TerritoryIndex) -> int:
    facts = ix.facts
    found = 0
    for r in ix.roots:
        f = facts[r]
        if not f & MASK and f >> SIZE_SHIFT & MASK >= 3:
            found += 1
    return 3 * found


def _brochs_in_mountains(ix: TerritoryIndex) -> int:
    terrain, facts = ix.terrain, ix.facts
    points = 0
    for r in ix.roots:
        if terrain[r] == "m":
            points += BROCH_AREA_POINTS[min(3, facts[r] >> BROCH_SHIFT & MASK)]
    return points


def _lighthouse_harbours(ix: TerritoryIndex) -> int:
    terrain, facts = ix.terrain, ix.facts
    found = 0
    for r in ix.roots:
        if terrain[r] == "w" and facts[r] >> SHIP_SHIFT & MASK and facts[r] >> LIGHTHOUSE_SHIFT:
            found += 1
    return 3 * found


def _largest_completed_water(ix: TerritoryIndex) -> int:
    terrain, facts = ix.terrain, ix.facts
    largest = 0
    for r in ix.roots:
        f = facts[r]
        if terrain[r] == "w" and not f & MASK and f >> SIZE_SHIFT & MASK > largest:
            largest = f >> SIZE_SHIFT & MASK
    return 2 * largest


def _completed_mountains(ix: TerritoryIndex) -> int:
    terrain, facts = ix.terrain, ix.facts
    found = 0
    for r in ix.roots:
        if terrain[r] == "m" and not facts[r] & MASK:
            found += 1
    return 2 * found


FROM_INDEX: dict[str, Callable[[TerritoryIndex], int]] = {
    "completed-areas": _completed_areas,
    "large-areas": _large_completed_areas,
    "brochs": _brochs_in_mountains,
    "harbours": _lighthouse_harbours,
    "big-loch": _largest_completed_water,
    "mountains": _completed_mountains,
}


def parse_scoring_option(value: str, drawn: tuple[str, ...]) -> tuple[str, ...]:
    """The four scoring tiles on A-D: ``random`` (then ``drawn``, four tiles drawn at
    random), ``first-game`` or four ids joined by commas."""
    return chosen_scoring(value) or drawn


def chosen_scoring(value: str) -> tuple[str, ...] | None:
    """The four tiles the ``scoring`` option names, or ``None`` for ``random`` (drawn at
    set-up); a value set-up could not read is refused here, before any game is made."""
    text = value.strip().lower()
    if text == "random":
        return None
    if text == "first-game":
        return FIRST_GAME
    chosen = tuple(part.strip() for part in text.split(","))
    if len(chosen) != 4:
        raise ValueError(f"scoring must be 'random', 'first-game' or four tile ids separated by commas, got {value!r}")
    for tid in chosen:
        if tid not in SCORING_TILES:
            raise ValueError(f"unknown scoring tile {tid!r} (known: {', '.join(SCORING_IDS)})")
    if len(set(chosen)) != 4:
        raise ValueError(f"the four scoring tiles must differ, got {value!r}")
    return chosen


def score_tile(tile_id: str, territories: list[Territory], gold: list[int]) -> list[int]:
    """Points each player gets from one scoring tile."""
    tile = SCORING_TILES[tile_id]
    if tile.points is not None:
        direct = FROM_INDEX.get(tile_id)
        if direct is not None:
            return [tile.points(t) if t.index is None else direct(t.index) for t in territories]
        return [tile.points(t) for t in territories]
    assert tile.measure is not None
    return majority_points([tile.measure(t, g) for t, g in zip(territories, gold, strict=True)])


# ------------------------------------------------------------- final scoring
# What each scroll is worth, in words (views and labels).
SCROLL_TEXT = {
    "sheep": "1 VP per 2 sheep",
    "cattle": "1 VP per cattle",
    "whisky": "1 VP per 2 whisky tiles",
    "broch": "1 VP per broch",
    "ship": "1 VP per 2 ships",
    "farm": "1 VP per farm",
    "lighthouse": "1 VP per lighthouse",
}
SCROLL_DIVISOR = {"sheep": 2, "cattle": 1, "whisky": 2, "broch": 1, "ship": 2, "farm": 1, "lighthouse": 1}


def scroll_base(kind: str, t: Territory) -> int:
    """What one scroll of ``kind`` is worth before doubling (halves rounded down)."""
    amount = t.tiles_with("whisky") if kind == "whisky" else t.count(kind)
    return amount // SCROLL_DIVISOR[kind]


def scroll_points(t: Territory) -> list[tuple[str, int, bool]]:
    """Each scroll in the territory: (kind, points, doubled because its area is completed)."""
    result: list[tuple[str, int, bool]] = []
    if not any(TILES[tid].scroll for tid, _rot in t.placed.values()):
        return result
    for kind, completed in t.scrolls:
        base = scroll_base(kind, t)
        result.append((kind, base * 2 if completed else base, completed))
    return result


def gold_points(gold: int) -> int:
    return gold // 5


class FinalTally(TypedDict):
    """One seat's game-end scoring, as the observation's ``final`` lists it."""

    scrolls: list[list[Any]]  # [kind, points, doubled] per scroll tile (lists: JSON-safe)
    scroll_points: int
    gold_points: int
    total: int  # the points it had, plus scrolls and gold
    gold: int


def final_tally(territory: Territory, gold: int, points_so_far: int) -> FinalTally:
    """One seat's game-end scoring: its scrolls and its gold, added to the points it had
    (the observation's ``final`` entry, so JSON-safe lists)."""
    scrolls = scroll_points(territory)
    from_scrolls = sum(p for _kind, p, _doubled in scrolls)
    from_gold = gold_points(gold)
    return {
        "scrolls": [[kind, p, doubled] for kind, p, doubled in scrolls],
        "scroll_points": from_scrolls,
        "gold_points": from_gold,
        "total": points_so_far + from_scrolls + from_gold,
        "gold": gold,
    }
