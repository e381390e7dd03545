"""Shared set-up for the Ibyron rule tests.

``started`` plays the set-up choices (starting building, home field) and
returns a state at the first Outside turn; ``village`` sends a seat to the village. ``put`` places a leader, a camp or
resources directly so a test can set a position up in one line; the rules
under test then run through ``apply`` only.
"""

from __future__ import annotations

from typing import Any

import meeple.games.ibyron as ib
from meeple.games.ibyron.island import cell_of
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.turns import start_turn


def start(players: int = 2, seed: int = 0, buildings: tuple[str, ...] = ("bank", "garden", "foundry", "bank"),
          **options: Any) -> IbyronState:
    state = ib.INFO.new(players, seed, **options)
    assert isinstance(state, IbyronState)
    for p in range(players):
        state.apply(f"start {buildings[p]}", p)
        state.apply(state.legal_actions(p)[0], p)
    return state


def cell(x: int, y: int) -> int:
    return cell_of(x, y)


def set_height(state: IbyronState, c: int, height: int) -> None:
    """Stack a space to ``height`` (test set-up only). The grids are shared between states and never changed
    in place (copy on write), so the test's state gets a changed copy of its own."""
    grid = state.height.copy()
    grid[c] = height
    state.height = grid


def turn_to(state: IbyronState, p: int) -> None:
    """Hand the Outside turn to seat ``p`` (test set-up only)."""
    state.current = p
    start_turn(state)


def village(state: IbyronState, p: int, discs: int) -> None:
    """Put seat ``p`` in the village with ``discs`` in its village box and give it the turn (test set-up only)."""
    state.supply[p] = 0
    state.vbox[p] = discs
    state.rest[p] += 14 - discs
    turn_to(state, p)


def notations(state: IbyronState, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def game_at_seat0() -> IbyronState:
    s = start()
    turn_to(s, 0)
    return s
