"""Ibyron: Island of Discovery — build a colony on a growing island; first to house its workers wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core import GameInfo, Option, RLSpec, register
from meeple.games.ibyron.actions import ACTION_SPACE
from meeple.games.ibyron.bot import BOTS, evaluate, rollout_policy
from meeple.games.ibyron.levels import LEVELS
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.story import narrate, summarize, undo_barrier
from meeple.games.ibyron.words import label


def _text_view(obs: dict[str, Any], legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> object:
    from meeple.games.ibyron.text import text_view

    return text_view(obs, legal, names=names)


def _svg_view(obs: dict[str, Any], legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    from meeple.games.ibyron.svg import svg_view

    return str(svg_view(obs, legal, names=names))


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
            Option("mode", "standard", str, "The standard game is a race: the first player with 3 or fewer "
                   "workers outside buildings wins. The beginner game lasts 10 rounds and is scored in points. "
                   "With 1 player it is always the solo game.", choices=("standard", "beginner"),
                   label="Game", choice_labels=("Standard race", "Beginner game (10 rounds, points)")),
            Option("bonus_side", "front", str, "Which side of the bonus resource mat is used when a player "
                   "finishes the village: the front's six numbered spaces (each taken once a round), or the "
                   "back's ladder, paid for with the discs given up.", choices=("front", "back"),
                   label="Bonus mat", choice_labels=("Front: numbered spaces", "Back: ladder paid in discs")),
            Option("round_limit", None, int, "How many rounds are played at most (empty: 30 in the standard "
                   "game, a safeguard; 10 in the beginner and solo games). A standard game that reaches it "
                   "goes to the player with the most discs in buildings.", minimum=1, maximum=99,
                   label="Round limit"),
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
        rules_version=4,
        end_reasons=END_REASONS,
        bots=BOTS,
        rollout_policy=rollout_policy,
        evaluator=evaluate,
        labeler=label,
        narrator=narrate,
        summarizer=summarize,
        undo_barrier=undo_barrier,
        text_view=_text_view,
        svg_view=_svg_view,
        levels=LEVELS,
        # designed: well above the longest of 40 random games at every player count (docs/rl.md)
        rl=RLSpec(
            env_name="Ibyron",
            encoder="meeple.games.ibyron.encoder:IbyronEncoder",
            max_game_length=6000,
            utility="general_sum",
        ),
    )
)

__all__ = ["INFO", "IbyronState"]
