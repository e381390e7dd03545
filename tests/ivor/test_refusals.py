"""A refused action says why, from the same check that left it out of the legal actions,
and leaves the game exactly as it was."""

from __future__ import annotations

import json
import random

import pytest

from meeple import IllegalAction
from meeple.games.ivor import INFO
from meeple.games.ivor.refusals import explain_illegal
from meeple.games.ivor.rules import IvorState
from tests.ivor.helpers import hand, job_card, placed


def _snapshot(state: IvorState) -> str:
    views = [state.observation(seat) for seat in (None, *range(state.players))]
    hidden = (state.deck, state.removed, state.hands, state.loc_token, state.rng.getstate())
    return json.dumps([views, repr(hidden), len(state.history)], sort_keys=True, default=str)


@pytest.mark.parametrize("bad", [
    "move ogof-idris 0 coal", "move nowhere", "job 50", "special 49", "take 1", "discard 3",
    "idris tewyn", "runaway tewyn", "place tewyn", "buy gold", "", "move", "job", "take 999",
])
def test_a_refused_action_explains_itself_and_changes_nothing(bad: str) -> None:
    state = placed()
    hand(state, 0, job_card(location="llanmad"))
    before = _snapshot(state)
    with pytest.raises((IllegalAction, ValueError)) as refused:
        state.apply(bad)
    assert str(refused.value).strip(), "a refusal says what was wrong"
    assert _snapshot(state) == before


def test_wrong_step_is_explained() -> None:
    state = placed()
    state.apply("end")
    with pytest.raises(IllegalAction, match="now is the time to take a card"):
        state.apply("move grumbly-town")
    with pytest.raises(IllegalAction, match="not in the card line"):
        state.apply(f"take {next(c for c in range(1, 51) if c not in state.line)}")


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2)])
def test_the_legal_actions_and_the_refusals_come_from_the_same_checks(players: int, seed: int) -> None:
    """Every action of the game the legal list leaves out gets a reason, and no check refuses
    an action the list offers (moves aside: a move's reason reads the route search itself)."""
    rng = random.Random(seed)
    state = INFO.new(players, seed)
    assert isinstance(state, IvorState)
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        if step % 4 == 0 or not state.in_move_step:  # every step but most of the (many) move steps
            seat = state.to_move[0]
            offered = set(legal)
            for action in INFO.action_space:
                reason = explain_illegal(state, action, seat)
                if action not in offered:
                    assert reason, f"{action} is left out without a reason"
                elif action.kind != "move":
                    assert reason is None, f"{action} is offered, yet refused: {reason}"
        state.apply(rng.choice(legal))
        step += 1
