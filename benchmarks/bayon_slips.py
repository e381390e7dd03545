"""Bayon: which careless moves let a game still end by the target (why ``easy`` slips as it does).

    PYTHONPATH=src .venv/bin/python benchmarks/bayon_slips.py [-n 1000] [--players 2]
        [--pool careless] [--share 0.1 0.2 0.3] [--seed 12]

Self-play of the heuristic bot with no lookahead, where a share of the
decisions that offer a choice is a move drawn uniformly from a pool instead
(from a generator seeded per game, so a run is reproducible):

* ``legal``: any legal move (the slips of the old ``easy``);
* ``open``: any move of the open step, none in a pending step (payment, team,
  who withdraws, is lost or given up);
* ``careless``: ``bot.careless_moves``, the open step without an expedition
  whose price is more than the seat's gold (what ``easy`` draws from).

Prints, for each pool and share, how many games reached the round limit
(``"safety_cap"``) and the rounds per game (median, max). A game costs a few
hundredths of a second of CPU, so thousands fit in a minute.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.bayon.actions import MAIN
from meeple.games.bayon.bot import careless_moves, heuristic_choice

Pool = Callable[[State, int], list[Action]]


def open_step(state: State, seat: int) -> list[Action]:
    return state.legal_actions(seat) if state.phase == MAIN else []


POOLS: dict[str, Pool] = {
    "legal": lambda state, seat: state.legal_actions(seat),
    "open": open_step,
    "careless": careless_moves,
}


def play(index: int, players: int, share: float, pool: Pool, seed: int) -> tuple[str, int]:
    """One game (the ladder's deal for ``seed`` and ``index``); why it ended and its rounds."""
    state = meeple.new_game("bayon", players=players, seed=seed * 100_000 + index)
    rng = Random(seed * 1000 + index)
    while not state.is_over:
        seat = state.to_move[0]
        move = heuristic_choice(state, seat)
        if len(state.legal_actions(seat)) > 1 and rng.random() < share:
            slips = pool(state, seat)
            if slips:
                move = slips[rng.randrange(len(slips))]
        state.apply(move, seat)
    return state.end_reason or "unset", state.round


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--pool", nargs="+", choices=list(POOLS), default=list(POOLS))
    parser.add_argument("--share", nargs="+", type=float, default=[0.1, 0.2, 0.3])
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    print(f"Bayon, {args.players} players, heuristic with slips, {args.n} games each, seed {args.seed}:")
    for name in args.pool:
        for share in args.share:
            games = [play(i, args.players, share, POOLS[name], args.seed) for i in range(args.n)]
            capped = sum(end == "safety_cap" for end, _ in games)
            rounds = [r for _, r in games]
            print(
                f"  slips from {name:<8} share {share:.2f}: safety_cap {capped}/{args.n} = {capped / args.n:.1%}, "
                f"rounds median {statistics.median(rounds):g}, max {max(rounds)}"
            )


if __name__ == "__main__":
    main()
