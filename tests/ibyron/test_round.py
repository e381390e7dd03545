"""End of round in the written order, the start player's tile, both ends of the game, the modes."""

from __future__ import annotations

import random

import pytest
from ibyron_helpers import notations, start, turn_to

import meeple
from meeple.core import snapshot
from meeple.games.ibyron.data import (
    COINS,
    DATA,
    FOOD,
    GOLD,
    S_HIRE,
    S_OFFER,
    ST_TAX,
    WOOD,
    B,
)
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.scoring import victory_points
from meeple.games.ibyron.turns import end_round, finish_game, solo_bonus_cycle


def finish_round(s: IbyronState) -> None:
    """Everyone forfeits at once and leaves the village taking the first bonus offered."""
    while s.round == 1 and s.step in (2, 3, 8):
        legal = notations(s)
        for choice in ("forfeit", "leave"):
            if choice in legal:
                s.apply(choice)
                break
        else:
            s.apply(legal[0])


def test_round_end_feeds_rehires_forfeit_then_pays_then_loses_coins(game: IbyronState) -> None:
    s = game
    # seat 0: 10 discs used outside (on the village board), 4 forfeited, food 4, $6
    s.supply[0], s.vbox[0] = 4, 0
    s.stacks[ST_TAX] = [(0, 4, 4), (0, 4, 4), (0, 2, 2)]
    s.res[0][COINS] = 6
    s.apply("forfeit", 0)
    assert s.forfeit[0] == 4
    s.apply("forfeit", 1)
    s.apply("leave", 0)  # seat 0 leaves with 4 discs in the box: they go to the rest box
    s.apply("bonus 6", 0)  # $3, +1 for giving up 4 discs
    assert s.res[0][COINS] == 10
    s.apply("leave", 1)
    s.apply(notations(s)[0], 1)
    # cleanup moved 10 board discs to rest; feeding took 4 (food) + 4 (forfeited) of the 14 back
    while s.step == 9 and s.current != 0:
        s.apply("hire 0")
    assert s.current == 0 and s.supply[0] == 8 and s.rest[0] == 6
    s.apply("hire 5")
    while s.step == 9:
        s.apply("hire 0")
    assert s.supply[0] == 13 and s.rest[0] == 1
    assert s.res[0][COINS] == 5  # $5 left; seat 0 has the Bank, which keeps up to 5


def test_bank_keeps_five_and_treasury_ten(game: IbyronState) -> None:
    s = game
    assert s._coins_kept(0) == 5 and s._coins_kept(1) == 2
    s.built[1][B["castle_treasury"]] = 1
    assert s._coins_kept(1) == 10


def test_coins_above_the_limit_are_lost_at_round_end() -> None:
    s = start(buildings=("garden", "foundry"))
    turn_to(s, 0)
    s.res[0][COINS] = 9
    s.res[1][COINS] = 0
    s.rest[0] = 0
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    assert s.res[0][COINS] == 2  # $9 and more, cut to the $2 kept without a Bank or Treasury


def test_dice_used_are_rerolled_and_resorted(game: IbyronState) -> None:
    s = game
    s.dice = [1, 1, 1, 6]
    s.dice_used = [True, False, False, False]
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    assert s.dice == sorted(s.dice) and not any(s.dice_used)
    assert s.dice.count(1) >= 2 and 6 in s.dice  # the unused dice keep their values


def test_start_player_passes_and_may_buy_a_tile_for_2(game: IbyronState) -> None:
    s = game
    first = s.start_player
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    new = (first + 1) % 2
    assert s.start_player == new and s.current == new and s.step == 10
    s.res[new][COINS] = 2
    assert "buy 5" in notations(s)
    s.apply("buy 5")
    assert s.res[new][COINS] == 0 and s.step == 11
    placement = notations(s)[0]
    s.apply(placement)
    assert s.round == 2 and 5 not in s.tiles and s.reserved == {}


def test_reservations_end_with_the_round(game: IbyronState) -> None:
    s = game
    s.reserved[100] = 0
    s.overseer[0][1] = 100
    finish_round(s)
    assert s.reserved == {} and s.overseer[0][1] == -1


def test_round_limit_ends_a_standard_game_on_discs_in_buildings() -> None:
    s = start(round_limit=1)
    s.in_buildings[1] = 3
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    assert s.is_over and s.winners == (1,) and s.scores == (1.0, 3.0)
    with pytest.raises(meeple.IllegalAction, match="over"):
        s.apply("forfeit")


# ----------------------------------------------------------------- beginner
def test_beginner_has_no_library_no_permits_and_a_hidden_pile() -> None:
    s = start(mode="beginner")
    assert s.round_limit == 10 and len(s.tiles) == 8
    obs = s.observation(0)
    assert obs["tiles_face_up"] == [] and obs["pile_size"] == 8
    turn_to(s, 0)
    s.res[0][3] = 5
    s.apply("move 5 7 0")
    assert "build refinery" in notations(s)  # no permit needed
    s.supply[0], s.vbox[0] = 0, 5
    s.res[0][COINS] = 9
    turn_to(s, 0)
    assert not any("library" in n for n in notations(s))


