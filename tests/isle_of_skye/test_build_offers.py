"""The build steps offered are the rule's, however quickly they are found.

The rule (RULES.md, "Decisions where the rulebook is silent or unclear"): a seat is offered only the placements after
which as many of its received tiles can still be placed as at the start.
``exact_steps`` below states that rule by exhaustive search alone; the engine
skips the search when every tile keeps a square no other placement can touch
(``build_plan.out_of_reach``), else plans (``build_plan.BuildPlan``). Both must
give exactly the rule's steps, in the same order.

The last test pins the legal action lists of seeded random games: the
engine's speed-ups must not change any list or its order (a change of the
rules that changes them must come with a new rules version and a new digest).
"""

from __future__ import annotations

import hashlib
import itertools
import random

from meeple.core import Action
from meeple.games.isle_of_skye.actions import BUILD, PLACE, ROTATE, SPOT
from meeple.games.isle_of_skye.build_plan import keeps_most, most_placeable, out_of_reach, placements
from meeple.games.isle_of_skye.data import FITS
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from tests.isle_of_skye.helpers import new_state

Pos = tuple[int, int]


def touched(pos: Pos) -> set[Pos]:
    x, y = pos
    return {(x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}


def some_placements_touch_all(spots: list[Pos], placements_count: int) -> bool:
    """Whether ``placements_count`` placements, anywhere, can touch every square of ``spots`` (brute force)."""
    centres = sorted(set().union(*(touched(p) for p in spots)))  # a useful placement touches some square
    for chosen in itertools.combinations_with_replacement(centres, placements_count):
        if set(spots) <= set().union(*(touched(c) for c in chosen)):
            return True
    return False


def test_out_of_reach_is_never_wrong_and_sees_spread_squares() -> None:
    rng = random.Random(3)
    sure = 0
    for _ in range(400):
        spots = sorted({(rng.randrange(-3, 4), rng.randrange(-3, 4)) for _ in range(rng.randrange(1, 9))})
        for count in (1, 2):
            if out_of_reach(spots, count):
                sure += 1
                assert not some_placements_touch_all(spots, count), (spots, count)
    assert sure > 100
    # Two squares 3 apart: one placement touches one of them at most; 2 apart: one between touches both.
    assert out_of_reach([(0, 0), (3, 0)], 1)
    assert out_of_reach([(0, 0), (2, 1)], 1)
    assert not out_of_reach([(0, 0), (2, 0)], 1)
    assert not out_of_reach([(0, 0), (1, 1), (0, 1)], 1)
    assert out_of_reach([(0, 0), (3, 0), (6, 0)], 2)
    assert not out_of_reach([(0, 0), (3, 0), (6, 0)], 3)


def exact_steps(state: IsleOfSkyeState, seat: int) -> list[Action]:
    """The rule's build steps, by exhaustive search over every order of placements."""
    frontier = state.frontier[seat]
    occupied = frozenset(state.placed[seat])
    tiles = list(state.received[seat])
    target = most_placeable(frontier, occupied, tiles)

    def keeps(tid: int, pos: Pos, rot: int) -> bool:
        return keeps_most(frontier, occupied, tiles, tid, pos, rot, target)

    tid = state.pick_tile
    if tid < 0:
        return [PLACE[t] for t in tiles if any(keeps(t, pos, rot) for pos, rot in placements(frontier, t))]
    if state.pick_spot is None:
        return [SPOT[pos] for pos, code in frontier.items() if any(keeps(tid, pos, rot) for rot in FITS[tid][code])]
    pos = state.pick_spot
    return [ROTATE[rot] for rot in FITS[tid][frontier[pos]] if keeps(tid, pos, rot)]


def test_offered_build_steps_are_exactly_the_rules() -> None:
    compared = planned = 0
    for game in range(24):
        state = new_state(2 + game % 4, seed=900 + game)
        rng = random.Random(game)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            if state.phase == BUILD and len(state.received[seat]) > 1:
                assert actions == exact_steps(state, seat)
                compared += 1
                planned += state._build_plan(seat) is not None
            state.apply(actions[rng.randrange(len(actions))], seat)
    assert compared > 1000
    assert planned > 50  # the exact plan, not only the quick test, was compared


# sha256 of every legal list (as notation) and the final scores of the seeded games below, as the
# engine gave them before its build and scoring speed-ups (rules version unchanged).
LEGAL_LISTS_DIGEST = "173d67d5365b80a3dd9682a4059d1e30d14392888b05996f2435cfb52e6e9122"


def legal_lists_digest() -> str:
    digest = hashlib.sha256()
    for players in (2, 3, 4, 5):
        for game in range(4):
            state = new_state(players, seed=5000 + 10 * players + game)
            rng = random.Random(game)
            while not state.is_over:
                seat = rng.choice(state.to_move)
                actions = state.legal_actions(seat)
                digest.update(" | ".join(map(str, actions)).encode())
                state.apply(actions[rng.randrange(len(actions))], seat)
            digest.update(repr((state.scores, state.winners)).encode())
    return digest.hexdigest()


def test_legal_lists_of_seeded_games_are_unchanged() -> None:
    assert legal_lists_digest() == LEGAL_LISTS_DIGEST
