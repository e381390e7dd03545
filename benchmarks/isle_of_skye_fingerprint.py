"""A digest of everything Isle of Skye shows over many seeded random games (a behaviour check).

    PYTHONPATH=src .venv/bin/python benchmarks/isle_of_skye_fingerprint.py [--games 1000]

Run it on two versions of the code (``PYTHONPATH`` set to each ``src``): a change made for
speed alone must print the same digests. Each game (2-5 players in turn, seed = its number)
is played at random by a seat drawn from ``to_move``, and the digest takes in, at every
step: every moving seat's legal list in order, the move chosen and how ``move_text`` reads
it to every seat and a spectator. At about one step in eight it also takes in every
seat's observation, the action labels, a refusal's reason, a clone played on for a few
steps, and a determinized copy's legal list and record; and each finished game's
snapshot (the position, events and generator included) and record. Some moves go in as
notation, through ``apply``'s checked path.
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

INFO = meeple.GAMES["isle_of_skye"]


def _any_mover(state: Any, rng: random.Random) -> int:
    return rng.choice(state.to_move)  # type: ignore[no-any-return]


def fingerprint_game(game: int, digest: Any) -> int:
    """Feed one game to ``digest``; returns its number of steps."""
    players = 2 + game % 4
    state = INFO.new(players, game)
    rng = random.Random(game)
    steps = 0
    while not state.is_over:
        movers = state.to_move
        lists = {seat: state.legal_actions(seat) for seat in movers}
        feed(digest, [[seat, [str(a) for a in lists[seat]]] for seat in movers])
        seat = rng.choice(movers)
        actions = lists[seat]
        action = actions[rng.randrange(len(actions))]
        if rng.random() < 0.125:
            deep_look(INFO, state, game, steps, seat, rng, digest, _any_mover)
        if rng.random() < 0.1:
            state.apply(str(action), seat)  # notation: the checked path
        else:
            state.apply(action, seat)
        steps += 1
        index = len(state.history) - 1
        feed(digest, [state.move_text(index, viewer) for viewer in (*range(players), None)])
    feed_end(state, digest)
    return steps


if __name__ == "__main__":
    main(__doc__, fingerprint_game, lambda game: 2 + game % 4, (2, 3, 4, 5), 1000, 11)
