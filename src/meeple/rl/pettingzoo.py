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
* ``env()`` is :class:`CheckedAEC`: the guarantees of PettingZoo's three default wrappers
  (order enforcing, out-of-bounds assertion, an illegal move ending the game with -1 for its
  seat) built into the env, not layered around it; ``raw_env()`` has none of them.
* With PettingZoo 1.27+ the envs are also in its registry:
  ``pettingzoo.make("aec", "meeple/Bayon-v2", players=3)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

import meeple
from meeple.core import State
from meeple.core.rng import fresh_seed, make_rng
from meeple.rl import observation_shape
from meeple.rl.common import check_game, env_ids, outcome_rewards, text, truncated
from meeple.rl.seat_views import SeatViews

RENDER_MODES = ("human", "ansi")


class MeepleAEC(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One meeple game as an AEC environment, without checks (:func:`env` gives :class:`CheckedAEC`).

    A move is an action index; one the mask forbids raises ``ValueError`` (``meeple.IllegalAction``)
    and changes nothing.
    """

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        render_mode: str | None = None,
        features: str | None = None,
        **options: Any,
    ):
        """``features``: a feature set's name (``meeple.rl.feature_sets(game)``) whose inputs are appended to each
        observation; any other keyword is a game option."""
        super().__init__()
        self.game, self.players, self.game_options = check_game(game, players, options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meeple_{game}_v{meeple.GAMES[game].rules_version}"}
        info = meeple.GAMES[game]
        self.num_actions = info.num_actions
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents = self.possible_agents[:]
        shape = observation_shape(game, self.players, features, **self.game_options)
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
        self._views = SeatViews(self.num_actions, features)
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
        return self._views.observe(self.state, self._seat_of[agent])

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """As ``AECEnv.last``, the observation taken without going through :meth:`observe` (whose one
        check, in :class:`CheckedAEC`, cannot fail here: ``agent_selection`` exists only after a reset)."""
        agent = self.agent_selection
        assert agent is not None
        return (
            self._views.observe(self.state, self._seat_of[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # raises ValueError / meeple.IllegalAction (state unchanged) for an index that is not legal now
        self._views.play(self.state, self._seat_of[agent], int(action) if action is not None else -1)
        self._moved(agent)

    def _moved(self, agent: str) -> None:
        """After ``agent``'s move: the next agent, and the outcome if the game is over.

        Rewards come only at the end, so until then every entry of ``rewards`` and
        ``_cumulative_rewards`` stays 0.0 and nothing needs writing; the end writes them all once.
        """
        state = self.state
        movers = self._views.to_move(state)  # () once the game is over; kept for the observations of this move
        if movers:
            self.agent_selection = self.possible_agents[min(movers)]
        else:
            if state.is_over:
                cut = truncated(state)
                self.rewards = dict(zip(self.possible_agents, outcome_rewards(state), strict=True))
                self._cumulative_rewards[agent] = 0.0
                for a in self.possible_agents:
                    self.terminations[a] = not cut
                    self.truncations[a] = cut
                self._accumulate_rewards()
            self._select()
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
    """The bare environment (no checks: an illegal move raises ``meeple.IllegalAction``)."""
    return MeepleAEC(game, players=players, render_mode=render_mode, **options)


class _SetByReset:
    """A class attribute standing in for an instance attribute that exists only once the env is reset:
    read before, it raises the ``AttributeError`` PettingZoo's OrderEnforcingWrapper raises; once reset,
    the instance's own value hides it (this descriptor has no ``__set__``).

    In place of a ``__getattr__`` on the class: CPython (3.11) reads no attribute of an instance whose
    class has one the fast way, and a step reads a few dozen (valgrind: about 2% of a Bayon step)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, env: object, owner: type | None = None) -> Any:
        if env is None:
            return self
        raise AttributeError(f"{self.name} cannot be accessed before reset")


