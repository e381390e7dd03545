"""Ibyron's compact tensor: the island per land and coast space, written incrementally.

The generic suites (``test_fast_encoders``, ``test_tensors``) hold every path to the dict path; these tests pin
what is particular to Ibyron: the slots are enough for any island, a leader waiting on the sea is shown in its
coast slot, and a seat's kept vector survives pickling mid-game.
"""

from __future__ import annotations

import pickle
import random

import numpy as np

import meeple
import meeple.rl as rl
from meeple.games.ibyron.data import DATA
from meeple.games.ibyron.encoder import COAST_SLOTS, LAND_SLOTS, IbyronEncoder
from meeple.games.ibyron.island import RING, xy


def test_the_slots_hold_any_island() -> None:
    """Land: every tile's 4 spaces. Coast: each coast space borders a land space, which some tile laid on the
    sea covers, so it lies in that tile's ring of (at most 8) spaces around it."""
    assert 4 * len(DATA["tiles"]) == LAND_SLOTS
    assert max(len(ring) for ring in RING) == 8 and 8 * len(DATA["tiles"]) == COAST_SLOTS


def test_the_vector_is_a_few_thousand_values_at_every_player_count() -> None:
    for players in (1, 2, 3, 4):
        assert rl.observation_shape("ibyron", players=players)[0] < 3500


def test_ibyron_encodes_incrementally() -> None:
    assert rl.encoder("ibyron", 2).incremental


def test_a_leader_waiting_on_the_sea_lights_its_coast_slot() -> None:
    enc = rl.encoder("ibyron", 2)
    assert isinstance(enc, IbyronEncoder)
    rng = random.Random(3)
    for seed in range(20):
        state = meeple.new_game("ibyron", players=2, seed=seed)
        while not state.is_over:
            seat = state.to_move[0]
            leader = state.leader[seat]  # type: ignore[attr-defined]
            if leader in state.coast:  # type: ignore[attr-defined]
                k = state.coast.index(leader)  # type: ignore[attr-defined]
                for observer in range(2):
                    v = enc.encode(state.observation(observer))
                    at = enc.at_coast + k * enc.per_coast
                    low, top = DATA["grid"]["low"], DATA["grid"]["size"] - 1
                    x, y = xy(leader)
                    assert v[at] == 1.0 and v[at + 3 + (seat - observer) % 2] == 1.0
                    assert np.isclose(v[at + 1], (x - low) / top) and np.isclose(v[at + 2], (y - low) / top)
                    assert np.array_equal(enc.encode_state(state, observer), v)
                return
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
    raise AssertionError("no leader waited on the sea in 20 random games")


def test_a_kept_vector_pickled_mid_game_keeps_matching_the_observation() -> None:
    enc = rl.encoder("ibyron", 3)
    caches = [enc.new_cache(seat) for seat in range(3)]
    state = meeple.new_game("ibyron", players=3, seed=5)
    rng = random.Random(5)
    for n in range(400):
        if state.is_over:
            break
        if n == 200:
            caches = pickle.loads(pickle.dumps(caches))  # the island's identity is lost: rebuilt from the state
        for seat in range(3):
            got = caches[seat].encoder.encode_cached(caches[seat], state, seat)
            assert np.array_equal(got, enc.encode(state.observation(seat))), (n, seat)
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(actions[rng.randrange(len(actions))], seat)


def test_malformed_spaces_in_an_observation_are_skipped() -> None:
    """Entries naming no space, or a space in the wrong form, light nothing and never raise."""
    enc = rl.encoder("ibyron", 2)
    obs = meeple.new_game("ibyron", players=2, seed=0).observation(0)
    want = enc.encode(obs)
    first = obs["cells"][0]
    spot = [first["x"], first["y"]]
    broken = dict(obs)
    broken["cells"] = [*obs["cells"], "x", None, {"x": True, "y": 3}, {"x": 99, "y": 0}]
    broken["coast"] = [*obs["coast"], 5, [1], {"x": 99, "y": 99}]
    broken["buildings"] = [*obs["buildings"], spot, {"x": "a"}]
    broken["camps"] = [spot]
    broken["reserved"] = [spot, 7]
    assert np.array_equal(enc.encode(broken), want)
    assert enc.encode({"cells": 5, "coast": None, "players_info": [{"leader": [1]}]}).shape == want.shape
