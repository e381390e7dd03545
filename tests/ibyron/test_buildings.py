"""Every building: where it may stand, what it costs and what it does; and the rulebook's explore example."""

from __future__ import annotations

import pytest
from ibyron_helpers import cell, notations, start, turn_to

from meeple.games.ibyron.data import COINS, FOOD, GOLD, ORE, STONE, WOOD, B
from meeple.games.ibyron.rules import IbyronState

# build site (x, y) on the starting 2-player island for each site type
SITES = {"forest": (5, 6), "field": (7, 7), "mountain": (5, 7)}


def ready(s: IbyronState, x: int, y: int) -> None:
    """Seat 0 rich in everything, leader at (x, y)."""
    s.res[0][WOOD] = s.res[0][ORE] = s.res[0][STONE] = s.res[0][GOLD] = 20
    s.permits[0] = 5
    s.horses[0] = 3
    s.cubes[0] = 3
    s.leader[0] = cell(x, y)
    turn_to(s, 0)
    s.step = 3  # after moving: an action now


@pytest.mark.parametrize(
    ("building", "site", "spent"),
    [
        ("lumber_mill", "forest", {WOOD: 5}),
        ("refinery", "mountain", {STONE: 5}),
        ("stable", "forest", {WOOD: 5}),
        ("church", "field", {STONE: 4, WOOD: 2}),
        ("court_house", "field", {WOOD: 3, STONE: 3}),
        ("guild_hall", "mountain", {WOOD: 4, STONE: 4, ORE: 2}),
    ],
)
def test_island_building_costs_and_site(building: str, site: str, spent: dict[int, int]) -> None:
    s = start(buildings=("garden", "bank"))
    for other in {"forest", "field", "mountain"} - {site}:
        ready(s, *SITES[other])
        assert f"build {building}" not in notations(s)  # wrong terrain
    ready(s, *SITES[site])
    before = s.res[0].copy()
    s.apply(f"build {building}")
    for res, amount in spent.items():
        assert before[res] - s.res[0][res] == amount
    discs = {"lumber_mill": 1, "refinery": 1, "stable": 2, "church": 2, "court_house": 2, "guild_hall": 3}[building]
    assert s.in_buildings[0] == 1 + discs and s.supply[0] == 14 - discs and s.permits[0] == 4
    assert s.buildings[cell(*SITES[site])] == (0, (B[building],))


def test_building_effects() -> None:
    s = start(buildings=("garden", "bank"))
    ready(s, 5, 7)
    s.apply("build guild_hall")
    assert s.tech[0] == [1, 1, 2] and s.cubes[0] == 4
    ready(s, 7, 7)
    food = s.res[0][FOOD]
    s.apply("build church")
    assert s.res[0][FOOD] == food + 2
    ready(s, 5, 6)
    s.apply("build stable")
    assert s.horses[0] == 1  # paid 2 of 3
    s.horses[0] = 3
    turn_to(s, 0)
    s.apply("forfeit")
    assert s.horses[0] == 2  # the stable keeps two


def test_harbour_stands_on_the_starting_farm_and_enables_ships() -> None:
    s = start(buildings=("garden", "bank"))
    ready(s, 5, 6)
    assert "build harbour" not in notations(s)
    ready(s, 4, 6)  # the home field of seat 0 (the first field offered)
    s.apply("build harbour")
    assert s.buildings[cell(4, 6)] == (0, (-1, B["harbour"])) and s.tallest[0] == 2
    turn_to(s, 0)
    assert "ship" in notations(s)


def test_trade_needs_a_court_house(game: IbyronState) -> None:
    s = game
    s.res[0][GOLD] = 1
    s.supply[0], s.vbox[0] = 0, 3
    turn_to(s, 0)
    s.apply("visit market")
    assert "trade gold" not in notations(s)


def test_castle_gate_needs_three_tech_cubes_and_no_castle_yet() -> None:
    s = start()
    ready(s, 7, 7)
    s.cubes[0] = 2
    assert "build castle_gate" not in notations(s)
    s.cubes[0] = 3
    s.apply("build castle_gate")
    ready(s, 7, 6)
    assert "build castle_gate" not in notations(s)


def test_purple_explore_example() -> None:
    """The rulebook's explore example: one disc left, a 2-disc church so each point moves 2 spaces;
    the new tile may lie on the tile the leader stands on but not over the church; one overseer is free."""
    s = start()
    turn_to(s, 0)
    s.held[0] = 6
    s.supply[0] = 1  # one worker left
    s.leader[0] = cell(4, 7)
    s.buildings[cell(5, 6)] = (0, (B["church"],))  # the church on the forest next to home
    s.tallest[0] = 2
    s.overseer[0][1] = cell(9, 9)  # the other overseer is in use
    s.camps[cell(9, 9)] = (0, 0, 1)
    # one point moves 2 spaces: off the edge to (3,7) or along to (6,7), but not 3 spaces to (7,7)
    assert "move 3 7 0" in notations(s) and "move 6 7 0" in notations(s)
    assert "move 7 7 0" not in notations(s)
    s.apply("move 6 7 0")  # the last worker pays the move; exploring itself costs no disc
    assert s.supply[0] == 0
    legal = notations(s)
    # corner 1 of a tile at (5,7): covers (5,7),(6,7),(6,8),(5,8): mixed heights -> no
    # corner 3 at (6,6): covers (6,6),(7,6),(7,7),(6,7): all level 1, nothing on them -> yes
    assert any(n.startswith("explore 3") for n in legal)
    # corner 2 at (5,6): would cover the church -> not allowed
    assert not any(n.startswith("explore 2") for n in legal)
    s.apply("explore 3 0")
    assert s.height[cell(6, 7)] == 2 and s.step == 4 and s.supply[0] == 0 and s.vbox[0] == 1
    assert notations(s) == ["oversee 0", "oversee 1", "oversee 2", "oversee 3", "done"]
    s.apply("oversee 2")
    assert s.current == 1  # no overseer left: the turn passes


def test_coins_cap_and_track_limits(game: IbyronState) -> None:
    s = game
    s.res[0][COINS] = 29
    s.tech[0][2] = 4
    s.supply[0], s.vbox[0] = 0, 3
    turn_to(s, 0)
    s.apply("visit tax")
    assert s.res[0][COINS] == 30


def test_the_foundry_swap_is_offered_only_for_four_stone_or_more() -> None:
    s = start(buildings=("foundry", "foundry"))
    turn_to(s, 0)
    s.permits[0] = 1
    s.res[0][WOOD], s.res[0][STONE], s.res[0][ORE] = 5, 5, 1
    s.apply("move 5 6 0")  # a forest: the Lumber Mill (5 wood, no stone) has no swap
    assert "build lumber_mill" in notations(s) and "build lumber_mill foundry" not in notations(s)
    turn_to(s, 0)
    s.leader[0] = cell(5, 7)  # a mountain: the Refinery costs 5 stone
    assert "build refinery" in notations(s) and "build refinery foundry" in notations(s)
    s.apply("build refinery foundry")
    assert (s.res[0][STONE], s.res[0][ORE]) == (2, 0)


def test_a_ship_needs_a_reserve_stack_still_on_the_mat() -> None:
    s = start()
    turn_to(s, 0)
    s.built[0][B["harbour"]] = 1
    s.res[0][WOOD] = 4
    s.reserve[0] = []
    assert "ship" not in notations(s)
    s.reserve[0] = [1]
    assert "ship" in notations(s)
