"""The batched environment: N one-learner games that step exactly as N single Gymnasium envs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")  # the rl extra

from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import meeple  # noqa: E402
import meeple.rl.vector  # noqa: E402
from meeple.rl.common import env_ids  # noqa: E402
from meeple.rl.gymnasium import MeepleEnv  # noqa: E402
from meeple.rl.vector import MeepleVectorEnv, sub_seeds, vector_env  # noqa: E402

# the benchmark's setups: Ivor at 3 players, the others at 2
SETUPS = [("bayon", 2), ("ivor", 3), ("isle_of_skye", 2), ("ibyron", 2)]


def pick_actions(masks: np.ndarray, rng: np.random.Generator, illegal_share: float) -> np.ndarray:
    """A random legal action per row, or (now and then) a forbidden one, which ends that episode."""
    actions = []
    for row in masks:
        legal = np.flatnonzero(row)
        if rng.random() < illegal_share or not len(legal):
            actions.append(int(np.flatnonzero(~row.astype(bool))[0]))
        else:
            actions.append(int(legal[rng.integers(len(legal))]))
    return np.array(actions, dtype=np.int64)


def assert_same_infos(ours: Any, theirs: Any) -> None:
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs)
        for key in theirs:
            assert_same_infos(ours[key], theirs[key])
    elif isinstance(theirs, np.ndarray) and theirs.dtype == object:
        assert ours.dtype == object and len(ours) == len(theirs)
        for a, b in zip(ours, theirs, strict=True):
            assert (a is None and b is None) or np.array_equal(a, b)
    else:
        assert ours.dtype == theirs.dtype and np.array_equal(ours, theirs)


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=[g for g, _ in SETUPS])
def test_every_sub_env_steps_as_a_single_env_with_its_seed(game: str, players: int) -> None:
    num_envs, seed = 3, 11
    venv = vector_env(game, num_envs=num_envs, players=players, opponents="random", seed=seed)
    singles = [gymnasium.make(env_ids()[game], players=players, opponents="random") for _ in range(num_envs)]
    obs, infos = venv.reset()
    for i, (env, sub_seed) in enumerate(zip(singles, sub_seeds(seed, num_envs), strict=True)):
        single_obs, single_info = env.reset(seed=sub_seed)
        assert np.array_equal(obs[i], single_obs)
        assert np.array_equal(infos["action_mask"][i], single_info["action_mask"])
    rng = np.random.default_rng(0)
    resets = 0
    for _ in range(40):
        masks = venv.action_masks()
        assert masks.dtype == bool and masks.shape == (num_envs, venv.num_actions)
        actions = pick_actions(masks, rng, illegal_share=0.1)
        obs, rewards, terminations, truncations, infos = venv.step(actions)
        for i, env in enumerate(singles):
            assert np.array_equal(masks[i], env.unwrapped.action_masks())
            single_obs, reward, terminated, truncated, info = env.step(int(actions[i]))
            assert (rewards[i], terminations[i], truncations[i]) == (reward, terminated, truncated)
            if terminated or truncated:  # SameStep: the last observation aside, the new episode's in the batch
                resets += 1
                assert infos["_final_obs"][i] and np.array_equal(infos["final_obs"][i], single_obs)
                illegal = infos["final_info"].get("illegal_action", [False] * num_envs)[i]
                assert illegal == info.get("illegal_action", False)
                single_obs, info = env.reset()
            else:
                assert "final_obs" not in infos or not infos["_final_obs"][i]
            assert np.array_equal(obs[i], single_obs)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"]) and infos["seat"][i] == info["seat"]
    assert resets >= 3  # the comparison went across auto-resets


@pytest.mark.parametrize(
    ("game", "players", "seat", "opponents"), [("bayon", 2, 1, "greedy"), ("ivor", 3, 0, ["greedy", "random"])]
)
def test_sub_envs_with_a_fixed_seat_and_scripted_opponents_step_as_single_envs(
    game: str, players: int, seat: int, opponents: Any
) -> None:
    num_envs, seed = 2, 4
    venv = vector_env(game, num_envs=num_envs, players=players, seat=seat, opponents=opponents, seed=seed)
    singles = [MeepleEnv(game, players=players, seat=seat, opponents=opponents) for _ in range(num_envs)]
    obs, infos = venv.reset()
    for i, (env, sub_seed) in enumerate(zip(singles, sub_seeds(seed, num_envs), strict=True)):
        single_obs, single_info = env.reset(seed=sub_seed)
        assert np.array_equal(obs[i], single_obs)
        assert np.array_equal(infos["action_mask"][i], single_info["action_mask"])
    rng = np.random.default_rng(2)
    for _ in range(25):
        actions = pick_actions(venv.action_masks(), rng, illegal_share=0.05)
        obs, rewards, terminations, truncations, infos = venv.step(actions)
        assert (infos["seat"] == seat).all()
        for i, env in enumerate(singles):
            single_obs, reward, terminated, truncated, info = env.step(int(actions[i]))
            assert (rewards[i], terminations[i], truncations[i]) == (reward, terminated, truncated)
            if terminated or truncated:
                assert np.array_equal(infos["final_obs"][i], single_obs)
                single_obs, info = env.reset()
            assert np.array_equal(obs[i], single_obs)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"])


def test_with_copy_false_the_batch_is_handed_out_read_only_and_steps_as_with_copies() -> None:
    """The rows are the sub-environments' own (the kept tensors, the masks the next actions are checked
    against): a caller cannot write into them, and what it reads is what a copying env hands out."""
    shared, copied = vector_env("ivor", 3, players=3, seed=8, copy=False), vector_env("ivor", 3, players=3, seed=8)
    obs, infos = shared.reset()
    copied_obs, _ = copied.reset()
    assert np.array_equal(obs, copied_obs)
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0] = 0.5
    with pytest.raises(ValueError, match="read-only"):
        infos["action_mask"][1, :] = 1
    rng = np.random.default_rng(4)
    for _ in range(20):
        actions = pick_actions(copied.action_masks(), rng, illegal_share=0.1)
        step, copied_step = shared.step(actions), copied.step(actions)
        for mine, other in zip(step[:4], copied_step[:4], strict=True):
            assert not mine.flags.writeable and np.array_equal(mine, other)
        assert_same_infos(step[4], copied_step[4])


def test_whole_games_end_and_reset_in_the_same_step_as_gymnasiums_sync_vector_env() -> None:
    num_envs, seed = 2, 5
    ours = vector_env("bayon", num_envs=num_envs, players=2, seed=seed)
    theirs = SyncVectorEnv(
        [lambda: MeepleEnv("bayon", players=2) for _ in range(num_envs)], autoreset_mode=AutoresetMode.SAME_STEP
    )
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, infos = ours.reset()
    their_obs, their_infos = theirs.reset(seed=sub_seeds(seed, num_envs))
    assert np.array_equal(obs, their_obs)
    assert_same_infos(infos, their_infos)
    rng = np.random.default_rng(1)
    endings = 0
    for _ in range(300):
        actions = pick_actions(ours.action_masks(), rng, illegal_share=0.0)
        step, their_step = ours.step(actions), theirs.step(actions)
        for mine, other in zip(step[:4], their_step[:4], strict=True):
            assert mine.dtype == other.dtype and np.array_equal(mine, other)
        assert_same_infos(step[4], their_step[4])
        endings += int(np.sum(step[2] | step[3]))
    assert endings >= 2  # games played to their end, not cut by an illegal action


def test_the_spaces_follow_gymnasiums_vector_contract() -> None:
    venv = vector_env("meeple/IvorTheEngine-v2", num_envs=4, players=3, seed=0)
    single = MeepleEnv("ivor", players=3)
    assert venv.single_observation_space == single.observation_space
    assert venv.single_action_space == single.action_space == spaces.Discrete(meeple.GAMES["ivor"].num_actions)
    assert venv.observation_space == spaces.Box(0.0, 1.0, (4, *single.observation_space.shape), np.float32)
    assert venv.action_space == spaces.MultiDiscrete([single.action_space.n] * 4)
    obs, _ = venv.reset()
    assert venv.observation_space.contains(obs)
    venv.action_space.seed(0)
    first, rewards, terminations, truncations, _ = venv.step(venv.action_space.sample())  # unmasked: mostly illegal
    kept = first.copy()
    assert venv.observation_space.contains(first)
    assert rewards.shape == terminations.shape == truncations.shape == (4,)
    assert (rewards.dtype, terminations.dtype, truncations.dtype) == (np.float64, np.bool_, np.bool_)
    venv.step(pick_actions(venv.action_masks(), np.random.default_rng(0), 0.0))
    assert np.array_equal(first, kept)  # a returned batch is the caller's: the next step does not write into it
    _, rewards, terminations, _, infos = venv.step(np.array([-1, venv.num_actions, 2**40, -(2**40)]))
    assert terminations.all() and (rewards == -1.0).all() and infos["final_info"]["illegal_action"].all()
    with pytest.raises(ValueError, match="integers"):
        venv.step(np.zeros(3, dtype=np.int64))


def test_seeds_give_each_sub_env_its_own_game_whatever_the_batch_size() -> None:
    small, large = vector_env("bayon", 2, players=2, seed=3), vector_env("bayon", 5, players=2)
    small_obs, _ = small.reset()
    large_obs, _ = large.reset(seed=3)
    assert np.array_equal(small_obs, large_obs[:2])
    assert not np.array_equal(large_obs[0], large_obs[1]) or not np.array_equal(large_obs[1], large_obs[2])
    listed, _ = large.reset(seed=[*sub_seeds(3, 2), None, None, None])
    assert np.array_equal(listed[:2], small_obs)


def test_worker_processes_give_what_one_process_gives() -> None:
    num_envs, seed = 5, 2
    local = vector_env("ivor", num_envs=num_envs, players=3, seed=seed)
    pooled = vector_env("ivor", num_envs=num_envs, players=3, seed=seed, processes=2)
    try:
        obs, infos = local.reset()
        pooled_obs, pooled_infos = pooled.reset()
        assert np.array_equal(obs, pooled_obs)
        assert_same_infos(pooled_infos, infos)
        rng = np.random.default_rng(3)
        for _ in range(30):
            masks = local.action_masks()
            assert np.array_equal(masks, pooled.action_masks())
            actions = pick_actions(masks, rng, illegal_share=0.1)
            step, pooled_step = local.step(actions), pooled.step(actions)
            for mine, other in zip(pooled_step[:4], step[:4], strict=True):
                assert np.array_equal(mine, other)
            assert_same_infos(pooled_step[4], step[4])
    finally:
        pooled.close()
    assert pooled.closed


def test_maskable_ppo_learns_on_the_sb3_form() -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")
    import torch
    from stable_baselines3.common.vec_env import VecEnv

    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # a tiny network: a second thread only spins, and on a busy machine for seconds
    try:
        check_maskable_ppo_learns(sb3_contrib.MaskablePPO, VecEnv)
    finally:
        torch.set_num_threads(threads)


def check_maskable_ppo_learns(maskable_ppo: Any, vec_env_class: type[Any]) -> None:
    """MaskablePPO takes the SB3 form as it is, trains a few hundred steps, and its policy keeps to the masks."""
    venv = vector_env("bayon", num_envs=4, players=2, seed=0).to_sb3()
    assert isinstance(venv, vec_env_class) and isinstance(venv, meeple.rl.vector.SB3VecEnv)
    venv.reset()
    masks = venv.env_method("action_masks")
    assert len(masks) == 4 and all(m.dtype == bool and m.any() for m in masks)
    model = maskable_ppo("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    obs = venv.reset()
    masks = np.stack(venv.env_method("action_masks"))
    action, _ = model.predict(obs, action_masks=masks)
    assert masks[np.arange(4), action].all()  # a masked policy picks legal moves only
    _obs, _rewards, dones, infos = venv.step(np.argmin(masks, axis=1))  # a forbidden move in every game
    assert dones.all() and all(info["illegal_action"] and "terminal_observation" in info for info in infos)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "bayon", "num_envs": 0}, "num_envs"),
        ({"game": "bayon", "num_envs": True}, "num_envs"),
        ({"game": "bayon", "num_envs": 2.0}, "num_envs"),
        ({"game": "chess", "num_envs": 2}, "unknown game"),
        ({"game": "bayon", "num_envs": 2, "opponents": "grandmaster"}, "unknown bot"),
        ({"game": "bayon", "num_envs": 2, "opponents": 3}, "opponents"),
        ({"game": "bayon", "num_envs": 2, "players": 3, "opponents": ["random"] * 3}, "one per other seat"),
        ({"game": "bayon", "num_envs": 2, "players": 9}, "played by"),
        ({"game": "bayon", "num_envs": 2, "processes": 3}, "processes"),
        ({"game": "bayon", "num_envs": 2, "seed": "x"}, "seed"),
    ],
)
def test_a_bad_argument_is_refused_with_the_reason(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        vector_env(**kwargs)


def test_a_bad_reset_seed_is_refused_and_step_needs_a_reset() -> None:
    venv = MeepleVectorEnv("bayon", num_envs=2, players=2)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="seed"):
        venv.reset(seed=[1, 2, 3])
