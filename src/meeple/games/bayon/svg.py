"""SVG view (placeholder while the rules are being tested)."""

from __future__ import annotations

from typing import Any


def render(obs: dict[str, Any], legal: list[str] | None = None) -> str:
    return '<svg xmlns="http://www.w3.org/2000/svg"/>'
