"""What a single explorer does: travel and look at a site, move the interpreter; and ending
a turn with explorers left idle."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction
from meeple.games.bayon.data import COSTS
from tests.bayon.helpers import EUROPE, arrange, game, legal, play


# ------------------------------------------------------------ travel
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


def test_the_first_traveller_of_a_turn_sees_the_top_even_if_the_seat_knew_it() -> None:
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


def test_another_players_travellers_do_not_let_this_player_look_deeper() -> None:
    state = arrange(game(2), hands=[[1], [2]], stacks={"europe": EUROPE})
    play(state, "travel 1 europe")  # seat 0's turn ends: one explorer
    play(state, "travel 2 europe")
    assert state.observation(1)["continents"][0]["known"] == [{"depth": 0, "site": 1, "known_by": [0, 1]}]


def test_after_the_seen_top_card_left_the_next_traveller_sees_the_new_top() -> None:
    # The count of cards looked at this turn follows the stack: once the peeked top card
    # is dug up, the new top is a card this player has not seen, and it is the one shown.
    state = arrange(game(2), hands=[[1, 7, 8, 2], [3]], gold=[30, 15], stacks={"europe": EUROPE})
    play(state, "travel 1 europe", "expedition europe", "team 8")  # sees site 1, then wins it
    play(state, "interpreter 7 asia")  # unblock Europe
    play(state, "travel 2 europe")
    known = state.observation(0)["continents"][0]["known"]
    assert [(k["depth"], k["site"]) for k in known] == [(0, 2)]


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


# ------------------------------------------------------- interpreter
def test_move_the_interpreter() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    assert "interpreter 1 australia" not in legal(state)  # it already lies there
    with pytest.raises(IllegalAction, match="already on Australia"):
        state.apply("interpreter 1 australia")
    play(state, "interpreter 1 europe")
    assert state.observation(1)["interpreter"] == "europe"
    assert "travel 7 europe" not in legal(state) and "travel 7 australia" in legal(state)


def test_moving_the_interpreter_unblocks_its_old_continent_and_blocks_the_new() -> None:
    state = arrange(game(2), hands=[[1, 13], [2]], gold=[COSTS[4], 15])
    assert "expedition australia" not in legal(state)
    play(state, "interpreter 1 africa")
    assert "expedition australia" in legal(state) and "expedition africa" not in legal(state)
    assert "travel 13 africa" not in legal(state)


# ------------------------------------------------------- end of turn
def test_forgo_the_remaining_actions() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    play(state, "travel 1 europe", "end")
    assert state.current == 1 and state.used == 0
