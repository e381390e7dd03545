"""The hidden phase: one discard, then a price for each other tile, secret until everyone has chosen."""

from __future__ import annotations

import random

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.isle_of_skye.actions import BUY
from tests.isle_of_skye.helpers import finish_hidden_phase, names, new_state


def test_hidden_phase_is_discard_then_a_price_per_tile() -> None:
    state = new_state(3)
    drawn = state.drawn[1]
    assert names(state, 1) == [f"discard {t}" for t in drawn]
    state.apply(f"discard {drawn[1]}", 1)
    assert names(state, 1) == [f"price {n}" for n in range(1, 5)]  # 5 gold, keep 1 for the last tile
    state.apply("price 3", 1)
    assert names(state, 1) == ["price 1", "price 2"]
    state.apply("price 2", 1)
    assert state.prices[1] == [3, 0, 2] and state.gold[1] == 0
    assert state.to_move == (0, 2)


def test_hidden_choices_are_secret_until_everyone_has_chosen() -> None:
    state = new_state(3)
    others_view = state.observation(2)["seats"][0]
    state.apply(f"discard {state.drawn[0][2]}", 0)
    state.apply("price 4", 0)
    state.apply("price 1", 0)
    mine = state.observation(0)["seats"][0]
    assert [o["price"] for o in mine["offer"]] == [4, 1, None]
    assert [o["discard"] for o in mine["offer"]] == [False, False, True]
    assert mine["gold"] == 0
    for viewer in (1, 2, None):
        seen = state.observation(viewer)["seats"][0]
        assert seen["chosen"] is True
        assert all(o["price"] is None and o["discard"] is None for o in seen["offer"])
        assert seen["gold"] is None and seen["gold_total"] == 5
        assert [o["tile"] for o in seen["offer"]] == state.drawn[0]  # the drawn tiles lie face up
    # Apart from "has chosen", nothing seat 2 sees of seat 0 changed.
    after = state.observation(2)["seats"][0]
    assert {k: v for k, v in after.items() if k != "chosen"} == {k: v for k, v in others_view.items() if k != "chosen"}
    # Once all have chosen, everything is revealed.
    for seat in (1, 2):
        state.apply(f"discard {state.drawn[seat][0]}", seat)
        state.apply("price 2", seat)
        state.apply("price 2", seat)
    seen = state.observation(1)["seats"][0]
    assert [o["price"] for o in seen["offer"]] == [4, 1, None] and seen["gold"] == 0


def test_discards_go_back_to_the_bag_when_all_have_chosen() -> None:
    state = new_state(3)
    discards = [d[0] for d in state.drawn]
    size = len(state.bag)
    finish_hidden_phase(state)
    assert state.phase == BUY
    assert len(state.bag) == size + 3 and set(discards) <= set(state.bag)


def test_a_seat_cannot_act_for_another_or_twice() -> None:
    state = new_state(3)
    state.apply(f"discard {state.drawn[0][0]}", 0)
    with pytest.raises(IllegalAction, match="already marked"):
        state.apply(f"discard {state.drawn[0][1]}", 0)
    with pytest.raises(IllegalAction, match="not one you drew"):
        state.apply(f"discard {state.drawn[1][0]}", 2)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="a price is from 1 to 4"):
        state.apply("price 5", 0)
    assert snapshot(state) == before


def test_secret_moves_stay_neutral_in_the_move_log_after_the_reveal() -> None:
    # Hidden information: once everyone has chosen, the discards and prices are told
    # by the event log; the move log keeps other seats' secret moves neutral, and a
    # determinized copy keeps the revealed choices as they were.
    state = new_state(3, seed=2)
    finish_hidden_phase(state, price=2)
    assert state.phase == BUY
    for index, (mover, action) in enumerate(state.history):
        assert state.move_text(index, mover) == str(action)
        for viewer in (None, *(s for s in range(3) if s != mover)):
            assert "hidden" in str(state.move_text(index, viewer))
    assert any(f"seat 1 discards {state.drawn[1][0]}" in e for e in state.events)
    world = state.determinize(0, random.Random(5))
    assert world.discarded == state.discarded and world.prices == state.prices
    assert world.history == state.history
