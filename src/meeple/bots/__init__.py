"""Bots: ``random``, ``ismcts`` and a parser for bot specs such as ``ismcts:0.5s``."""

from __future__ import annotations

from meeple.bots.base import Bot
from meeple.bots.ismcts import ISMCTS
from meeple.bots.random_bot import RandomBot

BOT_KINDS = ("random", "ismcts")


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Build a bot from a spec: ``random``, ``ismcts`` (1 s a move), ``ismcts:2000``
    (2000 iterations a move) or ``ismcts:0.2s`` (0.2 seconds a move)."""
    kind, _, budget = spec.strip().lower().partition(":")
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
    raise ValueError(f"unknown bot {spec!r} (bots: {', '.join(BOT_KINDS)})")


__all__ = ["BOT_KINDS", "ISMCTS", "Bot", "RandomBot", "make_bot"]
