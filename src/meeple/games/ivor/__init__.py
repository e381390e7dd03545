"""Ivor the Engine (Tony Boydell, 2014): collect lost sheep and do jobs around a Welsh railway."""

from __future__ import annotations

from meeple.core import GameInfo, register
from meeple.games.ivor import svg, text
from meeple.games.ivor.rules import ACTION_SPACE, IvorState

INFO = register(
    GameInfo(
        id="ivor",
        title="Ivor the Engine",
        min_players=3,
        max_players=5,
        default_players=4,
        options=(),
        state_class=IvorState,
        action_space=ACTION_SPACE,
        description="Move your wagon around the railway, gather lost sheep and complete jobs; most sheep wins.",
        text_view=text.render,
        svg_view=svg.render,
    )
)

__all__ = ["INFO", "IvorState"]
