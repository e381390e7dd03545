"""Bot strength: ISMCTS against random, through `meeple simulate`'s engine.

    .venv/bin/python benchmarks/strength.py GAME [-n 100] [--players 2] [--seconds 0.2]

Seats rotate between games. Prints the win rate with its 95% Wilson interval
and, as the baseline, the share a random player would expect (1/players).
"""

from __future__ import annotations

import argparse

import common  # noqa: F401  (puts the repository on sys.path)
from meeple.cli import simulate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    specs = [f"ismcts:{args.seconds}s"] + ["random"] * (args.players - 1)
    result = simulate(args.game, args.n, specs, args.players, args.seed)
    lo, hi = result["intervals"][0]
    print(
        f"{args.game}, {args.players} players, {args.n} games: ISMCTS ({args.seconds}s/move) won "
        f"{result['wins'][0]:g} = {result['win_rates'][0]:.1%} (95% CI {lo:.1%}–{hi:.1%}); "
        f"a random player expects {1 / args.players:.1%}; {result['seconds']:.0f} s"
    )


if __name__ == "__main__":
    main()
