"""A game's fast tensor path gives, slice by slice, the tensor of the observation.

The incremental path reads the state for speed; it may expose nothing the
observation does not, so at positions along a random game, for every seat and
in worlds determinized for that seat, a fresh encoding and a kept one (one
cache per seat, looking at every sampled position in turn) must equal
``encode(observation(seat))`` in every named slice."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from meeple.core import GameInfo
from tests.conformance.playout import states_along

pytest.importorskip("numpy")  # the rl extra; `make test` installs it

from meeple.rl.encoding import Encoder


def _encoder(info: GameInfo, players: int, options: dict[str, Any]) -> Encoder[Any]:
    assert info.rl is not None
    module, _, name = info.rl.encoder.partition(":")
    cls = getattr(importlib.import_module(module), name)
    full = info.state_class.resolve_options(players, info.resolve_options(options))
    return cls(players, full)  # type: ignore[no-any-return]


def test_fast_tensor_equals_the_observations_tensor_slice_by_slice(
    setup: tuple[GameInfo, int, dict[str, Any]],
) -> None:
    info, players, options = setup
    encoder = _encoder(info, players, options)
    caches = {seat: encoder.new_cache(seat) for seat in range(players)}
    rng = random.Random(7)
    for state in states_along(setup, seed=11, count=12):
        for seat in range(players):
            worlds = [state, state.determinize(seat, rng)]
            for world in worlds:
                want = encoder.encode(world.observation(seat))
                fresh = encoder.encode_state(world, seat)
                kept = encoder.encode_cached(caches[seat], world, seat)
                where = f"{info.id} {players}p move {world.move_number} seat {seat}"
                assert encoder.layout.differing(fresh, want) == [], f"fresh: {where}"
                assert encoder.layout.differing(kept, want) == [], f"kept: {where}"
