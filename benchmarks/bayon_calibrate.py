"""Bayon: how well ``evaluate()`` predicts the winner, and the weights it was fitted with.

    .venv/bin/python benchmarks/bayon_calibrate.py [-n 150]

Plays ``-n`` guided games (the game's rollout policy) per player count, keeps
every 7th position at the open step of a turn, and prints the mean log-loss
of the share ``evaluate()`` gives the eventual winner, beside judging every
seat equal, for the shipped weights and a grid around them (lower is
better). The shipped weights are the grid's best.
"""

from __future__ import annotations

import argparse
import itertools
import math

import meeple
import meeple.games.bayon.bot as judgement
from meeple.core import State
from meeple.core.rng import Random

Sample = tuple[State, tuple[int, ...]]


def positions(games: int) -> list[Sample]:
    samples: list[Sample] = []
    for players in (2, 3, 4):
        for g in range(games):
            state = meeple.new_game("bayon", players=players, seed=1000 + g)
            rng = Random(g)
            kept = []
            moves = 0
            while not state.is_over:
                seat = state.to_move[0]
                if moves % 7 == 0 and state.observation(None)["turn"]["step"] == "main":
                    kept.append(state.clone())
                state.apply(judgement.rollout_policy(state, seat, rng), seat)
                moves += 1
            samples += [(position, state.winners) for position in kept]
    return samples


def log_loss(samples: list[Sample], judge: object) -> float:
    total = 0.0
    for position, winners in samples:
        shares = judge(position)  # type: ignore[operator]
        total -= math.log(max(1e-9, sum(shares[w] for w in winners)))
    return total / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=150)
    args = parser.parse_args()
    samples = positions(args.n)
    print(f"{len(samples)} positions from {3 * args.n} guided games")
    print(f"every seat equal: {log_loss(samples, lambda s: [1 / s.players] * s.players):.4f}")
    shipped = (judgement.SHARPNESS, judgement.EXPLORER_WORTH, judgement.CURRENT_TEMPO)
    print(f"shipped (sharpness, gold per explorer point, tempo) {shipped}: {log_loss(samples, judgement.evaluate):.4f}")
    for sharpness, worth, tempo in itertools.product((3.0, 4.5, 7.0), (0.0, 3.5, 8.0), (0.0, 4.0)):
        judgement.SHARPNESS, judgement.EXPLORER_WORTH, judgement.CURRENT_TEMPO = sharpness, worth, tempo
        print(f"  {sharpness:>4} {worth:>4} {tempo:>4}: {log_loss(samples, judgement.evaluate):.4f}")
    judgement.SHARPNESS, judgement.EXPLORER_WORTH, judgement.CURRENT_TEMPO = shipped


if __name__ == "__main__":
    main()
