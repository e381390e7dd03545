"""Shared SVG building: the one place that marks clickable elements.

Every element a legal action points at carries ``data-action="<notation>"``
and the class ``clickable``, which is all a web page needs to make it
clickable without knowing the game. Only this module writes that mark:
``clickable(action)`` gives the attributes, :class:`Canvas` draws into a list
and ``act`` wraps an element in a clickable group when its action is legal,
and :class:`Clicks` hands out each legal action to at most one element of a
board drawn piece by piece.

Most of a board is the same from one position to the next (the map, the
legend, a card, a tile at its place): :func:`fragment` keeps such pieces as
finished text, keyed on everything they are drawn from, so a view draws only
what changed. :func:`clear_fragments` empties every such cache (the tests draw
each position again from nothing and compare).

Boards are drawn to be read at the match page's default fit, where the board
is scaled to its panel's width (948 px on a 1366 px window): every text is at
least :data:`MIN_TEXT_PX` on screen, so a font size in the SVG's own units must
be at least :func:`min_font` of the drawing's width. Names go through
:func:`short_name`, so a long one never runs over what is beside it.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Iterable
from typing import Any, TypeVar
from xml.sax.saxutils import escape, quoteattr

F = TypeVar("F", bound=Callable[..., Any])

_FRAGMENTS: list[Any] = []


def fragment(maxsize: int = 4096) -> Callable[[F], F]:
    """Keep the SVG text a pure function returns, keyed on its arguments.

    The function must read nothing but its (hashable) arguments and constant
    game data. Arguments are told apart by type as well as value
    (``typed=True``): ``2`` and ``2.0`` print differently. The cache is bounded,
    so a server holding many matches keeps the pieces every match shares (cards,
    tiles, legends) rather than one copy per match.
    """

    def wrap(fn: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize, typed=True)(fn)
        _FRAGMENTS.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def clear_fragments() -> None:
    """Forget every kept fragment: the next drawing is made from nothing."""
    for cached in _FRAGMENTS:
        cached.cache_clear()


MIN_TEXT_PX = 11.0  # the smallest text a player should have to read, on screen
FIT_WIDTH_PX = 948.0  # the board's width at the default fit on a 1366 x 900 window


def min_font(view_width: float) -> float:
    """The smallest font size, in a drawing's own units, that is still :data:`MIN_TEXT_PX` at the default fit."""
    return MIN_TEXT_PX * view_width / FIT_WIDTH_PX


def short_name(name: str, limit: int = 16) -> str:
    """``name`` cut to ``limit`` characters, the last an ellipsis, so a long name stays in its box."""
    if len(name) <= limit:
        return name
    return name[: max(limit - 1, 1)].rstrip() + "\u2026"


def wrap_words(words: str, limit: int) -> list[str]:
    """``words`` in lines of at most ``limit`` characters, broken between words only (a longer
    word gets a line of its own); runs of spaces count as one."""
    return textwrap.wrap(" ".join(words.split()), limit, break_long_words=False, break_on_hyphens=False)


def clickable(action: str) -> str:
    """The attributes (with a leading space) that make an element play ``action`` when clicked."""
    return f" class=\"clickable\" data-action={quoteattr(action)}"


class Clicks:
    """The legal actions of a position, and which of them a board element already carries.

    A board drawn piece by piece asks ``claim(action)`` for each element that
    could play an action: the first element gets the attributes, later ones
    get nothing, so one action has one target. ``unclaimed()`` lists the legal
    actions no element carries (the page shows them as buttons).
    """

    def __init__(self, legal: Iterable[str] | None) -> None:
        self.legal: dict[str, None] = dict.fromkeys(legal or [])  # ordered, never a set: output is deterministic
        self.claimed: dict[str, None] = {}

    def has(self, action: str | None) -> bool:
        return action is not None and action in self.legal and action not in self.claimed

    def first(self, actions: Iterable[str]) -> str | None:
        """The first of ``actions`` that is legal and not yet on the board."""
        return next((a for a in actions if self.has(a)), None)

    def claim(self, action: str | None, extra: str = "") -> str:
        """The attributes that make an element play ``action`` ('' if it is not legal or already placed);
        ``extra`` (with a leading space) is added to them, e.g. a cursor."""
        if action is None or not self.has(action):
            return ""
        self.claimed[action] = None
        return clickable(action) + extra

    def unclaimed(self) -> list[str]:
        return [a for a in self.legal if a not in self.claimed]


class Canvas:
    """Collects SVG elements; ``act`` wraps one in a clickable group if its action is legal."""

    def __init__(self, legal: list[str] | None) -> None:
        self.parts: list[str] = []
        self.legal = set(legal or [])

    def add(self, element: str) -> None:
        self.parts.append(element)

    def act(self, action: str | None, inner: str, title: str = "", otherwise: str = "show") -> None:
        """Draw ``inner``, clickable when ``action`` is legal; else show it, dim it or hide it."""
        if action is not None and action in self.legal:
            tip = f"<title>{escape(title or action)}</title>"
            self.parts.append(f"<g{clickable(action)}>{tip}{inner}</g>")
        elif otherwise == "show":
            self.parts.append(f"<g>{inner}</g>")
        elif otherwise == "dim":
            self.parts.append(f'<g opacity="0.4">{inner}</g>')
