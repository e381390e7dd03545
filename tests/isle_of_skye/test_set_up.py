"""Set-up: castles, starting gold, the first draw, and the scoring tiles chosen and recorded."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core import snapshot
from meeple.games.isle_of_skye.actions import PRICE
from meeple.games.isle_of_skye.scoring import FIRST_GAME
from tests.isle_of_skye.helpers import new_state, play_randomly_until


@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 6), (4, 6), (5, 5)])
def test_set_up(players: int, rounds: int) -> None:
    state = new_state(players, seed=4)
    assert len(state.rounds) == rounds
    assert state.round == 1 and state.phase == PRICE and state.start == 0
    # Each seat starts from its own castle and 5 gold of round-1 income (no starting gold).
    assert [p for p in state.placed] == [{(0, 0): (seat, 0)} for seat in range(players)]
    assert state.gold == [5] * players and state.vp == [0] * players
    assert all(len(d) == 3 for d in state.drawn)
    drawn = [t for d in state.drawn for t in d]
    assert len(set(drawn)) == 3 * players and len(state.bag) == 73 - 3 * players
    assert set(drawn) | set(state.bag) == set(range(5, 78))
    assert state.to_move == tuple(range(players))


def test_scoring_tile_option() -> None:
    assert new_state(scoring="first-game").scoring == FIRST_GAME
    chosen = new_state(scoring="gold, ships,whisky,harbours").scoring
    assert chosen == ("gold", "ships", "whisky", "harbours")
    drawn = {new_state(seed=s).scoring for s in range(20)}
    assert len(drawn) > 10 and all(len(set(x)) == 4 for x in drawn)
    for bad, reason in [
        ("gold,ships", "four tile ids"),
        ("gold,ships,whisky,nope", "unknown scoring tile"),
        ("gold,gold,whisky,ships", "must differ"),
    ]:
        with pytest.raises(ValueError, match=reason):
            new_state(scoring=bad)


@pytest.mark.parametrize("option", ["random", "first-game"])
def test_a_record_stores_the_scoring_tiles_used_and_replays_the_same_game(option: str) -> None:
    state = new_state(3, seed=12, scoring=option)
    rng = random.Random(12)
    play_randomly_until(state, lambda s: s.round == 3, rng)
    assert state.record.options == {"scoring": ",".join(state.scoring)}
    again = meeple.replay(state.record)
    assert snapshot(again) == snapshot(state)
