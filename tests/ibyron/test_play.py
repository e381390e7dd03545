"""Whole games with random players: every mode ends, and discs, horses and permits are never created or lost."""

from __future__ import annotations

import random

import pytest

import meeple.games.ibyron as ib
from meeple.games.ibyron.rules import IbyronState


def discs(s: IbyronState, p: int) -> int:
    camps = sum(d for (o, _, d) in s.camps.values() if o == p)
    board = sum(d for stack in s.stacks for (o, _, d) in stack if o == p)
    return (s.supply[p] + s.vbox[p] + s.rest[p] + 3 * len(s.reserve[p]) + camps + s.ship[p] + board
            + s.in_buildings[p])


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (2, {}), (3, {}), (4, {}), (2, {"mode": "beginner"}), (4, {"mode": "beginner"}),
     (2, {"bonus_side": "back"}), (1, {"bonus_side": "back"})],
)
def test_random_games_end_and_conserve_components(players: int, options: dict[str, str]) -> None:
    for seed in range(3):
        s = ib.INFO.new(players, seed, **options)
        assert isinstance(s, IbyronState)
        rng = random.Random(seed)
        horses_total = 5 * max(players, 2)
        permits_total = 5 + 2 * max(0, players - 2)
        while not s.is_over:
            if s.round:
                for p in range(players):
                    assert discs(s, p) == 21
                    assert min(s.res[p]) >= 0 and s.horses[p] >= 0 and s.supply[p] >= 0
                assert s.horse_supply + sum(s.horses) == horses_total
                assert s.permit_supply + sum(s.permits) == permits_total
            legal = s.legal_actions()
            assert legal and len({str(a) for a in legal}) == len(legal)
            s.apply(rng.choice(legal))
        assert s.winners and s.round <= s.round_limit


def test_every_legal_action_is_in_the_action_space() -> None:
    space = set(ib.INFO.action_space)
    for options in ({}, {"mode": "beginner"}, {"bonus_side": "back"}):
        s = ib.INFO.new(2, 3, **options)
        rng = random.Random(3)
        while not s.is_over:
            legal = s.legal_actions()
            assert set(legal) <= space
            s.apply(rng.choice(legal))
