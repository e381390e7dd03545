"""The environments' fast tensors equal the tensors of the observation dict, position by position.

Each game has one fast path besides ``Encoder.encode`` (the reference, from
``observation(seat)``): ``update_state``, which keeps a seat's vector and
rewrites only the pieces whose state fields changed (a fresh encoding runs it
on an empty cache), or ``fill_state``, which writes the whole vector afresh.
These tests hold it to ``Encoder.encode(state.observation(seat))`` slice by
slice of the layout (a failure names the slices that differ) for every seat,
in random games of every game at every player count and in every option set
the conformance suite plays, in determinized worlds too (where everything the
seat cannot see is drawn anew), so the fast path shows a seat nothing its
observation does not.

``Encoder.encode_cached`` (what the environments call) is checked the same
way at every step of whole random games, for caches that look at every step,
caches that look now and then, caches carried from one game to the next, and
caches shown determinized worlds between looks at the true game.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

import meeple
import meeple.rl as rl
from meeple.core.rng import Random
from meeple.rl import pettingzoo as mpz
from meeple.rl.encoding import UNSEEN, Encoder, Memo, SeatCache, Vector
from tests.rl.helpers import SETUP_IDS, SETUPS, playout

OPTION_SETUPS = [(game, players, opts) for game, info in meeple.GAMES.items() for players, opts in info.conformance]
OPTION_IDS = [
    f"{game}-{players}p-" + ",".join(f"{k}={v}" for k, v in opts.items()) for game, players, opts in OPTION_SETUPS
]


def _assert_same(enc: Encoder, got: Vector, want: Vector, where: str) -> None:
    """``got`` (a fast path's vector) equals ``want`` (the observation's), else fail naming the slices."""
    if not np.array_equal(got, want):
        raise AssertionError(f"{where}: slices {enc.layout.differing(got, want)} differ from the observation's")


def _check(game: str, players: int, seeds: range, every: int, **options: Any) -> int:
    """``encode_state`` equals the dict path for every seat, at every ``every``-th position of random games
    and the end, and in two determinized worlds of each seat at every third of those positions."""
    enc = rl.encoder(game, players, **options)
    rng = Random(players)
    checked = 0
    for seed in seeds:
        for n, (state, _) in enumerate(playout(game, players, seed=seed, **options)):
            if n % every and not state.is_over:
                continue
            for seat in range(players):
                worlds = [state]
                if n % (3 * every) == 0 and not state.is_over:
                    worlds += [state.determinize(seat, rng) for _ in range(2)]
                for k, world in enumerate(worlds):
                    where = f"seed {seed} move {n} seat {seat}" + (f" world {k}" if k else "")
                    _assert_same(enc, enc.encode_state(world, seat), enc.encode(world.observation(seat)), where)
                    checked += 1
    return checked


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_fast_tensor_equals_the_tensor_of_the_observation(game: str, players: int) -> None:
    assert _check(game, players, range(3), every=3) > 0


@pytest.mark.parametrize(("game", "players", "options"), OPTION_SETUPS, ids=OPTION_IDS)
def test_fast_tensor_equals_it_in_every_option_set(game: str, players: int, options: dict[str, Any]) -> None:
    assert _check(game, players, range(2), every=4, **options) > 0


def _check_cached(game: str, players: int, seeds: range, **options: Any) -> int:
    """Every seat's ``encode_cached`` equals the dict path at every step of whole random games, for a cache
    that looks every step and one that looks at random steps, now and then at a determinized world of its
    seat instead; both are carried from game to game."""
    enc = rl.encoder(game, players, **options)
    every = [enc.new_cache(seat) for seat in range(players)]
    sometimes = [enc.new_cache(seat) for seat in range(players)]
    rng = random.Random(players)
    worlds = Random(players)
    checked = 0
    for seed in seeds:
        for n, (state, _) in enumerate(playout(game, players, seed=seed, **options)):
            for seat in range(players):
                want = enc.encode(state.observation(seat))
                caches = (every[seat], sometimes[seat]) if rng.random() < 0.3 else (every[seat],)
                for cache in caches:
                    got = enc.encode_cached(cache, state, seat)
                    _assert_same(enc, got, want, f"seed {seed} move {n} seat {seat}")
                    assert got is not cache.vector
                    got[:] = 0.5  # what was handed out is a copy: writing into it changes nothing kept
                    checked += 1
                if rng.random() < 0.05 and not state.is_over:
                    world = state.determinize(seat, worlds)
                    got = enc.encode_cached(sometimes[seat], world, seat)
                    want = enc.encode(world.observation(seat))
                    _assert_same(enc, got, want, f"seed {seed} move {n} seat {seat} world")
    return checked


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_cached_tensor_equals_the_tensor_of_the_observation_at_every_step(game: str, players: int) -> None:
    assert _check_cached(game, players, range(3)) > 0


@pytest.mark.parametrize(("game", "players", "options"), OPTION_SETUPS, ids=OPTION_IDS)
def test_cached_tensor_equals_it_in_every_option_set(game: str, players: int, options: dict[str, Any]) -> None:
    assert _check_cached(game, players, range(1), **options) > 0


def _assert_every_seat_exact(enc: Any, caches: list[SeatCache], state: Any, n: int) -> None:
    """Every seat's cached tensor of ``state`` equals the encoding of its observation dict."""
    for seat, cache in enumerate(caches):
        got = enc.encode_cached(cache, state, seat)
        want = enc.encode(state.observation(seat))
        _assert_same(enc, got, want, f"move {n} seat {seat}")


