"""``mpz.env`` builds PettingZoo's three default wrappers into one class: it must behave as they do."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")  # the rl extra; `make test` installs it

from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

import meeple
from meeple.rl import pettingzoo as mpz


def wrapped_by_pettingzoo(game: str, players: int) -> Any:
    """The raw env inside the wrappers PettingZoo's classic envs use (what ``mpz.env`` replaces)."""
    e: Any = wrappers.TerminateIllegalWrapper(mpz.raw_env(game, players=players), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(e))


def snapshot(env: Any) -> tuple[Any, ...]:
    obs, reward, term, trunc, info = env.last()
    return (
        env.agent_selection,
        list(env.agents),
        obs["observation"].tobytes(),
        obs["action_mask"].tobytes(),
        reward,
        term,
        trunc,
        info,
        dict(env.rewards),
        dict(env.terminations),
        dict(env.truncations),
    )


def drive(env: Any, seed: int, illegal_at: int | None) -> list[tuple[Any, ...]]:
    """A game of random masked moves (an illegal one at step ``illegal_at``), stepping ``None`` for the dead."""
    env.reset(seed=seed)
    pick = random.Random(seed)
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's illegal-move warning, asserted elsewhere
        for n, _agent in enumerate(env.agent_iter(max_iter=3000)):
            seen.append(snapshot(env))
            obs, _r, term, trunc, _i = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            choices = np.flatnonzero(mask == 0) if n == illegal_at else np.flatnonzero(mask)
            env.step(int(choices[pick.randrange(len(choices))]))
    seen.append((list(env.agents), dict(env.rewards)))
    return seen


@pytest.mark.parametrize("illegal_at", [None, 0, 7])
@pytest.mark.parametrize(("game", "players"), [("bayon", 3), ("isle_of_skye", 3), ("ivor", 4), ("ibyron", 2)])
def test_step_by_step_the_same_as_under_pettingzoos_wrappers(game: str, players: int, illegal_at: int | None) -> None:
    ours = drive(mpz.env(game, players=players), seed=3, illegal_at=illegal_at)
    theirs = drive(wrapped_by_pettingzoo(game, players), seed=3, illegal_at=illegal_at)
    # an illegal move ends the game at once: then each agent's dead step, and the final record
    assert len(ours) > 10 if illegal_at is None else len(ours) == illegal_at + 1 + players + 1
    assert ours == theirs


def test_before_reset_everything_is_refused_as_pettingzoo_does() -> None:
    env = mpz.env("bayon", players=2)
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.render, env.agent_iter):
        with pytest.raises(AssertionError, match="reset"):
            call()
    for name in ("rewards", "terminations", "truncations", "infos", "agent_selection", "agents", "num_agents"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(env, name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        env.nothing  # noqa: B018
    env.reset(seed=0)
    assert env.num_agents == 2 and env.agent_selection in env.agents


def test_out_of_bounds_actions_fail_the_assertion_and_change_nothing() -> None:
    env = mpz.env("ivor", players=3)
    env.reset(seed=2)
    before = env.state.record.to_json()
    for bad in (-1, env.num_actions, None, 1.0, "0", np.array([0])):
        with pytest.raises(AssertionError, match="action space"):
            env.step(bad)  # type: ignore[arg-type]
    assert env.state.record.to_json() == before and not any(env.terminations.values())
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int64(legal[0]))  # numpy integers are actions, as Discrete.contains says
    assert len(env.state.history) == 1


def test_an_illegal_move_ends_the_game_as_terminate_illegal_wrapper_does() -> None:
    env = mpz.env("isle_of_skye", players=3)
    env.reset(seed=5)
    agent = env.agent_selection
    before = env.state.record.to_json()
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    EnvLogger.flush()
    env.step(illegal)
    assert [m.split(",")[0] for m in EnvLogger.mqueue] == ["[WARNING]: Illegal move made"]
    assert env.state.record.to_json() == before
    assert env.rewards == {a: (-1.0 if a == agent else 0.0) for a in env.possible_agents}
    assert all(env.terminations.values()) and all(env.truncations.values())
    assert env.last()[1] == (-1.0 if env.agent_selection == agent else 0.0)
    while env.agents:
        with pytest.raises(ValueError, match="only valid action is None"):
            env.step(0)
        env.step(None)
    EnvLogger.flush()
    env.step(None)  # no agent left: PettingZoo's warning, nothing else
    assert EnvLogger.mqueue == [
        "[WARNING]: step() called after all agents are terminated or truncated. Should reset() first."
    ]


def test_a_loop_over_agent_iter_must_step() -> None:
    env = mpz.env("bayon", players=2)
    env.reset(seed=1)
    loop = iter(env.agent_iter())
    next(loop)
    with pytest.raises(AssertionError, match="need to call step"):
        next(loop)


def test_moves_played_by_the_env_are_the_moves_apply_plays() -> None:
    """The env plays a masked-legal move without ``apply``'s checks: the game it gives must be the one
    ``apply`` gives, move for move."""
    for game in meeple.GAMES:
        env = mpz.env(game, players=meeple.GAMES[game].player_counts[-1])
        drive(env, seed=11, illegal_at=None)
        played = env.state
        again = meeple.new_game(game, players=played.players, seed=played.seed, **played.options)
        for seat, action in played.history:
            again.apply(action, seat)
        assert again.observation(None) == played.observation(None)
        assert again.record.to_json() == played.record.to_json() and again.is_over


def test_a_game_that_overrides_apply_is_played_through_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = meeple.GAMES["bayon"].state_class
    calls = []
    original = state_class.apply

    def counted(self: Any, action: Any, seat: Any = None) -> None:
        calls.append(action)
        original(self, action, seat)

    monkeypatch.setattr(state_class, "apply", counted)
    env = mpz.env("bayon", players=2)
    env.reset(seed=1)
    for _ in range(5):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert len(calls) == 5
