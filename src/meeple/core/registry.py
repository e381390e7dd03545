"""The game registry behind ``meeple.GAMES``."""

from __future__ import annotations

import importlib

from meeple.core.info import GameInfo

_REGISTERED: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Make ``info`` known and tie it to its state class (called by each game module)."""
    info.state_class.info = info
    info.state_class._index_cache = None
    info.state_class._notation_cache = None
    _REGISTERED[info.id] = info
    return info


def load_games(modules: list[str]) -> dict[str, GameInfo]:
    """Import each game package (which registers itself) and return the registry."""
    for name in modules:
        importlib.import_module(f"meeple.games.{name}")
    return {name: _REGISTERED[name] for name in modules}
