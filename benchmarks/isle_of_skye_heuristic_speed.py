"""Isle of Skye's heuristic bot: CPU seconds for a set of self-play games, and a digest of every move.

    PYTHONPATH=src .venv/bin/python benchmarks/isle_of_skye_heuristic_speed.py [-n 6]

Plays ``n`` games at each of 2-5 players (seeds 1000 on), the heuristic bot in
every seat, and prints a digest of all their moves and final scores beside
the process CPU time. Two versions of the bot that print the same digest
played the same moves, so one can be timed against the other: run this
script on an older tree (``git archive <commit> src | tar -x -C /tmp/old``,
then ``PYTHONPATH=/tmp/old/src``) and on this one, alternately, several times,
and compare the medians.
"""

from __future__ import annotations

import argparse
import hashlib
import time

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.bots import make_bot


def digest_of_games(games: int) -> tuple[str, float]:
    """(digest of every move and score, CPU seconds) over ``games`` games at each player count."""
    digest = hashlib.sha256()
    started = time.process_time()
    for players in (2, 3, 4, 5):
        for game in range(games):
            state = meeple.new_game("isle_of_skye", players=players, seed=1000 + game)
            bots = [make_bot("heuristic", seed=game * 10 + seat, game="isle_of_skye") for seat in range(players)]
            while not state.is_over:
                seat = state.to_move[0]
                action = bots[seat].choose(state, seat)
                digest.update(repr(action).encode())
                state.apply(action, seat)
            digest.update(repr(state.scores).encode())
    return digest.hexdigest()[:16], time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=6, help="games at each player count")
    args = parser.parse_args()
    digest, cpu = digest_of_games(args.n)
    print(f"digest {digest}, {cpu:.2f} CPU s for {4 * args.n} games")


if __name__ == "__main__":
    main()
