"""Every scoring tile and the final scoring, on hand-built territories."""

from __future__ import annotations

import pytest

from meeple.games.isle_of_skye import scoring as sc
from meeple.games.isle_of_skye.territory import Placed, analyse
from tests.isle_of_skye.helpers import CASTLE, SAMPLE, territory


def blocks(*cells: tuple[int, int]) -> Placed:
    """Positions only (terrain ignored) for the purely geometric tiles."""
    return {cell: (5, 0) for cell in cells} | {(0, 0): (0, 0)}


def test_all_sixteen_tiles_exist() -> None:
    assert len(sc.SCORING_TILES) == 16
    assert all((t.points is None) != (t.measure is None) for t in sc.SCORING_TILES.values())
    assert set(sc.FIRST_GAME) <= set(sc.SCORING_TILES)


def test_squares_of_four_may_overlap() -> None:
    assert sc.squares_of_four(analyse(blocks((1, 0), (0, 1)))) == 0
    assert sc.squares_of_four(analyse(blocks((1, 0), (0, 1), (1, 1)))) == 2
    # A 3x2 block holds two overlapping squares.
    assert sc.squares_of_four(analyse(blocks((1, 0), (2, 0), (0, 1), (1, 1), (2, 1)))) == 4


def test_vertical_lines_count_each_unbroken_run_once() -> None:
    assert sc.vertical_lines(analyse(blocks((0, 1)))) == 0
    assert sc.vertical_lines(analyse(blocks((0, 1), (0, 2)))) == 3
    assert sc.vertical_lines(analyse(blocks((0, 1), (0, 2), (0, 3), (0, 4)))) == 3
    # A gap breaks the column; a horizontal row does not count.
    assert sc.vertical_lines(analyse(blocks((0, 1), (0, 2), (0, 4), (0, 5), (0, 6)))) == 6
    assert sc.vertical_lines(analyse(blocks((1, 0), (2, 0), (3, 0)))) == 0


def test_sample_territory_individual_tiles() -> None:
    t = territory(SAMPLE)
    assert sc.completed_areas(t) == 2  # the mountain pass and the loch
    assert sc.large_completed_areas(t) == 3  # only the mountain spans 3 tiles
    assert sc.completed_mountains(t) == 2
    assert sc.largest_completed_water(t) == 2  # a one-tile loch
    assert sc.sheep(t) == 2
    assert sc.brochs_in_mountains(t) == 1
    assert sc.building_sets(t) == 0  # no lighthouse
    assert sc.farm_animals(t) == 1  # the sheep on farm tile 14; tile 70 is two squares from tile 9
    assert sc.cattle_on_roads(t) == 4  # two cattle on tile 70, joined to the castle
    assert sc.road_tiles(t) == 1  # tile 70; the castle itself is not counted
    assert sc.vertical_lines(t) == 3
    assert sc.lighthouse_harbours(t) == 0


def test_largest_completed_water_area() -> None:
    # Tile 14 turned 180 shows water only on its West edge: East of the castle it closes
    # the castle's water into a two-tile lake; tile 9 adds a one-tile inland loch.
    t = territory({**CASTLE, (1, 0): (14, 2), (0, -1): (9, 0)})
    lakes = sorted(a.size for a in t.areas if a.terrain == "w" and a.completed)
    assert lakes == [1, 2]
    assert sc.largest_completed_water(t) == 4
    assert sc.completed_areas(t) == 2


def test_farm_animals_count_diagonal_neighbours_once() -> None:
    # Farm tile 32 (1 sheep, 1 cattle) North of the castle; tile 12 (1 sheep, 1 cattle) East of
    # the castle, diagonal to the farm; tile 70 (1 sheep, 2 cattle) two rows South of the farm.
    placed = {**CASTLE, (0, 1): (70, 0), (0, -1): (32, 0), (1, 0): (12, 0)}
    t = territory(placed)
    assert sc.farm_animals(t) == 4


