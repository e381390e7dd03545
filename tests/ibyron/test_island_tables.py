"""The island's fast tables (anchor masks, the coast grown tile by tile) agree with the plain definitions."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.games.ibyron.actions import PLACE
from meeple.games.ibyron.data import LOW
from meeple.games.ibyron.island import HIGH, anchors, can_place, cell_of, coast
from meeple.games.ibyron.legal import _place
from meeple.games.ibyron.rules import IbyronState


def _plain_anchors(state: IbyronState) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Every anchor tried one by one with ``can_place`` (no piece in the way), split into sea and land."""
    h = state.height
    free = [(x, y) for x in range(LOW, HIGH) for y in range(LOW, HIGH) if can_place(x, y, h, frozenset())]
    return [a for a in free if not h[cell_of(*a)]], [a for a in free if h[cell_of(*a)]]


@pytest.mark.parametrize("players,mode", [(1, "beginner"), (2, "beginner"), (2, "standard"), (4, "standard")])
def test_anchor_masks_and_the_grown_coast_match_the_definitions(players: int, mode: str) -> None:
    checked = 0
    for seed in range(4):
        state = meeple.new_game("ibyron", players=players, seed=seed, mode=mode)
        assert isinstance(state, IbyronState)
        rng = random.Random(seed)
        while not state.is_over:
            assert state.coast == coast(state.height)
            assert anchors(state.height, state.land, state.coast) == _plain_anchors(state)
            blocked = state._blocked()
            plain = [(x, y) for x in range(LOW, HIGH) for y in range(LOW, HIGH)
                     if can_place(x, y, state.height, blocked)]
            assert state._legal_anchors() == plain
            # the place step's list, read a byte of the anchor mask at a time, is the same anchors in order
            assert _place(state, 0) == [a for anchor in plain for a in PLACE[anchor]]
            checked += 1
            for _ in range(15):
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_actions()))
    assert checked > 15


def test_a_tile_laid_in_one_game_leaves_the_shared_starting_island_alone() -> None:
    """Every game starts from one starting island per player count, shared (copy on write): laying a tile in
    one game must not show up in a game started afterwards."""
    first = meeple.new_game("ibyron", players=2, seed=1)
    before = (list(first.height), list(first.terrain), dict(first.top_tile), first.land, first.coast)
    assert isinstance(first, IbyronState)
    first.lay_tile(first.tiles[0], *first._legal_anchors()[0], 1)
    second = meeple.new_game("ibyron", players=2, seed=1)
    assert (second.height, second.terrain, second.top_tile, second.land, second.coast) == before
    assert first.height != second.height and len(first.land) > len(second.land)
