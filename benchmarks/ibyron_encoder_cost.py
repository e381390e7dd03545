"""What Ibyron's RL tensor costs: its length, a fresh encoding's and a kept vector's CPU time per position.

    .venv/bin/python -m benchmarks.ibyron_encoder_cost [--passes 5]

Plays 4 random games at 1, 2 and 4 players. ``fresh`` encodes about a tenth of
their positions for the seat to move with ``encode_state`` (the encoder's
``update_state`` on an empty cache: what ``meeple.rl.observation_tensor``
costs), ``--passes`` times over; ``kept`` replays the games, each seat's vector
kept in its own cache and brought up to every position the seat is to move in
with ``encode_cached`` (what the environments do), less the same replay
without the tensors. Each figure is the median over the passes of process CPU
time per position.
Run it on two versions of the code one after the other to compare them (the
machine's load falls on both alike).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple
import meeple.rl as rl
from meeple.core import State


def sample(players: int) -> list[State]:
    """About a tenth of the positions (copies) of the 4 games."""
    out = []
    for seed in range(4):
        s = meeple.new_game("ibyron", players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if rng.random() < 0.1:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    return out


def mover(state: State) -> int:
    return state.to_move[0] if state.to_move else 0


def replay(players: int, encode: bool) -> tuple[float, int]:
    """CPU time of playing the 4 games again (the same moves as ``sample``'s, with its generator's draws),
    encoding each position for the seat to move with that seat's cache if ``encode``; and the positions."""
    enc = rl.encoder("ibyron", players)
    started, looks = time.process_time(), 0
    for seed in range(4):
        s = meeple.new_game("ibyron", players=players, seed=seed)
        rng = random.Random(seed)
        caches = [enc.new_cache(seat) for seat in range(players)]
        while not s.is_over:
            if encode:
                enc.encode_cached(caches[mover(s)], s, mover(s))
            looks += 1
            rng.random()
            s.apply(rng.choice(s.legal_actions()))
    return time.process_time() - started, looks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    for players in (1, 2, 4):
        enc = rl.encoder("ibyron", players)
        states = sample(players)
        fresh, kept = [], []
        for _ in range(args.passes):
            started = time.process_time()
            for st in states:
                enc.encode_state(st, mover(st))
            fresh.append((time.process_time() - started) / len(states))
            (with_tensors, looks), (rules, _) = replay(players, True), replay(players, False)
            kept.append((with_tensors - rules) / looks)
        size = len(enc.encode_state(states[0], 0))
        print(
            f"{players}p: {size} numbers, fresh (encode_state) median {statistics.median(fresh) * 1e6:.1f} us over "
            f"{len(states)} positions, kept (encode_cached) median {statistics.median(kept) * 1e6:.1f} us over "
            f"{looks} positions"
        )


if __name__ == "__main__":
    main()
