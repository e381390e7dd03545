"""Ibyron's bots and balance, measured by playing (the figures of docs/measurements/ibyron.md).

    .venv/bin/python -m benchmarks.ibyron_bots MODE [-n 100] [--seconds 0.05]
    .venv/bin/python -m benchmarks.ibyron_bots seat-balance [--players 3] [--mode beginner] [--bonus-side back]
        [-n 400] [--first-game 1000] [--north-tile AAFM] [--swap-west-east] [--start-numbers GAINS]
    .venv/bin/python -m benchmarks.ibyron_bots bounds [-n 10]

Win shares count a shared win as a fraction and carry a 95% Wilson interval. ``MODE``:

* ``vs-frozen``: the heuristic bot against the frozen greedy bot it replaced
  (``benchmarks.opponents.ibyron``), 2 players, seats alternating.
* ``ends``: heuristic self-play at every player count and mode: share of games ending by
  the rulebook's own end (``workers``; ``rounds`` in the beginner and solo games) against
  the ``safety_cap``, and rounds played.
* ``seats``: heuristic self-play win share per seat (fair is 1/players), over ``4 n`` games.
* ``variants``: single-route variants (food first, gold first, each starting building)
  against the all-round heuristic bot, 2 players, seats alternating.
* ``search``: ISMCTS (``--seconds`` a move) with ``evaluate()`` and the game's rollout
  limit: do its games reach the rulebook's end?

``seat-balance``: why a seat wins more or less than its fair share, heuristic self-play
split by cause. Seats are fixed by index, but the start player is the seat dealt the
lowest bonus space, and the home fields are chosen in seat order. So the win share is split
by seat index, by turn position in round 1 (0 = start player), by where the seat's home
lies (its own starting tile or the centre tile), and by each seat's start gain (the bonus
space it was dealt, which decides the start player). Also: each seat's mean final points
(beginner) or discs in buildings, and how many wins were shared. Games 1000 onward by
default, the same games as ``seats``. Three counterfactuals, in this process only (not
rules; say so beside any figure measured with them): ``--north-tile CELLS`` gives seat 2's
starting tile (north of the centre) these cells, clockwise from the top left (the game's is
``AAMF``); ``--swap-west-east`` lays seat 0's starting tile where seat 1's goes (east) and
seat 1's where seat 0's goes (west), so a share that follows the tile comes from the place
on the island, one that stays with the seat from the turn order; ``--start-numbers GAINS``
gives the bonus mat's front numbers 1, 2, ... to the spaces of these gains, in this order
(today's: ``gold,horse,wood,ore,stone,coins``), which decide only who starts.

``bounds``: how often the notation's designed bounds could bind on a player. Plays ``n``
seeds of every set-up (2, 3, 4 players, beginner, back side, solo), each once with the
heuristic bot alone and once with 30% random moves, and counts: Outside turns with more
than ``max_horses_per_move`` horses and a space further than that many horses carry (the
only case the horse bound binds); market visits holding more of a resource than a sale
bound of 10 while its die is open; hire steps where the rest box and the coins allow more
than ``hire``'s top; tile decisions at which a placement touching the island would lie past
the edge of the designed grid, and the games with at least one.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import meeple
import meeple.games.ibyron as ib
from benchmarks.opponents.ibyron import FrozenGreedyBot
from meeple.arena.stats import wilson_interval
from meeple.bots import ISMCTS, make_bot
from meeple.games.ibyron import island, turns
from meeple.games.ibyron.actions import MAX_HIRE
from meeple.games.ibyron.bot import HeuristicBot, Style
from meeple.games.ibyron.data import (
    DATA,
    FRONT,
    HORSE_POINTS,
    MARKET_BOXES,
    MAX_HORSES_PER_MOVE,
    OUTSIDE,
    RES_INDEX,
    S_HIRE,
    S_MARKET,
    S_MOVED,
    S_PLACE,
    S_TURN,
    TERRAIN_CODES,
)
from meeple.games.ibyron.island import HIGH, LOW, distance, xy
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.rules import IbyronState

BotMaker = Callable[[int], Any]


def styled(style: Style) -> BotMaker:
    def make(seed: int) -> HeuristicBot:
        bot = HeuristicBot(seed)
        bot.style = style
        return bot
    return make


def play(players: int, seed: int, makers: list[BotMaker], options: dict[str, Any]) -> IbyronState:
    state = ib.INFO.new(players, seed, **options)
    assert isinstance(state, IbyronState)
    bots = [make(seed * 10 + i) for i, make in enumerate(makers)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state


def head_to_head(a: BotMaker, b: BotMaker, n: int, options: dict[str, Any]) -> tuple[float, float, float]:
    """``a``'s win share against ``b`` over ``n`` two-player games, seats alternating, with its interval."""
    wins = 0.0
    for game in range(n):
        seat_a = game % 2
        makers = [a, b] if seat_a == 0 else [b, a]
        state = play(2, 20_000 + game, makers, options)
        if seat_a in state.winners:
            wins += 1 / len(state.winners)
    lo, hi = wilson_interval(wins, n)
    return wins / n, lo, hi


