"""The toy game's bot levels: what each changes of ``meeple.bots.levels.LEVELS``.

A tiny game needs tiny budgets: each level is the tree search with fewer
iterations than the defaults, and the descriptions say so in a player's words.
"""

from __future__ import annotations

LEVELS: dict[str, dict[str, object]] = {
    "easy": {
        "iterations": 20,
        "description": "Easy: looks a move or two ahead and often keeps a card it should swap.",
    },
    "medium": {
        "iterations": 60,
        "description": "Medium: weighs keeping against swapping over a few dozen possible deals.",
    },
    "hard": {
        "iterations": 200,
        "description": "Hard: weighs keeping against swapping over a couple of hundred possible deals.",
    },
}