def test_beginner_start_player_adds_the_top_tile() -> None:
    s = start(mode="beginner")
    top = s.tiles[0]
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    assert s.step == 11 and s.pending_tile == top and top not in s.tiles


def test_determinize_redraws_only_the_pile() -> None:
    s = start(mode="beginner")
    d = s.determinize(0, random.Random(5))
    assert sorted(d.tiles) == sorted(s.tiles) and d.tiles != s.tiles
    assert d.observation(0) == s.observation(0)
    d.tiles = s.tiles.copy()
    d.rng.setstate(s.rng.getstate())
    d.seed = s.seed  # a copy gets a seed of its own, so its record cannot replay the real pile
    assert snapshot(d) == snapshot(s)
    standard = start()
    world = standard.determinize(0, random.Random(5))
    assert world.rng.getstate() != standard.rng.getstate()  # future dice are re-drawn
    world.rng.setstate(standard.rng.getstate())
    world.seed = standard.seed
    assert snapshot(world) == snapshot(standard)


def test_victory_points_list() -> None:
    built = [0] * 11
    built[B["lumber_mill"]] = 2  # 2 x 1
    built[B["stable"]] = 1  # 3
    built[B["guild_hall"]] = 1  # 6
    built[B["harbour"]] = 1  # 3, and the starting farm no longer counts
    # mat buildings 2 (2), castle height 4 (10), gold 3, coins 25 (2), food 5
    # discs in buildings: farm 1 + mills 2 + stable 2 + guild 3 + harbour 1 + castle 4 = 13; reserve 1 stack
    vp = victory_points(built, 2, 4, 3, 25, 5, 13, 1)
    loose = 21 - 13 - 3
    assert vp == 2 + 3 + 6 + 3 + 2 + 10 + 3 + 2 + 5 - loose - 5


def test_reserve_penalty_is_per_full_three() -> None:
    base = victory_points([0] * 11, 1, 0, 0, 0, 0, 1, 0)
    assert victory_points([0] * 11, 1, 0, 0, 0, 0, 1, 2) == base + 6 - 10  # 6 fewer loose discs, two penalties


def test_beginner_game_ends_after_10_rounds_on_points() -> None:
    s = start(mode="beginner", round_limit=1)
    s.res[1][GOLD] = 9
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    assert s.is_over and s.winners == (1,)


# --------------------------------------------------------------------- solo
def test_solo_extra_tile_gives_3_and_costs_a_round() -> None:
    s = start(1)
    assert s.beginner and s.round_limit == 10
    assert sum(s.solo_used) == 1  # the set-up bonus space is used up
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    s.apply(notations(s)[0])  # place the round's tile
    assert s.step == 12 and notations(s) == ["extra", "decline"]
    coins = s.res[0][COINS]
    s.supply[0] -= 3
    s.rest[0] += 3  # three discs still resting after the round's hiring
    rest = s.rest[0]
    s.apply("extra")
    s.apply(notations(s)[0])
    # the $3 must be used at once (hiring) unless the player may keep money: a hire step follows
    assert s.res[0][COINS] == coins + 3 and s.round_limit == 9 and s.step == 9
    assert notations(s)[-1] == f"hire {min(rest, coins + 3)}"
    s.apply("hire 1")
    assert s.step == 12  # another extra tile may follow
    s.apply("decline")
    assert s.rest[0] == rest - 1 and s.round == 2
    assert s.res[0][COINS] == min(coins + 2, s._coins_kept(0))  # what is left over the limit is lost


def test_solo_extra_coins_over_the_limit_are_lost_without_rest_discs() -> None:
    s = start(1, buildings=("garden",))
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    s.apply(notations(s)[0])
    s.rest[0] = 0
    s.res[0][COINS] = 1
    s.apply("extra")
    s.apply(notations(s)[0])
    s.apply("decline")
    assert s.round == 2 and s.res[0][COINS] == 2  # $1 + $3, only $2 kept without a Bank or Treasury


def test_solo_bonus_spaces_cycle() -> None:
    s = start(1)
    used = s.solo_used.copy()
    turn_to(s, 0)
    s.apply("forfeit")
    s.apply("leave")
    offered = {int(n.split()[1]) for n in notations(s)}
    numbers = [1, 2, 3, 4, 5, 6]
    assert offered == {numbers[k] for k in range(6) if not used[k]}
    s.solo_used = [True] * 5 + [False]
    s.apply("bonus 6")
    solo_bonus_cycle(s)
    assert s.solo_used == [False] * 6


def test_solo_game_ends_with_its_score() -> None:
    s = start(1, round_limit=1)
    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    assert s.is_over and s.winners == (0,) and s.scores == (float(s.victory_points(0)),)


def test_food_is_not_spent_by_feeding(game: IbyronState) -> None:
    s = game
    food = s.res[0][FOOD]
    finish_round(s)
    assert s.res[0][FOOD] == food


