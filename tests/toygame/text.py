"""The terminal view, drawn from an observation only."""

from __future__ import annotations

from typing import Any


def render(obs: dict[str, Any]) -> str:
    return f"card {obs['my_card']}"
