"""Shared SVG building: the one place that marks clickable elements.

Every element a legal action points at carries ``data-action="<notation>"``
and the class ``clickable``, which is all a web page needs to make it
clickable without knowing the game. Only this module writes that mark:
``clickable(action)`` gives the attributes, :class:`Canvas` draws into a list
and ``act`` wraps an element in a clickable group when its action is legal,
and :class:`Clicks` hands out each legal action to at most one element of a
board drawn piece by piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr


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
