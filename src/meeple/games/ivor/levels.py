"""Ivor the Engine's bot levels: what ``easy``, ``medium`` and ``hard`` change of the
defaults in ``meeple.bots.levels.LEVELS``, and how each reads to a player.

The fields are those of ``meeple.bots.levels.Level``; the figures behind each
choice (strength, time per move) are in docs/measurements/ivor.md, with the
commands that reproduce them.
"""

from __future__ import annotations

# An easy level that still plays to the end: a cheap rollout that nearly always keeps the
# heuristic's move (paired test, 8 playouts), with one decision in ten a random legal move.
CARELESS_ROLLOUT: dict[str, object] = {
    "search": "rollout",
    "iterations": 8,
    "epsilon": 0.0,
    "confidence": 1.0,
    "blunder": 0.1,
}

# Ivor: all three levels are rollout searches, which played stronger per CPU second than the
# tree search in this game.
LEVELS: dict[str, dict[str, object]] = {
    "easy": {
        **CARELESS_ROLLOUT,
        "description": "Easy: plays the game's sound habits, but about one action in ten is a careless "
        "one picked at random. A good first opponent.",
    },
    "medium": {
        "search": "rollout",
        "iterations": 40,
        "epsilon": 0.0,
        "confidence": 1.0,
        "description": "Medium: plays the game's sound habits and checks each action with a few dozen "
        "quick plays of the next few turns, changing plan only when another action is clearly "
        "better. Moves in well under a second.",
    },
    # Hard plays its playouts with the heuristic bot itself and asks for the paired test: the
    # 300-playout rollout over the fast playout policy, without the test, lost to two mediums.
    "hard": {
        "search": "rollout",
        "iterations": 300,
        "epsilon": 0.0,
        "policy": "heuristic",
        "confidence": 1.0,
        "description": "Hard: tries every action open to it, playing each a few turns ahead a few "
        "hundred times in all the way a sound player would, and leaves the game's sound habits only "
        "when another action clearly comes out better. Usually under a second a move.",
    },
}

# Playouts meeple.analysis spends on each decision of a finished game: a typical game
# analyses within a minute of one core (benchmarks/analysis_quality.py; docs/measurements).
ANALYSIS_PLAYOUTS = 240
