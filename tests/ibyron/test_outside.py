"""Set-up and the other Outside actions: starting buildings and homes, exploring, ships, buildings, forfeiting."""

from __future__ import annotations

import pytest
from ibyron_helpers import cell, notations, start, turn_to

import meeple
import meeple.games.ibyron as ib
from meeple.games.ibyron.data import (
    COINS,
    DATA,
    FOOD,
    GOLD,
    ORE,
    STONE,
    WOOD,
    B,
)
from meeple.games.ibyron.rules import IbyronState

# The 2-player island at the start (x across, y down):
#   y=6:  x4 field(home 0)  x5 forest  x6 forest  x7 mountain  x8 field(home 1)  x9 mountain
#   y=7:  x4 field          x5 mountain x6 mountain x7 field   x8 field          x9 forest


# ------------------------------------------------------------------ set-up
def test_setup_components() -> None:
    s = start(buildings=("bank", "foundry"))
    # 22 discs: 6 in two reserve stacks, 1 Mayor, 1 on the home farm, 14 in the colonist supply
    assert s.supply == [14, 14]
    assert [sorted(r) for r in s.reserve] == [[1, 2], [0, 1]]  # the stacks cover the two unchosen buildings
    assert s.in_buildings == [1, 1]
    assert s.mat[0] == [True, False, False] and s.mat[1] == [False, False, True]
    assert s.horses == [1, 1] and s.barns == [1, 1]
    assert s.buildings[s.home[0]] == (0, (-1,)) and s.leader[0] == s.home[0]
    assert s.dice == sorted(s.dice) and all(1 <= d <= 6 for d in s.dice)
    assert s.round == 1 and s.step == 2


def test_bank_gives_five_coins_at_setup_and_food_starts_at_4() -> None:
    s = start(buildings=("bank", "garden"))
    base = {0: 5, 1: 0}
    for p in range(2):
        # plus whatever the random bonus space gave
        assert s.res[p][COINS] - base[p] in (0, 3)
    assert s.res[0][FOOD] == 4 and s.res[1][FOOD] in (5,)  # the garden adds one food


def test_three_players_start_with_7_food_and_cap_3() -> None:
    s = start(3)
    assert s.res[0][FOOD] == 7 and s.cap == 3
    assert start(2).cap == 4


def test_start_player_is_the_lowest_bonus_number() -> None:
    for seed in range(5):
        s = meeple.games.ibyron.INFO.new(2, seed)
        # take the bonus draw out of the generator the same way set-up does
        for p in range(2):
            s.apply("start garden", p)
            s.apply(s.legal_actions(p)[0], p)
        assert s.current == s.start_player


def test_home_must_be_a_field_of_own_tile_or_the_centre_tile() -> None:
    s = meeple.games.ibyron.INFO.new(2, 1)
    s.apply("start bank")
    assert notations(s) == ["home 0", "home 3", "home center 2", "home center 3"]
    with pytest.raises(meeple.IllegalAction):
        s.apply("home 1")  # a forest


# ----------------------------------------------------------------- explore
def test_explore_places_held_tile_under_leader_then_overseers(game: IbyronState) -> None:
    s = game
    s.held[0] = 5
    s.apply("move 3 6 0")  # off the island's west edge, on the coast
    assert s.leader[0] == cell(3, 6)
    legal = notations(s)
    # corners 1 and 2 put the tile on the sea at x2..3 touching the island; corner 0 would overlap land
    assert "explore 1 0" in legal and "explore 2 0" in legal and "explore 0 0" not in legal
    s.apply("explore 1 0")
    assert s.height[cell(3, 6)] == 1 and s.height[cell(2, 6)] == 1 and s.held[0] == -1
    assert s.step == 4  # overseers
    s.apply("oversee 0")  # reserve the tile's top-left space
    assert s.reserved[cell(2, 6)] == 0
    s.apply("done")
    assert s.current == 1


def test_stacked_tile_must_be_flat_and_cover_no_piece(game: IbyronState) -> None:
    s = game
    s.held[0] = 5
    s.apply("move 5 6 0")
    # corner 0 at (5,6) covers (5,6),(6,6),(6,7),(5,7): all level 1, no pieces -> allowed
    assert "explore 0 0" in notations(s)
    # corner 1 covers (4,6): the home farm -> not allowed
    assert "explore 1 0" not in notations(s)
    s.apply("explore 0 2")
    assert s.height[cell(6, 6)] == 2
    # rotation 2: terrain of the tile MMFA turned twice -> top-left is F
    assert s.terrain[cell(5, 6)] == 1


# ------------------------------------------------------------ ships, builds
def test_ship_needs_harbour_4_discs_4_wood(game: IbyronState) -> None:
    s = game
    s.res[0][WOOD] = 4
    assert "ship" not in notations(s)
    s.built[0][B["harbour"]] = 1
    s.apply("ship")
    assert s.ship[0] == 4 and s.supply[0] == 10 and s.res[0][WOOD] == 0


def test_building_needs_a_permit(game: IbyronState) -> None:
    s = game
    s.res[0][WOOD] = 5
    s.apply("move 5 6 0")
    with pytest.raises(meeple.IllegalAction, match="permit"):
        s.apply("build lumber_mill")
    s.permits[0] = 1
    s.apply("build lumber_mill")
    assert s.tech[0][0] == 2 and s.cubes[0] == 1 and s.permits[0] == 0 and s.permit_supply == 6
    assert s.in_buildings[0] == 2 and s.leader[0] == cell(5, 6)  # the leader stays


def test_stable_example(game: IbyronState) -> None:
    s = game
    s.permits[0] = 1
    s.horses[0] = 2
    s.res[0][WOOD] = 5
    s.apply("move 5 6 0")
    s.apply("build stable")
    assert s.horses[0] == 0 and s.res[0][WOOD] == 0 and s.in_buildings[0] == 3
    assert s.tallest[0] == 2


