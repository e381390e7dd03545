"""A game's ``_legal_indices`` (what the environments build masks from, when a game has it) lists exactly
the indices of ``_legal_actions``, in its order, in every step of random games."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import State
from meeple.rl.seat_views import listed_indices
from tests.rl.helpers import playout

LISTING = [
    (game, players) for game, info in meeple.GAMES.items() if listed_indices(info.state_class) is not None
    for players in info.player_counts
]  # fmt: skip


def _checked_positions(game: str, players: int, seeds: int) -> list[State]:
    """Compare the two listings before every move of ``seeds`` random games; the positions compared."""
    info = meeple.GAMES[game]
    index = {a: i for i, a in enumerate(info.action_space)}
    listed = listed_indices(info.state_class)
    assert listed is not None
    seen = []
    for seed in range(seeds):
        for state, seat in playout(game, players, seed, limit=600):
            if seat not in state.to_move:  # the end (or the limit): playout's last look, nobody to list for
                break
            want = [index[a] for a in state.legal_actions(seat)]
            assert listed(state, seat) == want, (str(state.history[-3:]), seat)
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize(("game", "players"), LISTING, ids=[f"{g}-{p}p" for g, p in LISTING])
def test_legal_indices_are_the_legal_actions_indices_in_order(game: str, players: int) -> None:
    # a solo Ibyron game is short: more of them for as many positions
    assert len(_checked_positions(game, players, 3 if players > 1 else 5)) > 300


def test_bayon_lists_every_step_of_a_turn_by_index() -> None:
    from meeple.games.bayon.actions import GIVEUP, LOSE, MAIN, PAY, TEAM, WITHDRAW
    from meeple.games.bayon.rules import BayonState

    assert ("bayon", 2) in LISTING  # Bayon's environments build their masks this way
    phases = {state.phase for state in _checked_positions("bayon", 4, 6) if isinstance(state, BayonState)}
    assert phases >= {MAIN, GIVEUP, PAY, TEAM, WITHDRAW, LOSE}
