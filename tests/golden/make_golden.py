"""Write golden records: ``python -m tests.golden.make_golden GAME [GAME ...]``.

Each golden record is a game played by seeded random moves (at most
``MOVES`` of them) with the SHA-256 of the exact state it must replay to. Run
it only when a game's ``rules_version`` has just been bumped: the records of
older versions stay beside the new ones, and the suite checks that they are
refused by name rather than replayed into a different game.

One record is made by hand: ``ibyron/v4-solo-past-the-old-edge.json`` plays
the solo position of ``tests/ibyron/test_grid.py`` (``TO_THE_OLD_EDGE``), lays
``place 8 -2 0`` past the first grid's edge, then goes on with moves drawn by
``random.Random(280)`` as above, so a golden record crosses negative
coordinates.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import meeple
from meeple.core import State, snapshot

HERE = Path(__file__).parent
MOVES = 400
SEEDS = (1, 2, 3)


def state_digest(state: State) -> str:
    """A fingerprint of everything in ``state`` (hidden cards and generator included)."""
    return hashlib.sha256(repr(snapshot(state)).encode()).hexdigest()


def golden_game(game: str, seed: int) -> dict[str, Any]:
    info = meeple.GAMES[game]
    players = info.player_counts[seed % len(info.player_counts)]
    state = meeple.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.move_number < MOVES:
        seat = state.to_move[rng.randrange(len(state.to_move))]
        actions = state.legal_actions(seat)
        state.apply(actions[rng.randrange(len(actions))], seat)
    return {"record": json.loads(state.record.to_json()), "state_sha256": state_digest(state)}


def main(games: list[str]) -> None:
    for game in games:
        version = meeple.GAMES[game].rules_version
        folder = HERE / game
        folder.mkdir(exist_ok=True)
        for seed in SEEDS:
            path = folder / f"v{version}-seed{seed}.json"
            path.write_text(json.dumps(golden_game(game, seed), indent=1) + "\n")
            print("wrote", path)


if __name__ == "__main__":
    main(sys.argv[1:] or sorted(meeple.GAMES))
