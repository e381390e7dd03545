"""Ivor the Engine (Tony Boydell, 2014): collect lost sheep and do jobs around a Welsh railway.

The game's modules, each with one job:

* ``data.json`` + ``data.py`` - the board, the cards and the component counts, with provenance;
* ``actions.py`` - the action space, its notation and the names of the turn's phases;
* ``rules.py`` - set-up, legal actions, transitions and the end of the game;
* ``routes.py`` - movement: which places a wagon can reach, by which routes, for what coal;
* ``events.py`` - what each event card does when revealed and is worth at the end;
* ``refusals.py`` - the checks that make an action legal, each with its refusal in plain words;
* ``observe.py`` - what each seat sees (``IvorObservation``), and the worlds a seat cannot tell apart;
* ``text.py``, ``svg.py`` - the terminal and SVG views, drawn from an observation;
* ``words.py`` - labels for actions, the log's sentences, the end-of-game summary, undo;
* ``bot.py`` - the heuristic bot, ``evaluate`` and the rollout policy;
* ``levels.py`` - the easy / medium / hard bot levels;
* ``encoder.py`` - the tensor an RL agent sees;
* ``RULES.md`` - the rules as implemented, for players.
"""

from __future__ import annotations

from meeple.core import GameInfo, RLSpec, register
from meeple.games.ivor import bot, svg, text, words
from meeple.games.ivor.actions import ACTION_SPACE
from meeple.games.ivor.levels import ANALYSIS_PLAYOUTS, LEVELS
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
        length="5–8 rounds; 10–15 min a player at a table",  # rounds: docs/measurements/ivor.md, game length
        rules_version=2,
        end_reasons=END_REASONS,
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
        # designed: well above the longest of 40 random games at every player count (docs/rl.md)
        rl=RLSpec(
            env_name="IvorTheEngine",
            encoder="meeple.games.ivor.encoder:IvorEncoder",
            max_game_length=5000,
        ),
    )
)

__all__ = ["INFO", "IvorState"]
