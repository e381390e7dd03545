"""Explorer actions: travel and look, the interpreter, expeditions, the end of a turn."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.bayon.data import SITE_VALUE
from tests.bayon.helpers import arrange, game, legal, play

# Site ids of the shipped data (see data.json): Europe 1-6, Africa 7-12, Asia 13-18, ...
# Explorer abilities (map, shovel, microscope): 1 (0,1,3), 2 (0,3,1), 5 (3,0,1), 6 (3,1,0),
# 7 (2,2,1), 8 (1,2,2), 13 (2,2,2), 14 (1,2,3).
EUROPE = [1, 2, 3, 4, 5, 6]  # 1 needs (1,1,0), 2 (0,1,1), 3 (1,0,1), 4 (2,1,0), 5 (0,2,1), 6 (1,0,2)
AFRICA = [7, 8, 9, 10, 11, 12]  # 7 needs (3,1,1), 8 (1,3,1), 9 (1,1,3), 10 (2,1,1) ...


# ------------------------------------------------------------------ travel
def test_travel_shows_the_top_card_to_that_seat_only() -> None:
    state = arrange(game(3), hands=[[1, 7], [2], [3]], stacks={"europe": EUROPE})
    play(state, "travel 1 europe")
    mine = state.observation(0)["continents"][0]["known"]
    assert mine == [{"depth": 0, "site": 1, "known_by": [0]}]
    for other in (1, 2, None):
        theirs = state.observation(other)["continents"][0]["known"]
        assert theirs == [{"depth": 0, "site": None, "known_by": [0]}]
    assert state.stacks[0] == EUROPE  # the order does not change


def test_second_explorer_on_a_continent_sees_the_card_beneath() -> None:
    state = arrange(game(2), hands=[[1, 7, 8], [2]], stacks={"europe": EUROPE})
    play(state, "travel 1 europe", "travel 7 europe")
    known = state.observation(0)["continents"][0]["known"]
    assert [(k["depth"], k["site"]) for k in known] == [(0, 1), (1, 2)]
    play(state, "travel 8 europe")
    assert state.current == 1
    known = state.observation(0)["continents"][0]["known"]
    assert [(k["depth"], k["site"]) for k in known] == [(0, 1), (1, 2), (2, 3)]
    assert state.stacks[0] == EUROPE


def test_no_travel_to_the_blocked_continent() -> None:
    state = arrange(game(2), hands=[[1], [2]], interpreter="asia")
    assert "travel 1 asia" not in legal(state)
    with pytest.raises(IllegalAction, match="Asia is blocked by the interpreter"):
        state.apply("travel 1 asia")


def test_no_travel_without_a_card_to_see() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]], stacks={"europe": [1]})
    play(state, "travel 1 europe")
    assert "travel 7 europe" not in legal(state)
    with pytest.raises(IllegalAction, match="no card left to look at"):
        state.apply("travel 7 europe")


def test_each_explorer_acts_once_per_turn() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    play(state, "travel 1 europe")
    assert not any(a.startswith(("travel 1", "interpreter 1")) for a in legal(state))
    with pytest.raises(IllegalAction, match="explorer 1 has already acted"):
        state.apply("interpreter 1 asia")


def test_only_own_explorers_act() -> None:
    state = arrange(game(2), hands=[[1], [2]])
    with pytest.raises(IllegalAction, match="explorer 2 is not yours"):
        state.apply("travel 2 europe")


def test_knowledge_follows_the_card_when_the_top_leaves() -> None:
    state = arrange(game(2), hands=[[1, 7, 8], [2]], stacks={"europe": EUROPE}, gold=[30, 15])
    play(state, "travel 1 europe", "travel 7 europe")  # seat 0 knows sites 1 and 2
    play(state, "expedition europe", "team 8")  # 8 (1,2,2) meets site 1 (1,1,0): success
    assert state.owned[0] == [1]
    known = state.observation(0)["continents"][0]["known"]
    assert known == [{"depth": 0, "site": 2, "known_by": [0]}]


# --------------------------------------------------------------- interpreter
def test_move_the_interpreter() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    assert "interpreter 1 australia" not in legal(state)  # it already lies there
    with pytest.raises(IllegalAction, match="already on Australia"):
        state.apply("interpreter 1 australia")
    play(state, "interpreter 1 europe")
    assert state.observation(1)["interpreter"] == "europe"
    assert "travel 7 europe" not in legal(state) and "travel 7 australia" in legal(state)


# --------------------------------------------------------------- expeditions
def test_expedition_paid_in_gold() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], stacks={"africa": AFRICA}, gold=[15, 15])
    bank = state.bank
    play(state, "expedition africa")  # no sites: gold pays at once
    assert state.gold[0] == 5 and state.bank == bank + 10
    assert state.revealed == 7 and state.stacks[1] == AFRICA[1:]
    assert state.observation(1)["turn"]["revealed"] == 7


def test_expedition_needs_the_means() -> None:
    state = arrange(game(2), hands=[[5], [2]], gold=[3, 15])
    assert not any(a.startswith("expedition") for a in legal(state))
    with pytest.raises(IllegalAction, match="you have 3 gold, the expedition costs 10"):
        state.apply("expedition africa")
    arrange(state, owned=[[1], []])  # a site worth 20 pays for it
    assert "expedition africa" in legal(state)


def test_no_expedition_to_the_blocked_continent() -> None:
    state = arrange(game(2), hands=[[5], [2]], interpreter="europe")
    with pytest.raises(IllegalAction, match="Europe is blocked by the interpreter"):
        state.apply("expedition europe")


def test_no_expedition_without_a_free_explorer() -> None:
    state = arrange(game(2), hands=[[], [2]], gold=[30, 15])  # a player may give up their last explorer
    assert legal(state) == ["gold", *(f"hire {e}" for e in state.faceup), "hire stack", "end"]
    with pytest.raises(IllegalAction, match="none of your explorers is free"):
        state.apply("expedition europe")


def test_paying_with_a_site_gives_no_change_and_puts_it_under_its_own_continent() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], owned=[[13], []], stacks={"africa": AFRICA}, gold=[15, 15])
    bank = state.bank
    play(state, "expedition africa")
    assert legal(state) == ["pay gold", "pay site 13"]
    play(state, "pay site 13")  # worth 55 for a cost of 10: the surplus is lost
    assert state.gold[0] == 15 and state.bank == bank
    assert state.owned[0] == [] and state.worth[0] == 0
    assert state.stacks[2][-1] == 13  # under Asia, the site's own continent
    for seat in (0, 1, None):  # everyone saw it go under
        assert state.observation(seat)["continents"][2]["known"][-1]["site"] == 13
    assert state.phase == 3  # the site is revealed, the team is next


def test_a_site_short_of_the_cost_is_topped_up_with_gold() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], owned=[[1], []], gold=[15, 15], interpreter="europe")
    play(state, "expedition australia")  # costs 25, site 1 is worth 20
    play(state, "pay site 1")
    assert state.gold[0] == 10  # the remaining 5 came from gold, automatically: no site left
    assert state.phase == 3


def test_pay_gold_needs_enough_gold() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], owned=[[1, 2], []], gold=[5, 15])
    play(state, "expedition asia")
    assert legal(state) == ["pay site 1", "pay site 2"]
    with pytest.raises(IllegalAction, match="you have 5 gold, 15 is still owed"):
        state.apply("pay gold")
    play(state, "pay site 1")
    assert state.phase == 3 and state.gold[0] == 5 and state.owned[0] == [2]


def test_no_hire_during_an_expedition() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], stacks={"africa": AFRICA}, gold=[30, 15])
    play(state, "expedition africa")
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match="assemble the team first"):
        state.apply("hire stack")


def test_successful_expedition_one_participant_withdraws_the_rest_are_spent() -> None:
    state = arrange(game(2), hands=[[5, 14, 2], [3]], stacks={"africa": AFRICA}, gold=[30, 15], faceup=[7, 8], camp=[9])
    play(state, "expedition africa", "team 5", "team 14")
    assert state.owned[0] == [7] and state.scores[0] == 20 + SITE_VALUE[7]
    assert legal(state) == ["withdraw 5", "withdraw 14"]
    play(state, "withdraw 5")
    assert state.hands[0] == [14, 2] and state.camp == [9, 5]
    assert state.current == 0  # explorer 2 may still act
    assert not any(" 14 " in a for a in legal(state))
    assert state.observation(0)["interpreter"] == "africa"


def test_single_explorer_success_withdraws_it_and_may_end_the_turn() -> None:
    state = arrange(game(2), hands=[[8], [3]], stacks={"europe": EUROPE}, interpreter="asia")
    play(state, "expedition europe", "team 8")  # 8 (1,2,2) meets site 1 (1,1,0)
    assert state.hands[0] == [] and state.owned[0] == [1]
    assert state.current == 1


def test_failed_expedition_returns_the_site_loses_one_participant_ends_the_turn() -> None:
    state = arrange(game(2), hands=[[1, 2, 13], [3]], stacks={"africa": AFRICA}, gold=[30, 15])
    play(state, "expedition africa", "team 1", "team 2")  # (0,4,4) lacks the map 3
    assert legal(state) == ["team 13", "team done"]
    play(state, "team done")
    assert state.stacks[1] == [*AFRICA[1:], 7]  # the pyramids go under, seen by all
    assert state.observation(1)["continents"][1]["known"] == [{"depth": 5, "site": 7, "known_by": [0, 1]}]
    assert legal(state) == ["lose 1", "lose 2"]
    play(state, "lose 2")
    assert state.hands[0] == [1, 13]
    assert state.observation(1)["interpreter"] == "africa"
    assert state.current == 1  # explorer 13 never acted, but the turn is over


def test_a_single_failed_participant_is_lost_at_once() -> None:
    state = arrange(game(2), hands=[[1, 13], [3]], stacks={"africa": AFRICA}, gold=[30, 15])
    play(state, "expedition africa", "team 1", "team done")
    assert state.hands[0] == [13] and state.current == 1


def test_no_passenger_in_a_successful_team() -> None:
    # Site 10 needs (2,1,1). Explorer 1 (0,1,3) helps, but 13 (2,2,2) and 7 (2,2,1) each suffice
    # alone: every successful team holding 1 has a passenger, so 1 may not join at all.
    state = arrange(game(2), hands=[[1, 13, 7], [3]], stacks={"africa": [10, 7, 8, 9, 11, 12]}, gold=[30, 15])
    play(state, "expedition africa")
    assert legal(state) == ["team 13", "team 7"]
    with pytest.raises(IllegalAction, match="explorer 13 would succeed"):
        state.apply("team 1")
    play(state, "team 7")
    assert state.owned[0] == [10]


def test_team_needs_a_member_before_it_is_done() -> None:
    state = arrange(game(2), hands=[[1, 13], [3]], gold=[30, 15])
    play(state, "expedition africa")
    with pytest.raises(IllegalAction, match="team is empty"):
        state.apply("team done")


def test_explorers_that_acted_cannot_join_the_team() -> None:
    state = arrange(game(2), hands=[[1, 13, 7], [3]], gold=[30, 15])
    play(state, "travel 13 africa", "expedition africa")
    assert legal(state) == ["team 1", "team 7"]
    with pytest.raises(IllegalAction, match="explorer 13 has already acted"):
        state.apply("team 13")


def test_an_explorer_given_back_cannot_act_again_after_rehiring() -> None:
    state = arrange(game(2), hands=[[8, 7], [3]], stacks={"europe": EUROPE}, faceup=[9], camp=[], gold=[30, 15])
    play(state, "expedition europe", "team 8")  # 8 withdraws face up (the basecamp held one)
    assert state.faceup == [9, 8]
    play(state, "hire 8")
    assert state.current == 0 and not any(a.startswith(("travel 8", "interpreter 8")) for a in legal(state))


# -------------------------------------------------------------- end of turn
def test_forgo_the_remaining_actions() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    play(state, "travel 1 europe", "end")
    assert state.current == 1 and state.used == 0


def test_rejected_actions_change_nothing() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    before = snapshot(state)
    for bad in ("travel 2 europe", "expedition australia", "team 1", "pay gold", "withdraw 7", "lose 1", "giveup 1"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert snapshot(state) == before


def test_reasons_for_other_illegal_actions() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], owned=[[1], []], gold=[30, 15], stacks={"africa": AFRICA})
    with pytest.raises(IllegalAction, match="explorer 14 is neither face up in the basecamp nor with another player"):
        state.apply("hire 14")  # removed from the 2-player game
    with pytest.raises(IllegalAction, match="explorer 5 is already yours"):
        state.apply("hire 5")
    with pytest.raises(IllegalAction, match="nothing is pending"):
        state.apply("giveup 5")
    play(state, "expedition africa")
    with pytest.raises(IllegalAction, match=r"site 2 \(.*\) is not yours"):
        state.apply("pay site 2")
    with pytest.raises(IllegalAction, match="pay the rest first"):
        state.apply("end")
    play(state, "pay gold", "team 7")  # 7 (2,2,1) alone falls short of the pyramids (3,1,1)
    with pytest.raises(IllegalAction, match="assemble the team first"):
        state.apply("withdraw 7")
    with pytest.raises(ValueError, match="not an action of Bayon"):
        state.apply("dig for treasure")
