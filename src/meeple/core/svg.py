"""Shared SVG building: the one place that marks clickable elements.

A view draws into a :class:`Canvas`; ``act`` wraps an element in a group
carrying ``data-action="<notation>"`` (class ``clickable``) when that action
is legal for the viewing seat, which is all a web page needs to make it
clickable without knowing the game.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr


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
            self.parts.append(f'<g class="clickable" data-action={quoteattr(action)}>{tip}{inner}</g>')
        elif otherwise == "show":
            self.parts.append(f"<g>{inner}</g>")
        elif otherwise == "dim":
            self.parts.append(f'<g opacity="0.4">{inner}</g>')