class CheckedAEC(MeepleAEC):
    """The environment :func:`env` returns: :class:`MeepleAEC` with the checks of PettingZoo's three
    default wrappers built in, at the cost of a few comparisons per step instead of three layers of
    method calls (see ``docs/rl.md``, "Why not PettingZoo's wrappers").

    * Order (``OrderEnforcingWrapper``): ``step``, ``observe``, ``render`` and ``agent_iter``
      before the first ``reset`` raise ``AssertionError``; reading ``rewards``, ``terminations``,
      ``truncations``, ``infos``, ``agent_selection``, ``agents`` or ``num_agents`` before it
      raises ``AttributeError``; ``step`` once no agent is left warns and does nothing; a loop
      over ``agent_iter`` that does not step asserts.
    * Bounds (``AssertOutOfBoundsWrapper``): an action outside ``Discrete(num_actions)`` (or
      ``None`` for a live agent) fails an assertion, state unchanged.
    * Illegal moves (``TerminateIllegalWrapper(illegal_reward=-1)``): an index the mask forbids is
      not played; PettingZoo's warning is logged, every agent is terminated *and* truncated (as that
      wrapper does), the mover gets ``illegal_reward`` and the others 0.
    """

    def __init__(
        self, game: str, players: int | None = None, render_mode: str | None = None, illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:  # fmt: skip
        super().__init__(game, players=players, render_mode=render_mode, **options)
        self.illegal_reward = float(illegal_reward)
        self._has_reset = False
        self._has_updated = False
        for name in ("agents", "rewards", "terminations", "truncations", "infos", "agent_selection"):
            del self.__dict__[name]  # as under OrderEnforcingWrapper, none exists before the first reset

    # what PettingZoo's OrderEnforcingWrapper refuses to show before the first reset
    agents = _SetByReset()
    rewards = _SetByReset()
    terminations = _SetByReset()
    truncations = _SetByReset()
    infos = _SetByReset()
    agent_selection = _SetByReset()

    @property
    def num_agents(self) -> int:
        if not self._has_reset:
            raise AttributeError("num_agents cannot be accessed before reset")
        return len(self.agents)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def render(self) -> str | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _SteppedIterator(self, max_iter)

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            assert action is None or self.action_spaces[agent].contains(action), "action is not in action space"
            self._was_dead_step(action)  # refuses anything but None, as PettingZoo's does
            return
        if type(action) is not int:  # numpy integers and the like, as Discrete.contains takes them
            assert action is not None and self.action_spaces[agent].contains(action), "action is not in action space"
            action = int(action)
        assert 0 <= action < self.num_actions, "action is not in action space"
        if not self._views.try_play(self.state, self._seat_of[agent], action):
            self._end_by_illegal_move(agent)
            return
        self._moved(agent)

    def _end_by_illegal_move(self, agent: str) -> None:
        """What PettingZoo's TerminateIllegalWrapper does; the game is left as it was."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self._accumulate_rewards()
        self._deads_step_first()


class _SteppedIterator(Iterator[str]):
    """``agent_iter`` of :class:`CheckedAEC`: the agent to act until none is left, asserting the loop steps."""

    def __init__(self, env: CheckedAEC, max_iter: int) -> None:
        self.env = env
        self.left = max_iter

    def __iter__(self) -> _SteppedIterator:
        return self

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        agent: str = env.agent_selection
        return agent


def env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> CheckedAEC:
    """The environment as users should take it: :class:`CheckedAEC`, the guarantees of PettingZoo's
    usual wrappers (an illegal move ends the game with −1 for the seat that made it, with a warning;
    out-of-bounds and order checks) built into one class."""
    return CheckedAEC(game, players=players, render_mode=render_mode, **options)


def register() -> None:
    """Register ``meeple/Bayon-v2`` … with PettingZoo's registry (``pettingzoo.make("aec", id)``).

    PettingZoo 1.27 replaced importing an env module (``connect_four_v3.env()``)
    by a registry like Gymnasium's; older versions have none, and ``env()``
    works the same everywhere. Done on import; safe to call again.
    """
    try:
        from pettingzoo import aec_registry
        from pettingzoo import register as pettingzoo_register
    except ImportError:  # PettingZoo before 1.27
        return
    for game, env_id in env_ids().items():
        if env_id not in aec_registry:
            pettingzoo_register("aec", env_id, entry_point="meeple.rl.pettingzoo:env", kwargs={"game": game})


register()

__all__ = ["CheckedAEC", "MeepleAEC", "env", "raw_env", "register"]
