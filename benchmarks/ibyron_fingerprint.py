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

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import meeple
from meeple.core import snapshot
from meeple.core.errors import IllegalAction
from meeple.core.rng import Random

INFO = meeple.GAMES["ibyron"]


def _feed(digest: Any, value: object) -> None:
    digest.update(json.dumps(value, sort_keys=True, default=repr).encode())


def _play_on(state: Any, rng: random.Random, steps: int, digest: Any) -> None:
    """Play ``steps`` random moves on a copy, feeding its legal lists."""
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        _feed(digest, [str(a) for a in actions])
        state.apply(actions[rng.randrange(len(actions))], seat)


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
        _feed(digest, [str(a) for a in actions])
        action = actions[rng.randrange(len(actions))]
        if rng.random() < 0.125:
            for viewer in (*range(players), None):
                _feed(digest, state.observation(viewer))
            _feed(digest, state.labelled_actions(seat))
            wrong = INFO.action_space[rng.randrange(INFO.num_actions)]
            try:
                state.clone().apply(wrong, seat)
                _feed(digest, ["accepted", str(wrong)])
            except IllegalAction as refused:
                _feed(digest, ["refused", str(refused)])
            _play_on(state.clone(), random.Random(steps), 12, digest)
            copy = state.determinize(seat, Random(game * 1000 + steps))
            _feed(digest, [[str(a) for a in copy.legal_actions(s)] for s in copy.to_move])
            _feed(digest, copy.record.to_json())
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
        _feed(digest, [state.move_text(len(state.history) - 1, viewer) for viewer in (seat, None)])
    _feed(digest, repr(snapshot(state)))
    _feed(digest, state.record.to_json())
    _feed(digest, [list(state.scores), list(state.winners), state.end_reason])
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    total = hashlib.sha256()
    by_players = {p: hashlib.sha256() for p in (1, 2, 3, 4)}
    steps = 0
    for game in range(args.first, args.first + args.games):
        one = hashlib.sha256()
        steps += fingerprint_game(game, one)
        total.update(one.digest())
        by_players[1 + game % 4].update(one.digest())
    print(f"{args.games} games from seed {args.first}, {steps:,} steps")
    for players, digest in by_players.items():
        print(f"{players} player{'s' if players > 1 else ' '} {digest.hexdigest()[:16]}")
    print(f"all       {total.hexdigest()}")


if __name__ == "__main__":
    main()
