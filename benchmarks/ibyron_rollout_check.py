"""Does a policy rollout's change of the heuristic's move hold up when played to the end?

    PYTHONPATH=src .venv/bin/python benchmarks/ibyron_rollout_check.py [--horizon 36] [--playouts 48]
        [--width 0] [--games 3] [--per-game 6] [--samples 4]

Along heuristic self-play games of 2-player Ibyron (seeds 20, 21, ...; from round 2 on),
seat 0's decisions are also put to a ``PolicyRollout`` (playouts by the heuristic bot
itself, the heuristic's move as its prior, paired test at one standard error). Where the
rollout picks another move, both moves are played to the end of the game by the heuristic
bot on ``--samples`` determinized worlds, and the line counts as right when the rollout's
move wins more of them (a tie counts as wrong). Prints each case, the share right and the
CPU seconds a decision. This is how the Ibyron levels' horizon was chosen (RULES.md, Levels):
cut playouts judged by ``evaluate()`` changed the heuristic's move for the worse.
"""

from __future__ import annotations

import argparse
import time

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.bots import PolicyRollout, heuristic_bot, heuristic_policy
from meeple.core import Action, State
from meeple.core.rng import Random

GAME = "ibyron"


def to_the_end(world: State, action: Action, seed: int) -> float:
    """Seat 0 plays ``action``, then the heuristic bot plays every seat to the end; seat 0's share."""
    policy = heuristic_policy(GAME, 0)
    assert policy is not None
    rng = Random(seed)
    world._apply(action, 0)
    while not world.is_over:
        mover = world.to_move[0]
        world._apply(policy(world, mover, rng), mover)
    return world.evaluate()[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horizon", type=int, default=36, help="0: playouts to the end")
    parser.add_argument("--playouts", type=int, default=48)
    parser.add_argument("--width", type=int, default=0, help="0: every legal move is a candidate")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--per-game", type=int, default=6)
    parser.add_argument("--samples", type=int, default=4)
    args = parser.parse_args()
    right = cases = decisions = 0
    cpu = 0.0
    for g in range(args.games):
        state = meeple.new_game(GAME, players=2, seed=20 + g)
        players = [heuristic_bot(GAME, seat) for seat in range(2)]
        search = PolicyRollout(
            playouts=args.playouts,
            seed=1,
            horizon=args.horizon,
            prior=heuristic_bot(GAME, 1),
            confidence=1.0,
            policy=heuristic_policy(GAME, 1),
            width=args.width or None,
        )
        found = 0
        while not state.is_over and found < args.per_game:
            seat = state.to_move[0]
            bot = players[seat]
            assert bot is not None
            usual = bot.choose(state, seat)
            if seat == 0 and len(state.legal_actions(seat)) > 1 and state.round >= 2:  # type: ignore[attr-defined]
                started = time.process_time()
                other = search.choose(state, seat)
                cpu += time.process_time() - started
                decisions += 1
                if other != usual:
                    found += 1
                    worlds = [(state.determinize(0, Random(k * 7 + found)), k) for k in range(args.samples)]
                    value = {
                        a: sum(to_the_end(w.clone(), a, k) for w, k in worlds) / args.samples for a in (usual, other)
                    }
                    cases += 1
                    right += value[other] > value[usual]
                    verdict = "right" if value[other] > value[usual] else "WRONG"
                    print(
                        f"game {g} round {state.round}: heuristic {usual} {value[usual]:.2f} -> "  # type: ignore[attr-defined]
                        f"rollout {other} {value[other]:.2f}: {verdict}",
                        flush=True,
                    )
            state.apply(usual, seat)
    print(
        f"horizon {args.horizon}, {args.playouts} playouts, width {args.width or 'all'}: the rollout's change "
        f"won more to the end in {right} of {cases}; {cpu / max(decisions, 1):.3f} CPU s a decision"
    )


if __name__ == "__main__":
    main()
