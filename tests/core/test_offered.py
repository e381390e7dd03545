"""``apply`` plays an action just offered by ``legal_actions`` on one search of a kept copy.

The rules are not asked again, so these tests count the rules' ``_is_legal`` calls: the
copy must serve only the seat and move number it was listed for, never widen what is
legal when the caller edits the list it was given, and never pass to a copy of the state.
"""

from __future__ import annotations

import pytest

from meeple.core import Action, IllegalAction, snapshot
from meeple.core.rng import Random
from tests.toygame import TOY, ToyState
from tests.toygame.rules import KEEP, SWAP


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How often ``apply`` asks the toy game's rules (clones and determinized copies included)."""
    count = [0]
    plain = ToyState._is_legal

    def counted(self: ToyState, action: Action, seat: int) -> bool:
        count[0] += 1
        return plain(self, action, seat)

    monkeypatch.setattr(ToyState, "_is_legal", counted)
    return count


def test_an_action_just_offered_is_played_without_asking_the_rules_again(asked: list[int]) -> None:
    state = TOY.new(2, seed=1)
    legal = state.legal_actions(0)
    state.apply(legal[-1], 0)
    assert asked[0] == 0
    assert state.history == [(0, legal[-1])]
    # Not listed first: the rules are asked.
    state.apply(KEEP, 1)
    assert asked[0] == 1


def test_an_edited_list_does_not_make_an_action_legal() -> None:
    state = TOY.new(2, seed=1)
    state.deck.clear()  # now only keep is legal
    legal = state.legal_actions(0)
    assert legal == [KEEP]
    legal.append(SWAP)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="deck is empty"):
        state.apply(SWAP, 0)
    assert snapshot(state) == before


def test_the_offer_does_not_outlive_the_move_or_serve_another_seat() -> None:
    state = TOY.new(2, seed=1)
    legal = state.legal_actions(0)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        state.apply(legal[0], 1)
    state.apply(legal[0], 0)
    with pytest.raises(IllegalAction, match="not seat 0's turn"):
        state.apply(legal[0], 0)  # the same action, a move later


def test_a_seat_given_as_a_bool_is_refused_even_just_after_the_offer() -> None:
    state = TOY.new(2, seed=1)
    legal = state.legal_actions(0)
    before = snapshot(state)
    with pytest.raises(ValueError, match="a seat is an integer"):
        state.apply(legal[0], False)  # equal to seat 0, but not a seat
    assert snapshot(state) == before


def test_copies_do_not_inherit_the_offer(asked: list[int]) -> None:
    state = TOY.new(2, seed=1)
    legal = state.legal_actions(0)
    for copy in (state.clone(), state.determinize(0, Random(3))):
        asked[0] = 0
        copy.apply(legal[0], 0)
        assert asked[0] == 1  # checked by the rules, not by the original's offer
