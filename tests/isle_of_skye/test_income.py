"""Income at the start of each round: the castle's gold, whisky joined by roads, catch-up gold."""

from __future__ import annotations

import random

from meeple.games.isle_of_skye.actions import BUILD
from meeple.games.isle_of_skye.territory import connected_whisky_tiles
from tests.isle_of_skye.helpers import new_state, play_randomly_until


def test_income_example_from_the_rulebook() -> None:
    # Round 5 pays 3 gold per player ahead; two players are ahead of seat 0, whose
    # territory has two whisky tiles joined to the castle by roads: 5 + 2 + 2x3 = 13.
    state = new_state(3)
    state.placed[0] = {(0, 0): (0, 0), (0, -1): (43, 0), (0, 1): (70, 0), (-1, 0): (64, 0)}
    state.vp = [10, 12, 11]
    state.round = 5
    assert state.income(0) == (5, 2, 6)
    assert sum(state.income(0)) == 13
    assert state.income(1) == (5, 0, 0)  # nobody ahead
    assert state.income(2) == (5, 0, 3)  # one ahead


def test_no_catch_up_gold_before_round_three() -> None:
    state = new_state(3)
    state.vp = [0, 20, 30]
    for number, expected in [(1, 0), (2, 0), (3, 2), (4, 4), (6, 8)]:
        state.round = number
        assert state.income(0)[2] == expected


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


def test_income_is_paid_at_the_start_of_each_round() -> None:
    state = new_state(2, seed=8)
    rng = random.Random(1)
    play_randomly_until(state, lambda s: s.phase == BUILD, rng)
    before = state.gold.copy()  # building does not change gold
    play_randomly_until(state, lambda s: s.round == 2, rng)
    for seat in range(2):
        assert state.gold[seat] == before[seat] + 5 + connected_whisky_tiles(state.placed[seat])
