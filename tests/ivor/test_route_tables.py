"""The tables the legal moves are read from (remembered per start, free moves, coal and Sleeping
Idris placement; the map searched as bit sets) give what a fresh route search gives, cold or warm."""

from __future__ import annotations

import random
from collections import deque

import pytest

from meeple.core import Action
from meeple.games.ivor import INFO, routes, rules
from meeple.games.ivor.actions import MOVE_ACT, MoveAction
from meeple.games.ivor.routes import ADJ, INF, N_LOCS, move_options
from meeple.games.ivor.rules import IvorState


def plain_bfs(src: int, blocked: int) -> list[int]:
    """Ordinary moves from ``src``, one location at a time (never entering a blocked one)."""
    dist = [INF] * N_LOCS
    dist[src] = 0
    queue = deque([src])
    while queue:
        here = queue.popleft()
        for other in ADJ[here]:
            if dist[other] == INF and not blocked >> other & 1:
                dist[other] = dist[here] + 1
                queue.append(other)
    return dist


def fresh_moves(state: IvorState) -> tuple[list[Action], dict[Action, int]]:
    """The move actions of the seat to move, in order, and each one's ordinary moves, searched
    afresh on the real board (its wagons, and the Idris tokens read one location at a time)."""
    seat = state.current
    blocked = sum(1 << i for i, owner in enumerate(state.idris_at) if owner >= 0)
    options = move_options(state.pos[seat], state.moves_left, state.coal[seat], blocked, state.wagon_at)
    acts: list[Action] = [MOVE_ACT[x][spend] for x, ways in options.items() for _steps, spend in ways]
    steps: dict[Action, int] = {MOVE_ACT[x][spend]: d for x, ways in options.items() for d, spend in ways}
    return acts, steps


def forget_tables() -> None:
    for table in (routes.MOVE_TABLES, routes._LINES, routes._MAINS, rules.IDRIS_MASKS):
        table.clear()


def test_the_bit_set_search_equals_a_plain_breadth_first_search() -> None:
    rng = random.Random(7)
    for _ in range(400):
        blocked = sum(1 << i for i in rng.sample(range(N_LOCS), rng.randrange(7)))
        src = rng.randrange(N_LOCS)
        assert routes.bfs(src, blocked) == plain_bfs(src, blocked), (src, blocked)


@pytest.mark.parametrize("players", [3, 5])
def test_remembered_move_lists_equal_a_fresh_search_through_random_games(players: int) -> None:
    """At every move step of random games (coal and free moves now and then set at random, so
    that long routes and the main line come up), the moves offered, their order and what a
    move then costs are those of a fresh search; the tables are forgotten now and then, and the
    move is sometimes played without the list it was picked from (the table is read again)."""
    rng = random.Random(players)
    checked = 0
    for game in range(3):
        state = INFO.new(players, game)
        assert isinstance(state, IvorState)
        while not state.is_over:
            if state.in_move_step and rng.random() < 0.2:
                state.coal[state.current] = rng.randrange(8)
                state.moves_left = rng.choice([0, 1, 2, 4, 7, 40])  # 40: past the packed key's field
                state._changed()
            if rng.random() < 0.05:
                forget_tables()
            legal = state.legal_actions()
            if not state.in_move_step:
                state.apply(rng.choice(legal))
                continue
            expected, steps = fresh_moves(state)
            assert [a for a in legal if type(a) is MoveAction] == expected
            checked += 1
            moves = [a for a in legal if type(a) is MoveAction]
            if not moves or rng.random() < 0.3:
                state.apply(rng.choice(legal))
                continue
            action = rng.choice(moves)
            assert isinstance(action, MoveAction)
            seat, free, coal = state.current, state.moves_left, state.coal[state.current]
            if rng.random() < 0.3:
                state._changed()  # the list is forgotten: the move is looked up again when played
            state.apply(action)
            assert state.pos[seat] == rules.LOC_INDEX[action.destination]
            assert state.coal[seat] == coal - action.coal
            assert state.moves_left == max(0, free - steps[action])
    assert checked > 500
