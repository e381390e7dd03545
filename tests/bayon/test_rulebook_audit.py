"""Rules the rulebook states that had no test which would fail if the code got them wrong.

Written in the independent audit of Bayon against its rulebook; every amount is read
from the component data, so a changed price or fee changes what the test expects.
"""

from __future__ import annotations

import random

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.bayon.data import COSTS, DATA, SITE_VALUE
from tests.bayon.helpers import arrange, game, legal, play

# Europe 1-6 (site 1 needs 1/1/0), Africa 7-12 (7 is the pyramids, 3/1/1).
# Explorers (map, shovel, microscope): 1 (0,1,3), 2 (0,3,1), 6 (3,1,0), 8 (1,2,2), 13 (2,2,2).
EUROPE = [1, 2, 3, 4, 5, 6]
AFRICA = [7, 8, 9, 10, 11, 12]


# ------------------------------------------------------- option 1 versus option 2
def test_rule_gold_is_option_one_so_not_after_a_hire() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], faceup=[7, 8], camp=[9, 10, 11])
    play(state, "hire 7")
    assert "gold" not in legal(state)
    with pytest.raises(IllegalAction, match="whole turn"):
        state.apply("gold")


def test_rule_gold_from_the_bank_is_the_take_gold_amount() -> None:
    state = game(2)
    gold, bank = state.gold[0], state.bank
    play(state, "gold")
    assert state.gold[0] == gold + DATA.take_gold and state.bank == bank - DATA.take_gold


# ---------------------------------------------------------------------- hiring
def test_rule_sites_never_pay_for_hiring() -> None:
    # A site worth far more than the hiring price does not let a player short of gold hire.
    short = DATA.hire_from_basecamp - 5
    state = arrange(game(2), hands=[[1], [2, 3]], gold=[short, 15], owned=[[30], []])
    assert SITE_VALUE[30] >= DATA.hire_from_player
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match=f"you have {short} gold"):
        state.apply(f"hire {state.faceup[0]}")


def test_rule_hiring_from_a_player_pays_the_owner_not_the_bank() -> None:
    state = arrange(game(3), hands=[[1], [2, 7], [3]], gold=[DATA.hire_from_player, 0, 0])
    bank = state.bank
    play(state, "hire 7")
    assert state.gold == [0, DATA.hire_from_player, 0] and state.bank == bank


def test_rule_hiring_from_the_basecamp_pays_the_bank() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], gold=[DATA.hire_from_basecamp, 15, 15], camp=[9, 10, 11])
    bank = state.bank
    play(state, "hire stack")
    assert state.gold[0] == 0 and state.bank == bank + DATA.hire_from_basecamp


@pytest.mark.parametrize("step", ["pay", "withdraw", "lose"])
def test_rule_no_hire_at_any_step_of_an_expedition(step: str) -> None:
    hands = {"pay": [5, 14, 13], "withdraw": [5, 14, 13], "lose": [1, 2, 13]}[step]
    state = arrange(game(4), hands=[hands, [3], [4], [6]], stacks={"africa": AFRICA}, gold=[30, 15, 15, 15])
    arrange(state, owned=[[1], [], [], []] if step == "pay" else None, faceup=[7, 8], camp=[9])
    moves = {
        "pay": ["expedition africa"],
        "withdraw": ["expedition africa", "team 5", "team 14"],
        "lose": ["expedition africa", "team 1", "team 2", "team done"],
    }[step]
    play(state, *moves)
    assert state.observation(0)["turn"]["step"] == step
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match="first"):
        state.apply("hire 7")


def test_rule_any_explorer_may_be_given_up_even_the_one_just_hired_or_one_that_acted() -> None:
    limit = DATA.max_explorers
    hand = [1, 7, 8, 9][:limit]
    state = arrange(game(4), hands=[hand, [2], [3], [4]], faceup=[10, 11], camp=[12, 13], gold=[30, 15, 15, 15])
    play(state, f"travel {hand[0]} europe", "hire 10")
    assert len(state.hands[0]) == limit + 1
    assert legal(state) == [f"giveup {e}" for e in [*hand, 10]]
    play(state, "giveup 10")
    assert state.hands[0] == hand and state.camp[-1] == 10


# -------------------------------------------------------------------- travel
def test_rule_the_first_traveller_of_a_turn_sees_the_top_even_if_the_seat_knew_it() -> None:
    # The card beneath the top may be looked at only by a second explorer of the same turn:
    # knowing the top from an earlier turn does not let a first traveller look deeper.
    state = arrange(game(2), hands=[[1, 7], [2, 3]], stacks={"europe": EUROPE})
    play(state, "travel 1 europe", "end", "end")
    assert state.current == 0
    play(state, "travel 1 europe")
    known = state.observation(0)["continents"][0]["known"]
    assert [(k["depth"], k["site"]) for k in known] == [(0, 1)]
    play(state, "travel 7 europe")
    known = state.observation(0)["continents"][0]["known"]
    assert [(k["depth"], k["site"]) for k in known] == [(0, 1), (1, 2)]


def test_rule_another_players_travellers_do_not_let_this_player_look_deeper() -> None:
    state = arrange(game(2), hands=[[1], [2]], stacks={"europe": EUROPE})
    play(state, "travel 1 europe")  # seat 0's turn ends: one explorer
    play(state, "travel 2 europe")
    assert state.observation(1)["continents"][0]["known"] == [{"depth": 0, "site": 1, "known_by": [0, 1]}]


