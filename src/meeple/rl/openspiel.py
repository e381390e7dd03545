"""Every game as an OpenSpiel game (``pyspiel``, from the ``meeple[openspiel]`` extra).

Importing this module registers ``meeple_bayon``, ``meeple_isle_of_skye``,
``meeple_ivor`` and ``meeple_ibyron`` as Python games:

>>> import pyspiel, meeple.rl.openspiel
>>> game = pyspiel.load_game("meeple_bayon", {"players": 3})

* Sequential, imperfect information, ``SAMPLED_STOCHASTIC`` chance: dice and
  draws come from the meeple state's own seeded generator, never from chance
  nodes. Isle of Skye's simultaneous pricing is sequentialized: the lowest
  seat still to price moves first, and the others see only that it chose.
* Parameters: ``players``; ``seed`` (-1: each new game gets a fresh seed;
  otherwise the game's generator of per-game seeds is seeded with it); every
  game option, with 0 (or "") standing for an option left to the rules.
* Returns are terminal only: the winners share +1, the others −1 (zero sum;
  Ibyron is registered general-sum because its one-seat solo game scores +1
  or −1 alone). ``max_game_length`` is a designed bound, well above the
  longest of 40 random games at every player count.
* Observation tensor: ``meeple.rl.observation_tensor`` of the seat (the
  observer's ``dict`` names every slice); observation string: the seat's
  observation as canonical JSON. The information-state string adds the move
  log as that seat may read it (``State.move_text``), so it has perfect recall.
  A public-only observer (``private_info`` NONE) reads the spectator's view.
* :func:`determinized` resamples a state from a seat's information state with
  ``State.determinize``: ``ismcts_bot`` gives OpenSpiel's ``ISMCTSBot`` that
  resampler.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import meeple
from meeple.core import RLSpec, State
from meeple.core.rng import Random, fresh_seed, make_rng
from meeple.rl import encoder
from meeple.rl.common import outcome_rewards
from meeple.rl.encoding import SeatCache


def short_name(game: str) -> str:
    """The game's name in pyspiel's registry: ``meeple_<id>``."""
    return f"meeple_{game}"


def _rl_spec(game: str) -> RLSpec:
    spec = meeple.GAMES[game].rl
    if spec is None:
        raise ValueError(f"{meeple.GAMES[game].title} declares no RL environment (GameInfo.rl)")
    return spec


def _general_sum(game: str) -> bool:
    return _rl_spec(game).utility == "general_sum"


def _option_params(game: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for opt in meeple.GAMES[game].options:
        if opt.default is not None:
            params[opt.name] = opt.default
        else:
            params[opt.name] = "" if opt.kind is str else (False if opt.kind is bool else 0)
    return params


def _game_type(game: str) -> pyspiel.GameType:
    info = meeple.GAMES[game]
    utility = pyspiel.GameType.Utility.GENERAL_SUM if _general_sum(game) else pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"meeple {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.default_players, "seed": -1, **_option_params(game)},
    )


class _Holder:
    """Holds a pyspiel state's meeple state, copy-on-write.

    A new initial state is not set up until it is looked at; then it shows the
    game's next deal (``MeepleGame.peek``), shared read-only with every other
    initial state looked at before any of them moves. The first move takes a
    private copy and moves the game's seed sequence on, so the next new state
    deals another game. (OpenSpiel makes a throw-away initial state for every
    clone and observes fresh initial states often: sharing keeps those from
    costing a set-up each.) A deep copy is a fast ``clone()``.
    """

    __slots__ = ("_game", "_seed", "_shared", "_state", "logs")

    def __init__(self, state: State | None, game: MeepleGame | None = None) -> None:
        self._state = state
        self._shared: State | None = None
        self._seed = 0
        self._game = game
        self.logs: dict[int, list[str]] = {}

    @property
    def state(self) -> State:
        """The state to read (never to change: it may be shared)."""
        if self._state is not None:
            return self._state
        if self._shared is None:
            assert self._game is not None
            self._seed, self._shared = self._game.peek()
        return self._shared

    def own(self) -> State:
        """The state to change: a private copy from now on."""
        if self._state is None:
            shared = self.state
            assert self._game is not None
            self._game.consume(self._seed)
            self._state, self._shared, self._game = shared.clone(), None, None
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        if self._state is not None:
            copy = _Holder(self._state.clone())
        else:
            copy = _Holder(None, self._game)
            copy._seed, copy._shared = self._seed, self._shared
        copy.logs = {seat: log.copy() for seat, log in self.logs.items()}
        return copy


class MeepleGame(pyspiel.Game):  # type: ignore[misc]
    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = meeple.GAMES[self.game_id]
        self.players = int(params.get("players", info.default_players))
        options = {}
        for opt in info.options:
            if opt.name in params:
                value = params[opt.name]
                left_to_rules = opt.default is None and value in (0, "", False)
                options[opt.name] = None if left_to_rules else value
        probe = meeple.new_game(self.game_id, players=self.players, seed=0, **options)  # bad params raise here
        self.options = dict(probe.options)
        seed = int(params.get("seed", -1))
        self._seeds = make_rng(fresh_seed() if seed < 0 else seed)
        self._next_seed = self._seeds.getrandbits(63)
        self._next_state: State | None = None
        n = self.players
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.num_actions,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if _general_sum(self.game_id) else 0.0,
            max_game_length=_rl_spec(self.game_id).max_game_length,
        )
        super().__init__(_game_type(self.game_id), game_info, params)

    def new_initial_state(self) -> MeepleSpielState:
        return MeepleSpielState(self, None)

    def peek(self) -> tuple[int, State]:
        """The next deal of this game's seed sequence, set up once (read-only)."""
        if self._next_state is None:
            self._next_state = meeple.new_game(self.game_id, players=self.players, seed=self._next_seed, **self.options)
        return self._next_seed, self._next_state

    def consume(self, seed: int) -> None:
        """A game dealt with ``seed`` has started: new states deal the next seed."""
        if seed == self._next_seed:
            self._next_seed, self._next_state = self._seeds.getrandbits(63), None

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> MeepleObserver:
        return MeepleObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: MeepleGame, state: State | None) -> None:
        super().__init__(game)
        self._holder = _Holder(state, game)

    @property
    def meeple(self) -> State:
        """The meeple state underneath (the whole truth, hidden information included); read it,
        never change it (move with ``apply_action``)."""
        return self._holder.state

    def move_log(self, seat: int) -> list[str]:
        """The moves so far as ``seat`` may read them (``State.move_text``), extended as the game goes."""
        s = self.meeple
        log = self._holder.logs.setdefault(seat, [])
        log.extend(s.move_text(i, seat) or "" for i in range(len(log), s.move_number))
        return log

    def current_player(self) -> int:
        movers = self.meeple.to_move
        if not movers or self.meeple.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return min(movers)

    def _legal_actions(self, player: int) -> list[int]:
        s = self.meeple
        if player not in s.to_move:
            return []
        return sorted(s.action_index(a) for a in s.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        s = self._holder.own()
        s.apply(s.action_from_index(int(action)), min(s.to_move))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.meeple.info.action_space[action])

    def is_terminal(self) -> bool:
        return self.meeple.is_over

    def returns(self) -> list[float]:
        s = self.meeple
        return list(outcome_rewards(s)) if s.is_over else [0.0] * s.players

    def __str__(self) -> str:
        # the spectator's view: a printed state never shows a hand, a hidden price or the seed
        return observation_json(self.meeple, None)