def test_the_start_players_tile_is_bought_after_the_coin_limit() -> None:
    """The round's end: coins over the limit are lost, then the new start player may buy the $2 tile."""
    s = start(buildings=("garden", "garden"))
    for p in range(2):
        s.res[p][COINS] = 0
    s.res[1][COINS] = 3  # seat 1 will be the new start player if seat 0 started
    s.start_player = 0
    for p in range(2):
        s.phase[p] = 2
        s.rest[p] += s.supply[p]
        s.supply[p] = 0
    s.rest[1] = 0  # nothing to hire: the limit applies at once
    end_round(s)
    assert s.step == S_OFFER and s.current == 1
    assert s.res[1][COINS] == 2  # $3 cut to $2 before the offer
    s.apply("buy 5")
    assert s.res[1][COINS] == 0


def test_feeding_returns_no_more_discs_than_the_rest_box_holds() -> None:
    s = start()
    s.res[0][FOOD] = 9
    for p in range(2):
        s.phase[p] = 2
    s.supply[0], s.vbox[0], s.rest[0] = 0, 0, 5  # 9 discs elsewhere (a test position)
    end_round(s)
    assert s.supply[0] == 5 and s.rest[0] == 0


def test_hiring_goes_round_the_table_from_the_start_player() -> None:
    s = start(players=3)
    s.start_player = 1
    for p in range(3):
        s.phase[p] = 2
        s.rest[p] += s.supply[p]
        s.supply[p] = 0
        s.res[p][COINS] = 2
        s.res[p][FOOD] = 1
    order = []
    end_round(s)
    while s.step == S_HIRE:
        order.append(s.current)
        s.apply("hire 1")
    assert order == [1, 2, 0]


def test_nothing_a_seat_sees_depends_on_the_order_of_the_face_down_pile() -> None:
    """The beginner pile's order is the game's only secret: a world with the pile re-ordered shows every seat
    the same observation, the same legal actions and the same words, at every position of a game."""
    import random

    s = start(mode="beginner", seed=7)
    rng = random.Random(7)
    positions = 0
    while not s.is_over:
        other = s.clone()
        other.tiles = list(reversed(s.tiles))
        for seat in (None, 0, 1):
            assert other.observation(seat) == s.observation(seat)
        mover = s.to_move[0]
        assert other.labelled_actions(mover) == s.labelled_actions(mover)
        positions += 1
        s.apply(rng.choice(s.legal_actions()))
    assert positions > 100


def test_start_player_may_decline_the_tile(game: IbyronState) -> None:
    s = game
    for seat in (0, 1):
        s.current = seat
        s.supply[seat], s.vbox[seat] = 0, 0
        s.mayor[seat] = False
    turn_to(s, 0)
    s.apply("bonus 1")
    s.apply("bonus 2")
    while s.step == 9:
        s.apply("hire 0")
    tiles = list(s.tiles)
    s.res[s.current][COINS] = 2
    s.apply("decline")
    assert s.round == 2 and s.tiles == tiles


def test_beginner_race_end_is_scored_in_points() -> None:
    s = start(mode="beginner")
    turn_to(s, 0)
    s.res[0][WOOD] = 5
    s.in_buildings[0] = 17
    s.res[1][GOLD] = 20  # seat 1 is far ahead in points
    s.apply("move 5 6 0")
    s.apply("build lumber_mill")
    assert s.is_over and s.winners == (1,)


def test_round_limit_tie_is_shared_when_points_tie_too() -> None:
    s = start(round_limit=1, buildings=("bank", "bank"))
    s.res[0] = s.res[1].copy()
    finish_game(s, "safety_cap")
    vp = [s.victory_points(p) for p in range(2)]
    assert (s.winners == (0, 1)) == (vp[0] == vp[1])
    s.res[1][GOLD] += 5
    finish_game(s, "safety_cap")
    assert s.winners == (1,)  # equal discs in buildings: points decide


def _to_extra_offer(s: IbyronState) -> None:
    from test_round import finish_round

    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    s.apply(notations(s)[0])  # lay the round's tile


def test_solo_may_add_more_than_one_extra_tile_a_round() -> None:
    s = start(1)
    _to_extra_offer(s)
    limit = s.round_limit
    for extra in range(1, 3):
        assert notations(s) == ["extra", "decline"]
        coins = s.res[0][COINS]
        s.apply("extra")
        s.apply(notations(s)[0])
        assert s.round_limit == limit - extra and s.res[0][COINS] == coins + DATA["explore"]["solo_extra_coins"]
        if s.step == 9:
            s.apply("hire 0")
    assert s.step == 12  # a third extra tile is offered too
    s.apply("decline")
    assert s.round == 2 and s.res[0][COINS] <= s._coins_kept(0)


def test_solo_extra_tiles_stop_before_the_game_would_have_no_round_left() -> None:
    s = start(1, round_limit=3)
    _to_extra_offer(s)
    s.apply("extra")
    s.apply(notations(s)[0])
    if s.step == 9:
        s.apply("hire 0")
    assert s.round_limit == 2 and s.step != 12 and s.round == 2
