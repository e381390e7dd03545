"""Feature sets (``features=NAME``): the same vector through every environment, recorded in policy
files so the bot builds the vector it was trained on, and the default vector unchanged without one."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import meeple
from meeple.bots import make_bot
from meeple.bots.policy_bot import PolicyBot
from meeple.games.isle_of_skye.actions import BUILD
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.rl import observation_shape, observation_tensor
from meeple.rl.common import env_ids
from meeple.rl.policy import PolicyError, encoder_fingerprint, load_policy, save_policy, shipped_path

GAME, NAME = "isle_of_skye", "placement_values"
VALUES_AT = observation_shape(GAME, 2)[0]  # the appended values start where the default vector ends


def tiny_policy(path: Path, vector: str | None, **changes: object) -> Path:
    """A small random network over the vector of feature set ``vector``, written as a policy file
    (its meta naming that set unless ``changes`` say otherwise)."""
    rng = np.random.default_rng(1)
    size, actions = observation_shape(GAME, 2, vector)[0], meeple.GAMES[GAME].num_actions
    meta = {
        "game": GAME, "env_id": env_ids()[GAME], "players": 2, "obs_size": size, "num_actions": actions,
        "fingerprint": encoder_fingerprint(GAME, 2, vector), "activation": "tanh", "training": {},
        **({} if vector is None else {"features": vector}), **changes,
    }  # fmt: skip
    meta = {k: v for k, v in meta.items() if v is not None}
    weights = [rng.normal(size=(size, 8)), rng.normal(size=(8, actions))]
    out: Path = save_policy(path, meta, weights, [rng.normal(size=8), rng.normal(size=actions)], np.arange(actions))
    return out


def test_the_shipped_policy_names_its_feature_set_and_is_played_on_that_layout() -> None:
    shipped = load_policy(shipped_path(GAME))
    assert shipped.features == NAME
    assert shipped.meta["fingerprint"] == encoder_fingerprint(GAME, 2, NAME) != encoder_fingerprint(GAME, 2)
    assert shipped.meta["obs_size"] == observation_shape(GAME, 2, NAME)[0] > VALUES_AT
    state = meeple.new_game(GAME, players=2, seed=2)
    assert make_bot("learned", game=GAME).choose(state, state.to_move[0]) in state.legal_actions(state.to_move[0])


def test_the_gymnasium_env_observes_the_feature_sets_vector() -> None:
    from meeple.rl.gymnasium import MeepleEnv

    env = MeepleEnv(GAME, players=2, opponents="heuristic", features=NAME)
    assert env.observation_space.shape == observation_shape(GAME, 2, NAME)
    obs, info = env.reset(seed=3)
    placing = 0
    for _ in range(200):
        assert np.array_equal(obs, observation_tensor(env.state, env.seat, NAME))
        placing += bool(obs[VALUES_AT:].any())
        legal = np.flatnonzero(info["action_mask"])
        obs, _reward, done, cut, info = env.step(int(legal[0]))
        if done or cut:
            obs, info = env.reset()
    assert placing > 5
    with pytest.raises(ValueError, match="no feature set 'values'"):
        MeepleEnv(GAME, players=2, features="values")


def test_the_pettingzoo_env_observes_the_feature_sets_vector() -> None:
    from meeple.rl.pettingzoo import env as aec_env

    env = aec_env(GAME, players=2, features=NAME)
    env.reset(seed=4)
    placing = 0
    for agent in env.agent_iter(300):
        obs, _reward, done, cut, _info = env.last()
        assert obs is not None and isinstance(env.state, IsleOfSkyeState)
        seat = int(agent.split("_")[1])
        assert np.array_equal(obs["observation"], observation_tensor(env.state, seat, NAME))
        placing += env.state.phase == BUILD and bool(obs["observation"][VALUES_AT:].any())
        env.step(None if done or cut else int(np.flatnonzero(obs["action_mask"])[-1]))
    assert placing > 5


def test_the_vector_env_gives_the_same_rows_in_one_process_and_in_two() -> None:
    from meeple.rl.vector import vector_env

    one = vector_env(GAME, 4, players=2, opponents="random", seed=5, features=NAME)
    two = vector_env(GAME, 4, players=2, opponents="random", seed=5, features=NAME, processes=2)
    try:
        assert one.single_observation_space.shape == observation_shape(GAME, 2, NAME)
        a, _ = one.reset()
        b, _ = two.reset()
        placing = 0
        for _ in range(60):
            assert np.array_equal(a, b)
            batch = one._batch
            assert batch is not None
            for row, table in zip(a, batch.tables, strict=True):
                assert table.state is not None
                assert np.array_equal(row, observation_tensor(table.state, table.seat, NAME))
            placing += int(a[:, VALUES_AT:].any(axis=1).sum())
            actions = np.array([np.flatnonzero(m)[0] for m in one.action_masks()])
            a = one.step(actions)[0]
            b = two.step(actions)[0]
        assert placing > 5
    finally:
        one.close()
        two.close()


def test_a_policy_file_with_features_is_played_on_their_vector(tmp_path: Path) -> None:
    file = tiny_policy(tmp_path / "values.npz", NAME)
    policy = load_policy(file)
    assert policy.features == NAME and policy.meta["obs_size"] == observation_shape(GAME, 2, NAME)[0]
    bot = make_bot(f"policy:{file}", game=GAME)
    state = meeple.new_game(GAME, players=2, seed=6)
    rng = np.random.default_rng(6)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if seat == 0:
            action = bot.choose(state, seat)
            assert action in legal
            mask = np.zeros(meeple.GAMES[GAME].num_actions, np.int8)
            mask[[meeple.GAMES[GAME].action_space.index(a) for a in legal]] = 1
            assert action == state.info.action_space[policy.act(observation_tensor(state, seat, NAME), mask)]
        else:
            action = legal[int(rng.integers(len(legal)))]
        state.apply(action, seat)


def test_a_file_whose_features_do_not_match_its_layout_is_refused(tmp_path: Path) -> None:
    state = meeple.new_game(GAME, players=2, seed=0)
    # trained on the values' vector but naming none: the default layout's fingerprint differs
    unnamed = PolicyBot(load_policy(tiny_policy(tmp_path / "unnamed.npz", NAME, features=None)))
    with pytest.raises(PolicyError, match="another observation layout"):
        unnamed.choose(state, state.to_move[0])
    with pytest.raises(PolicyError, match="meta 'features' must be a feature set's name"):
        load_policy(tiny_policy(tmp_path / "bad.npz", NAME, features=3))
    plain = load_policy(tiny_policy(tmp_path / "plain.npz", None))
    assert plain.features is None and "features" not in plain.meta
    assert PolicyBot(plain).choose(state, state.to_move[0]) in state.legal_actions(state.to_move[0])


def test_meeple_train_records_the_feature_set_in_the_policy_and_checkpoint(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from meeple.cli import main

    out, checkpoint = tmp_path / "skye.npz", tmp_path / "skye.zip"
    args = ["train", GAME, "--players", "2", "--features", NAME, "--imitate", "random", "1", "--imitate-epochs",
            "1", "--envs", "2", "--n-steps", "16", "--batch-size", "32", "--epochs", "1", "--hidden", "8",
            "--out", str(out), "--checkpoint", str(checkpoint)]  # fmt: skip
    assert main(args) == 0
    policy = load_policy(out)
    assert policy.features == NAME and policy.meta["fingerprint"] == encoder_fingerprint(GAME, 2, NAME)
    assert json.loads(checkpoint.with_suffix(".json").read_text())["features"] == NAME
    state = meeple.new_game(GAME, players=2, seed=1)
    assert PolicyBot(policy).choose(state, state.to_move[0]) in state.legal_actions(state.to_move[0])
    with pytest.raises(SystemExit, match="was trained with features 'placement_values', not 'other'"):
        main(["train", GAME, "--players", "2", "--resume", str(checkpoint), "--features", "other", "--out", str(out)])
    with pytest.raises(SystemExit, match=r"bayon has no feature set 'placement_values' \(feature sets: none\)"):
        main(["train", "bayon", "--players", "2", "--features", NAME, "--imitate", "random", "1", "--out", str(out)])
