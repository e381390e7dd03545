"""Adding a game is one folder plus one registry line: with the toy game put in the
registry (what its line in ``GAME_MODULES`` does for a real game), the bots' levels,
the arena and the three RL adapters offer it, and PettingZoo's, Gymnasium's and
OpenSpiel's own checks pass on it, with nothing of the toy game written outside its folder."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

import meeple
from meeple.bots import make_bot
from meeple.bots.levels import LEVEL_NAMES
from tests.toygame import TOY

pytest.importorskip("pyspiel")  # the openspiel extra; `make test` installs it, so CI always runs these


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy game in ``meeple.GAMES``, as one line in ``GAME_MODULES`` puts a real game there;
    the adapters' ``register()`` is what importing them does."""
    monkeypatch.setitem(meeple.GAMES, TOY.id, TOY)
    import meeple.rl.gymnasium as mg
    import meeple.rl.openspiel as mos
    import meeple.rl.pettingzoo as mpz

    mg.register()
    mpz.register()
    mos.register()
    yield TOY.id


def test_every_level_plays_the_new_game_to_the_end(toy_registered: str) -> None:
    for name in LEVEL_NAMES:
        state = meeple.new_game(toy_registered, players=2, seed=3)
        bots = [make_bot(name, game=toy_registered, seed=seat) for seat in range(2)]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(bots[seat].choose(state, seat), seat)
        assert state.end_reason in TOY.end_reasons


def test_the_arena_plays_the_new_game(toy_registered: str) -> None:
    from meeple.arena.play import GameJob, play_game

    job = GameJob(toy_registered, 2, {}, index=0, seed=5, lineup=("easy", "random"), bot_seeds=(1, 2))
    row = play_game(job)
    assert row["end_reason"] == "turns" and len(row["scores"]) == 2


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_pettingzoos_own_tests_pass_on_the_new_game(toy_registered: str) -> None:
    from pettingzoo.test import api_test, seed_test

    from meeple.rl import pettingzoo as mpz

    for players in TOY.player_counts:
        api_test(mpz.env(toy_registered, players=players), num_cycles=200)
        seed_test(lambda players=players: mpz.env(toy_registered, players=players), num_cycles=100)


def test_gymnasiums_own_checker_passes_on_the_new_game(toy_registered: str) -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(TOY.env_id).unwrapped)
        check_env(gymnasium.make(TOY.env_id, players=3, seat=1, opponents="random").unwrapped, skip_render_check=True)


def test_openspiels_own_simulation_test_passes_on_the_new_game(toy_registered: str) -> None:
    import pyspiel

    import meeple.rl.openspiel as mos

    for players in TOY.player_counts:
        game = pyspiel.load_game(mos.short_name(toy_registered), {"players": players, "seed": 1})
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
        assert game.num_distinct_actions() == TOY.num_actions
