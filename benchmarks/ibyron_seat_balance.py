"""Why a seat of Ibyron wins more or less than its fair share: heuristic self-play, split by cause.

    PYTHONPATH=src .venv/bin/python benchmarks/ibyron_seat_balance.py [--players 3] [--mode beginner]
        [--bonus-side back] [-n 400] [--first-game 1000] [--north-tile AAFM] [--swap-west-east]

Seats are fixed by index, but the start player is the seat dealt the lowest
bonus space, and the home fields are chosen in seat order. So the win share is
split three ways: by seat index, by turn position in round 1 (0 = start
player), and by where the seat's home lies (its own starting tile or the
centre tile). Also: each seat's mean final points (beginner) or discs in
buildings, and how many wins were shared (ties). Games 1000 onward by default,
the same games as ``benchmarks/ibyron_bots.py --only seats``.

``--north-tile CELLS`` is a counterfactual, in this process only: seat 2's
starting tile (north of the centre) gets these cells (clockwise from the top
left; the game's is ``AAMF``, so ``AAFM`` swaps its mountain and forest
across the west-east mirror line). Not a rule: it asks whether the layout is
what moves the seat shares. ``--swap-west-east`` (also a counterfactual)
lays seat 0's starting tile where seat 1's goes (east) and seat 1's where
seat 0's goes (west): seat 1 still moves right after seat 0, so a share that
follows the tile comes from the place on the island, one that stays with the
seat comes from the turn order. ``--start-numbers GAINS`` (a counterfactual too)
gives the bonus mat's front numbers 1, 2, ... to the spaces of these gains, in
this order (today's: ``gold,horse,wood,ore,stone,coins``); the numbers decide
only who starts, so nothing else changes. Say so beside any figure measured
with these.

The shares are also split by each seat's start gain (the bonus space it was
dealt), which is what decides the start player.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

import common  # noqa: F401  (puts the repository on sys.path)
import meeple
from meeple.arena.stats import wilson_interval
from meeple.bots import make_bot
from meeple.games.ibyron import island, turns
from meeple.games.ibyron.base import IbyronBase
from meeple.games.ibyron.data import DATA, FRONT, TERRAIN_CODES

Tally = dict[object, list[float]]  # group -> [wins, games]


def play(
    players: int, seed: int, options: dict[str, object], kinds: dict[tuple[int, str], int]
) -> tuple[IbyronBase, int, list[str], list[str]]:
    """One heuristic self-play game: the final state, round 1's start player, each seat's home tile
    and each seat's start gain (and each seat's moves counted by kind into ``kinds``)."""
    state = meeple.new_game("ibyron", players=players, seed=seed, **options)
    assert isinstance(state, IbyronBase)
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


def holdings(state: IbyronBase, seat: int) -> tuple[int, ...]:
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--mode", default="beginner", help="beginner or standard")
    parser.add_argument(
        "--bonus-side", default="front", choices=("front", "back"), help="the bonus board's side (standard game only)"
    )
    parser.add_argument("-n", type=int, default=400)
    parser.add_argument("--first-game", type=int, default=1000)
    parser.add_argument("--north-tile", help="counterfactual cells for seat 2's starting tile (see above)")
    parser.add_argument("--swap-west-east", action="store_true", help="counterfactual (see above)")
    parser.add_argument("--start-numbers", help="counterfactual: the gains given the numbers 1, 2, ... (see above)")
    args = parser.parse_args()
    if args.start_numbers:
        set_start_numbers(args.start_numbers)
    if args.swap_west_east:
        swap_west_east()
    if args.north_tile:
        set_north_tile(args.north_tile)
    options: dict[str, object] = {"mode": "beginner"} if args.mode == "beginner" else {}
    if args.bonus_side == "back":
        if args.mode == "beginner":
            parser.error("--bonus-side back is a standard-game option; use it with --mode standard")
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
        state, first, homes, gains = play(args.players, game, options, kinds)
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


if __name__ == "__main__":
    main()