def report_vs_frozen(n: int) -> None:
    for options in ({}, {"mode": "beginner"}):
        share, lo, hi = head_to_head(HeuristicBot, FrozenGreedyBot, n, options)
        print(f"heuristic vs frozen greedy {options or 'standard'}: {share:.1%} of {n} 2p games "
              f"(95% {lo:.1%}-{hi:.1%})")


SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (2, {"bonus_side": "back"}),
    (1, {}), (2, {"mode": "beginner"}), (3, {"mode": "beginner"}), (4, {"mode": "beginner"}),
]


def report_ends(n: int) -> None:
    for players, options in SETUPS:
        reasons: dict[str, int] = {}
        rounds = []
        for game in range(n):
            state = play(players, game, [HeuristicBot] * players, options)
            reason = state.end_reason or "?"
            reasons[reason] = reasons.get(reason, 0) + 1
            rounds.append(state.round)
        by_rules = n - reasons.get("safety_cap", 0)
        print(f"{players}p {options or 'standard'}: {by_rules}/{n} end by the rules {reasons}; rounds median "
              f"{statistics.median(rounds)}, range {min(rounds)}-{max(rounds)}")


def report_seats(n: int) -> None:
    """Seat shares over ``4 n`` games (100 games leave a 95% interval of +-10 points, wider than the target)."""
    n *= 4
    for players, options in SETUPS:
        if players == 1:
            continue
        shares = [0.0] * players
        for game in range(n):
            state = play(players, 1000 + game, [HeuristicBot] * players, options)
            for seat in state.winners:
                shares[seat] += 1 / len(state.winners)
        cells = []
        for seat in range(players):
            lo, hi = wilson_interval(shares[seat], n)
            cells.append(f"seat {seat} {shares[seat] / n:.0%} ({lo:.0%}-{hi:.0%})")
        print(f"{players}p {options or 'standard'} (fair {1 / players:.0%}): " + ", ".join(cells))


VARIANTS = [
    Style(name="food-first", food_first=True),
    Style(name="gold-first", gold_first=True),
    Style(name="bank-start", start="bank"),
    Style(name="garden-start", start="garden"),
    Style(name="foundry-start", start="foundry"),
]


def report_variants(n: int) -> None:
    base = HeuristicBot.style
    for options in ({}, {"mode": "beginner"}):
        for variant in VARIANTS:
            style = replace(base, name=variant.name, food_first=variant.food_first, gold_first=variant.gold_first,
                            start=variant.start)
            share, lo, hi = head_to_head(styled(style), HeuristicBot, n, options)
            print(f"{variant.name} vs heuristic {options or 'standard'}: {share:.1%} of {n} 2p games "
                  f"(95% {lo:.1%}-{hi:.1%})")
    gold_mines = gold_games = 0
    for game in range(n):
        state = play(2, 3000 + game, [HeuristicBot, HeuristicBot], {})
        mines = sum(1 for _, action in state.history if str(action) == "camp gold")
        gold_mines += mines
        gold_games += mines > 0
    print(f"gold mines founded in {n} heuristic 2p games: {gold_mines} (in {gold_games} games)")


