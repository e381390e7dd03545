"""Village actions, the Mayor, stack costs and the bonus resource."""

from __future__ import annotations

import pytest
from ibyron_helpers import cell, notations, start, turn_to, village

import meeple
from meeple.games.ibyron.data import (
    COINS,
    FOOD,
    GOLD,
    ORE,
    S_HIRE,
    S_OFFER,
    ST_FARMER,
    ST_TAX,
    STONE,
    WOOD,
    B,
)
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.turns import end_round


def test_stack_cost_is_one_more_than_the_tallest(game: IbyronState) -> None:
    s = game
    village(s, 0, 14)
    assert s.horses[0] == 0  # the starting horse was lost on entering the village (no stable)
    s.apply("visit stablehand")
    assert s.horses[0] == 1 and s.vbox[0] == 13
    village(s, 1, 14)
    s.apply("visit stablehand")  # second visitor pays 2
    assert s.vbox[1] == 12
    turn_to(s, 0)
    s.apply("visit stablehand")  # the same player may come back, now for 3
    assert s.vbox[0] == 10


def test_tax_collector_example(game: IbyronState) -> None:
    """Stacks of 1 and 2 already there: the next visitor pays 3 and gains $1 per taxing level."""
    s = game
    s.stacks[ST_TAX] = [(1, 1, 1), (1, 2, 2)]
    s.tech[0][2] = 2
    village(s, 0, 5)
    coins = s.res[0][COINS]
    s.apply("visit tax")
    assert s.vbox[0] == 2 and s.res[0][COINS] == coins + 2


def test_cost_cap_is_4_with_two_players_and_3_with_more() -> None:
    s = start(2)
    s.stacks[ST_TAX] = [(1, 4, 4)]
    assert s._village_cost(ST_TAX) == 4
    s3 = start(3)
    s3.stacks[ST_TAX] = [(1, 3, 3)]
    assert s3._village_cost(ST_TAX) == 3


def test_mayor_is_one_extra_disc_and_returns_at_cleanup(game: IbyronState) -> None:
    s = game
    village(s, 0, 0)
    assert notations(s) == [n for n in notations(s) if n.endswith("mayor") or n.startswith("visit farmer barn")
                            or n == "leave"]
    s.apply("visit tax mayor")
    assert not s.mayor[0] and s.stacks[ST_TAX] == [(0, 1, 0)]
    assert s.step == 8  # out of discs: the bonus now


def test_market_sells_at_the_die_price_and_sets_the_die_aside(game: IbyronState) -> None:
    s = game
    s.res[0][WOOD] = 3
    s.dice = [2, 3, 4, 6]  # boxes: wood, stone, ore, gold
    village(s, 0, 5)
    coins = s.res[0][COINS]
    s.apply("visit market")
    assert "sell wood 3" in notations(s) and "sell wood 4" not in notations(s)
    s.apply("sell wood 3")
    assert s.res[0][COINS] == coins + 6 and s.dice_used[0]
    assert s.current == 1  # nothing else to do: the visit ends


def test_used_die_closes_that_resource_until_reroll(game: IbyronState) -> None:
    s = game
    s.res[0][WOOD] = 3
    s.res[0][ORE] = 0
    s.res[0][STONE] = 0
    s.dice_used[0] = True
    village(s, 0, 5)
    assert "visit market" not in notations(s)


def test_court_house_trades_food_and_gold(game: IbyronState) -> None:
    s = game
    s.built[0][B["court_house"]] = 1
    s.res[0][GOLD] = 1
    village(s, 0, 5)
    s.apply("visit market")
    assert "trade food" in notations(s) and "trade gold" in notations(s)
    s.apply("trade food")
    assert s.res[0][FOOD] == 2 and s.res[0][GOLD] == 2
    s.apply("done")


def test_library_sells_permits_and_takes_from_the_richest_when_empty(game: IbyronState) -> None:
    s = game
    s.res[0][COINS] = 4
    village(s, 0, 5)
    s.apply("visit library")
    assert s.permits[0] == 1 and s.permit_supply == 4 and s.res[0][COINS] == 2
    s.permit_supply = 0
    s.permits[1] = 2
    turn_to(s, 0)
    s.apply("visit library")
    assert s.permits == [2, 1] and s.res[0][COINS] == 0


def test_shipwright_brings_back_reserve_and_starting_building(game: IbyronState) -> None:
    s = game
    s.ship[0] = 1
    village(s, 0, 5)
    assert sorted(s.reserve[0]) == [1, 2]
    s.apply("visit shipwright")
    assert s.step == 6 and notations(s) == ["retrieve garden", "retrieve foundry"]
    rest = s.rest[0]
    s.apply("retrieve garden")
    assert s.rest[0] == rest + 3 and s.mat[0][1] and s.res[0][FOOD] == 5 and s.reserve[0] == [2]


def test_shipwright_removes_one_ship_disc_to_rest(game: IbyronState) -> None:
    s = game
    s.ship[0] = 3
    village(s, 0, 5)
    rest = s.rest[0]
    s.apply("visit shipwright")
    assert s.ship[0] == 2 and s.rest[0] == rest + 1


