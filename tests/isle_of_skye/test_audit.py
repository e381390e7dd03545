"""Regression tests from the independent rules audit."""

from __future__ import annotations

import random

import pytest

from meeple.core import Action, IllegalAction, snapshot
from meeple.games.isle_of_skye.rules import BUILD, BUY, IsleOfSkyeState
from tests.isle_of_skye.helpers import new_state


def _state_in(phase: int) -> IsleOfSkyeState:
    state = new_state(3, seed=4)
    rng = random.Random(4)
    while state.phase != phase:
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


MALFORMED = [
    Action("buy"),
    Action("place"),
    Action("spot", 1),
    Action("discard", "x"),
    Action("price"),
    Action("rotate", 45),
    Action("fly", 3),
]


@pytest.mark.parametrize("phase", [0, BUY, BUILD])
@pytest.mark.parametrize("action", MALFORMED, ids=str)
def test_a_malformed_action_is_refused_with_a_reason(phase: int, action: Action) -> None:
    # Actions built by hand with missing or wrong arguments are refused cleanly, not with a crash.
    state = _state_in(phase)
    seat = state.to_move[0]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not an action of Isle of Skye"):
        state.apply(action, seat)
    assert snapshot(state) == before
