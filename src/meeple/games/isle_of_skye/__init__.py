"""Isle of Skye: From Chieftain to King (Pelikan & Pfister, 2015), 2-5 players: price,
buy and place landscape tiles to build a clan territory that the round's scoring tiles
reward. Rules as implemented: RULES.md here.

The game's modules, one job each:

* ``data.py`` (with ``tiles.json``, ``rounds.json``): the tiles, the round track and
  the fixed amounts, with their provenance; which rotations fit which neighbours.
* ``actions.py``: the action space and notation, the phase numbers and names.
* ``rules.py``: set-up, legality, the seats' moves, the end of the game.
* ``round_sequence.py``: the steps of a round no seat chooses (income and draws, the
  reveal, unsold tiles, the builders' order, scoring) and the turn-order tables.
* ``build_plan.py``: which placements keep a seat's other received tiles placeable.
* ``territory.py``: a territory's areas, roads and totals, read plainly from its tiles.
* ``territory_index.py``: the same facts kept up to date tile by tile, for speed.
* ``scoring.py``: the sixteen scoring tiles, scrolls and the final tally.
* ``log_text.py``: the event log's number, square and turn texts, made once.
* ``refusals.py``: the legality tests, each with its refusal reason (asked by rules.py too).
* ``observe.py``: what a seat sees (``observation``) and ``determinize``.
* ``text.py``, ``svg.py``: the terminal and SVG views, drawn from an observation.
* ``words.py``: move labels, the log's consequences, the end summary, undo.
* ``bot.py``: the heuristic bot, ``evaluate()`` and the rollout policy.
* ``levels.py``: what ``easy``, ``medium`` and ``hard`` are here.
* ``encoder.py``: the RL observation tensor.
"""

from __future__ import annotations

from meeple.core import GameInfo, Option, RLSpec, register
from meeple.games.isle_of_skye import bot, svg, text, words
from meeple.games.isle_of_skye.actions import ACTION_SPACE
from meeple.games.isle_of_skye.levels import ANALYSIS_END_SPREAD, ANALYSIS_PLAYOUTS, LEVELS
from meeple.games.isle_of_skye.rules import END_REASONS, IsleOfSkyeState
from meeple.games.isle_of_skye.scoring import SCORING_TILES

INFO = register(
    GameInfo(
        id="isle_of_skye",
        title="Isle of Skye",
        min_players=2,
        max_players=5,
        default_players=4,
        options=(
            Option(
                "scoring",
                "random",
                str,
                "The four scoring tiles on spaces A-D, which decide what earns points in each round: "
                "'random' (four of the sixteen, drawn from the game's seed), 'first-game' (Sheep, Roads, "
                "Completed mountains, Animals near farms: simple to read), or four tiles of your choice as "
                "ids joined by commas, in the order A, B, C, D. A finished game's record stores the four "
                "tiles it used.",
                label="Scoring tiles",
                pick_from=tuple((tid, f"{tile.title} ({tile.text})") for tid, tile in SCORING_TILES.items()),
                pick_count=4,
            ),
        ),
        state_class=IsleOfSkyeState,
        action_space=ACTION_SPACE,
        description="Build a clan territory on Skye from tiles you price, buy and place; 5 or 6 rounds.",
        length="6 rounds (5 with 5 players)",  # fixed by the rules
        conformance=((2, {"scoring": "first-game"}), (5, {"scoring": "gold,ships,whisky,harbours"})),
        rules_version=2,  # 2: placements keep received tiles placeable; scoring stored resolved
        end_reasons=END_REASONS,
        # Designed: tree-search playouts stop after 30 steps and evaluate() judges the rest
        # (docs/measurements/isle_of_skye.md, "Tree search cut-off").
        rollout_limit=30,
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
            env_name="IsleOfSkye",
            encoder="meeple.games.isle_of_skye.encoder:IsleOfSkyeEncoder",
            max_game_length=1000,
            # what each placement would gain, for the seat placing a tile (docs/rl.md, "Feature sets")
            features=(("placement_values", "meeple.games.isle_of_skye.placement_values:PlacementValuesEncoder"),),
        ),
    )
)

__all__ = ["INFO", "IsleOfSkyeState"]
