"""What Ibyron's RL tensor costs a step: its length and ``encode_state``'s CPU time per position.

    .venv/bin/python benchmarks/ibyron_encoder_cost.py [--passes 5]

Collects about a tenth of the positions of 4 random games at 1, 2 and 4
players, then encodes each one for the seat to move, ``--passes`` times over;
prints the median per position of process CPU time. Run it on two versions of
the code one after the other to compare them (the machine's load falls on
both alike).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
import meeple.rl as rl
from meeple.core import State


def positions(players: int) -> list[State]:
    out = []
    for seed in range(4):
        s = meeple.new_game("ibyron", players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if rng.random() < 0.1:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    for players in (1, 2, 4):
        enc = rl.encoder("ibyron", players)
        states = positions(players)
        runs = []
        for _ in range(args.passes):
            started = time.process_time()
            for st in states:
                enc.encode_state(st, st.to_move[0] if st.to_move else 0)
            runs.append((time.process_time() - started) / len(states))
        size = len(enc.encode_state(states[0], 0))
        print(f"{players}p: {size} numbers, {len(states)} positions, encode_state median "
              f"{statistics.median(runs) * 1e6:.1f} us")


if __name__ == "__main__":
    main()
