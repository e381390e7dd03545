"""The toy game's bot and its judgement of a position (declared in ``BOTS``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.core.rng import Random
from tests.toygame.actions import KEEP, SWAP
from tests.toygame.data import DATA

if TYPE_CHECKING:
    from meeple.core import State

MIDDLE = (DATA.cards[0] + DATA.cards[-1]) / 2


def keeps(card: int) -> bool:
    """Keep a card above the middle of the deck; swap a lower one."""
    return card > MIDDLE


class ThresholdBot:
    """Keeps a high card, swaps a low one: it reads only its own card."""

    name = "threshold"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        card = state.observation(seat)["my_card"]
        return KEEP if keeps(card) or SWAP not in legal else SWAP


BOTS = (ThresholdBot,)


def rollout_policy(state: State, seat: int, rng: Random) -> Action:
    """The bot's rule, with one move in five at random (playouts need variety)."""
    legal = state.legal_actions(seat)
    if rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    return ThresholdBot().choose(state, seat)


def evaluate(state: State) -> tuple[float, ...]:
    """Win shares of a running game: each seat's card against the middle of the deck."""
    cards = [int(state.observation(seat)["my_card"]) for seat in range(state.players)]
    weights = [max(card - DATA.cards[0] + 1, 1) for card in cards]
    total = sum(weights)
    return tuple(w / total for w in weights)
