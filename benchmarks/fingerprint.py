"""What the games' behaviour fingerprints share (``isle_of_skye_fingerprint.py``, ``ibyron_fingerprint.py``).

A fingerprint is a digest of everything a game shows over many seeded random games, so a
change meant for speed alone can be checked to print the same digests before and after.
This module holds the parts every game's fingerprint takes the same way: feeding a value
to the digest, playing a copy on for a few moves, the "deep look" at about one step in eight
(observations, labels, a refusal's reason, a clone played on, a determinized copy) and the
command line; each game's script says how a game is set up and how a step is played.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from meeple.core import GameInfo, snapshot
from meeple.core.errors import IllegalAction
from meeple.core.rng import Random

# who moves in a copy played on: a seat drawn from ``to_move`` (simultaneous steps), or the first
SeatPicker = Callable[[Any, random.Random], int]


def feed(digest: Any, value: object) -> None:
    digest.update(json.dumps(value, sort_keys=True, default=repr).encode())


def play_on(state: Any, rng: random.Random, steps: int, digest: Any, pick: SeatPicker) -> None:
    """Play ``steps`` random moves on a copy, feeding its legal lists."""
    for _ in range(steps):
        if state.is_over:
            return
        seat = pick(state, rng)
        actions = state.legal_actions(seat)
        feed(digest, [str(a) for a in actions])
        state.apply(actions[rng.randrange(len(actions))], seat)


def deep_look(
    info: GameInfo, state: Any, game: int, steps: int, seat: int, rng: random.Random, digest: Any, pick: SeatPicker
) -> None:
    """Feed every seat's and a spectator's observation, ``seat``'s labels, a random action's
    refusal (or acceptance), a clone played on for 12 moves and a determinized copy."""
    for viewer in (*range(state.players), None):
        feed(digest, state.observation(viewer))
    feed(digest, state.labelled_actions(seat))
    wrong = info.action_space[rng.randrange(info.num_actions)]
    try:
        state.clone().apply(wrong, seat)
        feed(digest, ["accepted", str(wrong)])
    except IllegalAction as refused:
        feed(digest, ["refused", str(refused)])
    play_on(state.clone(), random.Random(steps), 12, digest, pick)
    copy = state.determinize(seat, Random(game * 1000 + steps))
    feed(digest, [[str(a) for a in copy.legal_actions(s)] for s in copy.to_move])
    feed(digest, copy.record.to_json())


def feed_end(state: Any, digest: Any) -> None:
    """Feed a finished game's snapshot (the position, events and generator), record, scores, winners and end."""
    feed(digest, repr(snapshot(state)))
    feed(digest, state.record.to_json())
    feed(digest, [list(state.scores), list(state.winners), state.end_reason])


def main(
    doc: str | None, fingerprint_game: Callable[[int, Any], int], players_of: Callable[[int], int],
    counts: Sequence[int], default_games: int, width: int,
) -> None:
    """The command line: ``--games`` and ``--first``; prints a digest per player count and one of all."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    total = hashlib.sha256()
    by_players = {p: hashlib.sha256() for p in counts}
    steps = 0
    for game in range(args.first, args.first + args.games):
        one = hashlib.sha256()
        steps += fingerprint_game(game, one)
        total.update(one.digest())
        by_players[players_of(game)].update(one.digest())
    print(f"{args.games} games from seed {args.first}, {steps:,} steps")
    for players, digest in by_players.items():
        label = f"{players} player{'s' if players > 1 else ''}"
        print(f"{label:<{width}}{digest.hexdigest()[:16]}")
    print(f"{'all':<{width}}{total.hexdigest()}")
