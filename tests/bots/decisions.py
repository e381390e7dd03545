"""Positions where a bot has a real choice, taken along one game of the game's heuristic bot."""

from __future__ import annotations

import meeple
from meeple.bots import make_bot
from meeple.core import State


def heuristic_decisions(game: str, players: int, seed: int) -> list[tuple[State, int]]:
    """Copies of each position of one heuristic self-play game where the seat to move has a choice."""
    state = meeple.new_game(game, players=players, seed=seed)
    bot = make_bot("heuristic", seed=seed, game=game)
    found: list[tuple[State, int]] = []
    while not state.is_over:
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1:
            found.append((state.clone(), seat))
        state.apply(bot.choose(state, seat), seat)
    return found
