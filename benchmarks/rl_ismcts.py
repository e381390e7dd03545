"""Our search bot against OpenSpiel's own ISMCTSBot, at equal time per move.

Run: ``.venv/bin/python -m benchmarks.rl_ismcts [--game isle_of_skye] [--players 2] [--games 10]
[--seconds 0.05]``

Our side is ``make_bot("hard")`` where the game has that level, else our ISMCTS.
OpenSpiel's ISMCTSBot (random-rollout evaluator, UCT c=2) resamples worlds with
``State.determinize`` (``meeple.rl.openspiel.ismcts_bot``). Both searches get a count of
iterations calibrated once, before the games, to cost the same process CPU time per move on
early positions: a wall-clock budget would hand the side that happens to run while the
shared machine is busy less thinking. ``hard`` keeps its own playout budget, so by default
(``--seconds`` left out) OpenSpiel's search is calibrated to what ``hard`` spends a move
there; with ``--seconds S`` both are calibrated to S (our ISMCTS then, where there is no
``hard``). Seats alternate between games. Prints wins and the CPU time each side used.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import pyspiel

import meeple
import meeple.rl.openspiel as mos
from meeple.bots import make_bot


def our_bot(game: str, iterations: int, seed: int) -> tuple[str, Callable[[pyspiel.State], int]]:
    try:
        bot = make_bot("hard", game=game, seed=seed)
        name = "hard"
    except ValueError:
        name = f"ismcts:{iterations}"
        bot = make_bot(name, game=game, seed=seed)

    def step(state: pyspiel.State) -> int:
        truth = state.meeple
        return truth.action_index(bot.choose(truth, state.current_player()))

    return name, step


PROBE = 20  # iterations of the probe search whose cost is measured


def cost_per_move(spiel: pyspiel.Game, step: Callable[[pyspiel.State], int]) -> float:
    """Mean process CPU seconds ``step`` spends choosing on the first six real choices of a game."""
    state = spiel.new_initial_state()
    spent, moves = 0.0, 0
    while moves < 6 and not state.is_terminal():
        if len(state.legal_actions()) > 1:
            start = time.process_time()
            step(state)
            spent += time.process_time() - start
            moves += 1
        state.apply_action(state.legal_actions()[0])
    return spent / max(moves, 1)


def calibrate(spiel: pyspiel.Game, seconds: float, make: Callable[[int], Callable[[pyspiel.State], int]]) -> int:
    """Iterations per move that cost a search about ``seconds`` of CPU on early positions."""
    return max(1, round(PROBE * seconds / cost_per_move(spiel, make(PROBE))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="isle_of_skye", choices=[g for g, i in meeple.GAMES.items() if i.rl])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--seconds", type=float, default=None, help="CPU a move for both sides (default: what hard spends)"
    )
    args = parser.parse_args()
    spiel = pyspiel.load_game(mos.short_name(args.game), {"players": args.players, "seed": 1})
    seconds = args.seconds
    if seconds is None:
        seconds = cost_per_move(spiel, our_bot(args.game, PROBE, 0)[1])
    sims = calibrate(spiel, seconds, lambda n: mos.ismcts_bot(spiel, simulations=n, seed=0).step)
    iterations = calibrate(spiel, seconds, lambda n: our_bot(args.game, n, 0)[1])
    name = our_bot(args.game, iterations, 0)[0]
    print(f"{meeple.GAMES[args.game].title}, {args.players} players, {args.games} games, {seconds:.3f}s CPU a move")
    print(f"ours: {name}; OpenSpiel ISMCTSBot: {sims} simulations a move (calibrated to {seconds:.3f}s CPU)")
    wins = {"ours": 0.0, "openspiel": 0.0}
    time_used = {"ours": [0.0, 0], "openspiel": [0.0, 0]}
    for g in range(args.games):
        ours_seat = g % args.players
        _, ours = our_bot(args.game, iterations, g)
        theirs = mos.ismcts_bot(spiel, simulations=sims, seed=g)
        state = spiel.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            side = "ours" if seat == ours_seat else "openspiel"
            start = time.process_time()
            if len(state.legal_actions()) == 1:
                action = state.legal_actions()[0]
            elif side == "ours":
                action = ours(state)
            else:
                action = theirs.step(state)
            time_used[side][0] += time.process_time() - start
            time_used[side][1] += 1
            state.apply_action(action)
        winners = state.meeple.winners
        for seat in winners:
            wins["ours" if seat == ours_seat else "openspiel"] += 1 / len(winners)
        print(f"game {g + 1}: ours at seat {ours_seat}, winners {list(winners)}", flush=True)
    for side in wins:
        total, moves = time_used[side]
        print(f"{side}: {wins[side]:g} wins of {args.games}; {total / max(moves, 1):.3f}s CPU a move on average")


if __name__ == "__main__":
    main()