def test_isle_of_skye_games_with_other_scoring_tiles_share_one_encoder() -> None:
    """The state names its four scoring tiles among its options; the vector reads them from the state, so
    games with other tiles share one encoder (and an env keeps its seats' vectors from game to game)."""
    first, second = (meeple.new_game("isle_of_skye", seed=seed) for seed in (1, 2))
    assert first.options != second.options
    assert rl.encoder_for(first) is rl.encoder_for(second) is rl.encoder("isle_of_skye", scoring="first-game")
    assert rl.encoder_for(meeple.new_game("isle_of_skye", players=3, seed=1)) is not rl.encoder_for(first)
    env = mpz.env("isle_of_skye")
    kept = []
    for seed in (1, 2):
        env.reset(seed=seed)
        env.last()
        kept.append(env._views._caches)
    assert kept[0] is kept[1]


def test_a_fresh_encoding_is_the_incremental_path_from_an_empty_cache() -> None:
    """``encode_state`` of an incremental encoder gives what a new cache's first ``encode_cached`` gives, and
    keeps nothing: encoding another position in between changes no later result."""
    enc = rl.encoder("ivor", 3)
    state = meeple.new_game("ivor", players=3, seed=6)
    first = enc.encode_state(state, 1)
    assert np.array_equal(first, enc.encode_cached(enc.new_cache(1), state, 1))
    later = state.clone()
    for _ in range(20):
        seat = later.to_move[0]
        later.apply(later.legal_actions(seat)[0], seat)
    assert not np.array_equal(enc.encode_state(later, 1), first)
    assert np.array_equal(enc.encode_state(state, 1), first)


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_a_cache_switching_between_a_game_and_its_copies_stays_exact(game: str) -> None:
    """Pieces keyed by the very objects a state holds (Isle of Skye's territories) must notice another
    object with other contents: one cache looks in turn at a game, at copies of it taken earlier and
    played on differently, and at the game again."""
    players = meeple.GAMES[game].default_players
    enc = rl.encoder(game, players)
    caches = [enc.new_cache(seat) for seat in range(players)]
    rng = random.Random(7)
    state = meeple.new_game(game, players=players, seed=7)
    copies: list[Any] = []
    for n in range(400):
        if state.is_over:
            break
        if n % 25 == 0:
            copies.append(state.clone())
        for other in copies:  # each copy moves on by one random move of its own
            if not other.is_over:
                seat = other.to_move[0]
                other.apply(rng.choice(other.legal_actions(seat)), seat)
        for look in (state, rng.choice(copies), state):
            _assert_every_seat_exact(enc, caches, look, n)
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert n > 50


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_a_cache_pickled_with_its_game_keeps_working(game: str) -> None:
    """Pickled together (as a pickled environment holds them), a cache and its game come back still
    matching each other, and the cache keeps up as the game goes on."""
    players = meeple.GAMES[game].default_players
    enc = rl.encoder(game, players)
    state = meeple.new_game(game, players=players, seed=3)
    caches = [enc.new_cache(seat) for seat in range(players)]
    rng = random.Random(3)
    for n in range(300):
        if n == 120:
            caches, state = pickle.loads(pickle.dumps((caches, state)))
            enc = caches[0].encoder
        if state.is_over:
            break
        _assert_every_seat_exact(enc, caches, state, n)
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert n >= 120


def test_a_cache_refuses_another_seat_or_encoder() -> None:
    enc, other = rl.encoder("bayon", 3), rl.encoder("bayon", 4)
    state = meeple.new_game("bayon", players=3, seed=1)
    with pytest.raises(ValueError, match="made for seat 1, not seat 0"):
        enc.encode_cached(enc.new_cache(1), state, 0)
    with pytest.raises(ValueError, match="another encoder"):
        enc.encode_cached(SeatCache(other, 0), state, 0)


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_a_cache_pickled_before_its_first_use_works(game: str) -> None:
    enc = rl.encoder(game)
    cache = pickle.loads(pickle.dumps(enc.new_cache(1)))
    assert all(key is UNSEEN for key in cache.keys)
    state = meeple.new_game(game, seed=4)
    assert np.array_equal(cache.encoder.encode_cached(cache, state, 1), enc.encode(state.observation(1)))


