"""Reinforcement learning: fixed-shape observation tensors and action masks for every game.

>>> import meeple, meeple.rl
>>> s = meeple.new_game("bayon", players=3, seed=1)
>>> meeple.rl.observation_tensor(s, 0).shape == meeple.rl.observation_shape("bayon", players=3)
True

The tensor is the encoding of ``state.observation(seat)``, so it holds
nothing the seat may not see: each game's encoder writes it straight from the
state fields that observation is built from (its one fast path,
``Encoder.update_state``, which the environments run on each seat's kept
vector), and the suite checks it equals ``Encoder.encode(state.observation(seat))``
slice by slice. Environments for the three usual APIs live in
``meeple.rl.pettingzoo``, ``meeple.rl.gymnasium`` and ``meeple.rl.openspiel``
(each needs its extra: ``meeple[rl]`` or ``meeple[openspiel]``).

Feature sets: a game may offer named variants of its vector that append inputs worked out from
what the seat sees (declared by the game's ``GameInfo.rl.features``, listed by
:func:`feature_sets`; Isle of Skye's ``placement_values``: what each placement would gain).
One keyword, ``features=NAME``, asks for one: in :func:`encoder`, :func:`observation_shape`,
:func:`observation_table`, :func:`observation_tensor`, the environments and
``meeple train --features NAME``; without it every vector is the default one.
"""

from __future__ import annotations

import importlib
import threading
from functools import cache, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

import meeple
from meeple.core import Action, State
from meeple.rl.encoding import Encoder, SeatCache


def _features(game: str) -> dict[str, str]:
    """``game``'s feature sets as its ``GameInfo.rl`` declares them: name -> the encoder class
    (``module:Class``) that writes the default vector with the set's inputs after it."""
    info = meeple.GAMES.get(game)
    return {} if info is None or info.rl is None else dict(info.rl.features)


def feature_sets(game: str) -> tuple[str, ...]:
    """The names of ``game``'s feature sets (see the module's notes)."""
    return tuple(sorted(_features(game)))


@cache
def encoder_class(game: str, features: str | None = None) -> type[Encoder[Any]]:
    """The game's encoder class, as its ``GameInfo.rl`` names it (imported on first use), or with
    ``features`` the class of that feature set."""
    info = meeple.GAMES.get(game)
    if info is None:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(meeple.GAMES)})")
    if info.rl is None:
        raise ValueError(f"{info.title} declares no RL environment (GameInfo.rl)")
    path = info.rl.encoder
    if features is not None:
        if features not in _features(game):
            known = ", ".join(feature_sets(game)) or "none"
            raise ValueError(f"{info.title} has no feature set {features!r} (feature sets: {known})")
        path = _features(game)[features]
    module, _, name = path.partition(":")
    cls = getattr(importlib.import_module(module), name, None)
    if not (isinstance(cls, type) and issubclass(cls, Encoder)):
        raise ValueError(f"{info.title}'s encoder {info.rl.encoder!r} is not an Encoder class")
    return cls


def _resolved(game: str, players: int | None, options: dict[str, Any]) -> tuple[int, tuple[tuple[str, Any], ...]]:
    info = meeple.GAMES.get(game)
    if info is None:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(meeple.GAMES)})")
    players = info.default_players if players is None else players
    if not isinstance(players, int) or isinstance(players, bool) or players not in info.player_counts:
        raise ValueError(f"{info.title} is played by {info.min_players} to {info.max_players} players, not {players!r}")
    full = info.state_class.resolve_options(players, info.resolve_options(options))
    return players, _layout_key(game, full)


