"""Careless moves (``GameInfo.careless_moves``), what an easy bot's slips are drawn from:
legal, the same on every world the seat cannot tell from the real one, and in Bayon
never an answer to a pending step or an expedition the seat would have to pay with sites."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.bots import make_bot
from meeple.core import State
from meeple.games.bayon.actions import A_EXPEDITION, A_GOLD, MAIN
from meeple.games.bayon.bot import careless_moves
from meeple.games.bayon.data import COSTS
from tests.conformance.playout import states_along

DECLARING = [
    pytest.param((info, players, {}), id=f"{game}-{players}p")
    for game, info in sorted(meeple.GAMES.items())
    if info.careless_moves is not None
    for players in info.player_counts
]


def test_bayon_declares_its_careless_moves() -> None:
    assert meeple.GAMES["bayon"].careless_moves is careless_moves


@pytest.mark.parametrize("setup", DECLARING)
def test_careless_moves_are_legal_and_read_only_the_seats_information(
    setup: tuple[meeple.GameInfo, int, dict[str, object]],
) -> None:
    info = setup[0]
    assert info.careless_moves is not None
    rng = random.Random(5)
    listed = 0
    for state in states_along(setup, 9, count=30):
        for seat in state.to_move:
            moves = info.careless_moves(state, seat)
            assert set(moves) <= set(state.legal_actions(seat))
            listed += len(moves)
            for _ in range(2):
                assert info.careless_moves(state.determinize(seat, rng), seat) == moves
    assert listed > 0, "no position offered a careless move"


def _bayon_positions(players: int, count: int) -> list[State]:
    """Positions of heuristic games, every step (open and pending steps alike)."""
    found: list[State] = []
    bot = make_bot("heuristic", game="bayon")
    game = 0
    while len(found) < count:
        state = meeple.new_game("bayon", players=players, seed=game)
        while not state.is_over and len(found) < count:
            seat = state.to_move[0]
            found.append(state.clone())
            state.apply(bot.choose(state, seat), seat)
        game += 1
    return found


def test_bayon_slips_come_only_in_the_open_step_and_never_dig_on_credit() -> None:
    """In a pending step (payment, team, who withdraws, is lost, is given up) there is no
    careless move; in the open step every legal move is one except an expedition whose
    price is more than the seat's gold (it would pay with its sites)."""
    pending = open_step = refused = 0
    for state in _bayon_positions(2, 400):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        moves = careless_moves(state, seat)
        if state.phase != MAIN:  # type: ignore[attr-defined]
            assert moves == []
            pending += 1
            continue
        open_step += 1
        gold = state.gold[seat]  # type: ignore[attr-defined]
        expected = [a for a in legal if not any(a == A_EXPEDITION[c] and COSTS[c] > gold for c in range(5))]
        assert moves == expected
        refused += len(legal) - len(moves)
        assert A_GOLD not in legal or A_GOLD in moves
    assert pending > 0 and open_step > 0 and refused > 0, (pending, open_step, refused)


def test_bayons_easy_level_answers_every_pending_step_as_the_heuristic_does() -> None:
    """Easy's slips come only from the careless moves, so in a pending step it always plays
    the heuristic's answer, whatever its seed; in the open step some seed slips."""
    heuristic = make_bot("heuristic", game="bayon")
    slipped = 0
    for i, state in enumerate(_bayon_positions(2, 300)):
        seat = state.to_move[0]
        pick = make_bot("easy", seed=i, game="bayon").choose(state, seat)
        if state.phase != MAIN:  # type: ignore[attr-defined]
            assert pick == heuristic.choose(state, seat)
        else:
            slipped += pick != heuristic.choose(state, seat)
    assert slipped > 0
