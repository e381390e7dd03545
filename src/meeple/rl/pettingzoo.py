"""Every game as a PettingZoo AEC environment.

>>> from meeple.rl import pettingzoo as mpz
>>> env = mpz.env("bayon", players=3)
>>> env.reset(seed=1)

* Agents are ``player_0`` … ``player_{n-1}`` (seat ``i`` is ``player_i``).
* Observation space: ``Dict(observation=Box(0, 1, (k,), float32),
  action_mask=Box(0, 1, (num_actions,), int8))`` as in PettingZoo's classic
  environments; the observation is ``meeple.rl.observation_tensor`` of that
  seat (drawn from ``observation(seat)`` only) and the mask is all zeros for a
  seat that may not act now. Action space: ``Discrete(num_actions)``, the
  game's stable action indices.
* Rewards come only when the game ends and sum to zero: the winners share
  +1, the other seats share −1 (see ``meeple.rl.common.outcome_rewards``).
* Terminations are set for every agent when the game ends by its rules; if a
  designed safeguard ends it (``State.end_reason == "safety_cap"``), the
  agents are truncated instead (with the same rewards).
* Isle of Skye's simultaneous pricing is played as consecutive turns, in seat
  order: each seat's price is applied at once and, as in ``observation``,
  the others see only that it has chosen until all prices are revealed.
* ``render_mode="ansi"`` returns the spectator's text view, ``"human"`` prints it.
* With PettingZoo 1.27+ the envs are also in its registry:
  ``pettingzoo.make("aec", "meeple/Bayon-v0", players=3)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import meeple
from meeple.core import State
from meeple.core.rng import fresh_seed, make_rng
from meeple.rl import observation_shape
from meeple.rl.common import ENV_IDS, check_game, outcome_rewards, text, truncated
from meeple.rl.views import SeatViews

RENDER_MODES = ("human", "ansi")


class MeepleAEC(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One meeple game as an AEC environment (use :func:`env` for the usual wrappers)."""

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None, **options: Any):
        super().__init__()
        self.game, self.players, self.game_options = check_game(game, players, options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meeple_{game}_v0"}
        info = meeple.GAMES[game]
        self.num_actions = info.num_actions
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents = self.possible_agents[:]
        shape = observation_shape(game, players=self.players, **self.game_options)
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
            }
        )
        # one space object per agent, returned every call (PettingZoo seeds spaces by identity)
        self.observation_spaces = {a: space if i == 0 else _copy_space(space) for i, a in enumerate(self.agents)}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.agents}
        self._seeds = make_rng(fresh_seed())
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self._views = SeatViews(self.num_actions)
        self.state: State = meeple.new_game(game, players=self.players, seed=0, **self.game_options)
        self._reset_bookkeeping()

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------- API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = make_rng(seed)
        self.state = meeple.new_game(
            self.game, players=self.players, seed=self._seeds.getrandbits(63), **self.game_options
        )
        self._reset_bookkeeping()

    def _reset_bookkeeping(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        movers = self.state.to_move
        if movers:
            self.agent_selection = self.possible_agents[min(movers)]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        views, state = self._views, self.state
        return {"observation": views.tensor(state, seat), "action_mask": views.mask(state, seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        # raises ValueError / meeple.IllegalAction (state unchanged) for an index that is not legal now
        self.state.apply(self.state.action_from_index(int(action) if action is not None else -1), seat)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_over:
            cut = truncated(self.state)
            for a, r in zip(self.possible_agents, outcome_rewards(self.state), strict=True):
                self.rewards[a] = r
                self.terminations[a] = not cut
                self.truncations[a] = cut
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        view = text(self.state)
        if self.render_mode == "ansi":
            return view
        print(view)
        return None

    def close(self) -> None:
        pass


def _copy_space(space: spaces.Dict) -> spaces.Dict:
    return spaces.Dict({k: _copy_box(v) for k, v in space.spaces.items()})


def _copy_box(box: spaces.Space[Any]) -> spaces.Box:
    assert isinstance(box, spaces.Box)
    return spaces.Box(box.low, box.high, shape=box.shape, dtype=box.dtype)


def raw_env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> MeepleAEC:
    """The bare environment (no wrappers)."""
    return MeepleAEC(game, players=players, render_mode=render_mode, **options)


def env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment inside PettingZoo's usual wrappers (an illegal move is refused with a warning
    and ends the game with −1 for the seat that made it; out-of-bounds and order checks)."""
    e: AECEnv = raw_env(game, players=players, render_mode=render_mode, **options)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def register() -> None:
    """Register ``meeple/Bayon-v0`` … with PettingZoo's registry (``pettingzoo.make("aec", id)``).

    PettingZoo 1.27 replaced importing an env module (``connect_four_v3.env()``)
    by a registry like Gymnasium's; older versions have none, and ``env()``
    works the same everywhere. Done on import; safe to call again.
    """
    try:
        from pettingzoo import aec_registry
        from pettingzoo import register as pettingzoo_register
    except ImportError:  # PettingZoo before 1.27
        return
    for game, env_id in ENV_IDS.items():
        if env_id not in aec_registry:
            pettingzoo_register("aec", env_id, entry_point="meeple.rl.pettingzoo:env", kwargs={"game": game})


register()

__all__ = ["MeepleAEC", "env", "raw_env", "register"]
