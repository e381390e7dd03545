"""The Gymnasium environments: one learner against bots, checked by Gymnasium's env checker."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")  # the rl extra; `make test` installs it

from gymnasium.utils.env_checker import check_env  # noqa: E402

import meeple  # noqa: E402
import meeple.rl.gymnasium as mg  # noqa: E402
from meeple.rl.common import env_ids  # noqa: E402

IDS = list(env_ids().items())


@pytest.mark.parametrize(("game", "env_id"), IDS, ids=[g for g, _ in IDS])
def test_check_env_passes_without_a_warning(game: str, env_id: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make(env_id).unwrapped)
        check_env(gymnasium.make(env_id, render_mode="ansi").unwrapped)
        check_env(gymnasium.make(env_id, seat=0, opponents="random").unwrapped, skip_render_check=True)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize(("game", "env_id"), IDS, ids=[g for g, _ in IDS])
def test_a_whole_episode_with_masked_actions(game: str, env_id: str) -> None:
    info = meeple.GAMES[game]
    env = gymnasium.make(env_id, players=max(2, info.min_players))
    obs, inf = env.reset(seed=4)
    base = env.unwrapped
    rng = np.random.default_rng(0)
    reward, done, steps = 0.0, False, 0
    while not done:
        mask = base.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, inf["action_mask"].astype(bool))
        assert base.seat in base.state.to_move
        obs, reward, term, trunc, inf = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.observation_space.contains(obs)
        done = term or trunc
        if not done:
            assert reward == 0.0
        steps += 1
    state = base.state
    assert state.is_over and "illegal_action" not in inf
    assert reward == pytest.approx(meeple.rl.common.outcome_rewards(state)[base.seat])


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = gymnasium.make("meeple/Bayon-v2", players=3, seat=1, illegal_reward=-2.5)
    env.reset(seed=1)
    base = env.unwrapped
    illegal = int(np.flatnonzero(~base.action_masks())[0])
    before = base.state.record.to_json()
    _obs, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, trunc, info["illegal_action"]) == (-2.5, True, False, True)
    assert base.state.record.to_json() == before
    assert not base.action_masks().any()
    assert env.step(0)[2] is True  # stepping on after the end never crashes


def test_opponents_move_inside_step_and_reset_seeds_everything() -> None:
    def run(seed: int) -> list[str]:
        env = gymnasium.make("meeple/IvorTheEngine-v2", players=4, seat=None, opponents=["random", "random", "random"])
        env.reset(seed=seed)
        base = env.unwrapped
        for _ in range(30):
            mask = base.action_masks()
            if not mask.any():
                break
            env.step(int(np.flatnonzero(mask)[0]))
        return [f"{seat}:{move}" for seat, move in base.state.record.moves] + [str(base.seat)]

    assert run(5) == run(5)
    assert run(5) != run(6)
    moves = run(5)
    seats = {m.split(":")[0] for m in moves[:-1]}
    assert len(seats) > 1  # the bots moved too


def test_a_random_seat_each_episode_and_a_fixed_one() -> None:
    env = gymnasium.make("meeple/Bayon-v2", players=4)
    seats = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
    assert len(seats) > 1
    fixed = gymnasium.make("meeple/Bayon-v2", players=4, seat=2)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(5)} == {2}


def test_the_env_pickles_mid_game_and_runs_in_async_vector_envs() -> None:
    env = gymnasium.make("meeple/IsleOfSkye-v2", players=3, opponents="greedy").unwrapped
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    copy = pickle.loads(pickle.dumps(env))
    assert np.array_equal(copy.action_masks(), env.action_masks())
    assert copy.state.record.to_json() == env.state.record.to_json()
    vec = gymnasium.vector.AsyncVectorEnv([lambda: gymnasium.make("meeple/Bayon-v2", players=2)] * 2)
    try:
        obs, _ = vec.reset(seed=1)
        assert obs.shape == (2, *meeple.rl.observation_shape("bayon", players=2))
        masks = vec.call("action_masks")
        actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
        obs, _rewards, _term, _trunc, _infos = vec.step(actions)
        assert obs.shape[0] == 2
    finally:
        vec.close()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("meeple/Bayon-v2", players=2, seat=2)
    with pytest.raises(ValueError, match="unknown bot"):
        gymnasium.make("meeple/Bayon-v2", opponents="grandmaster")
    with pytest.raises(ValueError, match="one opponent spec"):
        gymnasium.make("meeple/Bayon-v2", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="option"):
        gymnasium.make("meeple/Bayon-v2", colour="red")


@pytest.mark.parametrize("game", list(env_ids()))
def test_random_opponents_play_as_random_bot_choose_and_apply(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The env picks a random bot's move itself (same draw as ``RandomBot.choose``) and skips ``apply``'s
    checks: the games must be those that ``choose`` and ``apply`` give."""
    players = meeple.GAMES[game].player_counts[-1]

    def episode() -> list[tuple[int, object]]:
        env = gymnasium.make(env_ids()[game], players=players, seat=1)
        env.reset(seed=9)
        base = env.unwrapped
        rng = np.random.default_rng(9)
        for _ in range(60):
            mask = base.action_masks()
            if not mask.any():
                break
            env.step(int(rng.choice(np.flatnonzero(mask))))
        return list(base.state.history)

    fast = episode()
    monkeypatch.setattr(mg, "RandomBot", type("NotTheRandomBot", (), {}))  # the env no longer knows the bots
    assert len(fast) > 60 and episode() == fast
