"""Ibyron: Island of Discovery — build a colony on a growing island; first to house its workers wins."""

from __future__ import annotations

from typing import Any

from meeple.core import GameInfo, Option, register
from meeple.games.ibyron.actions import ACTION_SPACE
from meeple.games.ibyron.bot import BOTS, evaluate, rollout_policy
from meeple.games.ibyron.rules import IbyronState


def _text_view(obs: dict[str, Any], legal: list[str] | None = None) -> object:
    from meeple.games.ibyron.text import render

    return render(obs, legal)


def _svg_view(obs: dict[str, Any], legal: list[str] | None = None) -> str:
    from meeple.games.ibyron.svg import render

    return str(render(obs, legal))


# Why a game ends: a player housed all but 3 workers (the rulebook's end), the beginner/solo game's last
# round, or the standard game's designed round limit (a safeguard, not a rule of the game).
END_REASONS = ("workers", "rounds", "safety_cap")

INFO = register(
    GameInfo(
        id="ibyron",
        title="Ibyron: Island of Discovery",
        min_players=1,
        max_players=4,
        default_players=2,
        options=(
            Option("mode", "standard", str, "standard race, or the 10-round beginner game scored in points "
                   "(1 player is always the solo game)", choices=("standard", "beginner")),
            Option("bonus_side", "front", str, "bonus resource mat side: front (numbered spaces) or back "
                   "(the variant ladder paid in discs)", choices=("front", "back")),
            Option("round_limit", None, int, "rounds before the game ends (default: 30 standard, 10 beginner/solo); "
                   "a standard game that reaches it goes to the player with the most discs in buildings",
                   minimum=1, maximum=99),
        ),
        state_class=IbyronState,
        action_space=ACTION_SPACE,
        description="Send workers out to cut wood, mine and farm, raise buildings and a castle, and spend the "
                    "rest in the village; the first with at most 3 workers left outside buildings wins.",
        # A random game runs ~640 steps; search cuts playouts at 40 and lets
        # evaluate() judge them (12x the iterations, benchmarks/strength.py).
        rollout_limit=40,
        conformance=((2, {"mode": "beginner"}), (3, {"mode": "beginner"}), (2, {"bonus_side": "back"}),
                     (1, {"bonus_side": "back"})),
        rules_version=2,
        end_reasons=END_REASONS,
        bots=BOTS,
        rollout_policy=rollout_policy,
        evaluator=evaluate,
        text_view=_text_view,
        svg_view=_svg_view,
    )
)

__all__ = ["INFO", "IbyronState"]
