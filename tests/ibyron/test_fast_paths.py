"""The hot paths answer as the rules read plainly: moves, apply's check and the list a caller may change.

The move list is built from bit masks of distance bands and the check of a
chosen action reads the short list just handed out; these tests hold both to a
slow, literal reading of the rule over positions of random games at every
player count and option set.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import meeple.games.ibyron as ib
from meeple.core import Action, IllegalAction
from meeple.games.ibyron.data import HORSE_POINTS, MAX_HORSES_PER_MOVE, S_TURN, STRIDE_MAX, VILLAGE
from meeple.games.ibyron.island import distance, xy
from meeple.games.ibyron.moves import Spots, spots_of
from meeple.games.ibyron.rules import IbyronState

SETUPS: list[tuple[int, dict[str, object]]] = [
    (1, {}), (2, {}), (3, {"mode": "beginner"}), (4, {"bonus_side": "back"}), (2, {"mode": "beginner"})
]


def positions(players: int, options: dict[str, object], games: int, seed: int) -> Iterator[tuple[IbyronState, int]]:
    """Every position of a few random games (seat to move included), played through the public API."""
    for g in range(games):
        state = ib.INFO.new(players, seed + g, **options)
        assert isinstance(state, IbyronState)
        rng = random.Random(seed + g)
        while not state.is_over:
            seat = state.to_move[0]
            yield state, seat
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)


def plain_moves(s: IbyronState, p: int) -> list[Action]:
    """The moves of an Outside turn read straight from the rule, one space and one number of horses at a time.

    A move to a land or coast space, not the leader's own, not onto a space another player occupies (their
    leader, their home, their building, work camp or held space); it costs one point per ``stride`` spaces
    (rounded up), a horse pays two points, no more horses than the points need, and the rest is paid in discs
    from the supply. Listed by number of horses,
    then land spaces before coast spaces, each ascending.
    """
    blocked = {c for q in range(s.players) if q != p for c in (s.leader[q], s.home[q]) if c >= 0}
    blocked |= {c for c, (owner, _) in s.buildings.items() if owner != p}
    blocked |= {c for c, camp in s.camps.items() if camp[0] != p}
    blocked |= {c for c, holder in s.reserved.items() if holder != p}
    stride = max(1, min(STRIDE_MAX, s.tallest[p]))
    out = []
    for h in range(min(s.horses[p], MAX_HORSES_PER_MOVE) + 1):
        for spots in (s.land, s.coast):
            for cell in spots:
                points = -(-distance(s.leader[p], cell) // stride)
                if cell == s.leader[p] or cell in blocked or h > (points + 1) // 2:
                    continue
                if points - HORSE_POINTS * h <= s.supply[p]:
                    out.append(Action("move", *xy(cell), h))
    return out


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_moves_are_the_rule_read_plainly_in_the_same_order(players: int, options: dict[str, object]) -> None:
    checked = 0
    for s, p in positions(players, options, games=2, seed=40):
        if s.step != S_TURN or s.phase[p] == VILLAGE or s.leader[p] < 0:
            continue
        listed = [a for a in s.legal_actions(p) if a.kind == "move"]
        assert listed == plain_moves(s, p)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_apply_accepts_exactly_the_listed_actions(players: int, options: dict[str, object]) -> None:
    """With the list just handed out and without it (a fresh copy), for listed and unlisted actions alike."""
    space = ib.INFO.action_space
    rng = random.Random(players)
    hand_built = [Action("move", 99, 0, 0), Action("visit", "nowhere"), Action("build", "castle_gate", "x")]
    for n, (s, p) in enumerate(positions(players, options, games=1, seed=70)):
        if n % 3:
            continue
        listed = s.legal_actions(p)
        probes = listed[:: max(1, len(listed) // 6)] + [space[rng.randrange(len(space))] for _ in range(8)]
        fresh = s.clone()  # a clone has not listed its actions
        for action in probes + hand_built:
            assert s._is_legal(action, p) == (action in listed) == fresh._is_legal(action, p), str(action)


def test_changing_the_list_handed_out_does_not_change_what_apply_accepts() -> None:
    for s, p in positions(2, {}, games=1, seed=3):
        actions = s.legal_actions(p)
        if 2 <= len(actions) <= 10:
            chosen = actions.pop()
            other = actions[0]
            actions.clear()
            actions.append(Action("move", 99, 0, 0))
            assert s._is_legal(other, p)  # still legal, though no longer in the caller's list
            with pytest.raises(IllegalAction):
                s.apply(Action("move", 99, 0, 0), p)
            s.apply(chosen, p)  # popped from the caller's list, yet the one just listed
            assert s.history[-1] == (p, chosen)
            return
    raise AssertionError("no short list met")


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_legal_indices_are_the_indices_of_the_legal_list_in_its_order(
    players: int, options: dict[str, object]
) -> None:
    """``_legal_indices`` (what the RL masks are built from) lists moves and village visits from index tables:
    it names exactly the legal list's actions, in its order, at every step, every kind of decision included."""
    index = IbyronState._indices()
    steps = set()
    for s, p in positions(players, options, games=2, seed=90):
        assert s._legal_indices(p) == [index[a] for a in s._legal_actions(p)], str(s.history[-3:])
        steps.add((s.step, s.phase[p]))
    assert len(steps) >= 8


def test_kept_distances_are_the_distances_worked_out_afresh() -> None:
    """The distances a leader's moves are listed from, kept per island by the leader's cell, against a new
    island's entry (which keeps nothing yet) at every Outside turn of random games."""
    checked = 0
    for players, options in SETUPS:
        for s, p in positions(players, options, games=1, seed=11):
            leader = s.leader[p]
            if s.step != S_TURN or s.phase[p] == VILLAGE or leader < 0:
                continue
            kept = spots_of(s)
            again = kept.distances(leader)  # kept from an earlier look whenever the leader stood here before
            assert again == Spots(s.land, s.coast).distances(leader)
            checked += 1
    assert checked > 100
