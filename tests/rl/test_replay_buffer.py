"""What the environments hand out stays as it was handed out: a user may keep every observation and mask
in a replay buffer without copying them, and later moves must not change them.

The environments keep one vector per seat and a mask per move, and update them in place as the game goes
on; every array they return must be a copy of its own. These tests keep everything two whole games hand
out, with a copy taken at the time, and check at the end that nothing kept changed and that no two kept
arrays share memory.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import meeple
import meeple.rl.gymnasium as mg
from meeple.rl import pettingzoo as mpz

GAMES = ["bayon", "isle_of_skye", "ivor"]  # Ibyron's tests are its own helper's


class Buffer:
    """Arrays kept as handed out, beside copies taken when they were."""

    def __init__(self) -> None:
        self.kept: list[np.ndarray] = []
        self.copies: list[np.ndarray] = []

    def add(self, array: np.ndarray) -> None:
        self.kept.append(array)
        self.copies.append(array.copy())

    def check(self) -> None:
        changed = [i for i, (a, b) in enumerate(zip(self.kept, self.copies, strict=True)) if not np.array_equal(a, b)]
        assert not changed, f"{len(changed)} of {len(self.kept)} kept arrays changed after they were handed out"
        bases = [a.base if a.base is not None else a for a in self.kept]
        assert len({id(b) for b in bases}) == len(bases), "two arrays handed out share one buffer"


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_observations_kept_in_a_buffer_never_change(game: str) -> None:
    env = mpz.env(game)
    buffer = Buffer()
    rng = np.random.default_rng(11)
    for seed in (1, 2):  # the second game reuses the env's kept vectors
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            for part in obs.values():
                buffer.add(part)
            other = env.possible_agents[int(rng.integers(len(env.possible_agents)))]
            for part in env.observe(other).values():  # another seat looking now and then
                buffer.add(part)
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(buffer.kept) > 200
    buffer.check()


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_observations_and_masks_kept_in_a_buffer_never_change(game: str) -> None:
    env = mg.MeepleEnv(game)
    buffer = Buffer()
    rng = np.random.default_rng(12)

    def keep(obs: np.ndarray, info: dict[str, Any]) -> None:
        buffer.add(obs)
        buffer.add(info["action_mask"])
        buffer.add(env.action_masks())

    for seed in (3, 4):
        obs, info = env.reset(seed=seed)
        keep(obs, info)
        while True:
            obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            keep(obs, info)
            if term or trunc:
                break
    assert len(buffer.kept) > 100
    buffer.check()


def test_the_check_catches_a_buffer_the_env_writes_into() -> None:
    """The check itself: an array that is later written into, or handed out twice, is caught."""
    state = meeple.new_game("bayon", seed=1)
    shared = np.zeros(3)
    buffer = Buffer()
    buffer.add(shared)
    shared[0] = float(state.players)
    with pytest.raises(AssertionError, match="changed"):
        buffer.check()
    buffer = Buffer()
    buffer.add(shared)
    buffer.add(shared)
    with pytest.raises(AssertionError, match="share one buffer"):
        buffer.check()
