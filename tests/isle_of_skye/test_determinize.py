"""Determinized copies: what a seat cannot know is re-drawn, what it knows stays."""

from __future__ import annotations

import random

from tests.isle_of_skye.helpers import new_state, play_randomly_until, to_build


def test_determinize_redraws_other_seats_secret_choices() -> None:
    state = new_state(3, seed=6)
    state.apply(f"discard {state.drawn[1][0]}", 1)
    state.apply("price 3", 1)
    state.apply(f"discard {state.drawn[0][2]}", 0)
    seen = set()
    for k in range(40):
        world = state.determinize(0, random.Random(k))
        assert world.observation(0) == state.observation(0)
        assert world.discarded[0] == state.discarded[0] and world.prices[0] == state.prices[0]
        assert sorted(world.bag) == sorted(state.bag)
        assert world.gold[1] + sum(world.prices[1]) == 5
        assert sum(1 for p in world.prices[1] if p) == 1  # as far as seat 1 had got
        seen.add((world.discarded[1], tuple(world.prices[1])))
    assert len(seen) > 5


def test_bag_draws_differ_between_determinized_worlds() -> None:
    state = to_build(seed=3)
    rng = random.Random(0)
    draws = set()
    for _ in range(10):
        world = state.determinize(0, rng)
        play_randomly_until(world, lambda s: s.round == 2, random.Random(1))
        draws.add(tuple(world.drawn[0]))
    assert len(draws) > 1


def test_a_determinized_history_tells_the_redrawn_choices_not_the_real_ones() -> None:
    # 3 players, seed 7: seat 1 discards its first tile and prices the next at 3.
    state = new_state(3, seed=7)
    real_discard = state.drawn[1][0]
    state.apply(f"discard {real_discard}", 1)
    state.apply("price 3", 1)
    others = set()
    for k in range(30):
        world = state.determinize(0, random.Random(k))
        seat_1 = [text for seat, text in world.record.moves if seat == 1]
        priced = next(p for p in world.prices[1] if p)
        assert seat_1 == [f"discard {world.discarded[1]}", f"price {priced}"]
        assert [str(a) for s, a in world.history if s == 1] == seat_1
        assert world.move_text(0, 0) == state.move_text(0, 0) == "marks a tile to discard (hidden)"
        others.add(seat_1[0] != f"discard {real_discard}" or seat_1[1] != "price 3")
    assert True in others  # some worlds re-drew a different discard or price
    # The seat's own hidden moves stay as they were.
    state.apply(f"discard {state.drawn[0][1]}", 0)
    world = state.determinize(0, random.Random(1))
    assert world.history[-1] == state.history[-1]
