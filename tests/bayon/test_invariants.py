"""Invariants that hold after every move of random games: nothing is created or lost."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.bayon.actions import GIVEUP, TEAM, WITHDRAW
from meeple.games.bayon.data import DATA
from meeple.games.bayon.observe import PUBLIC
from meeple.games.bayon.rules import BayonState
from tests.bayon.helpers import game


def check(state: BayonState) -> None:
    # Gold only changes hands.
    assert state.bank + sum(state.gold) == DATA.bank_total
    assert state.bank >= 0 and min(state.gold) >= 0
    assert all(g % 5 == 0 for g in state.gold)
    # Every explorer in the game is in exactly one place.
    removed = set(DATA.removed_explorers[state.players])
    places = [e for h in state.hands for e in h] + state.faceup + state.camp
    assert sorted(places) == [e for e in range(1, 18) if e not in removed]
    assert len(state.faceup) <= 2 and (not state.camp or len(state.faceup) == 2)
    assert 0 <= state.camp_hidden <= len(state.camp)
    for p, hand in enumerate(state.hands):
        limit = 5 if state.phase == GIVEUP and p == state.current else 4
        assert len(hand) <= limit
    # Every site is in a stack, in a hand, or revealed on the table.
    revealed = [state.revealed] if state.revealed else []
    sites = [s for stack in state.stacks for s in stack] + [s for o in state.owned for s in o] + revealed
    assert sorted(sites) == list(range(1, 31))
    assert state.worth == [sum(DATA.sites[s].value for s in o) for o in state.owned]
    # A card known to be in plain sight is known to every seat.
    everyone = (1 << state.players) - 1
    for stack in state.stacks:
        for s in stack:
            if state.known[s] & PUBLIC:
                assert state.known[s] & everyone == everyone
    # The expedition steps carry what they need.
    if state.phase in (TEAM,):
        assert state.revealed and state.expedition >= 0
    if state.phase == WITHDRAW:
        assert len(state.team) >= 2


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), target=st.sampled_from([None, 60, 120]))
def test_invariants_hold_through_random_games(players: int, seed: int, target: int | None) -> None:
    state = game(players, seed, target=target)
    rng = random.Random(seed)
    check(state)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        check(state)
