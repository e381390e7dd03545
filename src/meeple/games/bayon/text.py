"""Terminal view (placeholder while the rules are being tested)."""

from __future__ import annotations

from typing import Any


def render(obs: dict[str, Any]) -> Any:
    return str(obs.get("current"))
