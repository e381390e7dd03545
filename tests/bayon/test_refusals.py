"""Illegal actions: refused with a reason in words, leaving the game as it was."""

from __future__ import annotations

import random

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.bayon.actions import ACTION_SPACE
from meeple.games.bayon.refusals import refusal
from tests.bayon.helpers import AFRICA, arrange, game, legal, play


def test_rejected_actions_change_nothing() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    before = snapshot(state)
    for bad in ("travel 2 europe", "expedition australia", "team 1", "pay gold", "withdraw 7", "lose 1", "giveup 1"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert snapshot(state) == before


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_actions_are_exactly_the_actions_no_check_refuses(players: int) -> None:
    # The generator lists where things lie with precomputed rows; the checks that give the
    # refusal reasons must allow exactly what it lists, in every position of random games.
    rng = random.Random(players)
    for seed in range(2):
        state = game(players, seed)
        while not state.is_over:
            allowed = set(state.legal_actions())
            for action in ACTION_SPACE:
                assert (refusal(state, action) is None) == (action in allowed), (str(action), state.history)
            state.apply(rng.choice(sorted(allowed, key=str)))
