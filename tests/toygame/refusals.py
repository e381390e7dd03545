"""Why an action is refused, in plain words (called only for an illegal action)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.toygame.actions import SWAP

if TYPE_CHECKING:
    from meeple.core import Action
    from tests.toygame.rules import ToyState


def explain(state: ToyState, action: Action, seat: int) -> str | None:
    """The reason, or ``None`` to fall back on the generic one."""
    if action == SWAP and not state.deck:
        return "the deck is empty, there is nothing to swap with"
    return None
