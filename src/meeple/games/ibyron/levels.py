"""Ibyron's bot levels: what ``easy``, ``medium`` and ``hard`` change of the
defaults in ``meeple.bots.levels.LEVELS``, and how each reads to a player.

The fields are those of ``meeple.bots.levels.Level``; the figures behind each
choice (strength, time per move) are in docs/measurements/ibyron.md, with the
commands that reproduce them.
"""

from __future__ import annotations

# Ibyron: a tree search costs minutes of CPU time a game, and playouts cut after a few
# dozen moves and judged by evaluate() choose worse than the heuristic bot. So hard plays
# its few most promising moves out to the end of the game with the heuristic bot itself;
# medium is the heuristic bot and easy the heuristic with slips.
LEVELS: dict[str, dict[str, object]] = {
    # Easy is the heuristic bot making a random move about one decision in seven (0.15): a tree
    # search of 60 iterations reached the round limit in every two-player game tried, and with
    # one slip in ten the heuristic bot (medium) won only 66% of 200 games against it.
    "easy": {
        "search": "rollout",
        "iterations": 1,
        "epsilon": 0.0,
        "policy": "heuristic",
        "horizon": 0,
        "width": 1,
        "blunder": 0.15,
        "description": "Easy: plays the game's sound habits without looking ahead, and about one move "
        "in seven is a careless one picked at random. A good first opponent.",
    },
    # Medium is the heuristic bot itself (one candidate, the heuristic's move, so nothing is
    # played out). Hard plays 3 candidates 6 times each to the end: 6 candidates with 16
    # playouts were no stronger (they won 16 of 29 against it) at three times the cost.
    "medium": {
        "search": "rollout",
        "iterations": 1,
        "epsilon": 0.0,
        "horizon": 0,
        "width": 1,
        "description": "Medium: plays the game's sound habits without looking ahead: builds what it "
        "can, works toward the building worth most for what it still lacks, and ships its reserve "
        "discs home in time. Moves in a blink.",
    },
    "hard": {
        "search": "rollout",
        "iterations": 6,
        "epsilon": 0.0,
        "policy": "heuristic",
        "horizon": 0,
        "width": 3,
        "confidence": 1.0,
        "description": "Hard: plays the game's sound habits, but before each choice plays the game "
        "out to the end with its two or three most promising moves, over a few possible dice rolls "
        "and tile draws, and changes its mind only when another move clearly wins more often. "
        "Usually well under a second a move.",
    },
}

# Playouts meeple.analysis spends on each decision of a finished game: a typical game
# analyses within three minutes of one core (benchmarks/analysis_quality.py; docs/measurements).
ANALYSIS_PLAYOUTS = 24
# How meeple.analysis scores a playout that reaches the end (GameInfo.analysis_end_spread):
# every playout plays to the end (evaluate() misjudges a position cut short, and the fitted
# judgement of cut_judgement.py is not used: meeple/analysis/README.md); scores are discs in
# buildings, and one disc is about what evaluate() counts a building's worth of progress
# (temperature 8, ten a disc).
ANALYSIS_END_SPREAD = 1.0
