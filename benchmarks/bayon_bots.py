"""Bayon's bots and balance, measured by playing (the figures of docs/measurements/bayon.md).

    .venv/bin/python -m benchmarks.bayon_bots strength [-n 200] [--players 2 3 4]
    .venv/bin/python -m benchmarks.bayon_bots routes [-n 200]
    .venv/bin/python -m benchmarks.bayon_bots search [-n 10] [--iterations 200] [--playouts 200]
    .venv/bin/python -m benchmarks.bayon_bots slips [-n 1000] [--players 2] [--pool careless] [--share 0.1 0.2 0.3]
        [--seed 12]
    .venv/bin/python -m benchmarks.bayon_bots calibrate [-n 150]

``strength``: for 2 players, the heuristic bot's win share against the frozen greedy bot
(``benchmarks.opponents.bayon``; seats alternated, Wilson 95% interval); and, for each
player count, heuristic self-play: seat win shares, game length in rounds (median,
10th-90th percentile, longest) and the share of games ended by the target rather than
the round limit (``"safety_cap"``).

``routes``: single-route variants of the heuristic bot against the all-round one. Each
variant is the heuristic bot of ``meeple.games.bayon.bot`` with one habit changed while it
chooses (the module's tables are patched for the duration of its move only): digging and
scouting only the cheap continents (Europe, Africa) or only the dear ones (Asia, America,
Australia), never scouting, or hoarding gold (taking gold below 40 instead of 20). Prints
each variant's share of 2-player games against the heuristic bot, seats alternated, with a
Wilson 95% interval; balanced means no variant above 60%.

``search``: ISMCTS (the game's ``rollout_limit``, cut-off playouts judged by
``evaluate()``) against the heuristic bot in 2-player games, seats alternated: its wins,
how the games ended and the CPU time per ISMCTS move (``-n 0`` skips the games). First,
how long the game's guided playouts (``rollout_policy``) take to reach the target from
the start, per player count, which is what ``GameInfo.rollout_limit`` is set from.

``slips``: which careless moves let a game still end by the target (why ``easy`` slips as
it does). Self-play of the heuristic bot with no lookahead, where a share of the
decisions that offer a choice is a move drawn uniformly from a pool instead (from a
generator seeded per game, so a run is reproducible): ``legal``, any legal move;
``open``, any move of the open step, none in a pending step (payment, team, who
withdraws, is lost or given up); ``careless``, ``bot.careless_moves``, the open step
without an expedition whose price is more than the seat's gold (what ``easy`` draws
from). Prints, for each pool and share, how many games reached the round limit and the
rounds per game (median, max).

``calibrate``: how well ``evaluate()`` predicts the winner. Plays ``-n`` guided games
(the game's rollout policy) per player count, keeps every 7th position at the open step
of a turn, and prints the mean log-loss of the share ``evaluate()`` gives the eventual
winner, beside judging every seat equal, for the shipped weights and a grid around them
(lower is better).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

import meeple
import meeple.games.bayon.bot as heuristic
from benchmarks.common import patched
from benchmarks.opponents.bayon import FrozenGreedyBot
from meeple.arena.stats import wilson_interval
from meeple.bots import ISMCTS
from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.bayon.actions import MAIN
from meeple.games.bayon.bot import GreedyBot, careless_moves, heuristic_choice, rollout_policy


def play(players: int, seed: int, bots: list[Any]) -> Any:
    state = meeple.new_game("bayon", players=players, seed=seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state


# ------------------------------------------------------------------ strength
def head_to_head(games: int) -> None:
    wins = 0.0
    capped = 0
    for g in range(games):
        new_seat = g % 2
        bots: list[Any] = [None, None]
        bots[new_seat] = GreedyBot(g)
        bots[1 - new_seat] = FrozenGreedyBot(g)
        state = play(2, g, bots)
        if new_seat in state.winners:
            wins += 1 / len(state.winners)
        capped += state.end_reason == "safety_cap"
    low, high = wilson_interval(wins, games)
    print(
        f"2 players, heuristic vs frozen greedy, {games} games (seats alternated): "
        f"heuristic wins {wins / games:.1%} (95% {low:.1%}-{high:.1%}); safety_cap {capped}"
    )


def self_play(players: int, games: int) -> None:
    wins: dict[int, float] = collections.defaultdict(float)
    rounds = []
    reasons: collections.Counter[str] = collections.Counter()
    for g in range(games):
        state = play(players, g, [GreedyBot(g * 10 + s) for s in range(players)])
        for w in state.winners:
            wins[w] += 1 / len(state.winners)
        rounds.append(state.round)
        reasons[state.end_reason] += 1
    shares = "  ".join(f"seat {s}: {wins[s] / games:.1%}" for s in range(players))
    deciles = statistics.quantiles(rounds, n=10)
    print(
        f"{players} players, heuristic self-play, {games} games: {shares}  |  rounds median "
        f"{statistics.median(rounds):.0f} (10-90%: {deciles[0]:.0f}-{deciles[-1]:.0f}, longest {max(rounds)})  |  "
        f"ended by target {reasons['target'] / games:.1%}, safety_cap {reasons['safety_cap']}"
    )


def strength(args: argparse.Namespace) -> None:
    head_to_head(args.n)
    for players in args.players:
        self_play(players, args.n)


# -------------------------------------------------------------------- routes
ALL_OPEN = heuristic._open_continents


def only(continents: tuple[int, ...]) -> Any:
    def open_continents(state: Any) -> list[int]:
        return [c for c in ALL_OPEN(state) if c in continents]

    return open_continents


VARIANTS: dict[str, dict[str, Any]] = {
    "cheap continents only": {"_open_continents": only((0, 1))},
    "dear continents only": {"_open_continents": only((2, 3, 4))},
    "never scouts": {"_scout": lambda *args: None},
    "hoards gold (reserve 40)": {"GOLD_RESERVE": 40},
}


class Variant:
    def __init__(self, changes: dict[str, Any]) -> None:
        self.changes = changes

    def choose(self, state: Any, seat: int) -> Action:
        with patched(heuristic, self.changes):
            return heuristic.heuristic_choice(state, seat)


def duel(changes: dict[str, Any], games: int) -> tuple[float, int]:
    wins = 0.0
    capped = 0
    for g in range(games):
        seat_of_variant = g % 2
        bots: list[Any] = [None, None]
        bots[seat_of_variant] = Variant(changes)
        bots[1 - seat_of_variant] = heuristic.GreedyBot(g)
        state = play(2, g, bots)
        if seat_of_variant in state.winners:
            wins += 1 / len(state.winners)
        capped += state.end_reason == "safety_cap"
    return wins, capped


def routes(args: argparse.Namespace) -> None:
    for name, changes in VARIANTS.items():
        wins, capped = duel(changes, args.n)
        low, high = wilson_interval(wins, args.n)
        print(
            f"{name:>26} vs heuristic, {args.n} 2-player games: {wins / args.n:.1%} "
            f"(95% {low:.1%}-{high:.1%}); safety_cap {capped}"
        )


# -------------------------------------------------------------------- search
def guided_playouts(players: int, games: int) -> None:
    lengths = []
    reasons: collections.Counter[str | None] = collections.Counter()
    steps = 0
    start = time.process_time()
    for g in range(games):
        state = meeple.new_game("bayon", players=players, seed=g)
        rng = Random(g)
        moves = 0
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(rollout_policy(state, seat, rng), seat)
            moves += 1
        lengths.append(moves)
        reasons[state.end_reason] += 1
        steps += moves
    spent = time.process_time() - start
    p98 = statistics.quantiles(lengths, n=100)[97]
    print(
        f"{players} players, {games} guided playouts: moves median {statistics.median(lengths):.0f}, "
        f"p98 {p98:.0f}, longest {max(lengths)}; ended by target {reasons['target'] / games:.0%}; "
        f"{steps / spent:.0f} moves/s"
    )


def search_games(games: int, iterations: int) -> None:
    wins = 0.0
    reasons: collections.Counter[str | None] = collections.Counter()
    times: list[float] = []
    for g in range(games):
        search_seat = g % 2
        bots: list[Any] = [None, None]
        bots[search_seat] = ISMCTS(iterations=iterations, seed=g)
        bots[1 - search_seat] = GreedyBot(g)
        state = meeple.new_game("bayon", players=2, seed=g)
        while not state.is_over:
            seat = state.to_move[0]
            start = time.process_time()
            action = bots[seat].choose(state, seat)
            if seat == search_seat:
                times.append(time.process_time() - start)
            state.apply(action, seat)
        wins += search_seat in state.winners
        reasons[state.end_reason] += 1
    print(
        f"ISMCTS:{iterations} vs heuristic, {games} 2-player games: ISMCTS won {wins:.0f}; "
        f"ended by {dict(reasons)}; CPU s per ISMCTS move median {statistics.median(times):.3f}"
    )


def search(args: argparse.Namespace) -> None:
    for players in (2, 3, 4):
        guided_playouts(players, args.playouts)
    if args.n:
        search_games(args.n, args.iterations)


# --------------------------------------------------------------------- slips
Pool = Callable[[State, int], list[Action]]


def open_step(state: State, seat: int) -> list[Action]:
    return state.legal_actions(seat) if state.phase == MAIN else []


POOLS: dict[str, Pool] = {
    "legal": lambda state, seat: state.legal_actions(seat),
    "open": open_step,
    "careless": careless_moves,
}


def play_with_slips(index: int, players: int, share: float, pool: Pool, seed: int) -> tuple[str, int]:
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


def slips(args: argparse.Namespace) -> None:
    print(f"Bayon, {args.players} players, heuristic with slips, {args.n} games each, seed {args.seed}:")
    for name in args.pool:
        for share in args.share:
            games = [play_with_slips(i, args.players, share, POOLS[name], args.seed) for i in range(args.n)]
            capped = sum(end == "safety_cap" for end, _ in games)
            rounds = [r for _, r in games]
            print(
                f"  slips from {name:<8} share {share:.2f}: safety_cap {capped}/{args.n} = {capped / args.n:.1%}, "
                f"rounds median {statistics.median(rounds):g}, max {max(rounds)}"
            )


# ----------------------------------------------------------------- calibrate
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
                state.apply(heuristic.rollout_policy(state, seat, rng), seat)
                moves += 1
            samples += [(position, state.winners) for position in kept]
    return samples


def log_loss(samples: list[Sample], judge: Callable[[Any], Any]) -> float:
    total = 0.0
    for position, winners in samples:
        shares = judge(position)
        total -= math.log(max(1e-9, sum(shares[w] for w in winners)))
    return total / len(samples)


def calibrate(args: argparse.Namespace) -> None:
    samples = positions(args.n)
    print(f"{len(samples)} positions from {3 * args.n} guided games")
    print(f"every seat equal: {log_loss(samples, lambda s: [1 / s.players] * s.players):.4f}")
    shipped = (heuristic.SHARPNESS, heuristic.EXPLORER_WORTH, heuristic.CURRENT_TEMPO)
    print(f"shipped (sharpness, gold per explorer point, tempo) {shipped}: {log_loss(samples, heuristic.evaluate):.4f}")
    for sharpness, worth, tempo in itertools.product((3.0, 4.5, 7.0), (0.0, 3.5, 8.0), (0.0, 4.0)):
        heuristic.SHARPNESS, heuristic.EXPLORER_WORTH, heuristic.CURRENT_TEMPO = sharpness, worth, tempo
        print(f"  {sharpness:>4} {worth:>4} {tempo:>4}: {log_loss(samples, heuristic.evaluate):.4f}")
    heuristic.SHARPNESS, heuristic.EXPLORER_WORTH, heuristic.CURRENT_TEMPO = shipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_subparsers(dest="mode", required=True)
    mode = modes.add_parser("strength", help="heuristic vs frozen greedy; heuristic self-play by player count")
    mode.add_argument("-n", type=int, default=200)
    mode.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    mode.set_defaults(run=strength)
    mode = modes.add_parser("routes", help="single-route variants against the heuristic bot")
    mode.add_argument("-n", type=int, default=200)
    mode.set_defaults(run=routes)
    mode = modes.add_parser("search", help="guided playout lengths; ISMCTS against the heuristic bot")
    mode.add_argument("-n", type=int, default=10)
    mode.add_argument("--iterations", type=int, default=200)
    mode.add_argument("--playouts", type=int, default=200)
    mode.set_defaults(run=search)
    mode = modes.add_parser("slips", help="heuristic self-play with a share of careless moves")
    mode.add_argument("-n", type=int, default=1000)
    mode.add_argument("--players", type=int, default=2)
    mode.add_argument("--pool", nargs="+", choices=list(POOLS), default=list(POOLS))
    mode.add_argument("--share", nargs="+", type=float, default=[0.1, 0.2, 0.3])
    mode.add_argument("--seed", type=int, default=12)
    mode.set_defaults(run=slips)
    mode = modes.add_parser("calibrate", help="log-loss of evaluate() and of a grid of weights around it")
    mode.add_argument("-n", type=int, default=150)
    mode.set_defaults(run=calibrate)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
