"""Bayon (Wolfgang Werner, Adlung Spiele 2002): hire explorers, scout the five
continents and dig up their sites. Rules as implemented: RULES.md here.

The game's modules, one job each: ``data.py`` (components), ``actions.py``
(action space and notation), ``teams.py`` (which teams may be sent),
``rules.py`` (set-up, legality, transitions, end), ``explain.py`` (refusal
reasons), ``observe.py`` (observation and determinize), ``text.py`` and
``svg.py`` (views), ``bot.py`` (judgement, heuristic bot, rollout policy).
"""

from __future__ import annotations

from meeple.core import GameInfo, Option, register
from meeple.games.bayon import bot, svg, text
from meeple.games.bayon.actions import ACTION_SPACE
from meeple.games.bayon.data import DATA, load_data
from meeple.games.bayon.rules import END_REASONS, BayonState

INFO = register(
    GameInfo(
        id="bayon",
        title="Bayon",
        min_players=2,
        max_players=4,
        default_players=3,
        options=(
            Option(
                "target",
                None,
                int,
                "wealth (gold + site values) that wins at once; default by player count "
                + ", ".join(f"{n}p {t}" for n, t in sorted(DATA.target.items())),
                minimum=20,
                maximum=5000,
            ),
            Option(
                "max_rounds",
                60,
                int,
                "safeguard: after this many rounds the richest player wins (0 = no limit)",
                minimum=0,
                maximum=10_000,
            ),
        ),
        state_class=BayonState,
        action_space=ACTION_SPACE,
        description="Hire explorers, scout the continents and dig up sites until your gold and sites reach the target.",
        conformance=((2, {"target": 60}), (4, {"max_rounds": 3})),
        rules_version=2,
        end_reasons=END_REASONS,
        bots=bot.BOTS,
        rollout_policy=bot.rollout_policy,
        rollout_limit=bot.ROLLOUT_LIMIT,
        evaluator=bot.evaluate,
        text_view=text.render,
        svg_view=svg.render,
    )
)

__all__ = ["INFO", "BayonState", "load_data"]
