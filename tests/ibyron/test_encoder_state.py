"""The tensor's fast path keeps exact copies of the fields it watches, and its remembered parts change no value.

``encoder_state`` reads the watched fields in hand-written order and compares them with the copies its cache
keeps; these tests hold the copies to the fields named in ``HOT_FIELDS``, ``WARM_FIELDS`` and ``COLD_FIELDS``
after every look of random games, and the parts it remembers (a village space's values by its stack, the
victory points without resources) to the values counted afresh. The whole vector is held to the observation's
by the RL suite (``tests/rl/test_fast_encoders.py``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import meeple
import meeple.rl as rl
from meeple.games.ibyron import encoder_state as es
from meeple.games.ibyron.encoder import IbyronEncoder
from meeple.games.ibyron.rules import IbyronState
from meeple.rl.encoding import SeatCache

SETUPS = [(1, {}), (2, {}), (3, {"mode": "beginner"}), (4, {"bonus_side": "back"})]


def positions(players: int, options: dict[str, Any], seed: int) -> Iterator[IbyronState]:
    """Every position of one random game."""
    state = meeple.new_game("ibyron", players=players, seed=seed, **options)
    assert isinstance(state, IbyronState)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(actions[rng.randrange(len(actions))], seat)
    yield state


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_the_cache_keeps_a_copy_of_each_watched_field_it_names(players: int, options: dict[str, Any]) -> None:
    enc = rl.encoder("ibyron", players, **options)
    caches = [enc.new_cache(seat) for seat in range(players)]
    for n, s in enumerate(positions(players, options, seed=players)):
        seat = n % players
        enc.encode_cached(caches[seat], s, seat)
        for group, names in ((es.HOT, es.HOT_FIELDS), (es.WARM, es.WARM_FIELDS), (es.COLD, es.COLD_FIELDS)):
            kept = caches[seat].keys[group]
            assert kept == [getattr(s, name) for name in names], (n, group)
            # copies, not the state's own lists, which its moves edit in place
            assert not any(k is getattr(s, name) for k, name in zip(kept, names, strict=True) if type(k) is list)


def test_a_changed_field_is_seen_by_a_cache_that_looked_before() -> None:
    """Each watched field, edited by hand in a copy of a mid-game position, changes the kept vector as it
    changes the observation's (a field the fast path failed to watch would leave the kept vector stale)."""
    state = next(s for n, s in enumerate(positions(2, {}, seed=11)) if n == 120)
    enc = rl.encoder("ibyron", 2)
    assert isinstance(enc, IbyronEncoder)
    edits: dict[str, Any] = {
        "vbox": lambda s: s.vbox.__setitem__(1, s.vbox[1] + 2),
        "supply": lambda s: s.supply.__setitem__(0, s.supply[0] + 1),
        "res": lambda s: s.res[1].__setitem__(2, s.res[1][2] + 3),
        "horses": lambda s: s.horses.__setitem__(0, s.horses[0] + 1),
        "horse_supply": lambda s: setattr(s, "horse_supply", 5 if s.horse_supply != 5 else 6),
        "rest": lambda s: s.rest.__setitem__(1, s.rest[1] + 1),
        "mayor": lambda s: s.mayor.__setitem__(0, not s.mayor[0]),
        "dice_used": lambda s: s.dice_used.__setitem__(2, not s.dice_used[2]),
        "forfeit": lambda s: s.forfeit.__setitem__(1, s.forfeit[1] + 2),
        "permits": lambda s: s.permits.__setitem__(1, s.permits[1] + 1),
        "dice": lambda s: s.dice.__setitem__(0, 7 - s.dice[0]),
        "barns": lambda s: s.barns.__setitem__(0, s.barns[0] + 1),
        "round": lambda s: setattr(s, "round", s.round + 1),
        "start_player": lambda s: setattr(s, "start_player", 1 - s.start_player),
        "tech": lambda s: s.tech[0].__setitem__(1, s.tech[0][1] - 1 if s.tech[0][1] > 1 else 2),
        "cubes": lambda s: s.cubes.__setitem__(1, s.cubes[1] + 1),
        "ship": lambda s: s.ship.__setitem__(0, s.ship[0] + 1),
        "held": lambda s: s.held.__setitem__(1, 3 if s.held[1] != 3 else 4),
        "built": lambda s: s.built[0].__setitem__(1, s.built[0][1] + 1),
        "in_buildings": lambda s: s.in_buildings.__setitem__(1, s.in_buildings[1] + 2),
        "mat": lambda s: s.mat[1].__setitem__(0, not s.mat[1][0]),
        "tallest": lambda s: s.tallest.__setitem__(0, 1 if s.tallest[0] > 1 else 3),
        "bonus_taken": lambda s: s.bonus_taken.__setitem__(0, 1 if s.bonus_taken[0] != 1 else 0),
        "cap": lambda s: setattr(s, "cap", s.cap - 1),
        "phase": lambda s: s.phase.__setitem__(1, (s.phase[1] + 1) % 3),
        "leader": lambda s: s.leader.__setitem__(0, next(c for c in s.land if c != s.leader[0])),
        "home": lambda s: s.home.__setitem__(1, next(c for c in s.land if c != s.home[1])),
        "stacks": lambda s: s.stacks[1].append((1, len(s.stacks[1]) + 1, 1)),
        "current": lambda s: setattr(s, "current", 1 - s.current),
        "step": lambda s: setattr(s, "step", s.step + 1),
        "tiles": lambda s: s.tiles.pop(),
        "permit_supply": lambda s: setattr(s, "permit_supply", 3 if s.permit_supply != 3 else 4),
        "barn_supply": lambda s: setattr(s, "barn_supply", 2 if s.barn_supply != 2 else 3),
        "round_limit": lambda s: setattr(s, "round_limit", s.round_limit + 5),
        "pending_tile": lambda s: setattr(s, "pending_tile", 4 if s.pending_tile != 4 else 5),
        "reserve": lambda s: s.reserve[0].append(2) if 2 not in s.reserve[0] else s.reserve[0].remove(2),
        "reserved": lambda s: s.reserved.__setitem__(next(c for c in s.land if c not in s.buildings), 1),
        "camps": lambda s: s.camps.__setitem__(next(c for c in s.land if c not in s.buildings), (0, 1, 2)),
        "overseer": lambda s: s.overseer[1].__setitem__(0, next(c for c in s.land if c != s.overseer[1][0])),
        "solo_used": lambda s: s.solo_used.__setitem__(0, not s.solo_used[0]),
        "back_side": lambda s: setattr(s, "back_side", not s.back_side),
    }
    assert set(edits) | {"buildings", "castle", "new_cells", "solo", "beginner"} == {
        *es.HOT_FIELDS, *es.WARM_FIELDS, *es.COLD_FIELDS}
    for name, edit in edits.items():
        for seat in range(2):
            cache = SeatCache(enc, seat)
            s = state.clone()
            before = enc.encode_cached(cache, s, seat)
            edit(s)
            after = enc.encode_cached(cache, s, seat)
            want = enc.encode(s.observation(seat))
            assert np.array_equal(after, want), (name, seat, enc.layout.differing(after, want))
            assert not np.array_equal(before, after), name


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_points_without_resources_and_the_resources_make_the_victory_points(
    players: int, options: dict[str, Any]
) -> None:
    enc = rl.encoder("ibyron", players, **options)
    assert isinstance(enc, IbyronEncoder)
    for s in positions(players, options, seed=20 + players):
        for q in range(players):
            r = s.res[q]
            part = enc.points_without_resources(s, q)
            assert part + r[4] + r[0] // 10 + r[5] == s.victory_points(q)


