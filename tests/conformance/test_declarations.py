"""Everything a game knows is declared on its GameInfo: every registered game (and the
toy game) declares its bots, levels, words, views and RL environment, and each
declaration is usable as it stands."""

from __future__ import annotations

import dataclasses

import pytest

import meeple
from meeple.bots.levels import LEVEL_NAMES, LEVELS, level, level_descriptions
from meeple.core import GameInfo
from tests.toygame import TOY

ALL_GAMES = [*meeple.GAMES.values(), TOY]
IDS = [info.id for info in ALL_GAMES]
LEVEL_FIELDS = {f.name for f in dataclasses.fields(LEVELS["easy"])}


@pytest.mark.parametrize("info", ALL_GAMES, ids=IDS)
def test_a_game_declares_its_hooks(info: GameInfo) -> None:
    missing = [
        name
        for name in ("rollout_policy", "evaluator", "labeler", "narrator", "summarizer", "undo_barrier",
                     "text_view", "svg_view", "rl")
        if getattr(info, name) is None
    ]
    assert not missing, f"{info.id} declares no {', '.join(missing)}"
    assert info.bots, f"{info.id} declares no heuristic bot"
    assert info.end_reasons, f"{info.id} declares no end reasons"


@pytest.mark.parametrize("info", ALL_GAMES, ids=IDS)
def test_a_game_declares_every_level_with_known_fields_and_words(info: GameInfo) -> None:
    assert set(info.levels) == set(LEVEL_NAMES), f"{info.id} levels: {sorted(info.levels)}"
    for name, changes in info.levels.items():
        unknown = set(changes) - LEVEL_FIELDS
        assert not unknown, f"{info.id} {name}: unknown Level fields {sorted(unknown)}"
        assert "description" in changes, f"{info.id} {name} has no description of its own"
        assert level(info, name).description == changes["description"]
    descriptions = level_descriptions(info)
    assert list(descriptions) == list(LEVEL_NAMES)


@pytest.mark.parametrize("info", ALL_GAMES, ids=IDS)
def test_a_games_environment_id_carries_its_rules_version(info: GameInfo) -> None:
    assert info.rl is not None
    assert info.env_id == f"meeple/{info.rl.env_name}-v{info.rules_version}"
    assert info.rl.utility in ("zero_sum", "general_sum")
    assert info.rl.max_game_length > 0


def test_env_ids_are_distinct() -> None:
    ids = [info.env_id for info in ALL_GAMES]
    assert len(set(ids)) == len(ids)


def test_an_rl_spec_with_a_malformed_encoder_name_is_refused() -> None:
    from meeple.core import RLSpec

    with pytest.raises(ValueError, match="module:Class"):
        RLSpec(env_name="X", encoder="no_colon_here", max_game_length=10)
    with pytest.raises(ValueError, match="positive"):
        RLSpec(env_name="X", encoder="a:B", max_game_length=0)
