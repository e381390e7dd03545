"""The grid the island lies on can never bind (RULES.md, "The island"): every placement and every move the
rules allow lies on it, however the tiles are laid."""

from __future__ import annotations

import copy
import io
import random

import pytest
from ibyron_helpers import cell, start, turn_to
from rich.console import Console

import meeple
import meeple.games.ibyron as ib
from meeple.games.ibyron.data import (
    DATA,
    LOW,
    S_MOVED,
    S_PLACE,
    S_TURN,
    DataError,
    check,
    grid_reach,
)
from meeple.games.ibyron.island import HIGH, can_place, cell_of, xy
from meeple.games.ibyron.rules import IbyronState

# Solo, seed 280: three tiles laid northwards in a row bring the island to y = 0, the first grid's top row
# (0..13); the fourth round's tile may go north of it, which that grid could not offer.
TO_THE_OLD_EDGE = [
    "start garden", "home center 3", "move 7 5 2", "forfeit", "visit tax mayor", "visit tax", "leave", "bonus 6",
    "place 6 4 2", "extra", "place 7 2 2", "extra", "place 8 0 1", "extra",
]


def test_a_tile_touching_the_island_at_the_old_edge_may_be_laid_past_it() -> None:
    s = meeple.new_game("ibyron", players=1, seed=280)
    for move in TO_THE_OLD_EDGE:
        s.apply(move)
    assert isinstance(s, IbyronState) and s.step == S_PLACE
    assert min(xy(c)[1] for c in s.land) == 0
    legal = [str(a) for a in s.legal_actions()]
    assert "place 8 -2 0" in legal  # on the sea, along the top of (8, 0)-(9, 0)
    s.apply("place 8 -2 0")
    assert s.height[cell_of(8, -2)] == 1 and s.height[cell_of(9, -1)] == 1


# The reach of the island and its coast by player count: (west, north, east, south). The set-up tiles span
# x 4..7 (solo) or 4..9, y 6..7 (1-2 players), 4..7 (3) or 4..9 (4); the supply holds 10 - players tiles,
# each reaching 2 spaces further, and the coast is one space beyond.
REACH = {1: (-15, -13, 26, 26), 2: (-13, -11, 26, 24), 3: (-11, -11, 24, 22), 4: (-9, -9, 22, 22)}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_reach_of_the_island_is_derived_from_the_tiles_and_lies_on_the_grid(players: int) -> None:
    assert grid_reach(DATA["tiles"], players) == REACH[players]
    west, north, east, south = REACH[players]
    assert min(west, north) >= LOW and max(east, south) <= HIGH


def test_a_grid_the_island_could_outgrow_is_refused_when_the_data_loads() -> None:
    raw = copy.deepcopy(DATA)
    raw["grid"]["size"] -= 1  # one space short in the east and south
    with pytest.raises(DataError, match=r"with 1 player\(s\) .* x -15\.\.26"):
        check(raw)


def _chain(s: IbyronState, step: tuple[int, int]) -> list[tuple[int, int]]:
    """Lay every tile of the supply in a straight line from the centre tile's row or column, each on the sea
    touching the last (checked by the rules' ``can_place``); the anchors used."""
    dx, dy = step
    laid = []
    land = [xy(c) for c in s.land]
    for tile in list(s.tiles):
        if dx:
            edge = min(x for x, y in land if y == 6) if dx < 0 else max(x for x, y in land if y == 6)
            anchor = (edge - 2, 6) if dx < 0 else (edge + 1, 6)
        else:
            edge = min(y for x, y in land if x == 6) if dy < 0 else max(y for x, y in land if x == 6)
            anchor = (6, edge - 2) if dy < 0 else (6, edge + 1)
        assert can_place(*anchor, s.height, s._blocked()), anchor
        s.lay_tile(tile, *anchor, 0)
        land = [xy(c) for c in s.land]
        laid.append(anchor)
    return laid


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_straight_chain_of_the_supply_reaches_exactly_the_bound(players: int) -> None:
    """The bound is exact: the chain ends, with its coast, on the reach in each direction."""
    west, north, east, south = REACH[players]
    for step, where in (((-1, 0), west), ((0, -1), north), ((1, 0), east), ((0, 1), south)):
        s = ib.INFO.new(players, 0)
        assert isinstance(s, IbyronState)
        _chain(s, step)
        coast = [xy(c) for c in s.coast]
        if step[0]:
            assert min(x for x, _ in coast) == where if step[0] < 0 else max(x for x, _ in coast) == where
        else:
            assert min(y for _, y in coast) == where if step[1] < 0 else max(y for _, y in coast) == where


