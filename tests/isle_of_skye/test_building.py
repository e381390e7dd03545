"""Building: every tile received is placed edge to edge with matching terrain, in an order that
places the most of them; a tile that fits nowhere goes back into the bag."""

from __future__ import annotations

import random

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.isle_of_skye.actions import BUILD, MAX_COORD
from meeple.games.isle_of_skye.data import LANDSCAPE_IDS, TILES, rotated_terrain
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from tests.isle_of_skye.helpers import (
    MOUNTAIN_RING,
    SAMPLE,
    check_matching,
    finish_hidden_phase,
    names,
    new_state,
    play_randomly_until,
    set_territory,
    to_build,
)

NEXT_TO_CASTLE = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}  # square -> direction from the castle


def fits_next_to_castle(tid: int, square: tuple[int, int], rot: int) -> bool:
    d = NEXT_TO_CASTLE[square]
    return bool(rotated_terrain(TILES[tid], rot, (d + 2) % 4) == rotated_terrain(TILES[0], 0, d))


def test_only_legal_placements_are_offered() -> None:
    for seed in range(5):
        state = to_build(seed)
        for tile_action in state.legal_actions():
            trial = state.clone()
            trial.apply(tile_action)
            tid = trial.pick_tile
            spots = {(int(a.args[0]), int(a.args[1])) for a in trial.legal_actions()}
            expected = {sq for sq in NEXT_TO_CASTLE if any(fits_next_to_castle(tid, sq, r) for r in range(4))}
            assert spots == expected
            for square in sorted(spots):
                again = trial.clone()
                again.apply(f"spot {square[0]} {square[1]}")
                rotations = {int(a.args[0]) // 90 for a in again.legal_actions()}
                assert rotations == {r for r in range(4) if fits_next_to_castle(tid, square, r)}


def test_placing_a_tile_step_by_step() -> None:
    state = to_build()
    tid = state.received[0][0]
    state.apply(f"place {tid}")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="must touch your territory"):
        state.apply("spot 5 5")
    with pytest.raises(IllegalAction, match="choose a spot"):
        state.apply("rotate 90")
    assert snapshot(state) == before
    spot = state.legal_actions()[0]
    state.apply(spot)
    x, y = int(spot.args[0]), int(spot.args[1])
    rotations = state.legal_actions()
    assert rotations and all(fits_next_to_castle(tid, (x, y), int(a.args[0]) // 90) for a in rotations)
    state.apply(rotations[-1])
    assert state.placed[0][(x, y)] == (tid, int(rotations[-1].args[0]) // 90)
    assert tid not in state.received[0]


def test_a_spot_with_two_neighbours_must_match_both_edges() -> None:
    # Castle with tile 40 North (turned 180: pasture towards the castle) and tile 14 East
    # (turned 180: water towards the castle). The square (1, -1) touches tile 40 on its
    # West side and tile 14 on its South side; a tile may go there only turned so that
    # both shared edges match, whatever the tile.
    placed = {(0, 0): (0, 0), (0, -1): (40, 2), (1, 0): (14, 2)}
    state = new_state(2, seed=2)
    set_territory(state, 0, placed)
    west_needs = rotated_terrain(TILES[40], 2, 1)  # tile 40's East side
    south_needs = rotated_terrain(TILES[14], 2, 0)  # tile 14's North side
    state.phase = BUILD
    state.builder = 0
    state._set_movers()  # (fields set by hand: who is to move is worked out again)
    checked = 0
    for tid in LANDSCAPE_IDS:
        state.received[0] = [tid]
        state.pick_tile = tid
        state.pick_spot = None
        spots = {(int(a.args[0]), int(a.args[1])) for a in state.legal_actions(0)}
        wanted = {
            r
            for r in range(4)
            if rotated_terrain(TILES[tid], r, 3) == west_needs and rotated_terrain(TILES[tid], r, 2) == south_needs
        }
        assert ((1, -1) in spots) == bool(wanted), tid
        if wanted:
            state.pick_spot = (1, -1)
            assert {int(a.args[0]) // 90 for a in state.legal_actions(0)} == wanted, tid
            checked += 1
    assert checked > 0


def no_mountain(tid: int) -> bool:
    return "m" not in TILES[tid].edges


def test_tiles_that_fit_nowhere_go_back_into_the_bag() -> None:
    # Find a game where seat 0 keeps two tiles without any mountain edge.
    seed = next(s for s in range(200) if all(no_mountain(t) for t in new_state(2, seed=s).drawn[0][1:]))
    state = new_state(2, seed=seed)
    kept = state.drawn[0][1:]
    finish_hidden_phase(state)
    set_territory(state, 0, MOUNTAIN_RING)
    assert set(state.frontier[0].values()) <= {
        sum(3 << (2 * d) for d in sides)
        for sides in ([0], [1], [2], [3], [0, 1], [1, 2], [2, 3], [0, 3], [0, 2], [1, 3])
    }
    bag = len(state.bag)
    state.apply("pass", 0)
    state.apply("pass", 1)
    # Seat 0 cannot place either kept tile: both go back, no gold comes back, seat 1 builds.
    assert state.received[0] == [] and len(state.bag) == bag + 2 and set(kept) <= set(state.bag)
    assert state.placed[0] == MOUNTAIN_RING and state.gold[0] == 3
    assert state.to_move == (1,)
    assert any(f"cannot place {kept[0]}" in e for e in state.events)


def test_a_tile_placed_first_can_make_room_for_another() -> None:
    state = to_build()
    set_territory(state, 0, MOUNTAIN_RING)
    state.received[0] = [5, 71]  # tile 5 has no mountain edge; tile 71 has three
    assert [str(a) for a in state.legal_actions(0)] == ["place 71"]
    state.apply("place 71", 0)
    state.apply("spot -1 0", 0)
    state.apply("rotate 270", 0)  # its pasture edge now faces the open square (-2, 0)
    assert [str(a) for a in state.legal_actions(0)] == ["place 5"]
    state.apply("place 5", 0)
    assert [str(a) for a in state.legal_actions(0)] == ["spot -2 0"]


def test_a_placement_that_would_leave_no_room_for_another_tile_is_refused() -> None:
    state = to_build()
    set_territory(state, 0, MOUNTAIN_RING)
    state.received[0] = [5, 71]
    state.apply("place 71", 0)
    state.apply("spot -1 0", 0)
    # Turned 0, tile 71's pasture edge faces North, where the open square also needs
    # mountain: tile 5 would fit nowhere. Turned 270 it faces (-2, 0) and 5 fits there.
    assert names(state, 0) == ["rotate 270"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="leave no room for another of your tiles"):
        state.apply("rotate 0", 0)
    assert snapshot(state) == before


# 2 players, seed 1885, random moves: seat 0 builds 75, 40 and 69 in round 2. Placing
# 69 at (1, 0) and then 40 at (0, 1) leaves 75 nowhere to go, although placing 75 first
# places all three.
MOVES_TO_THREE_TILES = (
    "1 discard 67, 0 discard 73, 1 price 1, 1 price 1, 0 price 3, 0 price 2, 0 pass, 1 buy 12, "
    "0 place 44, 0 spot 0 -1, 0 rotate 90, 1 place 17, 1 spot 0 1, 1 rotate 90, 1 place 74, 1 spot 1 1, "
    "1 rotate 180, 1 place 12, 1 spot 0 2, 1 rotate 270, 0 discard 7, 1 discard 43, 1 price 5, 0 price 5, "
    "1 price 1, 0 price 1, 1 pass, 0 buy 75, 1 place 39, 1 spot 0 -1, 1 rotate 180"
)


def three_tiles_whose_order_matters() -> IsleOfSkyeState:
    state = new_state(2, seed=1885, scoring="random")
    for move in MOVES_TO_THREE_TILES.split(", "):
        seat, text = move.split(" ", 1)
        state.apply(text, int(seat))
    assert state.phase == BUILD and state.received[0] == [75, 40, 69]
    return state


def test_an_order_that_would_leave_a_received_tile_unplaceable_is_refused() -> None:
    state = three_tiles_whose_order_matters()
    for text in ("place 69", "spot 1 0", "rotate 270", "place 40"):
        state.apply(text, 0)
    assert "spot 0 1" not in names(state, 0)
    with pytest.raises(IllegalAction, match="no room"):
        state.apply("spot 0 1", 0)


def test_every_order_offered_places_all_three_received_tiles() -> None:
    leaves = 0
    stack = [three_tiles_whose_order_matters()]
    while stack:
        state = stack.pop()
        if state.builder != 0:
            leaves += 1
            assert len(state.placed[0]) == 5 and not any("cannot place" in e for e in state.events)
            continue
        for action in state.legal_actions(0):
            child = state.clone()
            child.apply(action, 0)
            stack.append(child)
    assert leaves > 1000  # every (tile, square, rotation) three times over was tried


def test_every_tile_received_is_placed_or_returned() -> None:
    state = new_state(4, seed=11)
    rng = random.Random(11)
    for _ in range(3):
        play_randomly_until(state, lambda s: s.phase == BUILD, rng)
        counts = [len(p) + len(r) for p, r in zip(state.placed, state.received, strict=True)]
        round_now = state.round

        def next_round(s: IsleOfSkyeState, r: int = round_now) -> bool:
            return bool(s.round != r or s.is_over)

        play_randomly_until(state, next_round, rng)
        assert [len(p) for p in state.placed] == counts  # everything fitted in these rounds
        assert all(abs(x) <= MAX_COORD and abs(y) <= MAX_COORD for p in state.placed for (x, y) in p)


def test_sample_territory_is_reachable_by_the_rules_geometry() -> None:
    # The territories the scoring tests use obey the placement rule.
    check_matching(SAMPLE)
