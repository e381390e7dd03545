"""Rules found missing or wrong in the independent audit; each test is a regression test."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction
from tests.bayon.helpers import arrange, game, legal, play

# Europe sites 1-6: 1 needs (1,1,0) and is worth 20. Explorer 8 is (1,2,2), 7 is (2,2,1).
EUROPE = [1, 2, 3, 4, 5, 6]


# ----------------------------------------------- paying with sites won earlier
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


def test_text_view_names_site_ids_and_marks_sites_won_this_turn() -> None:
    from tests.bayon.test_views import as_text

    state = arrange(game(2), hands=[[8, 7], [2]], gold=[15, 15], stacks={"europe": EUROPE}, owned=[[30], []])
    play(state, "expedition europe", "pay gold", "team 8")
    text = as_text(state.observation(1))
    assert "[30] " in text and "[1] " in text  # the ids used by `pay site N`
    assert text.count("won this turn") == 1  # site 1 only, not site 30
    play(state, "end")
    assert "won this turn" not in as_text(state.observation(1))


# ------------------------------------ travelling again after the seen top card has left
def test_after_the_seen_top_card_left_the_next_traveller_sees_the_new_top() -> None:
    # The count of cards looked at this turn follows the stack: once the peeked top card
    # is dug up, the new top is a card this player has not seen, and it is the one shown.
    state = arrange(game(2), hands=[[1, 7, 8, 2], [3]], gold=[30, 15], stacks={"europe": EUROPE})
    play(state, "travel 1 europe", "expedition europe", "team 8")  # sees site 1, then wins it
    play(state, "interpreter 7 asia")  # unblock Europe
    play(state, "travel 2 europe")
    known = state.observation(0)["continents"][0]["known"]
    assert [(k["depth"], k["site"]) for k in known] == [(0, 2)]


def test_text_view_explains_the_team_step() -> None:
    from tests.bayon.test_views import as_text

    state = arrange(game(2), hands=[[1, 13], [2]], gold=[30, 15], stacks={"africa": [7, 8, 9, 10, 11, 12]})
    play(state, "expedition africa")
    text = as_text(state.observation(0))
    flat = " ".join(text.replace("│", " ").split())  # undo the panel's line wrapping
    assert "succeeds as soon as it reaches all three values" in flat
    assert "'team done' stops short and the expedition fails" in flat
