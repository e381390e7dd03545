"""The round track: which scoring tiles score in each round, the building order, the start
player's turn passing on, and the end of a round."""

from __future__ import annotations

import random

import pytest

from meeple.games.isle_of_skye.actions import BUILD, BUY, OVER, PRICE
from meeple.games.isle_of_skye.data import ROUNDS, rounds_for
from meeple.games.isle_of_skye.territory import analyse
from tests.isle_of_skye.helpers import new_state, play_randomly_until


def test_the_five_player_track_scores_each_letter_in_its_rounds() -> None:
    # Rule: with 5 players the round track runs 5 rounds, each scoring tile scores three times.
    five = rounds_for(5)
    assert [r.letters for r in five] == [("A", "B"), ("A", "C"), ("B", "D"), ("A", "C", "D"), ("B", "C", "D")]
    assert ROUNDS["tiles_drawn_per_player"] == 3 and ROUNDS["starting_gold"] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_scoring_tiles_are_used_three_times_each(players: int) -> None:
    state = new_state(players, seed=players)
    play_randomly_until(state, lambda s: s.is_over, random.Random(players))
    assert state.phase == OVER and state.to_move == ()
    letters = [letter for _round, letter, _points in state.scored]
    assert sorted(letters) == sorted("ABCD" * 3)
    assert [r for r, _letter, _points in state.scored] == sorted(r for r, _letter, _points in state.scored)
    expected = [(r.number, letter) for r in state.rounds for letter in r.letters]
    assert [(r, letter) for r, letter, _points in state.scored] == expected
    assert state.final is not None and len(state.final) == players


def test_building_order_and_end_of_round() -> None:
    state = new_state(3, seed=5, scoring="sheep,roads,mountains,farm-animals")
    rng = random.Random(3)
    play_randomly_until(state, lambda s: s.phase == BUILD, rng)
    order: list[int] = []
    while state.round == 1:
        if not order or order[-1] != state.to_move[0]:
            order.append(state.to_move[0])
        state.apply(rng.choice(state.legal_actions()))
    assert order == sorted(order)  # from the start player (seat 0) clockwise
    # Round 1 scores tile A (sheep) only.
    sheep = [analyse(p).count("sheep") for p in state.placed]
    assert state.vp == sheep
    assert state.start == 1 and state.round == 2 and state.phase == PRICE


def test_the_start_player_passes_clockwise_and_buying_begins_with_it() -> None:
    # Rule: after scoring the start player marker passes to the next seat clockwise;
    # buying (and building) then begins with the new start player.
    state = new_state(3, seed=9)
    rng = random.Random(9)
    starts: list[int] = []
    first_buyers: list[int] = []
    while not state.is_over:
        if state.phase == PRICE and len(starts) < state.round:
            starts.append(state.start)
        if state.phase == BUY and len(first_buyers) < state.round:
            first_buyers.append(state.to_move[0])
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert starts == [0, 1, 2, 0, 1, 2]
    assert first_buyers == starts


def test_the_gold_tile_scores_gold_in_hand_after_the_lost_stakes() -> None:
    # Rule: the gold tile compares the gold players have when the round scores; gold
    # staked on unsold tiles is lost by then. Seat 0 stakes 1+1, seat 1 stakes 2+2,
    # nobody buys: 3 gold against 1, so 5 and 2 VP (with the stakes, 5 and 5).
    state = new_state(2, seed=3, scoring="gold,ships,whisky,harbours")
    for seat, price in ((0, 1), (1, 2)):
        state.apply(f"discard {state.drawn[seat][0]}", seat)
        while seat in state.to_move:
            state.apply(f"price {price}", seat)
    state.apply("pass", 0)
    state.apply("pass", 1)
    assert state.phase == BUILD and state.gold == [3, 1]
    rng = random.Random(3)
    while state.round == 1:
        state.apply(rng.choice(state.legal_actions()))
    assert state.scored == [(1, "A", (5, 2))]
    assert state.vp == [5, 2]
