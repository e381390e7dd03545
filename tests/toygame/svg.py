"""The SVG view, drawn from an observation only; legal actions are marked clickable."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from meeple.core.svg import Canvas


def render(obs: dict[str, Any], legal: list[str] | None) -> str:
    canvas = Canvas(legal)
    label = escape(f"card {obs['my_card']}")
    canvas.add(f'<text x="10" y="20">{label}</text>')
    for i, notation in enumerate(legal or []):
        x = 10 + 80 * i
        button = f'<rect x="{x}" y="30" width="70" height="24"/><text x="{x + 10}" y="47">{escape(notation)}</text>'
        canvas.act(notation, button)
    body = "".join(canvas.parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60">{body}</svg>'
