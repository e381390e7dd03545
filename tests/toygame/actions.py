"""The toy game's action space and notation: two actions, ``keep`` and ``swap``."""

from __future__ import annotations

from meeple.core import Action

KEEP = Action("keep")
SWAP = Action("swap")

# Every action the game can ever offer, in a fixed order (their positions are the RL indices).
ACTION_SPACE: tuple[Action, ...] = (KEEP, SWAP)
