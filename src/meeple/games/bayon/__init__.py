"""Bayon (Wolfgang Werner, Adlung Spiele 2002): hire explorers, scout the five
continents and dig up their sites. Rules as implemented: RULES.md here."""

from __future__ import annotations

from meeple.core import GameInfo, Option, register
from meeple.games.bayon import svg, text
from meeple.games.bayon.rules import ACTION_SPACE, DATA, BayonState, load_data

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
        text_view=text.render,
        svg_view=svg.render,
    )
)

__all__ = ["INFO", "BayonState", "load_data"]
