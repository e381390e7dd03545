"""The shortcuts the RL environments take through Ivor's rules give what the plain paths give: the legal
moves listed by index (the masks' source) are the indices of the legal actions in every phase of a turn,
and the wagons the tensor draws from each seat's place are the ones the board holds."""

from __future__ import annotations

import random

from meeple.games.ivor import INFO
from meeple.games.ivor.actions import (
    DISCARD,
    EXTRA_CARD,
    IDRIS,
    INDEX,
    MOVE,
    PLACE,
    RUNAWAY,
    TAKE,
)
from meeple.games.ivor.rules import IvorState


def test_legal_indices_are_the_legal_actions_indices_in_every_phase() -> None:
    """Before every move of random games at every player count: ``_legal_indices`` lists the action-space
    index of each legal action, in the same order, whether or not the list of actions was built first
    (the move step keeps what a move takes for the move that follows either way)."""
    phases: set[int] = set()
    for players in (3, 4, 5):
        for seed in range(4):
            state = INFO.new(players, seed)
            assert isinstance(state, IvorState)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_move[0]
                phases.add(state.phase)
                if rng.random() < 0.5:  # by index first (as an environment's mask), then the actions
                    listed = state._legal_indices(seat)
                    legal = state.legal_actions(seat)
                else:
                    legal = state.legal_actions(seat)
                    listed = state._legal_indices(seat)
                assert listed == [INDEX[a] for a in legal], (str(state.history[-3:]), seat)
                state.apply(legal[rng.randrange(len(legal))], seat)
    assert phases >= {PLACE, MOVE, IDRIS, RUNAWAY, EXTRA_CARD, TAKE, DISCARD}


def test_a_move_picked_from_the_listed_indices_plays_as_from_the_actions() -> None:
    """A move chosen by index and played without the list of actions (as the environments play it) leaves
    the game as the same move played through ``apply`` does."""
    for seed in range(3):
        by_index = INFO.new(3, seed)
        by_action = INFO.new(3, seed)
        assert isinstance(by_index, IvorState) and isinstance(by_action, IvorState)
        rng = random.Random(seed)
        while not by_index.is_over:
            seat = by_index.to_move[0]
            listed = by_index._legal_indices(seat)
            action = INFO.action_space[listed[rng.randrange(len(listed))]]
            by_index._play_legal(action, seat)
            by_action.apply(action, seat)
            assert by_index.pos == by_action.pos and by_index.coal == by_action.coal
            assert by_index.moves_left == by_action.moves_left and by_index.phase == by_action.phase
        assert by_index.final == by_action.final and by_index.history == by_action.history


def test_each_wagon_stands_where_its_seat_is_placed() -> None:
    """``wagon_at`` is ``pos`` turned round (the tensor draws both the seats' places and each location's wagon
    from ``pos``): through whole random games, including determinized worlds."""
    for players in (3, 5):
        state = INFO.new(players, players)
        assert isinstance(state, IvorState)
        rng = random.Random(players)
        while not state.is_over:
            for look in (state, state.determinize(state.to_move[0], random.Random(1))):
                assert isinstance(look, IvorState)
                want = [-1] * len(look.wagon_at)
                for seat, where in enumerate(look.pos):
                    if where >= 0:
                        want[where] = seat
                assert look.wagon_at == want
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
