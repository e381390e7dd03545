"""Shared helpers for the Isle of Skye tests: hand-built territories and states."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from meeple.games.isle_of_skye import INFO
from meeple.games.isle_of_skye.actions import BUILD
from meeple.games.isle_of_skye.data import DX, DY, TILES, rotated_terrain
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.games.isle_of_skye.territory import Placed, Territory, analyse


def check_matching(placed: Placed) -> None:
    """Fail if two neighbouring tiles of a hand-built territory disagree on a shared edge."""
    for (x, y), (tid, rot) in placed.items():
        for d in range(4):
            other = (x + DX[d], y + DY[d])
            if other in placed:
                otid, orot = placed[other]
                mine = rotated_terrain(TILES[tid], rot, d)
                theirs = rotated_terrain(TILES[otid], orot, (d + 2) % 4)
                assert mine == theirs, f"tile {tid} at {(x, y)} and tile {otid} at {other} disagree on their edge"


def territory(placed: Placed) -> Territory:
    check_matching(placed)
    return analyse(placed)


# Castle 0 at (0, 0), unturned: N pasture+road, E water, S pasture+road, W mountain+road.
CASTLE = {(0, 0): (0, 0)}

# A small territory used by several tests (see test_territory for what it holds):
#   (0,-1) tile 9: inland loch with a ship, farm; no road on its South side
#   (-2,0) tile 14 turned 90: farm, 1 sheep; (-1,0) tile 64: mountain pass with a broch
#   (0,1)  tile 70: whisky, 1 sheep, 2 cattle, road joined to the castle
SAMPLE: Placed = {
    (0, 0): (0, 0),
    (-1, 0): (64, 0),
    (-2, 0): (14, 1),
    (0, -1): (9, 0),
    (0, 1): (70, 0),
}


def new_state(players: int = 3, seed: int = 1, **options: Any) -> IsleOfSkyeState:
    state = INFO.new(players, seed, **options)
    assert isinstance(state, IsleOfSkyeState)
    return state


def play_to_end(players: int, seed: int) -> IsleOfSkyeState:
    """A game played to its end with random moves (seeded)."""
    state = new_state(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def finish_hidden_phase(state: IsleOfSkyeState, price: int = 1) -> None:
    """Every seat discards its first tile and prices the others at ``price``."""
    for seat in range(state.players):
        state.apply(f"discard {state.drawn[seat][0]}", seat)
        while seat in state.to_move:
            state.apply(f"price {price}", seat)


def set_territory(state: IsleOfSkyeState, seat: int, placed: Placed) -> None:
    """Give ``seat`` a hand-built territory (and the open squares around it)."""
    check_matching(placed)
    state.placed[seat] = dict(placed)
    state.frontier[seat] = {}
    for pos, (tid, rot) in placed.items():
        state._grow_frontier(seat, pos, tid, rot)


# The castle closed on three sides so that every open edge is mountain: tile 40 above
# and below (pasture towards the castle), tile 69 East (water towards the castle).
MOUNTAIN_RING: Placed = {(0, 0): (0, 0), (0, -1): (40, 2), (0, 1): (40, 0), (1, 0): (69, 3)}


def play_randomly_until(state: IsleOfSkyeState, done: Callable[[IsleOfSkyeState], bool], rng: random.Random) -> None:
    """Random legal moves (from ``rng``) until ``done(state)``."""
    while not done(state):
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def names(state: IsleOfSkyeState, seat: int) -> list[str]:
    """The seat's legal actions in notation."""
    return [str(a) for a in state.legal_actions(seat)]


def to_build(seed: int = 2) -> IsleOfSkyeState:
    """A 2-player game at seat 0's first placement: both seats priced at 1 and passed."""
    state = new_state(2, seed=seed)
    finish_hidden_phase(state)
    state.apply("pass", 0)
    state.apply("pass", 1)
    assert state.phase == BUILD and state.to_move == (0,)
    return state
