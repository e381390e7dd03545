"""Every game as a one-learner Gymnasium environment, the other seats played by bots.

Importing this module registers ``meeple/Bayon-v2``, ``meeple/IsleOfSkye-v2``,
``meeple/IvorTheEngine-v2`` and ``meeple/Ibyron-v4``:

>>> import gymnasium, meeple.rl.gymnasium
>>> env = gymnasium.make("meeple/Bayon-v2", players=3, opponents="random")

Keyword arguments: ``players``; ``seat`` (the learner's seat, or ``None`` for a
random seat each episode); ``opponents`` (one bot spec for every other seat, or
a list with one per other seat in seat order; specs as for
``meeple.bots.make_bot``, default ``"random"``); ``illegal_reward`` (default
−1.0); ``render_mode`` (``"ansi"`` or ``"human"``); ``features`` (a feature set's
name, ``meeple.rl.feature_sets(game)``: inputs appended to the observation; default none); any game option.

* Observation: ``Box(0, 1, (k,), float32)``, ``meeple.rl.observation_tensor``
  of the learner's seat. Action: ``Discrete(num_actions)``.
* ``action_masks()`` gives the legal actions as a boolean array (the
  convention of sb3-contrib's MaskablePPO); ``info["action_mask"]`` holds the
  same as ``int8``.
* The opponents move inside ``step`` until it is the learner's turn again
  (in Isle of Skye's hidden pricing the learner and the bots each price
  without seeing the others' prices).
* Reward: 0 until the game ends, then the learner's share of the outcome
  (winners share +1, the others −1; see ``meeple.rl.common.outcome_rewards``).
  ``truncated`` is set instead of ``terminated`` only if a designed safety cap
  ended the game.
* An illegal action (one the mask forbids) does not raise: the episode ends at
  once, ``terminated`` with reward ``illegal_reward`` and
  ``info["illegal_action"] = True``; the game is left as it was.
* ``reset(seed=…)`` seeds the game, the seat draw and the bots; the env pickles
  (it runs under ``SubprocVecEnv`` and ``AsyncVectorEnv``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import meeple
from meeple.bots import Bot, make_bot
from meeple.bots.random_bot import RandomBot
from meeple.core import State
from meeple.core.rng import Random, fresh_seed, make_rng
from meeple.rl import observation_shape
from meeple.rl.common import check_game, env_ids, outcome_rewards, text, truncated
from meeple.rl.seat_views import SeatViews, plays_direct

RENDER_MODES = ("human", "ansi")


class MeepleEnv(gymnasium.Env[np.ndarray, int]):
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int | None = None,
        opponents: str | Sequence[str] = "random",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        features: str | None = None,
        **options: Any,
    ) -> None:
        self.game, self.players, self.game_options = check_game(game, players, options)
        self.features = features
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or an integer from 0 to {self.players - 1}, got {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        specs = [opponents] * (self.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != self.players - 1:
            raise ValueError(f"give one opponent spec, or {self.players - 1} (one per other seat), got {len(specs)}")
        for spec in specs:
            make_bot(spec, game=game, seed=0)  # a bad spec fails here, not at the first reset
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        info = meeple.GAMES[game]
        self.num_actions = info.num_actions
        shape = observation_shape(game, self.players, features, **self.game_options)
        self.observation_space = spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32)
        self.action_space = spaces.Discrete(self.num_actions)  # type: ignore[assignment]
        self._rng = make_rng(fresh_seed())
        self.seat = 0 if seat is None else seat
        self.state: State = meeple.new_game(game, players=self.players, seed=0, **self.game_options)
        self.bots: dict[int, Bot] = {}
        self._views = SeatViews(self.num_actions, features)
        self._direct = plays_direct(type(self.state))
        self._done = False

    # ------------------------------------------------------------------ API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = make_rng(seed)
        self.state, self.seat, self.bots = deal(
            self.game, self.players, self.game_options, self.fixed_seat, self.opponent_specs, self._rng
        )
        self._done = False
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._done:
            return self._observe(), 0.0, True, False, self._info()
        state = self.state
        try:
            self._views.play(state, self.seat, int(action))
        except (ValueError, TypeError, OverflowError):  # meeple.IllegalAction is a ValueError
            self._done = True
            return self._observe(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
        self._play_opponents()
        reward, terminated, cut = 0.0, False, False
        if state.is_over:
            self._done = True
            reward = outcome_rewards(state)[self.seat]
            cut = truncated(state)
            terminated = not cut
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, cut, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans (all ``False`` once the episode is over)."""
        if self._done or self.state.is_over:
            return np.zeros(self.num_actions, dtype=bool)
        return self._views.legal(self.state, self.seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        view = text(self.state, self.seat)
        if self.render_mode == "ansi":
            return view
        print(view)
        return None

    # ------------------------------------------------------------- helpers
    def _play_opponents(self) -> None:
        """Let the bots move until the learner is to move or the game is over (:func:`play_opponents`);
        the views keep the ``to_move`` it ends on for the observation that follows."""
        self._views.seen(self.state, play_opponents(self.state, self.seat, self.bots, self._direct))

    def _observe(self) -> np.ndarray:
        return self._views.tensor(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        if self._done:
            return {"seat": self.seat, "action_mask": np.zeros(self.num_actions, dtype=np.int8)}
        return {"seat": self.seat, "action_mask": self._views.mask(self.state, self.seat)}


# One learner's game against bots, as this env and every sub-environment of the batched env
# (``meeple.rl.vector_batch``) play it: both deal an episode and move the bots with these two functions,
# so a sub-environment and a MeepleEnv reset with the same seed deal the same game, seat and bots and
# see the same moves.
def deal(
    game: str, players: int, options: dict[str, Any], fixed_seat: int | None, specs: Sequence[str], rng: Random
) -> tuple[State, int, dict[int, Bot]]:
    """A new episode drawn from ``rng``: the game (its seed the first draw), the learner's seat (drawn next
    unless ``fixed_seat`` is given) and one bot per other seat, in seat order, each seeded by a draw."""
    state = meeple.new_game(game, players=players, seed=rng.getrandbits(63), **options)
    seat = rng.randrange(players) if fixed_seat is None else fixed_seat
    others = [s for s in range(players) if s != seat]
    bots = {s: make_bot(spec, game=game, seed=rng.getrandbits(63)) for s, spec in zip(others, specs, strict=True)}
    return state, seat, bots


def play_opponents(state: State, seat: int, bots: dict[int, Bot], direct: bool) -> tuple[int, ...]:
    """Let the bots move until ``seat`` (the learner) is to move or the game is over; returns
    ``state.to_move`` then (``()`` once over). ``direct``: ``plays_direct`` of the state's class.

    A random bot's pick is made here exactly as ``RandomBot.choose`` makes it (same generator, same
    draw), so its move, taken from the legal list of this very position, is played without building
    that list again to check it; every other bot's move goes through ``State.apply``.
    """
    while True:
        movers = state.to_move
        if not movers or seat in movers:
            return movers
        mover = movers[0]
        bot = bots[mover]
        if type(bot) is RandomBot:
            actions = state._legal_actions(mover)  # what legal_actions gives a seat to move
            action = actions[bot.rng.randrange(len(actions))]
            if direct:
                state._play_legal(action, mover)
            else:
                state.apply(action, mover)
        else:
            state.apply(bot.choose(state, mover), mover)


def register() -> None:
    """Register every game's environment with Gymnasium (done on import; safe to call again,
    and again after a game is added to ``meeple.GAMES``)."""
    for game, env_id in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="meeple.rl.gymnasium:MeepleEnv", kwargs={"game": game})


register()

__all__ = ["MeepleEnv", "deal", "play_opponents", "register"]
