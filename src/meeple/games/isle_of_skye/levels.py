"""Isle of Skye's bot levels: what ``easy``, ``medium`` and ``hard`` change of the
defaults in ``meeple.bots.levels.LEVELS``, and how each reads to a player.

The fields are those of ``meeple.bots.levels.Level``; the figures behind each
choice (strength, time per move) are in docs/measurements/isle_of_skye.md, with the
commands that reproduce them.
"""

from __future__ import annotations

# Easy keeps the generic defaults (a short tree search with many random playout moves);
# only its words are declared here. A tree search won 3 of 6 games against the heuristic
# bot, and rollouts guided by a policy do better, so medium and hard are rollouts. Medium
# is the heuristic bot itself (one candidate, the heuristic's move, so nothing is played
# out): a rollout over the fast policy, tried as medium, won 5 of 7 against this hard,
# whose playouts take every rival to play as the heuristic bot does, so it could not sit
# below hard. The levels' strength today: docs/measurements/isle_of_skye.md.
LEVELS: dict[str, dict[str, object]] = {
    "easy": {
        "description": "Easy: moves quickly and plays sensible moves, but looks only a little ahead "
        "and often misses the best one. A good first opponent.",
    },
    "medium": {
        "search": "rollout",
        "iterations": 1,
        "epsilon": 0.0,
        "horizon": 0,
        "width": 1,
        "description": "Medium: plays the game's sound habits without looking ahead: places each tile "
        "where it adds most to its scoring, and prices and buys by what the tiles are worth to each "
        "player. Moves in a blink.",
    },
    # Hard searches only the discard, the prices and the purchases, with the heuristic bot
    # itself playing every seat of the playouts (so the rivals buy and price as the
    # heuristic would), about a round ahead; tiles are placed as the heuristic places them.
    # It was stronger and cheaper than playouts of the fast policy.
    "hard": {
        "search": "rollout",
        "iterations": 24,
        "epsilon": 0.0,
        "policy": "heuristic",
        "horizon": 20,
        "width": 4,
        "searched": ("discard", "price", "buy"),
        # With more players a round, so a playout, is longer. At 5 players 24 playouts hit
        # the 1.8 s cap on 2 of 16 timed positions; with 12 none did, p95 0.9 CPU s. At 4
        # players, with the heuristic bot buying as it does now, 24 hit it on 1 of 30; 16
        # keep the move well inside it (docs/measurements/isle_of_skye.md, "Time per move").
        "playouts_by_players": ((4, 16), (5, 12)),
        "description": "Hard: places its tiles by the game's sound habits, and before each discard, "
        "price and purchase plays the round out a couple of dozen ways (fewer with 4 or 5 players), "
        "with every player playing "
        "those habits, and keeps what comes out best. Usually well under a second a move.",
    },
}

# Playouts meeple.analysis spends on each decision of a finished game: a typical game
# analyses within a minute of one core (benchmarks/analysis_quality.py; docs/measurements).
ANALYSIS_PLAYOUTS = 40
# How meeple.analysis scores a playout that reaches the end (GameInfo.analysis_end_spread):
# the last two rounds play to the end and games between sound players end a few points
# apart, too close for a win or a loss alone; 2 points is evaluate()'s spread at the end.
ANALYSIS_END_SPREAD = 2.0
