"""The PettingZoo AEC environments, checked by PettingZoo's own test suite and by their promises."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")  # the rl extra; `make test` installs it, so CI always runs these

from pettingzoo.test import api_test, render_test, seed_test

import meeple
from meeple.rl import pettingzoo as mpz
from tests.rl.helpers import SETUP_IDS, SETUPS


# PettingZoo's api_test warns about every Dict observation of an env missing from its own list of
# classic env names (connect_four_v3 ... are listed); our spaces have the classic shape.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_pettingzoo_api_seed_and_render_tests_pass(game: str, players: int) -> None:
    api_test(mpz.env(game, players=players), num_cycles=1000)
    seed_test(lambda: mpz.env(game, players=players), num_cycles=500)

    def make(render_mode: str | None = None) -> Any:
        return mpz.env(game, players=players, render_mode=render_mode)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        render_test(make)


def _play(env: Any, seed: int) -> tuple[dict[str, float], dict[str, bool], dict[str, bool], int]:
    """Play a whole game with random masked actions; the total reward, terminations and truncations."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    final_term: dict[str, bool] = {}
    final_trunc: dict[str, bool] = {}
    steps = 0
    rewarded_before_end = False
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            final_term[agent], final_trunc[agent] = term, trunc
            env.step(None)
            continue
        rewarded_before_end |= reward != 0
        env.step(int(env.action_space(agent).sample(obs["action_mask"])))
        steps += 1
    assert not rewarded_before_end
    return totals, final_term, final_trunc, steps


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_rewards_come_at_the_end_and_sum_to_zero(game: str) -> None:
    info = meeple.GAMES[game]
    players = max(info.min_players, 2)
    env = mpz.env(game, players=players)
    totals, term, trunc, steps = _play(env, seed=1)
    assert steps > 0
    assert sum(totals.values()) == pytest.approx(0.0)
    state = env.unwrapped.state
    assert state.is_over
    for seat, agent in enumerate(env.possible_agents):
        won = seat in state.winners
        if 0 < len(state.winners) < players:
            share = 1 / len(state.winners) if won else -1 / (players - len(state.winners))
            assert totals[agent] == pytest.approx(share)
    # A designed safeguard (random Bayon games reach its round cap) truncates; the rules' own end terminates.
    capped = state.end_reason == "safety_cap"
    assert all(trunc.values()) == capped and all(term.values()) != capped
    assert not any(term.values()) if capped else not any(trunc.values())


def test_a_safety_cap_truncates_instead_of_terminating(monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = meeple.GAMES["bayon"].state_class
    monkeypatch.setattr(state_class, "end_reason", property(lambda self: "safety_cap" if self.is_over else None))
    _, term, trunc, _ = _play(mpz.env("bayon", players=2), seed=3)
    assert all(trunc.values()) and not any(term.values())


def test_solo_ibyron_rewards_the_one_seat() -> None:
    totals, *_ = _play(mpz.env("ibyron", players=1), seed=2)
    assert next(iter(totals.values())) in (1.0, -1.0)


def test_agents_and_spaces() -> None:
    env = mpz.env("isle_of_skye", players=4)
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space is env.observation_space(agent)
        assert space["action_mask"].dtype == np.int8
        assert space["observation"].shape == meeple.rl.observation_shape("isle_of_skye", players=4)
        obs = env.observe(agent)
        assert space.contains(obs)


def test_skye_pricing_is_taken_in_turn_and_stays_hidden_until_the_reveal() -> None:
    """Every seat prices in turn; a later seat's observation is the same whatever an earlier seat chose."""
    worlds = []
    for choice in (0, -1):
        env = mpz.raw_env("isle_of_skye", players=3)
        env.reset(seed=7)
        assert len(env.state.to_move) == 3  # all three price at once in the rules
        seen = []
        first = env.agent_selection
        while env.state.observation(None)["phase"] == "price":
            agent = env.agent_selection
            mask = env.observe(agent)["action_mask"]
            legal = np.flatnonzero(mask)
            if agent == first:
                env.step(int(legal[choice]))
            else:
                seen.append((agent, env.observe(agent)["observation"].copy()))
                env.step(int(legal[0]))
        worlds.append(seen)
        assert {a for a, _ in seen} == {"player_1", "player_2"}
    for (agent_a, obs_a), (agent_b, obs_b) in zip(worlds[0], worlds[1], strict=True):
        assert agent_a == agent_b and np.array_equal(obs_a, obs_b)


def test_render_modes() -> None:
    env = mpz.env("ivor", players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Ivor" in text
    with pytest.raises(ValueError, match="render_mode"):
        mpz.env("ivor", players=3, render_mode="rgb")


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = mpz.env("bayon", players=2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert "Bayon" in capsys.readouterr().out


def test_an_illegal_action_is_refused_by_the_wrapped_env() -> None:
    env = mpz.env("bayon", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards[agent] == -1 and all(env.terminations.values())


def test_registered_with_pettingzoo_make() -> None:
    import pettingzoo

    if not hasattr(pettingzoo, "make"):  # PettingZoo before 1.27 has no registry; the pinned range includes them
        assert not hasattr(pettingzoo, "aec_registry")
        return
    env = pettingzoo.make("aec", "meeple/IvorTheEngine-v2", players=4)
    env.reset(seed=1)
    assert env.possible_agents == [f"player_{i}" for i in range(4)]
    assert env.unwrapped.game == "ivor"


def test_bad_construction_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        mpz.env("chess")
    with pytest.raises(ValueError, match="players"):
        mpz.env("bayon", players=9)
