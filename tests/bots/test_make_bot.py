"""``make_bot`` specs, their errors, and the level table."""

from __future__ import annotations

import pytest

import meeple
from meeple.bots import (
    ISMCTS,
    LEVEL_NAMES,
    PolicyRollout,
    RandomBot,
    game_bots,
    level,
    level_descriptions,
    make_bot,
)
from meeple.bots.levels import LEVELS

GAMES = sorted(meeple.GAMES)


def test_random_and_ismcts_specs() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot(" Random "), RandomBot)
    bot = make_bot("ismcts:300")
    assert isinstance(bot, ISMCTS) and bot.iterations == 300 and bot.seconds is None
    bot = make_bot("ismcts:0.5s")
    assert isinstance(bot, ISMCTS) and bot.seconds == 0.5 and bot.iterations is None
    bot = make_bot("ismcts")
    assert isinstance(bot, ISMCTS) and bot.seconds == 1.0


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", LEVEL_NAMES)
def test_levels_are_built_from_the_games_table(game: str, name: str) -> None:
    bot = make_bot(name, seed=1, game=game)
    settings = level(game, name)
    if settings.search == "rollout":
        assert isinstance(bot, PolicyRollout) and bot.name == name
        assert (bot.playouts, bot.seconds, bot.horizon) == (settings.iterations, settings.seconds, settings.horizon)
        assert bot.prior is not None and bot.epsilon == settings.epsilon
        return
    assert isinstance(bot, ISMCTS) and bot.name == name
    assert (bot.iterations, bot.seconds) == (settings.iterations, settings.seconds)
    judged = meeple.GAMES[game].evaluator is not None
    assert bot.rollout_limit == (settings.rollout_limit if judged else None)
    assert bot.epsilon == settings.epsilon
    has_heuristic = bool(game_bots(game))
    assert (bot.prior is not None) == (has_heuristic and settings.prior_weight > 0)


@pytest.mark.parametrize("game", GAMES)
def test_a_level_takes_another_budget(game: str) -> None:
    """``level:N`` is N iterations (tree search) or N playouts (rollout) and no time cap;
    ``level:0.1s`` a time cap alone; the level's other settings stay."""
    for name in LEVEL_NAMES:
        settings = level(game, name)
        counted = make_bot(f"{name}:200", seed=1, game=game)
        timed = make_bot(f"{name}:0.1s", seed=1, game=game)
        if settings.search == "rollout":
            assert isinstance(counted, PolicyRollout) and (counted.playouts, counted.seconds) == (200, None)
            assert isinstance(timed, PolicyRollout) and (timed.playouts, timed.seconds) == (None, 0.1)
            assert (counted.blunder, counted.confidence) == (settings.blunder, settings.confidence)
        else:
            assert isinstance(counted, ISMCTS) and (counted.iterations, counted.seconds) == (200, None)
            assert isinstance(timed, ISMCTS) and (timed.iterations, timed.seconds) == (None, 0.1)
            assert counted.widening == settings.widening


def test_budgets_fit_the_levels_time_limits() -> None:
    """Easy at most 0.3 s a move, medium 1 s, hard 2 s, in every game."""
    limits = {"easy": 0.3, "medium": 1.0, "hard": 2.0}
    for game in GAMES:
        for name in LEVEL_NAMES:
            assert 0 < level(game, name).seconds <= limits[name]


def test_game_tables_change_only_known_fields() -> None:
    fields = set(LEVELS["easy"].__dataclass_fields__)
    for info in meeple.GAMES.values():
        for name, values in info.levels.items():
            assert name in LEVELS and set(values) <= fields


@pytest.mark.parametrize("game", GAMES)
def test_level_descriptions_say_each_level_in_words(game: str) -> None:
    descriptions = level_descriptions(game)
    assert list(descriptions) == list(LEVEL_NAMES)
    for name, text in descriptions.items():
        assert text.lower().startswith(name) and len(text) > 40
        assert "ismcts" not in text.lower() and "iteration" not in text.lower()


def test_a_games_own_bots_by_name() -> None:
    for game in GAMES:
        for name, cls in game_bots(game).items():
            bot = make_bot(name, seed=3, game=game)
            assert isinstance(bot, cls) and bot.name == name


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [
        ("alphazero", "bayon", r"unknown bot 'alphazero' for bayon; bots: random, ismcts, easy, medium, hard"),
        ("greedy", None, r"unknown bot 'greedy' \(a game's own bots need game=...\)"),
        ("hard", None, r"level 'hard' is defined per game"),
        ("ismcts:fast", None, r"bad budget 'fast' in 'ismcts:fast'.*ismcts:2000 or ismcts:0.5s"),
        ("ismcts:0", None, r"bad budget '0'"),
        ("ismcts:-1s", None, r"bad budget '-1s'"),
        ("hard:soon", "ivor", r"bad budget 'soon' in 'hard:soon'.*hard:2000 or hard:0.5s"),
        ("random:3", None, r"the random bot takes no budget"),
        ("easy", "chess", r"unknown game 'chess'"),
    ],
)
def test_bad_specs_say_what_is_allowed(spec: str, game: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, game=game)


def test_a_game_bot_takes_no_budget_and_a_spec_must_be_text() -> None:
    game, name = next((g, n) for g in GAMES for n in game_bots(g))
    with pytest.raises(ValueError, match=f"the '{name}' bot takes no budget"):
        make_bot(f"{name}:100", game=game)
    with pytest.raises(ValueError, match="a bot spec is text"):
        make_bot(3)  # type: ignore[arg-type]


def test_unknown_level_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        level("bayon", "expert")


def test_a_misspelt_game_is_refused_not_given_the_defaults() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'bayonn' \(games: .*bayon"):
        level("bayonn", "hard")
    assert level(None, "hard") == LEVELS["hard"]


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_a_bots_seed_is_a_whole_number_of_at_least_0(seed: object) -> None:
    with pytest.raises(ValueError, match="a bot's seed is a whole number of at least 0"):
        make_bot("random", seed=seed)  # type: ignore[arg-type]
    state = meeple.new_game("bayon", players=2, seed=5)
    picks = {make_bot("random", seed=0).choose(state, 0) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(state.legal_actions(0))  # 0 is a seed like any other
    assert make_bot("random", seed=None).choose(state, 0) in state.legal_actions(0)


def test_levels_cut_playouts_only_where_the_game_judges_the_cut() -> None:
    from tests.bots.smallgames import pile

    judged = pile(10, evaluator=lambda state: (0.5, 0.5)).info
    bot = make_bot("hard", game=judged)
    assert isinstance(bot, ISMCTS) and bot.rollout_limit == level(None, "hard").rollout_limit
    unjudged = pile(10).info
    bot = make_bot("hard", game=unjudged)
    assert isinstance(bot, ISMCTS) and bot.rollout_limit is None  # the game's own default
