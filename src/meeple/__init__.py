"""meeple: four tabletop games played exactly by their rules, for people and programs.

>>> import meeple
>>> s = meeple.new_game("bayon", players=3, seed=42)
>>> s.apply(s.legal_actions()[0])
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, GameInfo, IllegalAction, Option, Record, State
from meeple.core.record import replay_moves
from meeple.core.registry import load_games
from meeple.games import GAME_MODULES

__version__ = "0.1.0"

GAMES: dict[str, GameInfo] = load_games(GAME_MODULES)


def _info(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game!r} (games: {known})") from None


def new_game(game: str, players: int | None = None, seed: int | None = None, **options: Any) -> State:
    """Start a game. ``players`` defaults to the game's usual count; ``seed`` to a random one."""
    return _info(game).new(players, seed, **options)


def replay(record: Record) -> State:
    """Rebuild the recorded game; raises ``ValueError`` if a move does not apply
    or the record was made with another version of the game's rules."""
    info = _info(record.game)
    if record.rules_version != info.rules_version:
        raise ValueError(
            f"this record was made with {info.title} rules version {record.rules_version}; this meeple plays "
            f"version {info.rules_version}, which would not replay it as the same game"
        )
    state = info.new(record.players, record.seed, **record.options)
    replay_moves(state, record.moves)
    return state


__all__ = ["GAMES", "Action", "GameInfo", "IllegalAction", "Option", "Record", "State", "new_game", "replay"]
