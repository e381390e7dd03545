"""Ivor the Engine (Tony Boydell, 2014): collect lost sheep and do jobs around a Welsh railway."""

from __future__ import annotations

from meeple.core import GameInfo, RLSpec, register
from meeple.games.ivor import bot, svg, text, words
from meeple.games.ivor.actions import ACTION_SPACE
from meeple.games.ivor.levels import LEVELS
from meeple.games.ivor.rules import END_REASONS, IvorState

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
        rules_version=2,
        rollout_limit=40,
        bots=bot.BOTS,
        rollout_policy=bot.rollout_policy,
        evaluator=bot.evaluate,
        end_reasons=END_REASONS,
        labeler=words.label,
        narrator=words.narrate,
        summarizer=words.summarize,
        undo_barrier=words.undo_barrier,
        text_view=text.render,
        svg_view=svg.render,
        levels=LEVELS,
        # designed: well above the longest of 40 random games at every player count (docs/rl.md)
        rl=RLSpec(
            env_name="IvorTheEngine",
            encoder="meeple.games.ivor.encoder:IvorEncoder",
            max_game_length=5000,
        ),
    )
)

__all__ = ["INFO", "IvorState"]