def report_search(n: int, seconds: float) -> None:
    def searcher(seed: int) -> ISMCTS:
        return ISMCTS(seconds=seconds, seed=seed)

    for label, rival in (("heuristic", HeuristicBot), ("ISMCTS", searcher)):
        ends: dict[str, int] = {}
        wins = 0.0
        rounds = []
        for game in range(n):
            makers: list[BotMaker] = [searcher, rival]
            if game % 2:
                makers.reverse()
            state = play(2, 4000 + game, makers, {})
            ends[state.end_reason or "?"] = ends.get(state.end_reason or "?", 0) + 1
            wins += sum(1 / len(state.winners) for seat in state.winners if makers[seat] is searcher)
            rounds.append(state.round)
        print(f"ISMCTS ({seconds}s a move, rollout limit {ib.INFO.rollout_limit}) vs {label}, {n} 2p games: "
              f"end reasons {ends}, rounds {sorted(rounds)}, ISMCTS seats won {wins:g}")




# ------------------------------------------------------- seat balance, by cause
Tally = dict[object, list[float]]  # group -> [wins, games]


def play_seats(
    players: int, seed: int, options: dict[str, object], kinds: dict[tuple[int, str], int]
) -> tuple[IbyronPosition, int, list[str], list[str]]:
    """One heuristic self-play game: the final state, round 1's start player, each seat's home tile
    and each seat's start gain (and each seat's moves counted by kind into ``kinds``)."""
    state = meeple.new_game("ibyron", players=players, seed=seed, **options)
    assert isinstance(state, IbyronPosition)
    # Each seat its own generator (the bot draws between equally good moves): one seed for all
    # would make every seat draw alike, so seat 0's draw would decide seat 1's too.
    bots = [make_bot("heuristic", seed=seed * 10 + seat, game="ibyron") for seat in range(players)]
    first = -1
    homes = ["?"] * players
    gains = ["?"] * players
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        kinds[seat, action.kind] = kinds.get((seat, action.kind), 0) + 1
        before = [holdings(state, q) for q in range(players)]
        if action.kind == "home":
            homes[seat] = "centre" if action.args[0] == "center" else "own"
        state.apply(action, seat)
        if first < 0 and state.round >= 1:
            # the last home field deals the bonus spaces: what each seat gained is its start gain
            first = state.start_player
            gains = [gained(before[q], holdings(state, q)) for q in range(players)]
    return state, first, homes, gains


RESOURCES = ("coins", "wood", "ore", "stone", "gold", "food", "horse")


def holdings(state: IbyronPosition, seat: int) -> tuple[int, ...]:
    return (*state.res[seat], state.horses[seat])


def gained(before: tuple[int, ...], after: tuple[int, ...]) -> str:
    return "+".join(f"{b - a} {name}" for name, a, b in zip(RESOURCES, before, after, strict=True) if b != a)


def set_start_numbers(order: str) -> None:
    """The front's numbers 1, 2, ... given to the spaces of these gains, as the start-player rule
    reads them (``turns`` only), in this process only (the counterfactual above)."""
    names = [next(iter(space["gain"])) for space in FRONT]
    wanted = order.split(",")
    if sorted(wanted) != sorted(names):
        raise SystemExit(f"--start-numbers {order!r}: give each of {','.join(names)} once, in the new order")
    turns.FRONT = [dict(space, number=wanted.index(name) + 1) for space, name in zip(FRONT, names, strict=True)]


def set_north_tile(cells: str) -> None:
    """Give seat 2's starting tile other cells, in this process only (the counterfactual above)."""
    tile = next(t for t in DATA["tiles"] if t["role"] == "seat2")
    if sorted(cells) != sorted(tile["cells"]):
        raise SystemExit(f"--north-tile {cells!r}: use the letters of {tile['cells']!r} in another order")
    tile["cells"] = cells
    terrain = list(island.TILE_TERRAIN)
    terrain[tile["id"]] = tuple(TERRAIN_CODES[c] for c in cells)
    island.TILE_TERRAIN = tuple(terrain)


def swap_west_east() -> None:
    """Seat 0's starting tile east of the centre, seat 1's west, in this process only."""
    west, east = (next(t for t in DATA["tiles"] if t["role"] == role) for role in ("seat0", "seat1"))
    for key in ("anchor", "cells"):
        west[key], east[key] = east[key], west[key]
    terrain = list(island.TILE_TERRAIN)
    terrain[west["id"]], terrain[east["id"]] = terrain[east["id"]], terrain[west["id"]]
    island.TILE_TERRAIN = tuple(terrain)


def add(tally: Tally, key: object, share: float) -> None:
    entry = tally.setdefault(key, [0.0, 0.0])
    entry[0] += share
    entry[1] += 1


