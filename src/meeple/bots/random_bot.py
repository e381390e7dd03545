"""The uniformly random player: a baseline and the default rollout policy."""

from __future__ import annotations

import random

from meeple.core import Action, State


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action now")
        return actions[self.rng.randrange(len(actions))]