def test_remembered_village_spaces_write_what_a_fresh_cache_writes() -> None:
    """One cache carried over many games (the encoder's remembered spaces reused across them) against a fresh
    cache at every look, and against an encoder that remembers nothing."""
    enc = rl.encoder("ibyron", 3, mode="beginner")
    assert isinstance(enc, IbyronEncoder)
    forgetful = IbyronEncoder(3, {"mode": "beginner"})
    carried = [enc.new_cache(seat) for seat in range(3)]
    looks = 0
    for seed in range(3):
        for n, s in enumerate(positions(3, {"mode": "beginner"}, seed=seed)):
            seat = n % 3
            got = enc.encode_cached(carried[seat], s, seat)
            want = enc.encode_cached(enc.new_cache(seat), s, seat)
            forgetful.village.clear()
            afresh = forgetful.encode_state(s, seat)
            assert np.array_equal(got, want) and np.array_equal(got, afresh), (seed, n)
            looks += 1
    assert looks > 300 and len(enc.village) > 10


def test_a_pickled_cache_keeps_matching_after_copying() -> None:
    """A deep copy of a cache (its kept copies and remembered parts copied too) goes on as the original."""
    enc = rl.encoder("ibyron", 2)
    cache = enc.new_cache(0)
    for n, s in enumerate(positions(2, {}, seed=4)):
        if n == 150:
            cache = copy.deepcopy(cache)
        assert np.array_equal(cache.encoder.encode_cached(cache, s, 0), enc.encode(s.observation(0))), n
