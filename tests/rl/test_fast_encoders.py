"""The environments' fast tensors equal the tensors of the observation dict, position by position.

``Encoder.encode_state`` writes a game's vector straight from its state,
reading only what ``observation(seat)`` is built from. These tests check it
gives exactly ``Encoder.encode(state.observation(seat))`` for every seat, in
random games of every game at every player count and in every option set the
conformance suite plays, so the fast path shows a seat nothing its
observation does not.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import meeple
import meeple.rl as rl
from tests.rl.helpers import SETUP_IDS, SETUPS, playout

OPTION_SETUPS = [(game, players, opts) for game, info in meeple.GAMES.items() for players, opts in info.conformance]
OPTION_IDS = [
    f"{game}-{players}p-" + ",".join(f"{k}={v}" for k, v in opts.items()) for game, players, opts in OPTION_SETUPS
]


def _check(game: str, players: int, seeds: range, every: int, **options: Any) -> int:
    enc = rl.encoder(game, players, **options)
    checked = 0
    for seed in seeds:
        for n, (state, _) in enumerate(playout(game, players, seed=seed, **options)):
            if n % every and not state.is_over:
                continue
            for seat in range(players):
                fast = enc.encode_state(state, seat)
                slow = enc.encode(state.observation(seat))
                if not np.array_equal(fast, slow):
                    table = enc.layout.table()
                    wrong = [name for name, a, b, _ in table if not np.array_equal(fast[a:b], slow[a:b])]
                    raise AssertionError(f"seed {seed} move {n} seat {seat}: slices {wrong} differ")
                checked += 1
    return checked


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_fast_tensor_equals_the_tensor_of_the_observation(game: str, players: int) -> None:
    assert _check(game, players, range(3), every=3) > 0


@pytest.mark.parametrize(("game", "players", "options"), OPTION_SETUPS, ids=OPTION_IDS)
def test_fast_tensor_equals_it_in_every_option_set(game: str, players: int, options: dict[str, Any]) -> None:
    assert _check(game, players, range(2), every=4, **options) > 0


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_every_game_has_a_fast_encoder(game: str) -> None:
    assert rl.encoder(game).direct
