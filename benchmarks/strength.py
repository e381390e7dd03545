"""Bot strength: ISMCTS against random players, for any game.

    .venv/bin/python benchmarks/strength.py GAME [-n 100] [--players 2] [--seconds 0.2] [--jobs 1] [--option K=V]

ISMCTS (``--seconds`` a move) plays ``players - 1`` random bots; its seat
rotates from game to game. Prints the ISMCTS win share (a shared win counts
as a fraction) with a 95% Wilson interval, beside the ``1/players`` that a
random player would expect. ``--jobs`` runs games in parallel processes (use
at most one per free core, so each search still gets a core's time).

Targets (issues): Bayon, Isle of Skye 90% of 100 two-player games; Ivor 80%
of 100 three-player games; Ibyron 90% of 50 two-player games.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.bots import ISMCTS, RandomBot
from meeple.cli import wilson_interval


def play(game: str, index: int, players: int, seconds: float, options: dict[str, Any]) -> float:
    """One game; returns the ISMCTS player's share of the win."""
    state = meeple.new_game(game, players=players, seed=10_000 + index, **options)
    searcher = index % players
    bots = {
        s: ISMCTS(seconds=seconds, seed=index) if s == searcher else RandomBot(seed=index * 10 + s)
        for s in range(players)
    }
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return 1 / len(state.winners) if searcher in state.winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=list(meeple.GAMES))
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    started = time.perf_counter()
    n = args.n
    with ProcessPoolExecutor(args.jobs) as pool:
        shares = list(
            pool.map(play, [args.game] * n, range(n), [args.players] * n, [args.seconds] * n, [options] * n)
        )
    wins = sum(shares)
    lo, hi = wilson_interval(wins, n)
    title = meeple.GAMES[args.game].title
    print(
        f"{title}, {args.players} players, {n} games: ISMCTS ({args.seconds:g} s/move) won "
        f"{wins:g} = {wins / n:.1%} (95% CI {lo:.1%}–{hi:.1%}); a random player expects "
        f"{1 / args.players:.1%}; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
