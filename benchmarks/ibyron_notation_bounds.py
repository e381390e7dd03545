"""How often Ibyron's notation bounds could bind on a player (RULES.md, "Third reading").

    .venv/bin/python benchmarks/ibyron_notation_bounds.py [-n 10]

Plays ``n`` seeds of every set-up (2, 3, 4 players, beginner, back side,
solo), each once with the heuristic bot alone and once with 30% random moves,
and counts:

* Outside turns with more than ``max_horses_per_move`` horses and a space
  further than that many horses carry (the only case the horse bound binds);
* market visits holding more of a resource than the old sale bound of 10
  while its die is open (the case the old bound bound);
* hire steps where the rest box and the coins allow more than ``hire``'s top;
* tile decisions (laying the round's tile, or an Outside turn holding one) at
  which a placement touching the island would lie past the edge of the
  designed grid, and the games with at least one (the grid bound binds).
"""

from __future__ import annotations

import argparse
import random

import common  # noqa: F401  (puts the repository on sys.path)
import meeple.games.ibyron as ib
from meeple.games.ibyron.actions import MAX_HIRE
from meeple.games.ibyron.bot import HeuristicBot
from meeple.games.ibyron.data import (
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
)
from meeple.games.ibyron.island import HIGH, LOW, distance, xy

SETUPS = ((2, {}), (3, {}), (4, {}), (2, {"mode": "beginner"}), (2, {"bonus_side": "back"}), (1, {}))
OLD_SALE_BOUND = 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10, help="seeds per set-up and mix")
    args = parser.parse_args()
    counts = {"games": 0, "outside turns": 0, "horse bound could bind": 0, "market visits": 0,
              "holding more than 10 to sell": 0, "hire steps": 0, "hire bound binds": 0, "tile decisions": 0,
              "tile decisions with a placement past the grid's edge": 0, "games with such a decision": 0}
    for players, options in SETUPS:
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


if __name__ == "__main__":
    main()
