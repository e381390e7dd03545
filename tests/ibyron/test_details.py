"""Smaller rules: bonus extras on both sides, the Mayor on leaving, horses, coast moves, beginner details."""

from __future__ import annotations

import pytest
from ibyron_helpers import cell, notations, start, turn_to

import meeple
from meeple.games.ibyron.data import COINS, GOLD, ORE, STONE, WOOD
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.turns import finish_game


def in_village(s: IbyronState, p: int, discs: int) -> None:
    s.supply[p] = 0
    s.vbox[p] = discs
    s.rest[p] += 14 - discs
    turn_to(s, p)


def test_front_extra_needs_four_given_up(game: IbyronState) -> None:
    s = game
    in_village(s, 0, 2)
    s.apply("leave")
    stone = s.res[0][STONE]
    s.apply("bonus 5")  # 2 stone, no extra for 2 discs and the Mayor
    assert s.res[0][STONE] == stone + 2


def test_back_side_ladder_payment_does_not_count_toward_the_extra() -> None:
    s = start(bonus_side="back")
    in_village(s, 0, 6)
    s.apply("leave")
    gold = s.res[0][GOLD]
    s.apply("bonus 2 ore")  # costs 2 of the 6: 4 remain given up, so +1
    assert s.res[0][ORE] == 3
    in_village(s, 1, 5)
    s.apply("leave")
    s.apply("bonus 4")  # costs 4 of 5: 1 left, no extra
    assert s.res[1][GOLD] == 1 and s.res[0][GOLD] == gold


def test_back_side_spaces_are_not_exclusive() -> None:
    s = start(bonus_side="back")
    in_village(s, 0, 1)
    s.apply("leave")
    s.apply("bonus 1")
    in_village(s, 1, 1)
    s.apply("leave")
    assert "bonus 1" in notations(s)


def test_leaving_gives_up_an_unused_mayor(game: IbyronState) -> None:
    s = game
    in_village(s, 0, 2)
    assert s.mayor[0]
    s.apply("leave")
    assert not s.mayor[0] and s.rest[0] == 14 and s.step == 8


def test_horse_bonus_only_for_wood(game: IbyronState) -> None:
    s = game
    s.camps[cell(5, 7)] = (0, 1, 2)
    s.overseer[0][0] = cell(5, 7)
    assert "gather 0 1" in notations(s) and "gather 0 1 horse" not in notations(s)


def test_horses_spent_go_back_to_the_stablehand(game: IbyronState) -> None:
    s = game
    s.camps[cell(5, 6)] = (0, 2, 2)  # a quarry
    s.overseer[0][0] = cell(5, 6)
    supply, stone = s.horse_supply, s.res[0][STONE]
    s.apply("hurry 0")
    assert s.horse_supply == supply + 1 and s.res[0][STONE] == stone + 2


def test_grain_field_cannot_be_hurried_or_gathered(game: IbyronState) -> None:
    s = game
    s.camps[cell(4, 7)] = (0, 4, 4)
    s.overseer[0][0] = cell(4, 7)
    assert not any(n.startswith(("gather", "hurry")) for n in notations(s))
    with pytest.raises(meeple.IllegalAction, match="Farmer"):
        s.apply("gather 0 1")


def test_leader_moves_only_onto_the_island_or_its_coast(game: IbyronState) -> None:
    s = game
    moves = {tuple(map(int, n.split()[1:3])) for n in notations(s) if n.startswith("move")}
    assert (3, 6) in moves and (4, 5) in moves  # coast spaces
    assert (2, 6) not in moves and (0, 0) not in moves
    with pytest.raises(meeple.IllegalAction, match="neither on the island"):
        s.apply("move 0 0 0")


def test_beginner_explorer_draws_the_top_tile_face_up() -> None:
    s = start(mode="beginner")
    top = s.tiles[0]
    s.res[0][COINS] = 5
    in_village(s, 0, 5)
    s.apply("visit explorer")
    assert s.held[0] == top and s.observation(1)["players_info"][0]["held_tile"] == top


def test_beginner_race_end_is_scored_in_points() -> None:
    s = start(mode="beginner")
    turn_to(s, 0)
    s.res[0][WOOD] = 5
    s.in_buildings[0] = 17
    s.res[1][GOLD] = 20  # seat 1 is far ahead in points
    s.apply("move 5 6 0")
    s.apply("build lumber_mill")
    assert s.is_over and s.winners == (1,)


def test_three_players_use_three_starting_tiles() -> None:
    s = start(3)
    assert len(s.land) == 16 and len(s.tiles) == 7
    assert len({s.home[p] for p in range(3)}) == 3


def test_round_limit_tie_is_shared_when_points_tie_too() -> None:
    s = start(round_limit=1, buildings=("bank", "bank"))
    s.res[0] = s.res[1].copy()
    finish_game(s, "safety_cap")
    vp = [s.victory_points(p) for p in range(2)]
    assert (s.winners == (0, 1)) == (vp[0] == vp[1])
    s.res[1][GOLD] += 5
    finish_game(s, "safety_cap")
    assert s.winners == (1,)  # equal discs in buildings: points decide


def test_evaluate_gives_win_shares_favouring_progress(game: IbyronState) -> None:
    s = game
    shares = s.evaluate()
    assert abs(sum(shares) - 1) < 1e-9 and all(0 < x < 1 for x in shares)
    s.in_buildings[1] += 3
    assert s.evaluate()[1] > 0.9


def test_miner_and_quarry_camps_choose_ore_or_stone(game: IbyronState) -> None:
    s = game
    s.apply("move 5 7 0")
    assert {"camp ore 4", "camp stone 4", "camp ore 1"} <= set(notations(s))
    s.apply("camp stone 3")
    assert s.camps[cell(5, 7)] == (0, 2, 3) and s.leader[0] == s.home[0]
    turn_to(s, 0)
    s.apply("move 6 6 0")
    s.apply("camp ore 2")
    assert s.camps[cell(6, 6)] == (0, 1, 2) and s._free_overseer(0) == -1


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