# ---------------------------------------------------------------- interpreter
def test_rule_moving_the_interpreter_unblocks_its_old_continent_and_blocks_the_new() -> None:
    state = arrange(game(2), hands=[[1, 13], [2]], gold=[COSTS[4], 15])
    assert "expedition australia" not in legal(state)
    play(state, "interpreter 1 africa")
    assert "expedition australia" in legal(state) and "expedition africa" not in legal(state)
    assert "travel 13 africa" not in legal(state)


# -------------------------------------------------------------- expeditions
def test_rule_an_expedition_may_follow_a_travel_to_the_same_continent_in_the_turn() -> None:
    state = arrange(game(2), hands=[[1, 8], [2]], stacks={"europe": EUROPE}, gold=[COSTS[0], 15])
    play(state, "travel 1 europe")
    assert "expedition europe" in legal(state)
    play(state, "expedition europe", "team 8")
    assert state.owned[0] == [1]


def test_rule_a_team_exactly_reaching_every_value_succeeds() -> None:
    # Site 1 needs (1,1,0); explorer 6 (3,1,0) meets the shovel exactly and has no microscope.
    state = arrange(game(2), hands=[[6], [2]], stacks={"europe": EUROPE}, gold=[COSTS[0], 15])
    play(state, "expedition europe", "team 6")
    assert state.owned[0] == [1]


def test_rule_one_value_short_is_a_failure() -> None:
    # The pyramids need map 3: explorer 13 (2,2,2) has every value but one map too few.
    state = arrange(game(2), hands=[[13], [2]], stacks={"africa": AFRICA}, gold=[COSTS[1], 15])
    play(state, "expedition africa")
    assert legal(state) == ["team 13"]
    play(state, "team 13")
    assert legal(state) == ["team done"]
    play(state, "team done")
    assert state.owned[0] == [] and state.stacks[1][-1] == 7 and state.hands[0] == []


def test_rule_the_interpreter_lands_on_the_explored_continent_after_a_failure_too() -> None:
    state = arrange(game(2), hands=[[1, 2], [3]], stacks={"africa": AFRICA}, gold=[30, 15])
    play(state, "expedition africa", "team 1", "team done")
    assert state.observation(None)["interpreter"] == "africa"


def test_rule_the_expedition_cost_is_the_continents_price_paid_to_the_bank() -> None:
    for c, name in enumerate(("europe", "africa", "asia", "america")):
        state = arrange(game(2), hands=[[1, 2], [3]], gold=[COSTS[c], 15])
        bank = state.bank
        play(state, f"expedition {name}")
        assert state.gold[0] == 0 and state.bank == bank + COSTS[c]


def test_rule_sites_pay_at_face_value_and_several_may_be_combined() -> None:
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


# --------------------------------------------------------------- refusals
def test_refusals_at_every_expedition_step_change_nothing() -> None:
    # Explorer 14 exists only in 4-player games.
    state = arrange(game(4), hands=[[5, 14, 13], [3], [4], [6]], owned=[[1], [], [], []], stacks={"africa": AFRICA})
    arrange(state, gold=[30, 15, 15, 15])
    for moves, bad in (
        (["expedition africa"], ["team 5", "end", "hire stack", "pay site 2", "withdraw 5"]),
        (["pay gold"], ["team 3", "team done", "pay gold", "lose 5", "gold"]),
        (["team 5", "team 14"], ["withdraw 13", "team 13", "end", "travel 13 europe"]),
    ):
        play(state, *moves)
        before, shown = snapshot(state), [state.observation(s) for s in (0, 1, None)]
        allowed = legal(state)
        for action in bad:
            with pytest.raises(IllegalAction) as refused:
                state.apply(action)
            assert str(refused.value)  # a reason, in words
        assert snapshot(state) == before and legal(state) == allowed
        assert [state.observation(s) for s in (0, 1, None)] == shown


# ------------------------------------------------------------ hidden information
def test_determinize_during_an_expedition_keeps_the_revealed_site_and_the_team() -> None:
    state = arrange(game(4), hands=[[5, 14, 13], [3], [4], [6]], stacks={"africa": AFRICA}, gold=[30, 15, 15, 15])
    play(state, "travel 13 europe", "expedition africa", "team 5")
    for seat in range(4):
        world = state.determinize(seat, random.Random(seat))
        assert world.revealed == state.revealed and world.team == [5]
        assert world.legal_actions() == state.legal_actions()
        assert world.observation(seat) == state.observation(seat)
        assert world.observation(None)["continents"] == state.observation(None)["continents"]


# ------------------------------------------------------------------ text view
def test_text_view_names_a_team_that_succeeds_or_says_none_can() -> None:
    from tests.bayon.test_views import as_text

    def flat(text: str) -> str:
        return " ".join(text.replace("│", " ").split())

    state = arrange(game(2), hands=[[1, 6], [2]], stacks={"europe": EUROPE}, gold=[COSTS[0], 15])
    play(state, "expedition europe")  # site 1 (1,1,0): explorer 6 (3,1,0) alone, explorer 1 (0,1,3) cannot help
    assert "A team that succeeds: #6." in flat(as_text(state.observation(0)))
    assert "A team that succeeds" not in flat(as_text(state.observation(1)))  # only the player is told
    doomed = arrange(game(2), hands=[[1, 2], [3]], stacks={"africa": AFRICA}, gold=[COSTS[1], 15])
    play(doomed, "expedition africa")
    assert "No team of your free explorers can succeed here" in flat(as_text(doomed.observation(0)))


def test_text_view_does_not_address_a_spectator_as_you() -> None:
    from tests.bayon.test_views import as_text

    state = game(2)
    assert "what you know of the stack" in as_text(state.observation(0))
    spectator = as_text(state.observation(None))
    assert "what is known of the stack" in spectator and "(you)" not in spectator
