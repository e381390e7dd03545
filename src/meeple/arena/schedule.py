"""Who plays which seat in each game of an arena, and each game's seeds.

Both depend only on the arena's bots, seat count, seed and the game's index,
never on how many games are asked for or which runner plays them: game 17 is
the same game in a 20-game arena and in a resumed 2000-game one, on one core
or on a cluster.

Seats: the games come in blocks of ``seats`` games. A block is one lineup
played in every rotation, so each of its bots takes each seat once; every
other block reverses the lineup's order, so who sits after whom evens out
too. With more bots than seats, each block's lineup is picked greedily: the
bots that have played least, then the one that has met the bots already
picked least often (ties go to the earlier bot), so every bot plays about as
often as every other and every pair meets about equally. With fewer bots
than seats the bots fill the seats in turn (A, B, A), starting one bot later
in each block (B, A, B), so every bot takes every seat equally often and
every seat is as often the one a bot holds alone.
"""

from __future__ import annotations

import hashlib
from itertools import combinations

Lineup = tuple[int, ...]  # the bot (index into the arena's bot list) in each seat


def lineups(bots: int, seats: int, games: int) -> list[Lineup]:
    """The lineups of games ``0 .. games-1``."""
    if bots < 1 or seats < 1:
        raise ValueError("an arena needs at least one bot and one seat")
    result: list[Lineup] = []
    played = [0] * bots
    met = [[0] * bots for _ in range(bots)]
    block = 0
    while len(result) < games:
        if bots < seats:
            order = tuple((block + seat) % bots for seat in range(seats))
        else:
            chosen = _pick_block(played, met, seats)
            for bot in chosen:
                played[bot] += 1
            for a, b in combinations(chosen, 2):
                met[a][b] += 1
                met[b][a] += 1
            order = chosen if block % 2 == 0 else chosen[::-1]
        result.extend(order[shift:] + order[:shift] for shift in range(seats))
        block += 1
    return result[:games]


def _pick_block(played: list[int], met: list[list[int]], seats: int) -> Lineup:
    chosen: list[int] = []
    for _ in range(seats):
        candidates = [b for b in range(len(played)) if b not in chosen]
        best = min(candidates, key=lambda b: (played[b], sum(met[b][c] for c in chosen), b))
        chosen.append(best)
    return tuple(chosen)


def derived_seed(arena_seed: int, index: int, purpose: str) -> int:
    """A 63-bit seed for one purpose (``"game"``, ``"bot0"``, ...) of game ``index``.

    A hash rather than ``arena_seed + index``, so neighbouring arenas (seed 1
    and seed 2) do not share games, and the same in every process and on
    every machine (no ``hash()``, which Python salts per process).
    """
    digest = hashlib.blake2b(f"meeple-arena/{arena_seed}/{index}/{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(arena_seed: int, index: int) -> int:
    return derived_seed(arena_seed, index, "game")


def bot_seed(arena_seed: int, index: int, seat: int) -> int:
    return derived_seed(arena_seed, index, f"bot{seat}")
