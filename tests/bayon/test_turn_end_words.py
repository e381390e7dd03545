"""A Bayon move whose words say it ends the turn ends it, and every other move does not."""

from __future__ import annotations

import random

import meeple
from meeple.core.words import ENDS_TURN


def test_the_words_say_ends_your_turn_exactly_when_playing_the_move_ends_it() -> None:
    info = meeple.GAMES["bayon"]
    rng = random.Random(7)
    told = 0
    for seed in range(12):
        state = info.new(rng.choice([2, 3, 4]), seed, max_rounds=6)  # the round limit comes into it too
        while not state.is_over:
            seat = state.to_move[0]
            for notation, label in state.labelled_actions(seat):
                after = state.clone()
                after.apply(notation, seat)
                ends = after.turns != state.turns and not after.is_over
                assert label.endswith(ENDS_TURN) == (ends and not notation.startswith(("gold", "end"))), label
                told += ends
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert told > 50