def test_at_most_3_of_a_type_and_one_two_disc_building(game: IbyronState) -> None:
    s = game
    s.permits[0] = 3
    s.res[0][WOOD] = 20
    s.built[0][B["lumber_mill"]] = 3
    s.apply("move 5 6 0")
    with pytest.raises(meeple.IllegalAction, match="most"):
        s.apply("build lumber_mill")
    s.built[0][B["stable"]] = 1
    s.horses[0] = 2
    assert "build stable" not in notations(s)


def test_foundry_swaps_2_stone_1_ore_for_4_stone() -> None:
    s = start(buildings=("foundry", "bank"))
    turn_to(s, 0)
    s.permits[0] = 1
    s.res[0][STONE], s.res[0][ORE] = 3, 1
    s.apply("move 5 7 0")
    assert "build refinery foundry" in notations(s) and "build refinery" not in notations(s)
    s.apply("build refinery foundry")
    assert s.res[0][STONE] == 0 and s.res[0][ORE] == 0 and s.tech[0][1] == 2


def test_castle_chain_and_tower_retrieves_reserves() -> None:
    s = start()
    turn_to(s, 0)
    s.permits[0] = 4
    s.res[0][GOLD] = 10
    s.cubes[0] = 3
    s.apply("move 7 7 0")
    s.apply("build castle_gate")
    assert s.castle[0] == cell(7, 7) and s.horses[0] == 3 and s.cubes[0] == 0
    for part in ("castle_treasury", "castle_walls", "castle_tower"):
        turn_to(s, 0)
        coins = s.res[0][COINS]
        s.apply(f"build {part}")
        if part == "castle_treasury":
            assert s.res[0][COINS] == coins + 2
    assert s.res[0][GOLD] == 0 and s.tech[0][2] == 2
    assert s.reserve[0] == [] and s.rest[0] == 6 and all(s.mat[0])
    assert s.tallest[0] == 4 and s._coins_kept(0) == 10


def test_castle_part_must_go_on_the_previous_part(game: IbyronState) -> None:
    s = game
    s.permits[0] = 1
    s.res[0][GOLD] = 2
    s.apply("move 7 7 0")
    with pytest.raises(meeple.IllegalAction, match="on top of your Castle Gate"):
        s.apply("build castle_treasury")


def test_winning_the_race_with_3_loose_discs(game: IbyronState) -> None:
    s = game
    s.permits[0] = 1
    s.res[0][WOOD] = 5
    s.in_buildings[0] = 17  # pretend: 4 discs still loose
    s.apply("move 5 6 0")
    s.apply("build lumber_mill")
    assert s.is_over and s.winners == (0,)


# ----------------------------------------------------------------- forfeit
def test_forfeit_moves_supply_to_village_and_loses_horses(game: IbyronState) -> None:
    s = game
    s.horses[0] = 2
    s.apply("forfeit")
    assert s.supply[0] == 0 and s.vbox[0] == 14 and s.forfeit[0] == 14
    assert s.leader[0] == -1 and s.horses[0] == 0 and s.phase[0] == 1


def test_stable_keeps_two_horses(game: IbyronState) -> None:
    s = game
    s.horses[0] = 3
    s.built[0][B["stable"]] = 1
    s.apply("forfeit")
    assert s.horses[0] == 2


def test_empty_supply_enters_village_without_forfeit(game: IbyronState) -> None:
    s = game
    s.supply[0] = 0
    s.vbox[0] = 14
    turn_to(s, 0)
    assert s.phase[0] == 1 and s.forfeit[0] == 0 and s.leader[0] == -1
    assert "leave" in notations(s)


def test_four_loose_discs_do_not_win(game: IbyronState) -> None:
    s = game
    s.permits[0] = 1
    s.res[0][WOOD] = 5
    s.in_buildings[0] = 16  # 5 loose; the mill leaves 4, one too many
    s.apply("move 5 6 0")
    s.apply("build lumber_mill")
    assert not s.is_over and s.current == 1


def test_an_empty_supply_sends_a_player_to_the_village_even_with_a_tile_in_hand() -> None:
    """Exploring costs no disc, but a turn that starts with no disc in the supply is a village turn."""
    s = start()
    s.held[0] = 5
    s.supply[0], s.vbox[0] = 0, 3
    turn_to(s, 0)
    assert s.phase[0] == 1 and not any(a.startswith("explore") for a in notations(s))


def _field_corners(tile_role: str, s: IbyronState) -> list[int]:
    tile = next(t for t in DATA["tiles"] if t["role"] == tile_role)
    return [i for i, letter in enumerate(tile["cells"]) if letter == "A"]


def test_home_may_be_a_field_of_the_centre_tile_not_shared_with_an_opponent() -> None:
    s = ib.INFO.new(2, 1)
    s.apply("start bank")
    centre = [f"home center {c}" for c in _field_corners("center", s)]
    assert centre and set(centre) <= set(notations(s))
    s.apply(centre[0])
    assert s.leader[0] == s.home[0] and s.home[0] in s.buildings
    s.apply("start garden")
    # the centre tile now holds seat 0's home: seat 1 keeps to its own tile
    assert [a for a in notations(s) if a.startswith("home")] == [f"home {c}" for c in _field_corners("seat1", s)]
    with pytest.raises(meeple.IllegalAction, match="separate tile"):
        s.apply(centre[-1])


def test_three_players_use_three_starting_tiles() -> None:
    s = start(3)
    assert len(s.land) == 16 and len(s.tiles) == 7
    assert len({s.home[p] for p in range(3)}) == 3
