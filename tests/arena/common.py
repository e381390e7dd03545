"""What the arena tests share: a small real arena and a way to compare results."""

from __future__ import annotations

from typing import Any

from meeple.arena import OUTCOME_FIELDS, ArenaConfig

Row = dict[str, Any]


def small_config(
    games: int = 12, seed: int = 7, bots: tuple[str, ...] = ("random", "greedy", "ismcts:2")
) -> ArenaConfig:
    """Two-player Bayon: a few milliseconds a game with these bots."""
    return ArenaConfig(game="bayon", players=2, bots=bots, games=games, seed=seed, options={})


def outcomes(rows: dict[int, Row]) -> dict[int, Row]:
    """The fields a rerun must reproduce (times left out)."""
    return {i: {name: row[name] for name in OUTCOME_FIELDS} for i, row in sorted(rows.items())}
