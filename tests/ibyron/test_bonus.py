"""The bonus resource on leaving the village: the front's numbered spaces, the back's ladder, the "forfeit 4" extra."""

from __future__ import annotations

import pytest
from ibyron_helpers import notations, start, turn_to, village

import meeple
from meeple.games.ibyron.data import (
    FORFEIT_EXTRA,
    FORFEIT_EXTRA_DISCS,
    GOLD,
    ORE,
    STONE,
    WOOD,
)
from meeple.games.ibyron.rules import IbyronState


def test_front_extra_needs_four_given_up(game: IbyronState) -> None:
    s = game
    village(s, 0, 2)
    s.apply("leave")
    stone = s.res[0][STONE]
    s.apply("bonus 5")  # 2 stone, no extra for 2 discs and the Mayor
    assert s.res[0][STONE] == stone + 2


def test_back_side_ladder_payment_does_not_count_toward_the_extra() -> None:
    s = start(bonus_side="back")
    village(s, 0, 6)
    s.apply("leave")
    gold = s.res[0][GOLD]
    s.apply("bonus 2 ore")  # costs 2 of the 6: 4 remain given up, so +1
    assert s.res[0][ORE] == 3
    village(s, 1, 5)
    s.apply("leave")
    s.apply("bonus 4")  # costs 4 of 5: 1 left, no extra
    assert s.res[1][GOLD] == 1 and s.res[0][GOLD] == gold


def test_back_side_spaces_are_not_exclusive() -> None:
    s = start(bonus_side="back")
    village(s, 0, 1)
    s.apply("leave")
    s.apply("bonus 1")
    village(s, 1, 1)
    s.apply("leave")
    assert "bonus 1" in notations(s)


def test_leaving_gives_up_an_unused_mayor(game: IbyronState) -> None:
    s = game
    village(s, 0, 2)
    assert s.mayor[0]
    s.apply("leave")
    assert not s.mayor[0] and s.rest[0] == 14 and s.step == 8


def test_an_unused_mayor_counts_toward_the_four_given_up() -> None:
    assert FORFEIT_EXTRA_DISCS == 4
    s = start()
    village(s, 0, FORFEIT_EXTRA_DISCS - 1)
    assert s.mayor[0]
    s.apply("leave")  # 3 discs and the Mayor: 4 given up
    stone = s.res[0][STONE]
    s.apply("bonus 5")  # 2 stone, +1 for giving up 4
    assert s.res[0][STONE] == stone + 2 + FORFEIT_EXTRA


def test_a_used_mayor_does_not_count_toward_the_four() -> None:
    s = start()
    village(s, 0, FORFEIT_EXTRA_DISCS)
    s.apply("visit tax mayor")  # the Mayor pays the single disc: 4 discs still in the box
    turn_to(s, 0)
    s.apply("leave")
    stone = s.res[0][STONE]
    s.apply("bonus 5")
    assert s.res[0][STONE] == stone + 2 + FORFEIT_EXTRA
    s2 = start()
    village(s2, 0, FORFEIT_EXTRA_DISCS)
    s2.apply("visit tax mayor")
    s2.vbox[0] -= 1  # 3 left, Mayor spent
    turn_to(s2, 0)
    s2.apply("leave")
    stone = s2.res[0][STONE]
    s2.apply("bonus 5")
    assert s2.res[0][STONE] == stone + 2


def test_back_side_ladder_may_be_paid_with_the_mayor() -> None:
    s = start(bonus_side="back")
    village(s, 0, 3)
    s.apply("leave")  # 3 discs and the Mayor: the top rung (4) is in reach
    assert "bonus 4" in notations(s)


def test_a_front_bonus_space_is_taken_once_a_round_and_free_the_next() -> None:
    s = start()
    village(s, 0, 1)
    s.apply("leave")
    s.apply("bonus 3")
    village(s, 1, 1)
    s.apply("leave")
    assert "bonus 3" not in notations(s)
    with pytest.raises(meeple.IllegalAction):
        s.apply("bonus 3")
    s.apply("bonus 4")  # the last bonus of the round: the round ends
    assert s.bonus_taken == [-1] * 6


def test_leaving_takes_a_bonus_and_forfeiting_4_doubles_it(game: IbyronState) -> None:
    s = game
    village(s, 0, 4)
    s.apply("leave")
    assert s.rest[0] == 14 and s.vbox[0] == 0
    taken = [n for n in notations(s)]
    wood = s.res[0][WOOD]
    assert "bonus 3" in taken  # 2 wood
    s.apply("bonus 3")
    assert s.res[0][WOOD] == wood + 3 and s.phase[0] == 2
    village(s, 1, 3)
    s.apply("leave")
    assert "bonus 3" not in notations(s)  # taken this round


def test_back_side_ladder_costs_discs() -> None:
    s = start(bonus_side="back")
    turn_to(s, 0)
    village(s, 0, 2)
    s.apply("leave")  # 2 discs and the unused Mayor: 3 given up
    assert notations(s) == ["bonus 0", "bonus 1", "bonus 2", "bonus 2 ore", "bonus 2 wood+ore", "bonus 3"]
    wood, ore = s.res[0][WOOD], s.res[0][ORE]
    s.apply("bonus 2 wood+ore")
    assert (s.res[0][WOOD], s.res[0][ORE]) == (wood + 1, ore + 1)
