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

INFO = meeple.GAMES["isle_of_skye"]


def _feed(digest: Any, value: object) -> None:
    digest.update(json.dumps(value, sort_keys=True, default=repr).encode())


def _play_on(state: Any, rng: random.Random, steps: int, digest: Any) -> None:
    """Play ``steps`` random moves on a copy, feeding its legal lists."""
    for _ in range(steps):
        if state.is_over:
            return
        seat = rng.choice(state.to_move)
        actions = state.legal_actions(seat)
        _feed(digest, [str(a) for a in actions])
        state.apply(actions[rng.randrange(len(actions))], seat)


def fingerprint_game(game: int, digest: Any) -> int:
    """Feed one game to ``digest``; returns its number of steps."""
    players = 2 + game % 4
    state = INFO.new(players, game)
    rng = random.Random(game)
    steps = 0
    while not state.is_over:
        movers = state.to_move
        lists = {seat: state.legal_actions(seat) for seat in movers}
        _feed(digest, [[seat, [str(a) for a in lists[seat]]] for seat in movers])
        seat = rng.choice(movers)
        actions = lists[seat]
        action = actions[rng.randrange(len(actions))]
        deep = rng.random() < 0.125
        if deep:
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
        if rng.random() < 0.1:
            state.apply(str(action), seat)  # notation: the checked path
        else:
            state.apply(action, seat)
        steps += 1
        index = len(state.history) - 1
        _feed(digest, [state.move_text(index, viewer) for viewer in (*range(players), None)])
    _feed(digest, repr(snapshot(state)))
    _feed(digest, state.record.to_json())
    _feed(digest, [list(state.scores), list(state.winners), state.end_reason])
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    total = hashlib.sha256()
    by_players = {p: hashlib.sha256() for p in (2, 3, 4, 5)}
    steps = 0
    for game in range(args.first, args.first + args.games):
        one = hashlib.sha256()
        steps += fingerprint_game(game, one)
        total.update(one.digest())
        by_players[2 + game % 4].update(one.digest())
    print(f"{args.games} games from seed {args.first}, {steps:,} steps")
    for players, digest in by_players.items():
        print(f"{players} players  {digest.hexdigest()[:16]}")
    print(f"all        {total.hexdigest()}")


if __name__ == "__main__":
    main()