def describe(tally: Tally) -> str:
    cells = []
    for key in sorted(tally, key=str):
        wins, games = tally[key]
        lo, hi = wilson_interval(wins, int(games))
        cells.append(f"{key}: {wins / games:.1%} of {games:g} ({lo:.0%}-{hi:.0%})")
    return "; ".join(cells)


def seat_balance(args: argparse.Namespace) -> None:
    if args.start_numbers:
        set_start_numbers(args.start_numbers)
    if args.swap_west_east:
        swap_west_east()
    if args.north_tile:
        set_north_tile(args.north_tile)
    options: dict[str, object] = {"mode": "beginner"} if args.mode == "beginner" else {}
    if args.bonus_side == "back":
        if args.mode == "beginner":
            raise SystemExit("--bonus-side back is a standard-game option; use it with --mode standard")
        options["bonus_side"] = "back"
    by_seat: Tally = {}
    by_position: Tally = {}
    by_home: Tally = {}
    by_seat_position: Tally = {}
    by_gain: Tally = {}
    by_position_gain: Tally = {}
    score: dict[int, list[float]] = defaultdict(list)
    shared = 0
    kinds: dict[tuple[int, str], int] = {}
    for game in range(args.first_game, args.first_game + args.n):
        state, first, homes, gains = play_seats(args.players, game, options, kinds)
        shared += len(state.winners) > 1
        for seat in range(args.players):
            share = 1 / len(state.winners) if seat in state.winners else 0.0
            position = (seat - first) % args.players
            add(by_seat, f"seat {seat}", share)
            add(by_position, f"position {position}", share)
            add(by_home, f"seat {seat} home {homes[seat]}", share)
            add(by_seat_position, f"seat {seat} position {position}", share)
            add(by_gain, f"start gain {gains[seat]}", share)
            add(by_position_gain, f"position {position} start gain {gains[seat]}", share)
            score[seat].append(state.victory_points(seat) if state.beginner else state.in_buildings[seat])
    print(
        f"Ibyron {args.players} players {args.mode}"
        + (", back side" if args.bonus_side == "back" else "")
        + f", {args.n} heuristic self-play games from {args.first_game}, "
        f"fair {1 / args.players:.1%}; {shared} games shared a win"
        + (f"; COUNTERFACTUAL north tile {args.north_tile}" if args.north_tile else "")
        + ("; COUNTERFACTUAL seat 0 east, seat 1 west" if args.swap_west_east else "")
        + (f"; COUNTERFACTUAL start numbers {args.start_numbers}" if args.start_numbers else "")
    )
    print("by seat:", describe(by_seat))
    print("by turn position in round 1 (0 = start player):", describe(by_position))
    print("by seat and home:", describe(by_home))
    print("by seat and turn position:", describe(by_seat_position))
    print("by start gain:", describe(by_gain))
    print("by turn position and start gain:", describe(by_position_gain))
    measure = "points" if args.mode == "beginner" else "discs in buildings"
    print(
        f"mean {measure} by seat: " + ", ".join(f"seat {s} {statistics.mean(v):.2f}" for s, v in sorted(score.items()))
    )
    for kind in sorted({k for _, k in kinds}):
        print(
            f"  {kind} a game by seat: "
            + ", ".join(f"{kinds.get((seat, kind), 0) / args.n:.2f}" for seat in range(args.players))
        )




# ----------------------------------------------------------- notation bounds
BOUND_SETUPS: tuple[tuple[int, dict[str, str]], ...] = (
    (2, {}), (3, {}), (4, {}), (2, {"mode": "beginner"}), (2, {"bonus_side": "back"}), (1, {})
)
OLD_SALE_BOUND = 10


def notation_bounds(args: argparse.Namespace) -> None:
    counts = {"games": 0, "outside turns": 0, "horse bound could bind": 0, "market visits": 0,
              "holding more than 10 to sell": 0, "hire steps": 0, "hire bound binds": 0, "tile decisions": 0,
              "tile decisions with a placement past the grid's edge": 0, "games with such a decision": 0}
    for players, options in BOUND_SETUPS:
        for seed in range(args.n):
            for mix in (0.0, 0.3):
                s = ib.INFO.new(players, seed, **options)
                bots = [HeuristicBot(q) for q in range(players)]
                rng = random.Random(seed)
                counts["games"] += 1
                cut = False
                while not s.is_over:
                    p = s.to_move[0]
                    _count(s, p, counts)
                    cut = _tile_cut_off(s, p, counts) or cut
                    legal = s.legal_actions(p)
                    s.apply(rng.choice(legal) if rng.random() < mix else bots[p].choose(s, p), p)
                counts["games with such a decision"] += cut
    for key, value in counts.items():
        print(f"{key}: {value}")


