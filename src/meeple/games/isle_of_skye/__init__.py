"""Isle of Skye: From Chieftain to King (Pelikan & Pfister, 2015), 2-5 players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core import Action, GameInfo, Option, RLSpec, State, register
from meeple.core.rng import Random
from meeple.core.words import EndSummary, LogLine
from meeple.games.isle_of_skye import words
from meeple.games.isle_of_skye.actions import ACTION_SPACE
from meeple.games.isle_of_skye.levels import LEVELS
from meeple.games.isle_of_skye.rules import END_REASONS, IsleOfSkyeState
from meeple.games.isle_of_skye.scoring import SCORING_TILES


def _text_view(obs: dict[str, Any], legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> Any:
    from meeple.games.isle_of_skye.text import render

    return render(obs, legal, names=names)


def _svg_view(obs: dict[str, Any], legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    from meeple.games.isle_of_skye.svg import render

    return render(obs, legal, names=names)


def _label(state: State, action: Action, seat: int) -> str:
    assert isinstance(state, IsleOfSkyeState)
    return words.label(state, action, seat)


def _narrate(before: State, action: Action, seat: int, after: State, names: Sequence[str] | None) -> list[LogLine]:
    assert isinstance(before, IsleOfSkyeState) and isinstance(after, IsleOfSkyeState)
    return words.narrate(before, action, seat, after, names)


def _summarize(state: State, names: Sequence[str] | None) -> EndSummary:
    assert isinstance(state, IsleOfSkyeState)
    return words.summarize(state, names)


def _undo_barrier(before: State, action: Action, seat: int, after: State) -> bool:
    assert isinstance(before, IsleOfSkyeState) and isinstance(after, IsleOfSkyeState)
    return words.undo_barrier(before, action, seat, after)


def _evaluate(state: State) -> tuple[float, ...]:
    from meeple.games.isle_of_skye.bot import evaluate

    assert isinstance(state, IsleOfSkyeState)
    return evaluate(state)


def _rollout_policy(state: State, seat: int, rng: Random) -> Action:
    from meeple.games.isle_of_skye.bot import rollout_policy

    assert isinstance(state, IsleOfSkyeState)
    return rollout_policy(state, seat, rng)


def _bots() -> tuple[type, ...]:
    from meeple.games.isle_of_skye.bot import BOTS

    return BOTS


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
        conformance=((2, {"scoring": "first-game"}), (5, {"scoring": "gold,ships,whisky,harbours"})),
        rules_version=2,  # 2: placements keep received tiles placeable; scoring stored resolved
        # Designed: search playouts stop after 30 steps and evaluate() judges the rest
        # (measured: ISMCTS:100 won 0 of 4 games against the heuristic bot with full random
        # playouts, 7 of 12 with this cap; RULES.md).
        rollout_limit=30,
        end_reasons=END_REASONS,
        bots=_bots(),
        rollout_policy=_rollout_policy,
        evaluator=_evaluate,
        labeler=_label,
        narrator=_narrate,
        summarizer=_summarize,
        undo_barrier=_undo_barrier,
        text_view=_text_view,
        svg_view=_svg_view,
        levels=LEVELS,
        # designed: well above the longest of 40 random games at every player count (docs/rl.md)
        rl=RLSpec(
            env_name="IsleOfSkye",
            encoder="meeple.games.isle_of_skye.encoder:IsleOfSkyeEncoder",
            max_game_length=1000,
        ),
    )
)

__all__ = ["INFO", "IsleOfSkyeState"]