def _touching_anchors(s: IbyronState) -> list[tuple[int, int]]:
    """Every top-left corner of a tile on the sea touching the island, on an unbounded plane."""
    land = {xy(c) for c in s.land}
    out = []
    for ax in range(min(x for x, _ in land) - 2, max(x for x, _ in land) + 2):
        for ay in range(min(y for _, y in land) - 2, max(y for _, y in land) + 2):
            cells = ((ax, ay), (ax + 1, ay), (ax + 1, ay + 1), (ax, ay + 1))
            if any(c in land for c in cells):
                continue
            if any((x + dx, y + dy) in land for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                out.append((ax, ay))
    return out


@pytest.mark.parametrize(("players", "options"), [(1, {}), (2, {"mode": "beginner"}), (2, {}), (4, {})])
def test_at_every_tile_decision_of_random_games_every_placement_on_the_sea_is_offered(
        players: int, options: dict[str, str]) -> None:
    """Random play, laying the round's tile as far out as it is offered: no placement touching the island is
    ever off the grid, and at the place step every one of them is offered."""
    decisions = 0
    past_the_old_grid = False  # the first grid ran 0..13 on either axis
    for seed in range(3):
        s = ib.INFO.new(players, seed, **options)
        assert isinstance(s, IbyronState)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            deciding = s.step == S_PLACE or (s.held[p] >= 0 and s.step in (S_TURN, S_MOVED))
            if deciding:
                decisions += 1
                anchors = _touching_anchors(s)
                assert all(LOW <= ax < HIGH and LOW <= ay < HIGH for ax, ay in anchors)
                if s.step == S_PLACE:
                    offered = {str(a) for a in s.legal_actions(p)}
                    assert all(f"place {ax} {ay} 0" in offered for ax, ay in anchors)
            legal = s.legal_actions(p)
            if s.step == S_PLACE:  # the farthest from the centre tile, so that the island spreads
                s.apply(max(legal, key=lambda a: (abs(int(a[1]) - 6.5) + abs(int(a[2]) - 6.5), str(a))), p)
            else:
                s.apply(rng.choice(legal), p)
        past_the_old_grid |= any(not (0 <= x <= 13 and 0 <= y <= 13) for x, y in map(xy, s.land))
    assert decisions > 20 and past_the_old_grid


def test_the_views_show_spaces_and_offer_placements_past_the_old_edge() -> None:
    """Negative coordinates reach the board: the placement north of y = 0 is a click, and the text view's
    columns and rows follow the island (its bounding box and the coast, not the whole grid)."""
    s = meeple.new_game("ibyron", players=1, seed=280)
    for move in TO_THE_OLD_EDGE:
        s.apply(move)
    legal = [str(a) for a in s.legal_actions()]
    svg = s.info.svg_view(s.observation(0), legal)
    assert 'data-action="place 8 -2 0"' in svg
    s.apply("place 8 -2 0")
    console = Console(width=400, record=True, file=io.StringIO())
    console.print(s.info.text_view(s.observation(0), [str(a) for a in s.legal_actions()]))
    rows = [line.split("│")[1].strip() for line in console.export_text().splitlines() if line.count("│") > 2]
    assert "-3" in rows and "-2" in rows and "20" not in rows  # the coast above the new tile, nothing far off


def test_a_tile_is_explored_from_the_coast_to_negative_coordinates() -> None:
    """The island may grow past any edge a smaller grid would have: with the island reaching x = 0, a leader
    on the sea beside it explores westwards, to negative coordinates."""
    s = start()
    s.lay_tile(5, 2, 6, 0)
    s.lay_tile(6, 0, 6, 0)  # the island reaches x = 0
    s.held[0] = 7
    turn_to(s, 0)
    s.leader[0] = cell(0, 6)
    with pytest.raises(meeple.IllegalAction, match="must touch the island"):
        s.apply("explore 1 0")  # its top-right corner on (0, 6): half on land and half on the sea
    s.apply("move -1 6 0")  # to the coast, west of x = 0
    s.apply("explore 1 0")  # its top-right corner on (-1, 6): the tile lies on x = -2..-1
    assert [xy(c) for c in s.land[:2]] == [(-2, 6), (-1, 6)] and s.height[cell(-2, 7)] == 1
