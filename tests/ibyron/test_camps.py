"""Work camps: where each kind may be founded, the overseers, gathering by tech level, speeding up, gold mines."""

from __future__ import annotations

import pytest
from ibyron_helpers import cell, notations, set_height, start, turn_to

import meeple
from meeple.games.ibyron.data import (
    GOLD,
    K_GRAIN,
    K_ORE,
    K_STONE,
    ORE,
    WOOD,
)
from meeple.games.ibyron.rules import IbyronState


def _camp(s: IbyronState, x: int, y: int, kind: int, discs: int, o: int = 0) -> None:
    s.camps[cell(x, y)] = (0, kind, discs)
    s.overseer[0][o] = cell(x, y)


def test_woodcutter_camp_up_to_4_and_leader_returns_home(game: IbyronState) -> None:
    s = game
    s.apply("move 5 6 0")
    assert "camp wood 4" in notations(s) and "camp ore 1" not in notations(s)
    s.apply("camp wood 4")
    assert s.camps[cell(5, 6)] == (0, 0, 4) and s.overseer[0][0] == cell(5, 6)
    assert s.leader[0] == s.home[0] and s.supply[0] == 14 - 1 - 4


def test_two_overseers_limit_camps(game: IbyronState) -> None:
    s = game
    s.overseer[0] = [cell(9, 9), cell(9, 10)]
    s.apply("move 5 6 0")
    with pytest.raises(meeple.IllegalAction, match="overseers"):
        s.apply("camp wood 2")


def test_gold_mine_needs_second_level_mountain_and_costs(game: IbyronState) -> None:
    s = game
    s.apply("move 7 6 0")
    s.res[0][WOOD], s.res[0][ORE] = 2, 6
    assert "camp gold" not in notations(s)  # level 1 only
    set_height(s, cell(7, 6), 2)
    assert "camp gold" in notations(s)
    s.apply("camp gold")
    assert s.camps[cell(7, 6)] == (0, 3, 4) and s.res[0][WOOD] == 0 and s.res[0][ORE] == 0


def test_grain_field_needs_5_minus_barns(game: IbyronState) -> None:
    s = game
    s.apply("move 4 7 0")
    s.apply("camp grain")
    assert s.camps[cell(4, 7)] == (0, 4, 4)  # one barn at the start
    assert not any(n.startswith("gather") for n in notations(s, 0) if s.current == 0)


def test_gather_level_1_one_foreman_one_wood(game: IbyronState) -> None:
    s = game
    _camp(s, 5, 6, 0, 3)
    s.apply("gather 0 1")
    assert s.res[0][WOOD] == 1 and s.camps[cell(5, 6)][2] == 2
    assert s.supply[0] == 13 and s.vbox[0] == 2  # the foreman and the woodcutter


def test_gather_level_2_needs_two_foremen(game: IbyronState) -> None:
    s = game
    _camp(s, 5, 6, 1, 3)
    s.tech[0][1] = 2
    s.apply("gather 0 2")
    assert s.res[0][ORE] == 2 and s.supply[0] == 12 and s.vbox[0] == 3


def test_lesser_level_may_be_used_and_unreached_level_refused(game: IbyronState) -> None:
    s = game
    _camp(s, 5, 6, 0, 3)
    s.tech[0][0] = 3
    assert {"gather 0 1", "gather 0 2", "gather 0 3"} <= set(notations(s))
    assert "gather 0 4" not in notations(s)
    with pytest.raises(meeple.IllegalAction, match="level 4"):
        s.apply("gather 0 4")


def test_horse_adds_one_wood(game: IbyronState) -> None:
    s = game
    _camp(s, 5, 6, 0, 1)
    s.apply("gather 0 1 horse")
    assert s.res[0][WOOD] == 2 and s.horses[0] == 0
    assert s.overseer[0][0] == -1 and cell(5, 6) not in s.camps  # the last disc frees the overseer


def test_hurry_removes_all_discs_at_level_1_for_a_horse(game: IbyronState) -> None:
    s = game
    _camp(s, 5, 6, 0, 4)
    s.tech[0][0] = 4
    s.apply("hurry 0")
    assert s.res[0][WOOD] == 4 and s.supply[0] == 10 and s.vbox[0] == 8 and s.horses[0] == 0


def test_gold_gives_one_per_disc_and_cannot_hurry(game: IbyronState) -> None:
    s = game
    _camp(s, 7, 6, 3, 4)
    assert "hurry 0" not in notations(s) and "gather 0 2" not in notations(s)
    s.apply("gather 0 1")
    assert s.res[0][GOLD] == 1


