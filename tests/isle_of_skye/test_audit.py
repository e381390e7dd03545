"""Regression tests from the independent rules audit."""

from __future__ import annotations

import random

import pytest

from meeple.core import Action, IllegalAction, snapshot
from meeple.games.isle_of_skye.actions import BUILD, BUY
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from tests.isle_of_skye.helpers import new_state


def _state_in(phase: int) -> IsleOfSkyeState:
    state = new_state(3, seed=4)
    rng = random.Random(4)
    while state.phase != phase:
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


MALFORMED = [
    Action("buy"),
    Action("place"),
    Action("spot", 1),
    Action("discard", "x"),
    Action("price"),
    Action("rotate", 45),
    Action("fly", 3),
]


@pytest.mark.parametrize("phase", [0, BUY, BUILD])
@pytest.mark.parametrize("action", MALFORMED, ids=str)
def test_a_malformed_action_is_refused_with_a_reason(phase: int, action: Action) -> None:
    # Actions built by hand with missing or wrong arguments are refused cleanly, not with a crash.
    state = _state_in(phase)
    seat = state.to_move[0]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not an action of Isle of Skye"):
        state.apply(action, seat)
    assert snapshot(state) == before


def test_a_spot_with_two_neighbours_must_match_both_edges() -> None:
    # Castle with tile 40 North (turned 180: pasture towards the castle) and tile 14 East
    # (turned 180: water towards the castle). The square (1, -1) touches tile 40 on its
    # West side and tile 14 on its South side; a tile may go there only turned so that
    # both shared edges match, whatever the tile.
    from meeple.games.isle_of_skye.data import LANDSCAPE_IDS, TILES, rotated_terrain
    from tests.isle_of_skye.helpers import set_territory

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


def test_large_areas_need_three_tiles_and_mountains_need_closing() -> None:
    from meeple.games.isle_of_skye import scoring as sc
    from tests.isle_of_skye.helpers import CASTLE, territory

    # Completed water areas of 1 and 2 tiles: no large area.
    small = territory({**CASTLE, (1, 0): (14, 2), (0, -1): (9, 0)})
    assert sorted(a.size for a in small.areas if a.completed) == [1, 2]
    assert sc.large_completed_areas(small) == 0
    # An open mountain area scores nothing on the mountains tile, nor on the broch tile's
    # "completed" reading: brochs count in open areas too.
    open_mountain = territory({**CASTLE, (-1, 0): (40, 2)})
    assert sc.completed_mountains(open_mountain) == 0
    assert sc.brochs_in_mountains(open_mountain) == 1


def test_an_animal_on_a_farm_next_to_another_farm_scores_once() -> None:
    from meeple.games.isle_of_skye import scoring as sc
    from tests.isle_of_skye.helpers import CASTLE, territory

    # Farm tile 32 (1 sheep, 1 cattle) North of the castle and farm tile 14 (1 sheep) West
    # of it lie diagonally next to each other: each animal stands on a farm tile and next
    # to another farm, and still scores 1 VP (RULES.md, farm-animals).
    t = territory({**CASTLE, (0, -1): (32, 0), (-1, 0): (14, 1)})
    assert sc.farm_animals(t) == 3


def test_catch_up_gold_counts_only_players_strictly_ahead() -> None:
    state = new_state(4)
    state.round = 4  # 2 gold per player ahead
    state.vp = [10, 10, 12, 9]
    assert [state.income(seat)[2] for seat in range(4)] == [2, 2, 0, 6]


def test_five_players_use_the_five_round_table_for_catch_up_gold() -> None:
    state = new_state(5)
    state.vp = [0, 1, 1, 1, 1]
    assert [(r.number, r.gold_per_player_ahead) for r in state.rounds] == [(1, 0), (2, 0), (3, 1), (4, 2), (5, 3)]
    state.round = 3
    assert state.income(0)[2] == 4
