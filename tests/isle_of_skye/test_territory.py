"""Areas, completed areas and roads on hand-built territories."""

from __future__ import annotations

from meeple.games.isle_of_skye.territory import Area, Placed, connected_whisky_tiles, road_connected
from tests.isle_of_skye.helpers import CASTLE, SAMPLE, territory


def areas_by_terrain(placed: Placed, terrain: str) -> list[Area]:
    return [a for a in territory(placed).areas if a.terrain == terrain]


def test_castle_alone_has_only_open_areas() -> None:
    t = territory(CASTLE)
    assert sorted(a.terrain for a in t.areas) == ["g", "m", "w"]
    assert not any(a.completed for a in t.areas)
    assert t.road_connected == {(0, 0)}


def test_area_closes_when_every_edge_meets_another_tile() -> None:
    # Tile 14 turned 90 degrees shows mountain only on its East edge; put West of the
    # castle it closes the castle's mountain into a completed two-tile area.
    placed = {**CASTLE, (-1, 0): (14, 1)}
    (mountain,) = areas_by_terrain(placed, "m")
    assert mountain.completed and mountain.size == 2


def test_area_open_at_an_empty_neighbour() -> None:
    # Tile 40's mountain runs on three edges: two of them face empty squares.
    placed = {**CASTLE, (-1, 0): (40, 2)}
    mountain = next(a for a in areas_by_terrain(placed, "m") if (0, 0) in a.cells)
    assert mountain.cells == {(0, 0), (-1, 0)}
    assert not mountain.completed


def test_sample_territory_areas() -> None:
    t = territory(SAMPLE)
    completed = [a for a in t.areas if a.completed]
    assert sorted((a.terrain, a.size) for a in completed) == [("m", 3), ("w", 1)]
    mountain = next(a for a in completed if a.terrain == "m")
    assert mountain.cells == {(-2, 0), (-1, 0), (0, 0)} and mountain.features == {"broch": 1}
    loch = next(a for a in completed if a.terrain == "w")
    assert loch.cells == {(0, -1)} and loch.features == {"ship": 1}
    # The pasture through the castle joins three tiles and stays open.
    pasture = next(a for a in t.areas if a.terrain == "g" and (0, 0) in a.cells)
    assert pasture.cells == {(0, -1), (0, 0), (0, 1)} and not pasture.completed


def test_two_separate_regions_of_one_terrain_stay_separate() -> None:
    # Tile 64's mountain ridge splits its pasture into a North and a South part.
    t = territory({**CASTLE, (-1, 0): (64, 0)})
    pastures = [a for a in t.areas if a.terrain == "g" and (-1, 0) in a.cells]
    assert len(pastures) == 2


def test_roads_join_only_where_both_tiles_have_a_road() -> None:
    connected = road_connected(SAMPLE)
    # Tile 70 has a road on the edge it shares with the castle's southern road.
    assert (0, 1) in connected
    # Tile 9 has no road on its South edge, although the castle's road leaves North.
    assert (0, -1) not in connected
    # Tile 64 has no road on its East edge, although the castle's road leaves West.
    assert (-1, 0) not in connected


def test_roads_continue_through_several_tiles() -> None:
    # Tile 43 (roads N, S, W) North of the castle, and tile 70 North of it.
    placed = {**CASTLE, (0, -1): (43, 0), (0, -2): (70, 0)}
    assert road_connected(placed) == {(0, 0), (0, -1), (0, -2)}
    assert connected_whisky_tiles(placed) == 2


def test_whisky_income_counts_only_road_connected_tiles() -> None:
    assert connected_whisky_tiles(SAMPLE) == 1  # tile 70; tile 64's whisky is cut off