def test_gold_miner_example(game: IbyronState) -> None:
    """The rulebook's gold mine example: a second-level mountain, 6 ore and 2 wood spent,
    4 available workers placed on the space with the gold mine marker."""
    s = game
    set_height(s, cell(7, 6), 2)
    s.res[0][WOOD], s.res[0][ORE] = 2, 6
    s.supply[0] = 4
    s.apply("move 7 6 0")  # 3 spaces at 1 per point: 3 discs, leaving 1
    assert "camp gold" not in notations(s)
    with pytest.raises(meeple.IllegalAction, match="4 discs"):
        s.apply("camp gold")
    s.supply[0] = 4
    s.apply("camp gold")
    assert s.camps[cell(7, 6)] == (0, 3, 4) and s.supply[0] == 0
    assert s.res[0][WOOD] == 0 and s.res[0][ORE] == 0
    assert s.overseer[0][0] == cell(7, 6) and s.leader[0] == s.home[0]


def test_a_gold_mine_may_stand_on_a_third_level_mountain() -> None:
    """"Empty 2nd level mountain": read as the second level or higher (a higher mountain is no less one)."""
    s = start()
    turn_to(s, 0)
    s.apply("move 7 6 0")
    s.res[0][WOOD], s.res[0][ORE] = 2, 6
    set_height(s, cell(7, 6), 3)
    assert "camp gold" in notations(s)


def test_every_kind_of_camp_sends_the_leader_home() -> None:
    for kind, where in (("ore 2", (7, 6)), ("stone 3", (7, 6)), ("grain", (7, 7))):
        s = start()
        turn_to(s, 0)
        s.apply(f"move {where[0]} {where[1]} 0")
        s.apply(f"camp {kind}")
        owner, camp_kind, discs = s.camps[cell(*where)]
        assert owner == 0 and s.leader[0] == s.home[0]
        expected = {"ore 2": (K_ORE, 2), "stone 3": (K_STONE, 3), "grain": (K_GRAIN, 4)}[kind]
        assert (camp_kind, discs) == expected


def test_gathering_at_levels_3_and_4_and_with_the_refinery() -> None:
    """Levels 3 and 4 take 1 foreman and yield 2 and 3 per disc (designed yields, rulebook foremen)."""
    for level, gained in ((3, 2), (4, 3)):
        s = start()
        turn_to(s, 0)
        s.tech[0] = [level, level, 1]
        s.camps[cell(7, 6)] = (0, K_ORE, 2)
        s.overseer[0][0] = cell(7, 6)
        supply, vbox = s.supply[0], s.vbox[0]
        s.apply(f"gather 0 {level}")
        assert s.res[0][ORE] == gained and s.supply[0] == supply - 1 and s.vbox[0] == vbox + 2
        assert s.camps[cell(7, 6)] == (0, K_ORE, 1)


def test_gold_is_one_foreman_for_one_gold_and_ends_the_camp() -> None:
    s = start()
    turn_to(s, 0)
    s.camps[cell(7, 6)] = (0, 3, 1)
    s.overseer[0][0] = cell(7, 6)
    s.tech[0] = [4, 4, 1]  # no tech bonus for gold
    s.apply("gather 0 1")
    assert s.res[0][GOLD] == 1 and cell(7, 6) not in s.camps and s.overseer[0][0] == -1


def test_one_gold_mine_at_a_time_for_the_one_marker() -> None:
    s = start()
    turn_to(s, 0)
    s.camps[cell(8, 8)] = (0, 3, 2)  # a gold mine already running elsewhere
    s.overseer[0][0] = cell(8, 8)
    s.apply("move 7 6 0")
    s.res[0][WOOD], s.res[0][ORE] = 2, 6
    set_height(s, cell(7, 6), 2)
    assert "camp gold" not in notations(s) and "camp ore 1" in notations(s)
    with pytest.raises(meeple.IllegalAction, match="marker"):
        s.apply("camp gold")


def test_a_held_space_is_used_by_founding_there_and_its_overseer_is_not_taken_back() -> None:
    s = start()
    turn_to(s, 0)
    for o, where in enumerate((cell(7, 6), cell(6, 6))):  # both overseers hold a mountain each
        s.reserved[where] = 0
        s.overseer[0][o] = where
    s.apply("move 5 7 0")  # an unheld mountain: no overseer is free for a camp
    assert not any(a.startswith("camp") for a in notations(s))
    turn_to(s, 0)
    s.leader[0] = cell(7, 6)
    s.apply("camp stone 2")  # on a held space: its own overseer runs the camp
    assert s.camps[cell(7, 6)] == (0, K_STONE, 2) and cell(7, 6) not in s.reserved
    assert s.overseer[0] == [cell(7, 6), cell(6, 6)] and s.reserved == {cell(6, 6): 0}


def test_horse_bonus_only_for_wood(game: IbyronState) -> None:
    s = game
    s.camps[cell(5, 7)] = (0, 1, 2)
    s.overseer[0][0] = cell(5, 7)
    assert "gather 0 1" in notations(s) and "gather 0 1 horse" not in notations(s)


def test_grain_field_cannot_be_hurried_or_gathered(game: IbyronState) -> None:
    s = game
    s.camps[cell(4, 7)] = (0, 4, 4)
    s.overseer[0][0] = cell(4, 7)
    assert not any(n.startswith(("gather", "hurry")) for n in notations(s))
    with pytest.raises(meeple.IllegalAction, match="Farmer"):
        s.apply("gather 0 1")


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
