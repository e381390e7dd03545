"""Shared by the RL tests: every game at every player count, and random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import meeple
from meeple.core import State

SETUPS = [(game, players) for game, info in meeple.GAMES.items() for players in info.player_counts]
SETUP_IDS = [f"{game}-{players}p" for game, players in SETUPS]


def playout(game: str, players: int, seed: int, limit: int = 5000, **options: object) -> Iterator[tuple[State, int]]:
    """Yield ``(state, seat)`` before each move of a random game (the seat about to move), then the end."""
    state = meeple.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.to_move[rng.randrange(len(state.to_move))]
        yield state, seat
        actions = state.legal_actions(seat)
        state.apply(actions[rng.randrange(len(actions))], seat)
    yield state, 0
