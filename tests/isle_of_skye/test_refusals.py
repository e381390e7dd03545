"""Refusals: an action built by hand that is no action of the game is refused with a reason."""

from __future__ import annotations

import random

import pytest

from meeple.core import Action, IllegalAction, snapshot
from meeple.games.isle_of_skye.actions import ACTION_SPACE, BUILD, BUY
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
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


def test_every_refused_action_is_refused_with_the_reason_of_the_test_that_refused_it() -> None:
    # At positions of every phase, each action of the game that is not in the legal list is
    # refused by ``apply`` with a reason from the same legality tests (``explain.py``), and the
    # position does not change; the wrong kind of step for the phase says which step is due.
    rng = random.Random(7)
    reasons: set[str] = set()
    for players, seed in ((2, 3), (4, 5)):
        state = new_state(players, seed=seed)
        step = 0
        while not state.is_over:
            seat = rng.choice(state.to_move)
            legal = state.legal_actions(seat)
            if step % 11 == 0:
                before = snapshot(state)
                offered = set(legal)
                for action in ACTION_SPACE[:: 1 if step % 2 else 5]:
                    if action in offered:
                        continue
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(action, seat)
                    reason = str(refused.value)
                    assert reason, action
                    reasons.add(reason.split(" ")[0])
                assert snapshot(state) == before
            state.apply(rng.choice(legal), seat)
            step += 1
    assert {"now", "choose", "tile", "a", "first", "you"} <= reasons
