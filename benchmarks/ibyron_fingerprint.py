"""A digest of everything Ibyron shows over many seeded random games (a behaviour check).

    PYTHONPATH=src .venv/bin/python benchmarks/ibyron_fingerprint.py [--games 1200]

Run it on two versions of the code (``PYTHONPATH`` set to each ``src``): a change made for
speed alone must print the same digests. Game ``g`` (seed ``g``) has ``1 + g % 4`` players,
and every third game of 2 or more players is a beginner game, every fifth one uses the back
of the bonus board. It is played at random, and the digest takes in, at every step: the
legal list in order, the move chosen and how ``move_text`` reads it to the mover and a
spectator. At about one step in eight it also takes in every seat's and a spectator's
observation, the action labels, a refusal's reason, a clone played on for a few steps, and
a determinized copy's legal list and record; and each finished game's snapshot (the
position and generator included), record, scores, winners and end. Some moves go in as
notation, through ``apply``'s checked path, and some are applied without their list just
handed out (a fresh clone), through the rules' own check.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import meeple
from fingerprint import deep_look, feed, feed_end, main  # type: ignore[import-not-found]

INFO = meeple.GAMES["ibyron"]


def _first_mover(state: Any, rng: random.Random) -> int:
    return state.to_move[0]  # type: ignore[no-any-return]


def setup(game: int) -> tuple[int, dict[str, str]]:
    """(players, options) of game ``game``."""
    players = 1 + game % 4
    options: dict[str, str] = {}
    if players > 1 and game % 3 == 0:
        options["mode"] = "beginner"
    if players > 1 and game % 5 == 0:
        options["bonus_side"] = "back"
    return players, options


def fingerprint_game(game: int, digest: Any) -> int:
    """Feed one game to ``digest``; returns its number of steps."""
    players, options = setup(game)
    state = INFO.new(players, game, **options)
    rng = random.Random(game)
    steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        feed(digest, [str(a) for a in actions])
        action = actions[rng.randrange(len(actions))]
        if rng.random() < 0.125:
            deep_look(INFO, state, game, steps, seat, rng, digest, _first_mover)
        draw = rng.random()
        if draw < 0.1:
            state.apply(str(action), seat)  # notation: the checked path
        elif draw < 0.2:
            fresh = state.clone()  # no list handed out: the rules check the action
            fresh.apply(action, seat)
            state = fresh
        else:
            state.apply(action, seat)
        steps += 1
        feed(digest, [state.move_text(len(state.history) - 1, viewer) for viewer in (seat, None)])
    feed_end(state, digest)
    return steps


if __name__ == "__main__":
    main(__doc__, fingerprint_game, lambda game: 1 + game % 4, (1, 2, 3, 4), 1200, 10)
