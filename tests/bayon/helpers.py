"""Helpers for Bayon rule tests: start a game and arrange a position by hand."""

from __future__ import annotations

from typing import Any

from meeple.games.bayon import INFO
from meeple.games.bayon.data import CONTINENTS, SITE_VALUE
from meeple.games.bayon.rules import BayonState

# Site ids of the shipped data (see data.json): Europe 1-6, Africa 7-12, Asia 13-18, ...
# Explorer abilities (map, shovel, microscope): 1 (0,1,3), 2 (0,3,1), 5 (3,0,1), 6 (3,1,0),
# 7 (2,2,1), 8 (1,2,2), 13 (2,2,2), 14 (1,2,3).
EUROPE = [1, 2, 3, 4, 5, 6]  # 1 needs (1,1,0), 2 (0,1,1), 3 (1,0,1), 4 (2,1,0), 5 (0,2,1), 6 (1,0,2)
AFRICA = [7, 8, 9, 10, 11, 12]  # 7 needs (3,1,1), 8 (1,3,1), 9 (1,1,3), 10 (2,1,1) ...


def game(players: int = 2, seed: int = 0, **options: Any) -> BayonState:
    state = INFO.new(players, seed, **options)
    assert isinstance(state, BayonState)
    return state


def arrange(
    state: BayonState,
    *,
    hands: list[list[int]] | None = None,
    gold: list[int] | None = None,
    bank: int | None = None,
    faceup: list[int] | None = None,
    camp: list[int] | None = None,
    stacks: dict[str, list[int]] | None = None,
    owned: list[list[int]] | None = None,
    interpreter: str | None = None,
    current: int | None = None,
) -> BayonState:
    """Overwrite the given fields (everything unnamed stays as dealt) and forget cached actions."""
    if hands is not None:
        state.hands = [h.copy() for h in hands]
    if gold is not None:
        state.gold = gold.copy()
    if bank is not None:
        state.bank = bank
    if faceup is not None:
        state.faceup = faceup.copy()
    if camp is not None:
        state.camp = camp.copy()
        state.camp_hidden = len(camp)
    if stacks is not None:
        for name, stack in stacks.items():
            state.stacks[CONTINENTS.index(name)] = stack.copy()
    if owned is not None:
        state.owned = [o.copy() for o in owned]
        state.worth = [sum(SITE_VALUE[s] for s in o) for o in owned]
    if interpreter is not None:
        state.interpreter = CONTINENTS.index(interpreter)
    if current is not None:
        state.current = current
    state.refresh()
    return state


def play(state: BayonState, *moves: str) -> BayonState:
    for move in moves:
        state.apply(move)
    return state


def legal(state: BayonState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def ended_by_the_round_limit() -> BayonState:
    """A two-player game the round limit of one round ended."""
    return play(game(2, max_rounds=1), "end", "end")
