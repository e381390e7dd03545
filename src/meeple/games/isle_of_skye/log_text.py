"""The text of the numbers, squares and turns the event log writes several times a step.

Seats, tile ids, prices and income (all from 0 to ``MAX_PRICE``), each square a tile may
be placed on, and each turn of a tile: reading a text made once at import costs a
fraction of writing an int out again, and the log's lines read exactly as before.
"""

from __future__ import annotations

from meeple.games.isle_of_skye.actions import MAX_COORD, MAX_PRICE

NUMBER_TEXT: tuple[str, ...] = tuple(str(n) for n in range(MAX_PRICE + 1))
SQUARE_TEXT: dict[tuple[int, int], str] = {
    (x, y): f"{x} {y}" for y in range(-MAX_COORD, MAX_COORD + 1) for x in range(-MAX_COORD, MAX_COORD + 1)
}
TURN_TEXT: tuple[str, ...] = tuple(str(90 * rot) for rot in range(4))
