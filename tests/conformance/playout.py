"""Random playouts shared by the conformance tests."""

from __future__ import annotations

import random
from typing import Any

from meeple.core import GameInfo, State

MAX_STEPS = 50_000


def new(setup: tuple[GameInfo, int, dict[str, Any]], seed: int) -> State:
    info, players, options = setup
    return info.new(players, seed, **options)


def random_step(state: State, rng: random.Random) -> None:
    """Apply one random legal action through the public API."""
    movers = state.to_move
    seat = movers[rng.randrange(len(movers))]
    actions = state.legal_actions(seat)
    assert actions, f"seat {seat} is to move but has no legal action (move {state.move_number})"
    state.apply(actions[rng.randrange(len(actions))], seat)


def play_out(state: State, rng: random.Random, max_steps: int = MAX_STEPS) -> State:
    for _ in range(max_steps):
        if state.is_over:
            return state
        random_step(state, rng)
    raise AssertionError(f"random play did not end within {max_steps} steps")


def states_along(setup: tuple[GameInfo, int, dict[str, Any]], seed: int, count: int = 40) -> list[State]:
    """About ``count`` evenly spaced positions of one random game, first and last included."""
    state = new(setup, seed)
    rng = random.Random(seed)
    everything = [state.clone()]
    while not state.is_over:
        random_step(state, rng)
        everything.append(state.clone())
        assert state.move_number < MAX_STEPS, "random play did not end"
    if len(everything) <= count:
        return everything
    step = (len(everything) - 1) / (count - 1)
    return [everything[round(i * step)] for i in range(count)]


def seats_of(state: State) -> list[int | None]:
    """Every seat and the spectator."""
    return [*range(state.players), None]
