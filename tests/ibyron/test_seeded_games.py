"""Seeded random games list the same actions, in the same order, and show the same observations, for a given
rules version.

Each fingerprint hashes, for every move of one seeded random game, the legal list's notations in order, and every
seventh move the observation of the seat to move and a spectator's, then the final observation. The expected
values belong to rules version 4: a change to the rules must bump the rules version and recompute them, a change
for speed alone must leave them as they are.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import meeple

FINGERPRINTS = [
    (1, {}, "74:54aa766790afeaf8"),
    (2, {}, "648:a52ab5be23b7dd1a"),
    (3, {"mode": "beginner"}, "346:f9693b365787368f"),
    (4, {"bonus_side": "back"}, "1259:67a800bf42cfc510"),
]


def fingerprint(players: int, options: dict[str, object], seed: int) -> str:
    """``moves:hash`` of one seeded random game (see the module's docstring)."""
    h = hashlib.sha256()
    state = meeple.new_game("ibyron", players=players, seed=seed, **options)
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        h.update(" | ".join(map(str, actions)).encode())
        if n % 7 == 0:
            h.update(json.dumps(state.observation(seat), sort_keys=True).encode())
            h.update(json.dumps(state.observation(None), sort_keys=True).encode())
            # a copy shares the island's grids with its original: it lists the same actions
            assert state.clone().legal_actions(seat) == actions
        state.apply(actions[rng.randrange(len(actions))], seat)
        n += 1
    h.update(json.dumps(state.observation(None), sort_keys=True).encode())
    return f"{n}:{h.hexdigest()[:16]}"


@pytest.mark.parametrize(("players", "options", "expected"), FINGERPRINTS)
def test_seeded_games_list_and_show_the_recorded_fingerprint(
    players: int, options: dict[str, object], expected: str
) -> None:
    assert fingerprint(players, options, 11) == expected