def test_a_cache_pickles_and_keeps_working() -> None:
    enc = rl.encoder("ivor", 3)
    cache = enc.new_cache(2)
    state = meeple.new_game("ivor", players=3, seed=2)
    enc.encode_cached(cache, state, 2)
    again = pickle.loads(pickle.dumps(cache))  # with a copy of its encoder
    assert np.array_equal(again.vector, cache.vector)
    enc = again.encoder
    for _ in range(30):
        seat = state.to_move[0]
        state.apply(state.legal_actions(seat)[0], seat)
    assert np.array_equal(enc.encode_cached(again, state, 2), enc.encode(state.observation(2)))


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_every_game_has_a_fast_encoder(game: str) -> None:
    """Every game's fast path is the incremental one (``update_state``); a fresh encoding runs it too."""
    enc = rl.encoder(game)
    assert enc.direct and enc.incremental and type(enc).update_state is not Encoder.update_state


def test_a_memo_builds_a_piece_once_per_key_and_forgets_all_when_full() -> None:
    memo = Memo(size=2)
    first = memo.keep("a", [1, 2])
    assert memo.get("a") is first and memo.get("b") is None
    memo.keep("b", [3])
    memo.keep("c", [4])  # full: everything is forgotten before "c" is kept
    assert memo.get("a") is None and memo.get("b") is None and memo.get("c") == [4]


def test_the_pettingzoo_env_builds_each_view_once_a_move_and_hands_out_copies() -> None:
    env = mpz.raw_env("bayon", players=3)
    env.reset(seed=4)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    first, again = env.observe(agent), env.observe(agent)
    for key in ("observation", "action_mask"):
        assert np.array_equal(first[key], again[key]) and first[key] is not again[key]
    assert np.array_equal(first["observation"], rl.observation_tensor(env.state, seat))
    assert np.array_equal(first["action_mask"], rl.legal_mask(env.state, seat))
    first["observation"][:] = 0.5  # a user writing into what it was given changes nothing kept
    assert np.array_equal(env.observe(agent)["observation"], again["observation"])
    env.step(int(np.flatnonzero(again["action_mask"])[0]))
    later = env.observe(agent)  # a new move: built afresh from the new state
    assert np.array_equal(later["observation"], rl.observation_tensor(env.state, seat))
    if seat in env.state.to_move:
        assert np.array_equal(later["action_mask"], rl.legal_mask(env.state, seat))
    else:  # a seat that may not act now gets an empty mask
        assert not later["action_mask"].any()


@pytest.mark.parametrize(("game", "players"), [(g, p) for g, info in meeple.GAMES.items() for p in
                                               sorted({min(info.player_counts), max(info.player_counts)})])  # fmt: skip
def test_the_pettingzoo_env_hands_every_agent_the_tensor_of_its_observation_at_every_step(
    game: str, players: int
) -> None:
    """Through the env (its kept vectors, one per seat, carried across resets), every agent's tensor at every
    step of two whole random games equals the encoding of that seat's observation dict."""
    env = mpz.env(game, players=players)
    enc = rl.encoder(game, players)
    rng = np.random.default_rng(players)
    for seed in (1, 2):
        env.reset(seed=seed)
        while True:
            for seat, agent in enumerate(env.possible_agents):
                want = enc.encode(env.state.observation(seat))
                if not np.array_equal(env.observe(agent)["observation"], want):
                    raise AssertionError(f"seed {seed} move {len(env.state.history)} seat {seat}")
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                break
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_the_gymnasium_env_hands_the_learner_the_tensor_of_its_observation_at_every_step(game: str) -> None:
    import meeple.rl.gymnasium as mg

    env = mg.MeepleEnv(game, seat=None)
    enc = rl.encoder(game, env.players)
    rng = np.random.default_rng(5)
    obs, _ = env.reset(seed=3)
    for _ in range(400):
        assert np.array_equal(obs, enc.encode(env.state.observation(env.seat)))
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            assert np.array_equal(obs, enc.encode(env.state.observation(env.seat)))
            obs, _ = env.reset()


def test_the_env_calls_an_encoder_s_own_encode_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    """The views skip ``encode_cached``'s checks (``encode_kept``) only for an encoder that does not change
    ``encode_cached``; one that does is called through it, every look."""
    from meeple.games.bayon.encoder import BayonEncoder
    from meeple.rl import seat_views as views_module

    calls: list[int] = []

    class Counting(BayonEncoder):
        def encode_cached(self, cache: SeatCache, state: Any, seat: int, to_move: Any = None) -> np.ndarray:
            calls.append(seat)
            return super().encode_cached(cache, state, seat, to_move)

    state = meeple.new_game("bayon", players=3, seed=2)
    plain = views_module.SeatViews(meeple.GAMES["bayon"].num_actions)
    assert np.array_equal(plain.tensor(state, 1), rl.observation_tensor(state, 1))
    assert plain._encode.__func__ is Encoder.encode_kept  # type: ignore[attr-defined]
    counting = Counting(3, {})
    monkeypatch.setattr(views_module, "encoder_for", lambda _state, _features=None: counting)
    views = views_module.SeatViews(meeple.GAMES["bayon"].num_actions)
    for seat in (0, 1, 2, 1):
        assert np.array_equal(views.observe(state, seat)["observation"], rl.observation_tensor(state, seat))
    assert calls == [0, 1, 2, 1]
