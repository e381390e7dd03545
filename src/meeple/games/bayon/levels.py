"""Bayon's bot levels: what ``easy``, ``medium`` and ``hard`` change of the
defaults in ``meeple.bots.levels.LEVELS``, and how each reads to a player.

The fields are those of ``meeple.bots.levels.Level``; the figures behind each
choice (strength, time per move) are in docs/measurements/bayon.md, with the
commands that reproduce them.
"""

from __future__ import annotations

# Bayon: the tree search lost to the heuristic bot (docs/measurements/bayon.md, "Strength
# of the levels"); a policy rollout beats it. Medium is the rollout with few playouts, and with a paired
# test before it overrules the heuristic (without it, lucky playouts fooled it). Easy is
# the heuristic without lookahead, one open-step decision in five a careless move drawn
# from bot.careless_moves: the 8-playout rollout with uniformly random slips (the old
# easy) let 2-player games run into the round limit (19 of 130); its slips that ruined a
# game were expeditions paid with sites and pending steps answered at random.
LEVELS: dict[str, dict[str, object]] = {
    "easy": {
        "search": "rollout",
        "iterations": 1,
        "epsilon": 0.0,
        "width": 1,
        "blunder": 0.2,
        "description": "Easy: plays the game's sound habits without looking ahead, but about one move "
        "in five is a careless one picked at random (it may end its turn early, hire or send an "
        "explorer where it is of little use, or dig unprepared). A good first opponent.",
    },
    "medium": {
        "search": "rollout",
        "iterations": 24,
        "epsilon": 0.0,
        "confidence": 1.0,
        "description": "Medium: plays the game's sound habits and checks each move with a couple of "
        "dozen quick plays of the next few turns, changing plan only when another move is clearly "
        "better. Moves in well under a second.",
    },
    "hard": {
        "search": "rollout",
        "iterations": 200,
        "epsilon": 0.0,
        "description": "Hard: tries every move open to it, plays each a few turns ahead, a couple of "
        "hundred plays in all, and leaves the game's sound habits only for a move that comes out "
        "better by a clear margin. Usually well under a second a move.",
    },
}

# Playouts meeple.analysis spends on each decision of a finished game: a typical game
# analyses within a minute of one core (benchmarks/analysis_quality.py; docs/measurements).
ANALYSIS_PLAYOUTS = 240