def determinized(state: MeepleSpielState, player: int, rng: Random) -> MeepleSpielState:
    """A state ``player`` cannot tell from ``state``, hidden information re-drawn by ``determinize``."""
    copy = state.meeple.determinize(player, rng)
    return MeepleSpielState(state.get_game(), copy)


def observation_json(state: State, seat: int | None) -> str:
    return json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"))


def information_state(state: MeepleSpielState, seat: int) -> str:
    """The seat's observation and the move log as it reads it (hidden moves stay hidden)."""
    return observation_json(state.meeple, seat) + "|" + json.dumps(state.move_log(seat), separators=(",", ":"))


class MeepleObserver:
    """OpenSpiel's Python observer interface, drawn from ``observation(seat)`` only."""

    def __init__(self, game: MeepleGame, iig_obs_type: pyspiel.IIGObservationType, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.encoder = encoder(game.game_id, game.players, **game.options)
        self.tensor = np.zeros(self.encoder.layout.size, np.float32)
        self.dict = {s.name: self.tensor[s.start : s.stop] for s in self.encoder.layout.slices}
        # one kept vector per seat: each observation rewrites only the pieces whose fields differ from
        # the last position this seat was shown (any state, any game: a piece is a function of its key)
        self.caches: dict[int, SeatCache] = {}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        seat = self._seat(player)
        if seat is None:  # the public observer: the spectator's observation
            self.tensor[:] = self.encoder.encode(state.meeple.observation(None))
        else:  # the fast path, equal to encode(observation(seat)) (tests/rl/test_fast_encoders.py)
            cache = self.caches.get(seat)
            if cache is None:
                cache = self.caches[seat] = self.encoder.new_cache(seat)
            self.tensor[:] = self.encoder.encode_cached(cache, state.meeple, seat)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        seat = self._seat(player)
        if self.perfect_recall and seat is not None:
            return information_state(state, seat)
        return observation_json(state.meeple, seat)


def ismcts_bot(game: MeepleGame, simulations: int, seed: int = 0, rollouts: int = 1, uct_c: float = 2.0) -> Any:
    """OpenSpiel's own ``ISMCTSBot`` on a meeple game, resampling worlds with ``determinize``."""
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=random_state)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c, simulations, random_state=random_state, allow_inconsistent_action_sets=False
    )
    rng = Random(seed)
    bot.set_resampler(lambda state, player: determinized(state, player, rng))
    return bot


def _game_class(game: str) -> type[MeepleGame]:
    return type(f"Meeple{game.title().replace('_', '')}Game", (MeepleGame,), {"game_id": game})


GAME_CLASSES: dict[str, type[MeepleGame]] = {}


def register() -> None:
    """Register every game of ``meeple.GAMES`` that declares an RL environment with pyspiel
    (done on import; safe to call again, and again after a game is added to the registry)."""
    known = set(pyspiel.registered_names())
    for game, info in meeple.GAMES.items():
        if info.rl is None:
            continue
        cls = GAME_CLASSES.setdefault(game, _game_class(game))
        if short_name(game) not in known:
            pyspiel.register_game(_game_type(game), cls)


register()

__all__ = ["GAME_CLASSES", "MeepleGame", "MeepleSpielState", "determinized", "ismcts_bot", "register", "short_name"]
