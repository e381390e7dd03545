"""Isle of Skye's ``placement_values`` feature set: the heuristic bot's valuation of each placement,
appended to the default vector for the seat placing a tile."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import meeple
import meeple.rl
from meeple.bots import make_bot
from meeple.core.rng import make_rng
from meeple.games.isle_of_skye.actions import BUILD
from meeple.games.isle_of_skye.bot import INCOME_WEIGHT, Outlook, placement_scores
from meeple.games.isle_of_skye.encoder import REACH
from meeple.games.isle_of_skye.placement_values import FLOOR, PlacementValuesEncoder, scaled_choices
from meeple.games.isle_of_skye.rules import IsleOfSkyeState

NAME = "placement_values"
SIDE = 2 * REACH + 1


def heuristic_game(seed: int, players: int = 2) -> Iterator[tuple[IsleOfSkyeState, int]]:
    """``(state, seat to move)`` before each move of a game of heuristic bots (they reach real builds)."""
    state = meeple.new_game("isle_of_skye", players=players, seed=seed)
    assert isinstance(state, IsleOfSkyeState)
    bots = [make_bot("heuristic", seed=seed * 7 + s, game="isle_of_skye") for s in range(players)]
    while not state.is_over:
        seat = state.to_move[0]
        yield state, seat
        state.apply(bots[seat].choose(state, seat), seat)


def features_encoder(players: int = 2) -> PlacementValuesEncoder:
    encoder = meeple.rl.encoder("isle_of_skye", players, features=NAME)
    assert isinstance(encoder, PlacementValuesEncoder)
    return encoder


def test_the_default_vector_is_the_first_part_of_the_extended_one() -> None:
    base, extended = meeple.rl.encoder("isle_of_skye", 2), features_encoder()
    assert extended.layout.table()[: len(base.layout.table())] == base.layout.table()
    added = [row[0] for row in extended.layout.table()[len(base.layout.table()) :]]
    assert added == ["placement_tiles", "placement_squares", "placement_rotations", "placement_info"]
    assert meeple.rl.observation_shape("isle_of_skye", 2, features=NAME) == (base.layout.size + 78 + SIDE * SIDE + 6,)
    for state, seat in heuristic_game(3):
        full = meeple.rl.observation_tensor(state, seat, NAME)
        assert np.array_equal(full[: base.layout.size], meeple.rl.observation_tensor(state, seat))
        assert full.min() >= 0.0 and full.max() <= 1.0


def test_the_values_rank_the_placements_as_the_bots_valuation_does() -> None:
    encoder = features_encoder()
    steps = {"tile": 0, "square": 0, "rotation": 0}
    for state, seat in heuristic_game(5):
        other = 1 - seat
        vector = meeple.rl.observation_tensor(state, seat, NAME)
        values = vector[encoder.at_values :]
        # the seat not placing sees no values at all
        assert not meeple.rl.observation_tensor(state, other, NAME)[encoder.at_values :].any()
        if state.phase != BUILD:
            assert not values.any()
            continue
        assert vector[encoder.at_value_info] == 1.0
        scores = placement_scores(state, seat, Outlook(state, INCOME_WEIGHT), look_ahead=False)
        legal = {a.args for a in state.legal_actions(seat)}
        step = "tile" if state.pick_tile < 0 else "square" if state.pick_spot is None else "rotation"
        steps[step] += 1
        at, n = {
            "tile": (encoder.at_value_tiles, 78),
            "square": (encoder.at_value_squares, SIDE * SIDE),
            "rotation": (encoder.at_value_rotations, 4),
        }[step]
        best: dict[int, float] = {}
        for gain, tid, (x, y), rot in scores:
            i = tid if step == "tile" else (y + REACH) * SIDE + x + REACH if step == "square" else rot
            best[i] = max(gain, best.get(i, gain))
        shown = vector[at : at + n]
        assert set(np.flatnonzero(shown)) == set(best)
        top = max(best.values())
        assert {i for i, g in best.items() if g == top} == set(np.flatnonzero(shown == 1.0))
        if state.pick_tile >= 0 and state.pick_spot is None:  # every square on offer has a value
            assert {(i % SIDE - REACH, i // SIDE - REACH) for i in best} == legal
    assert min(steps.values()) > 5, steps


def test_a_state_and_its_determinized_copies_give_the_same_extended_vector() -> None:
    compared = 0
    for state, seat in heuristic_game(8):
        if state.phase == BUILD or (compared < 40 and random.Random(len(state.history)).random() < 0.2):
            want = meeple.rl.observation_tensor(state, seat, NAME)
            for k in range(2):
                copy = state.determinize(seat, make_rng(100 * k + len(state.history)))
                # a fresh encoder: nothing remembered from the true state
                got = PlacementValuesEncoder(2, {}).encode_state(copy, seat)
                assert got.tobytes() == want.tobytes(), features_encoder().layout.differing(got, want)
                compared += 1
    assert compared > 50


def test_the_kept_vector_equals_a_fresh_encoding_at_every_step() -> None:
    encoder = features_encoder(3)
    every = [encoder.new_cache(s) for s in range(3)]
    now_and_then = [encoder.new_cache(s) for s in range(3)]
    rng = random.Random(2)
    for state, _seat in heuristic_game(11, players=3):
        for s in range(3):
            fresh = PlacementValuesEncoder(3, {}).encode_state(state, s)  # its own empty memo and cache
            kept = encoder.encode_cached(every[s], state, s)
            assert np.array_equal(kept, fresh), encoder.layout.differing(kept, fresh)
            if rng.random() < 0.3:
                late = encoder.encode_cached(now_and_then[s], state, s)
                assert np.array_equal(late, fresh), encoder.layout.differing(late, fresh)


def test_the_choices_are_scaled_best_to_one_worst_to_the_floor() -> None:
    assert scaled_choices({}) == {}
    assert scaled_choices({3: -2.0, 4: -2.0}) == {3: 1.0, 4: 1.0}
    scaled = scaled_choices({0: -1.0, 1: 3.0, 2: 1.0})
    assert scaled[1] == 1.0 and scaled[0] == pytest.approx(FLOOR) and scaled[2] == pytest.approx((1 + FLOOR) / 2)


def test_bad_requests_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="computed from the game state"):
        obs: Any = meeple.new_game("isle_of_skye", players=2, seed=0).observation(0)
        features_encoder().encode(obs)
    with pytest.raises(ValueError, match=r"Bayon has no feature set 'placement_values' \(feature sets: none\)"):
        meeple.rl.encoder("bayon", 2, features=NAME)
    with pytest.raises(ValueError, match=r"no feature set 'values' \(feature sets: placement_values\)"):
        meeple.rl.observation_shape("isle_of_skye", 2, features="values")
    assert meeple.rl.feature_sets("isle_of_skye") == (NAME,) and meeple.rl.feature_sets("ivor") == ()