def test_brochs_in_one_mountain_area_cap_at_six() -> None:
    t = territory(SAMPLE)
    area = next(a for a in t.areas if a.terrain == "m" and a.completed)
    for brochs, points in [(0, 0), (1, 1), (2, 3), (3, 6), (5, 6)]:
        area.features["broch"] = brochs
        assert sc.brochs_in_mountains(t) == points


def test_sets_of_broch_farm_lighthouse() -> None:
    # Tile 34 has a broch and a lighthouse; tile 14 a farm.
    placed = {**CASTLE, (-1, 0): (14, 1), (0, 1): (34, 0)}
    t = territory(placed)
    assert (t.count("broch"), t.count("farm"), t.count("lighthouse")) == (1, 1, 1)
    assert sc.building_sets(t) == 5


def test_harbour_needs_a_ship_and_a_lighthouse_in_one_water_area() -> None:
    # Tile 10 East of the castle: its bay (ship + lighthouse) joins the castle's water.
    t = territory({**CASTLE, (1, 0): (10, 0)})
    assert sc.lighthouse_harbours(t) == 3
    # Tile 11 has a lighthouse but no ship.
    t = territory({**CASTLE, (1, 0): (11, 0)})
    assert sc.lighthouse_harbours(t) == 0


@pytest.mark.parametrize(
    ("values", "points"),
    [
        ([3, 1], [5, 2]),
        ([3, 3, 1], [5, 5, 0]),  # tied firsts: no second place paid
        ([3, 1, 1], [5, 2, 2]),  # tied seconds all get 2
        ([0, 0], [0, 0]),  # nobody has any
        ([2, 0, 0], [5, 0, 0]),  # a player with none gets nothing, even as "second"
        ([0, 4, 2, 4, 1], [0, 5, 0, 5, 0]),
    ],
)
def test_majority_tie_rules(values: list[int], points: list[int]) -> None:
    assert sc.majority_points(values) == points


def test_majority_tiles_measure_whisky_tiles_ships_and_gold() -> None:
    sample = territory(SAMPLE)  # whisky on 2 tiles, 1 ship
    castle = territory(CASTLE)
    assert sc.score_tile("whisky", [sample, castle], [0, 0]) == [5, 0]
    assert sc.score_tile("ships", [castle, sample], [0, 0]) == [0, 5]
    assert sc.score_tile("gold", [castle, castle, castle], [4, 9, 4]) == [2, 5, 2]
    assert sc.score_tile("gold", [castle, castle], [0, 0]) == [0, 0]


def test_scroll_halves_round_down_and_double_in_a_completed_area() -> None:
    # Tile 8 (broch scroll on its mountain) West of the castle closes the mountain: doubled.
    # Tile 17 below the castle brings a broch on its island hill.
    closed = territory({**CASTLE, (-1, 0): (8, 3), (0, 1): (17, 1)})
    assert sc.scroll_points(closed) == [("broch", 2, True)]
    # North of the castle the scroll's mountain faces an empty square: not doubled.
    open_ = territory({**CASTLE, (0, -1): (8, 3), (0, 1): (17, 1)})
    assert sc.scroll_points(open_) == [("broch", 1, False)]


def test_scroll_counts_pairs_rounded_down() -> None:
    t = territory(SAMPLE)
    assert sc.scroll_base("sheep", t) == 1  # 2 sheep
    assert sc.scroll_base("whisky", t) == 1  # 2 whisky tiles
    assert sc.scroll_base("ship", t) == 0  # 1 ship: no half points
    assert sc.scroll_base("cattle", t) == 2
    assert sc.scroll_base("farm", t) == 2


def test_gold_is_worth_one_point_per_five() -> None:
    assert [sc.gold_points(g) for g in (0, 4, 5, 9, 10, 23)] == [0, 0, 1, 1, 2, 4]
