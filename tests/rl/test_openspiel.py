"""The OpenSpiel games: registered, typed right, and passing pyspiel's own random simulation test."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")  # the openspiel extra; `make test` installs it

import meeple  # noqa: E402
import meeple.rl as rl  # noqa: E402
import meeple.rl.openspiel as mos  # noqa: E402
from meeple.games.bayon.data import DATA as BAYON_DATA  # noqa: E402
from tests.rl.helpers import SETUP_IDS, SETUPS  # noqa: E402


def load(game: str, players: int, seed: int = 1) -> pyspiel.Game:
    return pyspiel.load_game(mos.short_name(game), {"players": players, "seed": seed})


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_random_sim_test_passes(game: str, players: int) -> None:
    pyspiel.random_sim_test(load(game, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_game_type_and_info(game: str) -> None:
    info = meeple.GAMES[game]
    spiel = load(game, info.default_players)
    kind = spiel.get_type()
    assert kind.short_name == mos.short_name(game)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    expected = pyspiel.GameType.Utility.GENERAL_SUM if info.min_players == 1 else pyspiel.GameType.Utility.ZERO_SUM
    assert kind.utility == expected
    assert (kind.min_num_players, kind.max_num_players) == (info.min_players, info.max_players)
    assert spiel.num_distinct_actions() == info.num_actions
    assert spiel.num_players() == info.default_players
    assert (spiel.min_utility(), spiel.max_utility()) == (-1.0, 1.0)
    assert spiel.max_game_length() >= 1000
    assert spiel.observation_tensor_shape() == list(rl.observation_shape(game, players=info.default_players))


def test_observer_tensor_and_strings_come_from_the_seat_observation() -> None:
    spiel = load("ivor", 3, seed=5)
    state = spiel.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    truth = state.meeple
    for seat in range(3):
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), rl.observation_tensor(truth, seat))
        assert state.observation_string(seat) == mos.observation_json(truth, seat)
        assert state.information_state_string(seat).startswith(mos.observation_json(truth, seat) + "|")
    # another seat's hand is in its own strings only
    hand = truth.observation(0)["players"][0]["hand"]
    assert hand and str(hand) not in state.observation_string(1).replace(" ", "")


def test_seeded_games_repeat_and_each_started_game_deals_anew() -> None:
    a, b = load("bayon", 2, seed=9), load("bayon", 2, seed=9)
    first = a.new_initial_state()
    looked = a.new_initial_state()
    first.clone()
    assert first.meeple.seed == b.new_initial_state().meeple.seed == looked.meeple.seed  # looked at only: one deal
    first.apply_action(first.legal_actions()[0])
    assert looked.meeple.seed == first.meeple.seed  # a state already looked at keeps its deal
    second = a.new_initial_state()
    assert second.meeple.seed != first.meeple.seed  # a game has started: the next state deals anew
    copy = first.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert first.meeple.move_number == 1 and copy.meeple.move_number == 2


def test_a_printed_state_shows_only_the_spectator_view() -> None:
    state = load("ivor", 3, seed=4).new_initial_state()
    assert str(state) == mos.observation_json(state.meeple, None)
    assert str(state.meeple.seed) not in str(state)


def test_options_are_parameters() -> None:
    spiel = pyspiel.load_game("meeple_bayon", {"players": 2, "target": 60})
    assert spiel.new_initial_state().meeple.options["target"] == 60
    default = pyspiel.load_game("meeple_bayon", {"players": 2})
    state = default.new_initial_state().meeple
    # Left out, the target is the rules' own for two players, stored resolved.
    assert state.options["target"] == state.observation(0)["target"] == BAYON_DATA.target[2]


def test_openspiel_ismcts_plays_with_the_determinize_resampler() -> None:
    spiel = load("isle_of_skye", 3, seed=2)
    bot = mos.ismcts_bot(spiel, simulations=8, seed=1)
    state = spiel.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(30):
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)


def test_resampled_worlds_share_the_information_state() -> None:
    spiel = load("ivor", 4, seed=3)
    state = spiel.new_initial_state()
    for _ in range(20):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    rng = mos.Random(4)
    worlds = [mos.determinized(state, player, rng) for _ in range(4)]
    key = state.information_state_string(player)
    assert all(w.information_state_string(player) == key for w in worlds)
    hands = {str(w.meeple.observation((player + 1) % 4)["players"][(player + 1) % 4]["hand"]) for w in worlds}
    assert len(hands) > 1  # the other seats' hands really are re-drawn
