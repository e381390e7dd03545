"""What a seat may see, and the worlds a seat cannot tell apart from the real one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.rng import Random

if TYPE_CHECKING:
    from tests.toygame.rules import ToyState


def observation(state: ToyState, seat: int | None) -> dict[str, Any]:
    """Your own card; everybody's once the game is over; the deck's size."""
    obs = state.base_observation(seat)
    obs["deck_size"] = len(state.deck)
    obs["my_card"] = state.cards[seat] if seat is not None else None
    obs["cards"] = list(state.cards) if state.is_over else None
    return obs


def determinize(state: ToyState, seat: int, rng: Random) -> ToyState:
    """Re-deal the other seats' cards and the deck from what ``seat`` has not seen."""
    world = state.clone()
    world._reseed_from(rng)
    if state.is_over:  # every card is face up
        return world
    # Sorted first: the copy must depend only on what ``seat`` knows, not on
    # the order the hidden cards happen to lie in.
    unseen = sorted([c for s, c in enumerate(world.cards) if s != seat] + world.deck)
    rng.shuffle(unseen)
    for other in range(world.players):
        if other != seat:
            world.cards[other] = unseen.pop()
    world.deck = unseen
    return world
