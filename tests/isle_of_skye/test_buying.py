"""Buying: from the start player, each seat buys one tile from another seat or passes."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.isle_of_skye.actions import BUILD
from tests.isle_of_skye.helpers import finish_hidden_phase, names, new_state


def test_buying_pays_the_seller_and_returns_the_stake() -> None:
    state = new_state(3)
    finish_hidden_phase(state, price=2)
    assert state.gold == [1, 1, 1]  # 5 - 2 - 2
    assert state.to_move == (0,)
    # Seat 0 has 1 gold: nothing it can afford.
    assert names(state, 0) == ["pass"]
    state.apply("pass", 0)
    state.gold[1] = 9
    target = state.drawn[2][1]
    assert f"buy {target}" in names(state, 1)
    assert f"buy {state.drawn[1][1]}" not in names(state, 1)  # not its own tile
    assert f"buy {state.drawn[0][0]}" not in names(state, 1)  # not a discarded tile
    state.apply(f"buy {target}", 1)
    assert state.gold[1] == 7 and state.gold[2] == 1 + 2 + 2  # price paid + stake back
    assert state.received[1] == [target]
    # Seat 2 cannot buy its own sold tile back, nor any tile already sold.
    state.gold[2] = 20
    assert f"buy {target}" not in names(state, 2)
    with pytest.raises(IllegalAction, match="your own tile"):
        state.apply(f"buy {target}", 2)


def test_unsold_tiles_are_kept_and_stakes_lost() -> None:
    state = new_state(2)
    finish_hidden_phase(state, price=1)  # each seat: 5 - 1 - 1 = 3 gold
    bought = state.drawn[1][1]
    state.apply(f"buy {bought}", 0)
    state.apply("pass", 1)
    assert state.phase == BUILD
    assert state.gold == [2, 3 + 2]
    assert sorted(state.received[0]) == sorted([state.drawn[0][1], state.drawn[0][2], bought])
    assert state.received[1] == [state.drawn[1][2]]


def test_buying_runs_from_the_start_player_and_sellers_may_spend_what_they_earn() -> None:
    state = new_state(3)
    state.start = 1
    finish_hidden_phase(state, price=2)
    assert state.to_move == (1,)
    state.gold[1] = 2
    state.apply(f"buy {state.drawn[2][1]}", 1)  # seat 2 sells for 2 and gets its stake of 2 back
    assert state.to_move == (2,) and state.gold[2] == 1 + 4
    state.apply(f"buy {state.drawn[0][1]}", 2)  # paid with the money it just earned
    assert state.gold[2] == 3 and state.to_move == (0,)
    state.apply("pass", 0)
    assert state.phase == BUILD and state.to_move == (1,)


def test_cannot_buy_beyond_ones_gold() -> None:
    state = new_state(2)
    state.apply(f"discard {state.drawn[0][0]}", 0)
    state.apply("price 1", 0)
    state.apply("price 1", 0)
    state.apply(f"discard {state.drawn[1][0]}", 1)
    state.apply("price 4", 1)
    state.apply("price 1", 1)
    expensive = state.drawn[1][1]
    assert f"buy {expensive}" not in names(state, 0)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="costs 4 gold and you have 3"):
        state.apply(f"buy {expensive}", 0)
    assert snapshot(state) == before