def test_farmer_harvests_and_completion_gives_food_and_loses_a_barn(game: IbyronState) -> None:
    s = game
    s.camps[cell(4, 7)] = (0, 4, 2)
    s.overseer[0][0] = cell(4, 7)
    village(s, 0, 10)
    s.apply("visit farmer")
    assert s.camps[cell(4, 7)][2] == 1
    turn_to(s, 0)
    s.apply("visit farmer")
    assert cell(4, 7) not in s.camps and s.overseer[0][0] == -1
    assert s.res[0][FOOD] == 6 and s.barns[0] == 0 and s.stacks[ST_FARMER] == [(0, 1, 1), (0, 2, 2)]


def test_farmer_can_take_a_barn(game: IbyronState) -> None:
    s = game
    village(s, 0, 5)
    s.apply("visit farmer barn")
    assert s.barns[0] == 2


def test_explorer_buys_a_face_up_tile(game: IbyronState) -> None:
    s = game
    s.res[0][COINS] = 5
    village(s, 0, 5)
    s.apply("visit explorer")
    assert notations(s) == [f"take {k}" for k in sorted(s.tiles)]
    s.apply("take 7")
    assert s.held[0] == 7 and 7 not in s.tiles and s.res[0][COINS] == 0
    turn_to(s, 0)
    assert "visit explorer" not in notations(s)  # one tile held at a time


def test_explorer_needs_5_coins(game: IbyronState) -> None:
    s = game
    s.res[0][COINS] = 4
    village(s, 0, 5)
    with pytest.raises(meeple.IllegalAction, match="nothing"):
        s.apply("visit explorer")


def test_village_player_cannot_take_outside_actions(game: IbyronState) -> None:
    s = game
    village(s, 0, 5)
    with pytest.raises(meeple.IllegalAction, match="village"):
        s.apply("forfeit")


def test_village_and_outside_turns_interleave(game: IbyronState) -> None:
    s = game
    s.apply("forfeit")  # seat 0 goes to the village
    assert s.current == 1 and s.phase == [1, 0]
    s.apply("move 8 6 0")
    s.apply("end")
    assert s.current == 0 and "visit tax" in notations(s)  # a village turn while seat 1 is still outside
    s.apply("visit tax")
    assert s.current == 1 and s.phase[1] == 0


def test_library_takes_from_the_first_clockwise_on_a_tie() -> None:
    s = start(3)
    turn_to(s, 1)
    s.permit_supply = 0
    s.permits = [1, 0, 1]
    s.res[1][COINS] = 2
    village(s, 1, 5)
    s.apply("visit library")
    assert s.permits == [1, 1, 0]  # seat 2 is next clockwise from seat 1


def test_a_sale_may_be_of_everything_the_player_has() -> None:
    """The Market Patron sells "1 type of resource" per visit, with no number. A cap on a sale below the
    track would strand the rest: the sold resource's die is then set aside for the round, so a player holding
    15 wood at $1 could not sell the other 5 that round."""
    for held in (15, 20):  # 20 is the top of the track
        s = start()
        s.res[0][WOOD], s.dice = held, [1, 3, 4, 6]  # boxes: wood, stone, ore, gold
        village(s, 0, 5)
        s.apply("visit market")
        offered = [a for a in notations(s) if a.startswith("sell wood ")]
        assert offered == [f"sell wood {n}" for n in range(1, held + 1)]
        coins = s.res[0][COINS]
        s.apply(offered[-1])
        assert (s.res[0][WOOD], s.res[0][COINS], s.dice_used[0]) == (0, coins + held, True)


def test_the_same_player_may_visit_a_space_again_at_the_higher_cost() -> None:
    s = start()
    village(s, 0, 10)
    s.vbox[1], s.supply[1] = 0, 0  # seat 1 has nothing to do: seat 0 moves again at once
    s.mayor[1] = False
    s.phase[1] = 2
    s.apply("visit tax")
    s.apply("visit tax")
    assert s.vbox[0] == 10 - 1 - 2 and [h for _, h, _ in s.stacks[6]] == [1, 2]


def test_a_horse_from_the_village_is_kept_until_the_next_village() -> None:
    """Horses are lost only when going to the village (beyond the Stable's 2): one gained there serves the
    next Outside phase."""
    s = start()
    village(s, 0, 3)
    s.apply("visit stablehand")
    assert s.horses[0] == 1
    s.phase[0] = 1
    end_round(s)
    while s.step == S_HIRE:
        s.apply("hire 0")
    if s.step == S_OFFER:
        s.apply("decline")
    assert s.horses[0] == 1 and s.phase[0] == 0


def test_the_mayor_alone_may_pay_a_one_disc_visit() -> None:
    s = start()
    village(s, 0, 0)
    assert s.mayor[0] and "visit tax mayor" in notations(s) and "visit tax" not in notations(s)
    coins = s.res[0][COINS]
    s.apply("visit tax mayor")
    assert s.res[0][COINS] == coins + 1 and not s.mayor[0]
    assert s.stacks[6] == [(0, 1, 0)]  # a stack one disc tall, no disc from the village box


def test_beginner_explorer_draws_the_top_tile_face_up() -> None:
    s = start(mode="beginner")
    top = s.tiles[0]
    s.res[0][COINS] = 5
    village(s, 0, 5)
    s.apply("visit explorer")
    assert s.held[0] == top and s.observation(1)["players_info"][0]["held_tile"] == top
