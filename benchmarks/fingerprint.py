"""A digest of everything a game shows over many seeded random games (a behaviour check).

    .venv/bin/python -m benchmarks.fingerprint isle_of_skye [--games 1000] [--first 0]
    .venv/bin/python -m benchmarks.fingerprint ibyron [--games 1200] [--first 0]

Run it on two versions of the code (``PYTHONPATH`` set to each ``src``, from this repository's
root): a change made for speed alone must print the same digests. It prints one digest per
player count and one of all games. The tests pin part of this with fixed values (legal lists,
observations and final states: tests/ibyron/test_kept_behaviour.py,
tests/isle_of_skye/test_fast_paths.py, tests/golden); this also takes in the words, labels,
refusals and determinized copies, over many more games.

At every step the digest takes in the legal list(s) in order, the move chosen and how
``move_text`` reads it; at about one step in eight (the "deep look") every seat's and a
spectator's observation, the action labels, a random action's refusal (or acceptance), a
clone played on for 12 moves, and a determinized copy's legal lists and record; and each
finished game's snapshot (the position, events and generator included), record, scores,
winners and end. Some moves go in as notation, through ``apply``'s checked path.

* ``isle_of_skye``: game ``g`` (seed ``g``) has ``2 + g % 4`` players and is played by a seat
  drawn from ``to_move``; ``move_text`` is read by every seat and a spectator.
* ``ibyron``: game ``g`` has ``1 + g % 4`` players; every third game of 2 or more players is a
  beginner game, every fifth one uses the back of the bonus board; ``move_text`` is read by
  the mover and a spectator; some moves are applied to a fresh clone, without their list just
  handed out, through the rules' own check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import meeple
from meeple.core import GameInfo, snapshot
from meeple.core.errors import IllegalAction
from meeple.core.rng import Random

SKYE = meeple.GAMES["isle_of_skye"]
IBYRON = meeple.GAMES["ibyron"]

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



# ------------------------------------------------------------- Isle of Skye
def _any_mover(state: Any, rng: random.Random) -> int:
    return rng.choice(state.to_move)  # type: ignore[no-any-return]


def skye_game(game: int, digest: Any) -> int:
    """Feed one Isle of Skye game to ``digest``; returns its number of steps."""
    players = 2 + game % 4
    state = SKYE.new(players, game)
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
            deep_look(SKYE, state, game, steps, seat, rng, digest, _any_mover)
        if rng.random() < 0.1:
            state.apply(str(action), seat)  # notation: the checked path
        else:
            state.apply(action, seat)
        steps += 1
        index = len(state.history) - 1
        feed(digest, [state.move_text(index, viewer) for viewer in (*range(players), None)])
    feed_end(state, digest)
    return steps



# -------------------------------------------------------------------- Ibyron
def _first_mover(state: Any, rng: random.Random) -> int:
    return state.to_move[0]  # type: ignore[no-any-return]


def ibyron_setup(game: int) -> tuple[int, dict[str, str]]:
    """(players, options) of game ``game``."""
    players = 1 + game % 4
    options: dict[str, str] = {}
    if players > 1 and game % 3 == 0:
        options["mode"] = "beginner"
    if players > 1 and game % 5 == 0:
        options["bonus_side"] = "back"
    return players, options


def ibyron_game(game: int, digest: Any) -> int:
    """Feed one Ibyron game to ``digest``; returns its number of steps."""
    players, options = ibyron_setup(game)
    state = IBYRON.new(players, game, **options)
    rng = random.Random(game)
    steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        feed(digest, [str(a) for a in actions])
        action = actions[rng.randrange(len(actions))]
        if rng.random() < 0.125:
            deep_look(IBYRON, state, game, steps, seat, rng, digest, _first_mover)
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



# game -> (one game fed to a digest, players of game g, player counts, default games, label width)
GAMES: dict[str, tuple[Callable[[int, Any], int], Callable[[int], int], Sequence[int], int, int]] = {
    "isle_of_skye": (skye_game, lambda game: 2 + game % 4, (2, 3, 4, 5), 1000, 11),
    "ibyron": (ibyron_game, lambda game: 1 + game % 4, (1, 2, 3, 4), 1200, 10),
}


def main() -> None:
    """Prints a digest per player count and one of all games."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("--games", type=int, help="how many games (default 1000 for Isle of Skye, 1200 for Ibyron)")
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    fingerprint_game, players_of, counts, default_games, width = GAMES[args.game]
    games = args.games if args.games is not None else default_games
    total = hashlib.sha256()
    by_players = {p: hashlib.sha256() for p in counts}
    steps = 0
    for game in range(args.first, args.first + games):
        one = hashlib.sha256()
        steps += fingerprint_game(game, one)
        total.update(one.digest())
        by_players[players_of(game)].update(one.digest())
    print(f"{games} games from seed {args.first}, {steps:,} steps")
    for players, digest in by_players.items():
        label = f"{players} player{'s' if players > 1 else ''}"
        print(f"{label:<{width}}{digest.hexdigest()[:16]}")
    print(f"{'all':<{width}}{total.hexdigest()}")


if __name__ == "__main__":
    main()
