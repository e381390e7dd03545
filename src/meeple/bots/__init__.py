"""Bots: ``random``, ``ismcts`` and a parser for bot specs such as ``ismcts:0.5s``."""

from __future__ import annotations

import importlib

from meeple.bots.base import Bot
from meeple.bots.ismcts import ISMCTS
from meeple.bots.random_bot import RandomBot

BOT_KINDS = ("random", "ismcts")


def game_bots(game: str) -> dict[str, type]:
    """The game's own bots (``games/<game>/bot.py``), by their ``name``."""
    try:
        module = importlib.import_module(f"meeple.games.{game}.bot")
    except ModuleNotFoundError:
        return {}
    found: dict[str, type] = {}
    for value in vars(module).values():
        name = getattr(value, "name", None)
        if isinstance(value, type) and isinstance(name, str) and callable(getattr(value, "choose", None)):
            found[name] = value
    return found


def make_bot(spec: str, seed: int | None = None, game: str | None = None) -> Bot:
    """Build a bot from a spec: ``random``, ``ismcts`` (1 s a move), ``ismcts:2000``
    (2000 iterations a move), ``ismcts:0.2s`` (0.2 seconds a move), or the name
    of one of ``game``'s own bots (``greedy``)."""
    kind, _, budget = spec.strip().lower().partition(":")
    if game is not None and kind not in BOT_KINDS:
        own = game_bots(game)
        if kind in own and not budget:
            bot: Bot = own[kind](seed)
            return bot
    if kind == "random":
        if budget:
            raise ValueError("the random bot takes no budget")
        return RandomBot(seed)
    if kind == "ismcts":
        if not budget:
            return ISMCTS(seconds=1.0, seed=seed)
        try:
            if budget.endswith("s"):
                return ISMCTS(seconds=float(budget[:-1]), seed=seed)
            return ISMCTS(iterations=int(budget), seed=seed)
        except ValueError:
            raise ValueError(f"bad ismcts budget {budget!r}: use e.g. ismcts:2000 or ismcts:0.5s") from None
    known = [*BOT_KINDS, *(game_bots(game) if game else ())]
    raise ValueError(f"unknown bot {spec!r} (bots: {', '.join(known)})")


__all__ = ["BOT_KINDS", "ISMCTS", "Bot", "RandomBot", "game_bots", "make_bot"]