def _layout_key(game: str, options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The options that shape ``game``'s vector, as a key: an encoder is shared by every option set that
    agrees on them (Isle of Skye's state names its four scoring tiles among its options, which would
    otherwise make an encoder, with its memos, for every set of tiles met)."""
    shaping = encoder_class(game).layout_options
    return tuple(sorted(options.items() if shaping is None else ((k, v) for k, v in options.items() if k in shaping)))


@lru_cache(maxsize=256)
def _encoder(
    game: str, players: int, options: tuple[tuple[str, Any], ...], features: str | None = None
) -> Encoder[Any]:
    return encoder_class(game, features)(players, dict(options))


def encoder(game: str, players: int | None = None, features: str | None = None, **options: Any) -> Encoder[Any]:
    """The encoder of ``game`` at ``players`` and ``options`` (shared, built once); ``features``: a
    feature set's (see the module's notes)."""
    players, key = _resolved(game, players, options)
    return _encoder(game, players, key, features)


def encoder_for(state: State, features: str | None = None) -> Encoder[Any]:
    options = state.options
    try:
        return _encoder(state.game, state.players, _layout_key(state.game, options), features)
    except TypeError:  # an unhashable option value: resolve afresh
        return encoder(state.game, state.players, features, **options)


def observation_shape(
    game: str, players: int | None = None, features: str | None = None, **options: Any
) -> tuple[int, ...]:
    """Shape of ``observation_tensor`` for ``game`` at this player count and options (and feature set)."""
    return encoder(game, players, features, **options).shape


def observation_table(
    game: str, players: int | None = None, features: str | None = None, **options: Any
) -> list[tuple[str, int, int, str]]:
    """Every named slice of the vector: ``(name, start, stop, meaning)``."""
    return encoder(game, players, features, **options).layout.table()


def encode_observation(game: str, players: int, options: dict[str, Any], obs: dict[str, Any]) -> np.ndarray:
    """Encode an observation dict already taken (for callers that hold only the dict)."""
    return encoder(game, players, **options).encode(obs)


def observation_tensor(state: State, seat: int, features: str | None = None) -> npt.NDArray[np.float32]:
    """``seat``'s view as a ``float32`` vector with values in ``[0, 1]`` (see :func:`observation_table`).

    It equals ``encoder(...).encode(state.observation(seat))``; games with a fast path write it straight
    from the fields that observation is built from, through a vector kept per encoder and seat (per
    thread) that rewrites only what changed since it was last asked (``Encoder.encode_cached``).
    ``features``: the vector of that feature set (see the module's notes).
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise ValueError(f"a seat is an integer from 0 to {state.players - 1}, got {seat!r}")
    encoder = encoder_for(state, features)
    if not encoder.incremental:
        return encoder.encode_state(state, seat)
    return encoder.encode_cached(_kept_cache(encoder, seat), state, seat)


# One kept vector per encoder and seat, per thread, for ``observation_tensor``: a piece of the
# vector is a function of its key alone, so a cache last shown any other position (of any game
# of this encoder) still gives exactly this position's vector, and successive positions of a
# game rewrite only what changed. A handful of encoders at a time is the usual case; past that
# the caches are dropped and rebuilt rather than grow without bound.
_KEPT = threading.local()
_MOST_KEPT = 64


def _kept_cache(encoder: Encoder[Any], seat: int) -> SeatCache:
    kept: dict[tuple[int, int], tuple[Encoder[Any], SeatCache]] | None = getattr(_KEPT, "caches", None)
    if kept is None:
        kept = _KEPT.caches = {}
    entry = kept.get((id(encoder), seat))
    if entry is None or entry[0] is not encoder:
        if len(kept) >= _MOST_KEPT:
            kept.clear()
        entry = kept[(id(encoder), seat)] = (encoder, encoder.new_cache(seat))
    return entry[1]


@cache
def action_indices(game: str) -> dict[Action, int]:
    """Every action of ``game`` to its stable index (built once per game)."""
    return {a: i for i, a in enumerate(meeple.GAMES[game].action_space)}


def legal_indices(state: State, seat: int | None = None) -> npt.NDArray[np.intp]:
    """The indices of ``seat``'s legal actions now (empty if it may not act)."""
    actions = state.legal_actions(seat)
    return np.fromiter(map(action_indices(state.game).__getitem__, actions), dtype=np.intp, count=len(actions))


def legal_mask(state: State, seat: int | None = None) -> npt.NDArray[np.int8]:
    """``int8`` array of ``num_actions``: 1 where the action is legal for ``seat`` now."""
    mask = np.zeros(state.info.num_actions, dtype=np.int8)
    mask[legal_indices(state, seat)] = 1
    return mask


__all__ = [  # noqa: RUF022 (vector_env is served by __getattr__ below)
    "encode_observation",
    "encoder",
    "encoder_class",
    "feature_sets",
    "vector_env",
    "legal_indices",
    "legal_mask",
    "observation_shape",
    "observation_table",
    "observation_tensor",
]


def __getattr__(name: str) -> Any:
    """``meeple.rl.vector_env``: the batched environment, loaded on first use (it imports Gymnasium)."""
    if name == "vector_env":
        from meeple.rl.vector import vector_env

        return vector_env
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
