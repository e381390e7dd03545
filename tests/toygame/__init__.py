"""Toy High Card: a tiny hidden-information game, the worked example of a
game's layout (docs/ADDING_A_GAME.md) and the game the core is tested with.

Each seat holds one face-down card from a shuffled deck. On a turn a seat
either keeps its card or swaps it for the top of the deck (seeing the new
card, which others do not). After the set number of rounds the highest card
wins. Rules as implemented: RULES.md here.

This file wires the game's parts together through ``GameInfo``: rules.py
never imports its views or its bots.
"""

from __future__ import annotations

from meeple.core import GameInfo, Option, RLSpec, register
from tests.toygame import bot, svg, text, words
from tests.toygame.actions import ACTION_SPACE
from tests.toygame.data import DATA
from tests.toygame.levels import LEVELS
from tests.toygame.rules import ToyState

TOY = register(
    GameInfo(
        id="toy",
        title="Toy High Card",
        min_players=2,
        max_players=3,
        default_players=2,
        options=(Option("rounds", DATA.rounds, int, "rounds of turns", minimum=1, maximum=5),),
        state_class=ToyState,
        action_space=ACTION_SPACE,
        end_reasons=("turns",),
        rules_version=1,
        text_view=text.render,
        svg_view=svg.render,
        bots=bot.BOTS,
        rollout_policy=bot.rollout_policy,
        evaluator=bot.evaluate,
        labeler=words.label,
        narrator=words.narrate,
        summarizer=words.summarize,
        undo_barrier=words.reveals,
        levels=LEVELS,
        rl=RLSpec(env_name="ToyHighCard", encoder="tests.toygame.encoder:ToyEncoder", max_game_length=20),
    )
)

__all__ = ["TOY", "ToyState"]