def _count(s: ib.IbyronState, p: int, counts: dict[str, int]) -> None:
    if s.step == S_TURN and s.phase[p] == OUTSIDE and s.leader[p] >= 0:
        counts["outside turns"] += 1
        if s.horses[p] > MAX_HORSES_PER_MOVE:
            stride = s._stride(p)
            reach = HORSE_POINTS * MAX_HORSES_PER_MOVE
            if any(-(-distance(s.leader[p], d) // stride) > reach for d in s.land + s.coast):
                counts["horse bound could bind"] += 1
    if s.step == S_MARKET and not s.sold:
        counts["market visits"] += 1
        if any(not s.dice_used[i] and s.res[p][RES_INDEX[name]] > OLD_SALE_BOUND
               for i, name in enumerate(MARKET_BOXES)):
            counts["holding more than 10 to sell"] += 1
    if s.step == S_HIRE:
        counts["hire steps"] += 1
        if min(s.rest[p], s.res[p][0]) > MAX_HIRE:
            counts["hire bound binds"] += 1


def _tile_cut_off(s: ib.IbyronState, p: int, counts: dict[str, int]) -> bool:
    """At a tile decision: would a tile touching the island lie, at least partly, past the grid's edge?"""
    deciding = s.step == S_PLACE or (s.held[p] >= 0 and s.step in (S_TURN, S_MOVED) and s.phase[p] == OUTSIDE)
    if not deciding:
        return False
    counts["tile decisions"] += 1
    land = {xy(c) for c in s.land}
    for ax in range(LOW - 3, HIGH + 2):
        for ay in range(LOW - 3, HIGH + 2):
            if LOW <= ax < HIGH and LOW <= ay < HIGH:
                continue  # an anchor on the grid: the rules decide
            cells = ((ax, ay), (ax + 1, ay), (ax + 1, ay + 1), (ax, ay + 1))
            if any(c in land for c in cells):
                continue
            if any((x + dx, y + dy) in land for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                counts["tile decisions with a placement past the grid's edge"] += 1
                return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_subparsers(dest="what", required=True)
    reports: dict[str, Callable[[argparse.Namespace], None]] = {
        "vs-frozen": lambda args: report_vs_frozen(args.n),
        "ends": lambda args: report_ends(args.n),
        "seats": lambda args: report_seats(args.n),
        "variants": lambda args: report_variants(args.n),
        "search": lambda args: report_search(max(2, args.n // 25), args.seconds),
    }
    for name, report in reports.items():
        mode = modes.add_parser(name)
        mode.add_argument("-n", type=int, default=100)
        mode.add_argument("--seconds", type=float, default=0.05, help="ISMCTS time a move (search)")
        mode.set_defaults(run=report)
    mode = modes.add_parser("seat-balance", help="heuristic self-play, seat shares split by cause")
    mode.add_argument("--players", type=int, default=3)
    mode.add_argument("--mode", default="beginner", help="beginner or standard")
    mode.add_argument(
        "--bonus-side", default="front", choices=("front", "back"), help="the bonus board's side (standard game only)"
    )
    mode.add_argument("-n", type=int, default=400)
    mode.add_argument("--first-game", type=int, default=1000)
    mode.add_argument("--north-tile", help="counterfactual cells for seat 2's starting tile (see above)")
    mode.add_argument("--swap-west-east", action="store_true", help="counterfactual (see above)")
    mode.add_argument("--start-numbers", help="counterfactual: the gains given the numbers 1, 2, ... (see above)")
    mode.set_defaults(run=seat_balance)
    mode = modes.add_parser("bounds", help="how often the notation's bounds could bind")
    mode.add_argument("-n", type=int, default=10, help="seeds per set-up and mix")
    mode.set_defaults(run=notation_bounds)
    args = parser.parse_args()
    started = time.process_time()
    args.run(args)
    print(f"({time.process_time() - started:.0f} s CPU)")


if __name__ == "__main__":
    main()
