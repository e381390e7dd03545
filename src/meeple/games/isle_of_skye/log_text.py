"""Tables the rules' hot path reads many times a step, made once at import, and the bag's draw.

Kept apart from ``rules.py`` so the rules read as rules; nothing here depends on a state.
"""

from __future__ import annotations

from itertools import product

from meeple.core.rng import Random
from meeple.games.isle_of_skye.actions import MAX_COORD, MAX_PRICE
from meeple.games.isle_of_skye.data import EDGE_CODE

# to_move as shared tuples (asked several times a step): one seat alone, or during the
# hidden phase the seats that have not finished, by the tuple of ``done`` flags.
ALONE: tuple[tuple[int], ...] = tuple((seat,) for seat in range(5))
STILL_CHOOSING: dict[tuple[bool, ...], tuple[int, ...]] = {
    flags: tuple(seat for seat, done in enumerate(flags) if not done)
    for players in range(2, 6)
    for flags in product((False, True), repeat=players)
}
# Seats in turn order, by player count and start player.
ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((start + i) % players for i in range(players)) for start in range(players)) for players in range(6)
)
# Per tile, per rotation: for each side (N, E, S, W, as ``index.next_to`` lists the
# neighbours), what the tile asks of that neighbour, in the neighbour's frontier pattern
# (its side facing back; data.FITS).
ASKED_OF_NEIGHBOURS: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple(tuple(codes[d] << (2 * ((d + 2) % 4)) for d in range(4)) for codes in by_rotation)  # type: ignore[misc]
    for by_rotation in EDGE_CODE
)

# The text of the numbers the event log writes several times a step (seats, tile ids, prices
# and income, all from 0 to ``MAX_PRICE``), of each square a tile may be placed on, and of each
# turn: reading a text made once costs a fraction of writing an int out again, and the log's
# lines read exactly as before.
NUMBER_TEXT: tuple[str, ...] = tuple(str(n) for n in range(MAX_PRICE + 1))
SQUARE_TEXT: dict[tuple[int, int], str] = {
    (x, y): f"{x} {y}" for y in range(-MAX_COORD, MAX_COORD + 1) for x in range(-MAX_COORD, MAX_COORD + 1)
}
TURN_TEXT: tuple[str, ...] = tuple(str(90 * rot) for rot in range(4))


def draw_below(rng: Random, size: int) -> int:
    """A random index below ``size`` (> 0), drawn exactly as ``rng.randrange(size)`` draws it
    (as many random bits as ``size`` has, again until the number is below ``size``) with two
    calls fewer; tests/isle_of_skye/test_fast_paths.py checks it against ``randrange``."""
    bits = size.bit_length()
    index = rng.getrandbits(bits)
    while index >= size:
        index = rng.getrandbits(bits)
    return index


def draw_tiles(rng: Random, bag: list[int], count: int) -> list[int]:
    """``count`` tiles taken from ``bag``, one after the other: each draw takes a random
    index below the bag's size (``draw_below``), swaps that tile to the end and takes it."""
    tiles = []
    getrandbits = rng.getrandbits
    for _ in range(count):
        size = len(bag)  # ``draw_below(rng, size)``, written out
        bits = size.bit_length()
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        bag[index], bag[-1] = bag[-1], bag[index]
        tiles.append(bag.pop())
    return tiles
