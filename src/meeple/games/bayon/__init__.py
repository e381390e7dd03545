"""Bayon (Wolfgang Werner, Adlung Spiele 2002): hire explorers, scout the five
continents and dig up their sites until gold plus sites reach the target.
The rules as implemented are in RULES.md beside this file.

One job per module:

- ``data.py``: the component data (explorers, sites, prices), loaded and checked.
- ``actions.py``: the action space, its notation and the steps of a turn.
- ``teams.py``: whether a team meets a site, and which explorers may join one.
- ``refusals.py``: the legality checks, each with its refusal reason (asked by rules.py too).
- ``rules.py``: set-up, legal actions, transitions and the end of the game.
- ``observe.py``: what a seat sees (``BayonObservation``) and ``determinize``.
- ``text.py``, ``svg.py``: the terminal and SVG views, drawn from an observation.
- ``words.py``: move labels, log lines, the end summary and undo barriers.
- ``bot.py``: the judgement, the heuristic bot and the rollout policy.
- ``levels.py``: what the easy, medium and hard bots change.
- ``encoder.py``: the RL tensor.
"""

from __future__ import annotations

from meeple.core import GameInfo, Option, RLSpec, register
from meeple.games.bayon import bot, svg, text, words
from meeple.games.bayon.actions import ACTION_SPACE
from meeple.games.bayon.data import DATA, load_data
from meeple.games.bayon.levels import ANALYSIS_PLAYOUTS, LEVELS
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
                "The first player whose gold plus the values of their sites reaches this wins at once. "
                "Leave it empty for the printed target: "
                + ", ".join(f"{t} with {n} players" for n, t in sorted(DATA.target.items()))
                + ".",
                minimum=20,
                maximum=5000,
                label="Winning wealth",
            ),
            Option(
                "max_rounds",
                60,
                int,
                "A safeguard, not in the rulebook: after this many rounds the player with the most "
                "wealth wins (equal wealth shares the win). 0 means no limit.",
                minimum=0,
                maximum=10_000,
                label="Round limit",
            ),
        ),
        state_class=BayonState,
        action_space=ACTION_SPACE,
        description="Hire explorers, scout the continents and dig up sites until your gold and sites reach the target.",
        length="about 16 rounds; 30–45 min at a table",  # rounds: docs/measurements/bayon.md, game length
        conformance=((2, {"target": 60}), (4, {"max_rounds": 3})),
        rules_version=2,
        end_reasons=END_REASONS,
        rollout_limit=bot.ROLLOUT_LIMIT,
        bots=bot.BOTS,
        rollout_policy=bot.rollout_policy,
        evaluator=bot.evaluate,
        careless_moves=bot.careless_moves,
        labeler=words.label,
        narrator=words.narrate,
        summarizer=words.summarize,
        undo_barrier=words.undo_barrier,
        text_view=text.render,
        svg_view=svg.render,
        levels=LEVELS,
        analysis_playouts=ANALYSIS_PLAYOUTS,
        # designed: well above the longest of 40 random games at every player count (docs/rl.md)
        rl=RLSpec(
            env_name="Bayon",
            encoder="meeple.games.bayon.encoder:BayonEncoder",
            max_game_length=5000,
        ),
    )
)

__all__ = ["INFO", "BayonState", "load_data"]
