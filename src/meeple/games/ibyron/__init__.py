"""Ibyron: Island of Discovery — build a colony on a growing island; first to house its workers wins.

The rules as implemented are in RULES.md beside this file. One job per module:

- ``data.py``: the component data (``data.json``), loaded and checked, and the typed tables the rules read.
- ``actions.py``: the action space, built once in a fixed order, and the phase and step names.
- ``island.py``: the grid of spaces and the stacked land tiles: where a tile may lie, what it covers.
- ``position.py``: every field of the state, the set-up, and the queries the rules ask of it.
- ``legal.py``: which actions a seat may take now, and the one check of an action (``find_refusal``).
- ``refusals.py``: each check that refuses an action, returning the reason (shared by apply's check and
  its refusal).
- ``moves.py``: where a leader may end a move, and with how many horses.
- ``market.py``: the choices of the market and bonus steps.
- ``outside.py``, ``village.py``, ``turns.py``: what Outside actions, village actions and the round's flow do.
- ``scoring.py``: the beginner and solo points and the race measure.
- ``rules.py``: the state: legality, transitions and the end, put together.
- ``observe.py``: what a seat sees (``IbyronObservation``) and ``determinize``.
- ``text.py``, ``svg.py``: the terminal and SVG views, drawn from an observation.
- ``svg_island.py``, ``svg_village.py``, ``svg_mats.py``, ``svg_shapes.py``: the SVG board's parts and shapes.
- ``view_words.py``: the words both views show (names, choices, what is being decided).
- ``words.py``: move labels (written in ``labels.py``), log lines, the end summary and undo barriers.
- ``bot.py``: the judgement, the heuristic bots and the rollout policy.
- ``levels.py``: what the easy, medium and hard bots change.
- ``encoder.py``: the RL tensor; ``encoder_state.py``: its fast path, written from the state's fields.
"""

from __future__ import annotations

from meeple.core import GameInfo, Option, RLSpec, register
from meeple.games.ibyron import bot, svg, text, words
from meeple.games.ibyron.actions import ACTION_SPACE
from meeple.games.ibyron.levels import ANALYSIS_END_SPREAD, ANALYSIS_PLAYOUTS, LEVELS
from meeple.games.ibyron.rules import END_REASONS, IbyronState

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
        length="about 15–19 rounds",  # rounds: docs/measurements/ibyron.md, game length
        conformance=((2, {"mode": "beginner"}), (3, {"mode": "beginner"}), (2, {"bonus_side": "back"}),
                     (1, {"bonus_side": "back"})),
        rules_version=4,
        end_reasons=END_REASONS,
        # A random game runs ~640 steps: search cuts its playouts at 40 and lets evaluate() judge the
        # position there, which buys many times more search iterations per move than playing to the end.
        rollout_limit=40,
        bots=bot.BOTS,
        rollout_policy=bot.rollout_policy,
        evaluator=bot.evaluate,
        labeler=words.label,
        narrator=words.narrate,
        summarizer=words.summarize,
        undo_barrier=words.undo_barrier,
        text_view=text.render,
        svg_view=svg.render,
        levels=LEVELS,
        analysis_playouts=ANALYSIS_PLAYOUTS,
        analysis_end_spread=ANALYSIS_END_SPREAD,
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
