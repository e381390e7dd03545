"""The toy game's RL tensor: the smallest encoder, drawn from the observation only.

A game's encoder subclasses ``meeple.rl.encoding.Encoder``, adds its slices to
``self.layout`` in ``__init__`` and writes them in ``fill(v, obs, me)``. That
is all a new game needs; a game whose tensor is a hot path may add one fast
path (``update_state``, the incremental one the environments use), which the
conformance suite checks slice by slice against ``fill``.
"""

from __future__ import annotations

from typing import Any

from meeple.rl.encoding import Encoder, Vector, one_hot, scaled
from tests.toygame.data import DATA

CARDS = len(DATA.cards)


class ToyEncoder(Encoder):
    """Own card (one-hot), the deck's size, and every seat's card once the game is over."""

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        self.my_card = self.layout.add("my_card", CARDS, "the observer's card, one-hot (lowest first)")
        self.deck_size = self.layout.add("deck_size", 1, "cards left in the deck, over the whole deck")
        self.cards = self.layout.add("cards", players * CARDS, "each seat's card once the game is over (relative)")

    def fill(self, v: Vector, obs: dict[str, Any], me: int) -> None:
        lowest = DATA.cards[0]
        card = obs.get("my_card")
        if isinstance(card, int):
            one_hot(v, self.my_card, CARDS, card - lowest)
        v[self.deck_size] = scaled(obs.get("deck_size"), CARDS)
        for seat, shown in enumerate(obs.get("cards") or ()):
            relative = (seat - me) % self.players
            one_hot(v, self.cards + relative * CARDS, CARDS, shown - lowest)
