"""The toy game's component data: read from data.json and checked at import."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.core.data import DataError, check_provenance, int_field, load_json


@dataclass(frozen=True)
class ToyData:
    cards: tuple[int, ...]  # the deck, lowest card first
    rounds: int  # default number of rounds of turns


def parse(raw: Any) -> ToyData:
    """Check the raw file and build :class:`ToyData`; ``DataError`` says what is wrong."""
    if not isinstance(raw, dict):
        raise DataError("the toy data must be a JSON object")
    deck = raw.get("deck")
    check_provenance(deck, "deck")
    lowest = int_field(deck, "lowest", "deck", 1, 99)
    highest = int_field(deck, "highest", "deck", lowest + 3, 99)
    game = raw.get("game")
    check_provenance(game, "game")
    rounds = int_field(game, "rounds", "game", 1, 5)
    return ToyData(cards=tuple(range(lowest, highest + 1)), rounds=rounds)


DATA = parse(load_json("tests.toygame", "data.json"))
