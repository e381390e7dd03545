"""Every scoring tile and the final scoring, on hand-built territories."""

from __future__ import annotations

import pytest

from meeple.games.isle_of_skye import round_sequence
from meeple.games.isle_of_skye import scoring as sc
from meeple.games.isle_of_skye.actions import OVER
from meeple.games.isle_of_skye.data import TILES
from meeple.games.isle_of_skye.territory import Placed, analyse, connected_whisky_tiles
from tests.isle_of_skye.helpers import CASTLE, SAMPLE, new_state, territory


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


# Tile 13: 2 sheep on one tile (pasture North once turned 90, facing the castle's South).
TWO_SHEEP = {**CASTLE, (0, 1): (13, 1)}
# Tile 47: 2 ships on one tile (water West once turned 90, facing the castle's East);
# tile 10: 1 ship, unturned, water West.
TWO_SHIPS = {**CASTLE, (1, 0): (47, 1)}
ONE_SHIP = {**CASTLE, (1, 0): (10, 0)}


def test_large_areas_need_three_tiles_and_mountains_need_closing() -> None:
    # Completed water areas of 1 and 2 tiles: no large area.
    small = territory({**CASTLE, (1, 0): (14, 2), (0, -1): (9, 0)})
    assert sorted(a.size for a in small.areas if a.completed) == [1, 2]
    assert sc.large_completed_areas(small) == 0
    # An open mountain area scores nothing on the mountains tile, nor on the broch tile's
    # "completed" reading: brochs count in open areas too.
    open_mountain = territory({**CASTLE, (-1, 0): (40, 2)})
    assert sc.completed_mountains(open_mountain) == 0
    assert sc.brochs_in_mountains(open_mountain) == 1


def test_an_animal_on_a_farm_next_to_another_farm_scores_once() -> None:
    # Farm tile 32 (1 sheep, 1 cattle) North of the castle and farm tile 14 (1 sheep) West
    # of it lie diagonally next to each other: each animal stands on a farm tile and next
    # to another farm, and still scores 1 VP (RULES.md, "The 16 scoring tiles", farm-animals).
    t = territory({**CASTLE, (0, -1): (32, 0), (-1, 0): (14, 1)})
    assert sc.farm_animals(t) == 3


def test_the_sheep_tile_and_the_sheep_scroll_count_figures_not_tiles() -> None:
    # Rule: "1 VP for each sheep"; scroll "1 VP for every 2 sheep".
    assert TILES[13].count("sheep") == 2
    t = territory(TWO_SHEEP)
    assert sc.sheep(t) == 2
    assert sc.scroll_base("sheep", t) == 1


def test_the_ships_majority_and_the_ship_scroll_count_figures_not_tiles() -> None:
    # Rule: most ships (figures); one tile with 2 ships beats one tile with 1 ship.
    assert (TILES[47].count("ship"), TILES[10].count("ship")) == (2, 1)
    two, one = territory(TWO_SHIPS), territory(ONE_SHIP)
    assert sc.score_tile("ships", [two, one], [0, 0]) == [5, 2]
    assert sc.scroll_base("ship", two) == 1 and sc.scroll_base("ship", one) == 0


def test_the_whisky_majority_counts_every_whisky_tile_not_only_road_linked_ones() -> None:
    # Rule: "most tiles with barrels of whisky in their clan territory" (income alone asks
    # for roads). SAMPLE has whisky on tile 64 (no road to the castle) and tile 70 (joined).
    sample, one = territory(SAMPLE), territory({**CASTLE, (0, 1): (70, 0)})
    assert connected_whisky_tiles(SAMPLE) == 1 and sample.tiles_with("whisky") == 2
    assert sc.score_tile("whisky", [sample, one], [0, 0]) == [5, 2]
    assert sc.scroll_base("whisky", sample) == 1


def test_final_scoring_adds_scrolls_and_gold() -> None:
    state = new_state(2)
    state.placed[0] = {(0, 0): (0, 0), (-1, 0): (8, 3), (0, 1): (17, 1)}  # a doubled broch scroll: 2
    state.gold = [12, 4]
    state.vp = [10, 10]
    round_sequence.final_scoring(state, [analyse(p) for p in state.placed])
    assert state.vp == [10 + 2 + 2, 10]
    assert state.final is not None and state.final[0]["scrolls"] == [["broch", 2, True]]
    assert state.is_over and state.winners == (0,)


def test_two_scrolls_of_one_kind_each_score() -> None:
    # Rule: every scroll tile placed scores at the end; two cattle scrolls (tiles 48 and
    # 68) with tile 70's 2 cattle give 2 VP each, 4 in all, added to the final total.
    placed = {**CASTLE, (0, -1): (48, 0), (1, 0): (68, 0), (0, 1): (70, 0)}
    t = territory(placed)
    assert t.count("cattle") == 2
    assert sc.scroll_points(t) == [("cattle", 2, False), ("cattle", 2, False)]
    state = new_state(2)
    state.placed[0] = placed
    state.vp = [0, 0]
    state.gold = [0, 0]
    round_sequence.final_scoring(state, [territory(p) for p in state.placed])
    assert state.vp == [4, 0]


def test_tie_broken_by_leftover_gold() -> None:
    state = new_state(3)
    state.phase = OVER
    state.vp = [20, 20, 19]
    state.gold = [3, 4, 50]
    assert state.winners == (1,)
    state.gold = [4, 4, 50]
    assert list(state.winners) == [0, 1]
