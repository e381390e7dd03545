"""The RL tensor's fast path (``IsleOfSkyeEncoder.update_state``) writes only what changed since a seat's
cache last looked: the pending tile alone for most build steps, a seat's prices and discard alone when its
tiles and buyers are as they were, every other seat's offer when the hidden pricing begins or ends, and
numbers read from tables of whole numbers. Whatever moments a cache looks at, its tensor equals the tensor
of the seat's observation dict (the reference path), including numbers beyond the ceilings the tables cover.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import meeple.rl as rl
from meeple.games.isle_of_skye.actions import BUILD, PRICE
from meeple.rl.encoding import Encoder, SeatCache, Vector
from tests.isle_of_skye.helpers import new_state

# when a cache looks, given the step number and whether its seat is to move
LOOKS: dict[str, Callable[[int, bool, random.Random], bool]] = {
    "every step": lambda n, moving, rng: True,
    "its own turns": lambda n, moving, rng: moving,  # what an environment's seat sees
    "every third step": lambda n, moving, rng: n % 3 == 0,
    "now and then": lambda n, moving, rng: rng.random() < 0.25,
}


def _same(enc: Encoder[Any], got: Vector, want: Vector, where: str) -> None:
    if not np.array_equal(got, want):
        raise AssertionError(f"{where}: slices {enc.layout.differing(got, want)} differ from the observation's")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_caches_looking_at_any_moments_equal_the_observation_tensor(players: int) -> None:
    enc = rl.encoder("isle_of_skye", players)
    rng = random.Random(players)
    caches = {name: [enc.new_cache(seat) for seat in range(players)] for name in LOOKS}
    phases = set()
    for seed in range(2):  # the caches carried into the next game
        state = new_state(players, seed=seed)
        n = 0
        while True:
            phases.add(state.phase)
            for name, look in LOOKS.items():
                for seat, cache in enumerate(caches[name]):
                    if look(n, seat in state.to_move, rng) or state.is_over:
                        got = enc.encode_cached(cache, state, seat)
                        want = enc.encode(state.observation(seat))
                        _same(enc, got, want, f"{name}: game {seed} move {n} seat {seat}")
            if state.is_over:
                break
            seat = min(state.to_move)
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
            n += 1
    assert {PRICE, BUILD} <= phases


def test_numbers_beyond_the_tables_saturate_as_the_observation_tensor_does() -> None:
    """VP, gold, prices and coordinates are read from tables up to their ceilings (120 VP, 40 gold, a price
    of 20, 7 squares from the castle); beyond them, and below 0, the tensor clips as the reference does."""
    enc = rl.encoder("isle_of_skye", 2)
    state = new_state(2, seed=4)
    caches = [SeatCache(enc, seat) for seat in range(2)]
    for seat in range(2):
        enc.encode_cached(caches[seat], state, seat)
    while state.phase == PRICE:  # priced offers, so the prices show once revealed
        seat = min(state.to_move)
        state.apply(state.legal_actions(seat)[-1], seat)
    cases = [(0, 0, 0), (120, 40, 20), (121, 41, 21), (500, 300, 90), (-3, -1, -2), (119, 39, 19)]
    # a tile placed by hand for each case, on squares inside, at the edge of and beyond the coordinates' range
    squares = [(-15, 9), (7, -7), (-7, 7), (30, 0), (6, -6), (-8, -8)]
    spare = [t for t in state.bag if t >= 5]  # tiles in no territory and in no offer
    for (vp, gold, price), square, tile in zip(cases, squares, spare, strict=False):
        state.vp[:] = [vp, 7]
        state.gold[:] = [gold, 3]
        priced = [i for i, p in enumerate(state.prices[1]) if p]
        state.prices[1][priced[0]] = price
        state.placed[0][square] = (tile, 1)  # (a territory only grows: the cache relies on that)
        for seat in range(2):
            got = enc.encode_cached(caches[seat], state, seat)
            _same(enc, got, enc.encode(state.observation(seat)), f"vp {vp} gold {gold} price {price} seat {seat}")
            _same(enc, enc.encode_state(state, seat), got, f"fresh: vp {vp} seat {seat}")
