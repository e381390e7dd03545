"""Expeditions: setting out, paying the price in gold or with sites won on earlier turns,
and what success and failure do."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction
from meeple.games.bayon.data import COSTS, SITE_VALUE
from tests.bayon.helpers import AFRICA, EUROPE, arrange, game, legal, play


# ------------------------------------------------------- setting out
def test_expedition_paid_in_gold() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], stacks={"africa": AFRICA}, gold=[15, 15])
    bank = state.bank
    play(state, "expedition africa")  # no sites: gold pays at once
    assert state.gold[0] == 5 and state.bank == bank + 10
    assert state.revealed == 7 and state.stacks[1] == AFRICA[1:]
    assert state.observation(1)["turn"]["revealed"] == 7


def test_the_expedition_cost_is_the_continents_price_paid_to_the_bank() -> None:
    for c, name in enumerate(("europe", "africa", "asia", "america")):
        state = arrange(game(2), hands=[[1, 2], [3]], gold=[COSTS[c], 15])
        bank = state.bank
        play(state, f"expedition {name}")
        assert state.gold[0] == 0 and state.bank == bank + COSTS[c]


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


def test_an_expedition_may_follow_a_travel_to_the_same_continent_in_the_turn() -> None:
    state = arrange(game(2), hands=[[1, 8], [2]], stacks={"europe": EUROPE}, gold=[COSTS[0], 15])
    play(state, "travel 1 europe")
    assert "expedition europe" in legal(state)
    play(state, "expedition europe", "team 8")
    assert state.owned[0] == [1]


def test_no_hire_during_an_expedition() -> None:
    state = arrange(game(2), hands=[[5, 7], [2]], stacks={"africa": AFRICA}, gold=[30, 15])
    play(state, "expedition africa")
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match="assemble the team first"):
        state.apply("hire stack")


# ------------------------------------------------- paying with sites
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


def test_sites_pay_at_face_value_and_several_may_be_combined() -> None:
    # Two Europe sites together cover Australia's price; the surplus of the second is lost.
    assert SITE_VALUE[1] < COSTS[4] <= SITE_VALUE[1] + SITE_VALUE[2]
    state = arrange(game(2), hands=[[1, 2], [3]], owned=[[1, 2], []], gold=[0, 15], interpreter="asia")
    bank = state.bank
    play(state, "expedition australia", "pay site 1")
    assert state.owed == COSTS[4] - SITE_VALUE[1]
    play(state, "pay site 2")
    assert state.gold[0] == 0 and state.bank == bank and state.owned[0] == []
    assert state.stacks[0][-2:] == [1, 2]  # both under Europe, in the order paid
    assert state.observation(0)["turn"]["step"] == "team"


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


def test_a_site_won_this_turn_cannot_pay_for_another_expedition() -> None:
    # Only sites acquired on earlier turns may pay for an expedition.
    state = arrange(game(2), hands=[[8, 7], [2]], gold=[15, 15], stacks={"europe": EUROPE}, owned=[[], []])
    play(state, "expedition europe", "team 8")  # pays 5 gold, wins site 1, 8 withdraws
    assert state.owned[0] == [1] and state.gold[0] == 10
    play(state, "expedition africa")  # the fresh site is no means of payment: the gold pays
    assert state.owned[0] == [1]
    assert state.gold[0] == 0
    assert state.observation(0)["turn"]["step"] == "team"


def test_no_expedition_when_only_a_site_won_this_turn_would_pay() -> None:
    state = arrange(game(2), hands=[[8, 7], [2]], gold=[5, 15], stacks={"europe": EUROPE}, owned=[[], []])
    play(state, "expedition europe", "team 8")
    assert state.gold[0] == 0 and state.owned[0] == [1]
    assert "expedition asia" not in legal(state)  # 15 gold; site 1 (20) would cover it on a later turn
    with pytest.raises(IllegalAction, match="won this turn"):
        state.apply("expedition asia")


def test_a_site_won_on_an_earlier_turn_pays() -> None:
    state = arrange(game(2), hands=[[8, 7], [2, 3]], gold=[5, 15], stacks={"europe": EUROPE}, owned=[[], []])
    play(state, "expedition europe", "team 8", "end")  # seat 0 wins site 1, then passes
    play(state, "interpreter 2 asia", "end")  # seat 1 unblocks Europe
    assert state.current == 0
    assert "expedition europe" in legal(state)
    play(state, "expedition europe", "pay site 1")
    assert state.owned[0] == []
    assert state.observation(0)["turn"]["step"] == "team"


def test_paying_offers_only_sites_from_earlier_turns() -> None:
    state = arrange(game(2), hands=[[8, 7, 13], [2]], gold=[15, 15], stacks={"europe": EUROPE}, owned=[[30], []])
    play(state, "expedition europe", "pay gold", "team 8")  # wins site 1, keeps site 30
    play(state, "expedition africa")
    assert legal(state) == ["pay gold", "pay site 30"]
    with pytest.raises(IllegalAction, match="won this turn"):
        state.apply("pay site 1")


# ----------------------------------------------- success and failure
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


def test_a_team_exactly_reaching_every_value_succeeds() -> None:
    # Site 1 needs (1,1,0); explorer 6 (3,1,0) meets the shovel exactly and has no microscope.
    state = arrange(game(2), hands=[[6], [2]], stacks={"europe": EUROPE}, gold=[COSTS[0], 15])
    play(state, "expedition europe", "team 6")
    assert state.owned[0] == [1]


def test_one_value_short_is_a_failure() -> None:
    # The pyramids need map 3: explorer 13 (2,2,2) has every value but one map too few.
    state = arrange(game(2), hands=[[13], [2]], stacks={"africa": AFRICA}, gold=[COSTS[1], 15])
    play(state, "expedition africa")
    assert legal(state) == ["team 13"]
    play(state, "team 13")
    assert legal(state) == ["team done"]
    play(state, "team done")
    assert state.owned[0] == [] and state.stacks[1][-1] == 7 and state.hands[0] == []


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


def test_the_interpreter_lands_on_the_explored_continent_after_a_failure_too() -> None:
    state = arrange(game(2), hands=[[1, 2], [3]], stacks={"africa": AFRICA}, gold=[30, 15])
    play(state, "expedition africa", "team 1", "team done")
    assert state.observation(None)["interpreter"] == "africa"


def test_an_explorer_given_back_cannot_act_again_after_rehiring() -> None:
    state = arrange(game(2), hands=[[8, 7], [3]], stacks={"europe": EUROPE}, faceup=[9], camp=[], gold=[30, 15])
    play(state, "expedition europe", "team 8")  # 8 withdraws face up (the basecamp held one)
    assert state.faceup == [9, 8]
    play(state, "hire 8")
    assert state.current == 0 and not any(a.startswith(("travel 8", "interpreter 8")) for a in legal(state))
