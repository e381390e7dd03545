"""Observation tensors and masks: fixed shape, bounded, named slices, and nothing hidden in them."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import meeple
import meeple.rl as rl
from meeple.core.rng import Random
from tests.rl.helpers import SETUP_IDS, SETUPS, playout


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_tensor_has_the_declared_shape_and_stays_in_the_box(game: str, players: int) -> None:
    shape = rl.observation_shape(game, players=players)
    for state, seat in playout(game, players, seed=11):
        x = rl.observation_tensor(state, seat)
        assert x.shape == shape and x.dtype == np.float32
        assert np.isfinite(x).all() and x.min() >= 0.0 and x.max() <= 1.0


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_mask_is_int8_and_marks_exactly_the_legal_actions(game: str, players: int) -> None:
    num = meeple.GAMES[game].num_actions
    for n, (state, seat) in enumerate(playout(game, players, seed=5)):
        if n % 5:
            continue
        mask = rl.legal_mask(state, seat)
        assert mask.dtype == np.int8 and mask.shape == (num,)
        legal = sorted(state.action_index(a) for a in state.legal_actions(seat))
        assert np.flatnonzero(mask).tolist() == legal


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_determinized_copies_give_the_same_tensor_to_every_seat(game: str, players: int) -> None:
    """A copy with everything a seat cannot see re-drawn must look the same to that seat, to the bit."""
    rng = Random(3)
    checked = 0
    for n, (state, _) in enumerate(playout(game, players, seed=21)):
        if n % 9 or state.is_over:
            continue
        for seat in range(players):
            mine = rl.observation_tensor(state, seat)
            for _ in range(2):
                other = state.determinize(seat, rng)
                assert np.array_equal(rl.observation_tensor(other, seat), mine)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_determinized_copies_really_differ_in_what_is_hidden(game: str, players: int) -> None:
    """The check above bites: the copies hold other hidden information (cards, tiles, the
    generator's future), so playing the same moves on the truth and on a copy soon shows a
    difference, although both gave the seat the same tensor when the copy was made."""
    rng = Random(8)
    diverged = 0
    for n, (state, _) in enumerate(playout(game, players, seed=2)):
        if n % 25 or state.is_over:
            continue
        truth, other = state.clone(), state.determinize(0, rng)
        assert np.array_equal(rl.observation_tensor(other, 0), rl.observation_tensor(truth, 0))
        diverged += _diverge(truth, other, Random(n))
    assert diverged > 0, "no determinized copy ever differed: the tensor check could not fail"


def _diverge(a: meeple.State, b: meeple.State, rng: Random, steps: int = 80) -> int:
    """1 if playing the same random moves on ``a`` and ``b`` makes seat 0's tensors differ."""
    for _ in range(steps):
        if a.is_over or b.is_over or a.to_move != b.to_move:
            return int(a.is_over != b.is_over or a.to_move != b.to_move)
        if not np.array_equal(rl.observation_tensor(a, 0), rl.observation_tensor(b, 0)):
            return 1
        seat = a.to_move[0]
        legal_b = set(b.legal_actions(seat))
        common = [x for x in a.legal_actions(seat) if x in legal_b]
        if len(common) != len(legal_b):
            return 1
        move = common[rng.randrange(len(common))]
        a.apply(move, seat)
        b.apply(move, seat)
    return 0


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_slices_cover_the_vector_once_with_unique_names(game: str, players: int) -> None:
    table = rl.observation_table(game, players=players)
    names = [name for name, *_ in table]
    assert len(set(names)) == len(names)
    position = 0
    for _, start, stop, meaning in table:
        assert start == position and stop > start and meaning
        position = stop
    assert (position,) == rl.observation_shape(game, players=players)


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_new_keys_in_an_observation_change_nothing(game: str) -> None:
    info = meeple.GAMES[game]
    enc = rl.encoder(game, info.default_players)
    for n, (state, seat) in enumerate(playout(game, info.default_players, seed=4)):
        if n % 13:
            continue
        obs = state.observation(seat)
        extended = copy.deepcopy(obs)
        extended["end_reason"] = "target"
        extended["a_new_field"] = {"nested": [1, 2, 3]}
        for value in extended.values():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                value[0]["another_new_key"] = 99
        assert np.array_equal(enc.encode(extended), enc.encode(obs))


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_every_category_seen_in_play_is_known_to_the_encoder(game: str) -> None:
    """An "other" slot lights only for a value the encoder does not list: a renamed step or phase
    in the game would silently blur the tensor, so random play must never light one."""
    info = meeple.GAMES[game]
    for players in info.player_counts:
        table = rl.observation_table(game, players=players)
        enc = rl.encoder(game, players)
        others = [start + size - 1 for name, start, size in _category_slices(game, table)]
        for n, (state, seat) in enumerate(playout(game, players, seed=17)):
            if n % 3:
                continue
            x = enc.encode(state.observation(seat))
            assert not x[others].any(), f"an unknown category at {players} players: {state.observation(seat)}"


def _category_slices(game: str, table: list[tuple[str, int, int, str]]) -> list[tuple[str, int, int]]:
    """Slices whose last value is the ``other`` slot (their meaning says "+ other")."""
    return [(name, start, stop - start) for name, start, stop, meaning in table if meaning.endswith("(+ other)")]


def test_a_category_slice_exists_for_every_game() -> None:
    for game in meeple.GAMES:
        assert _category_slices(game, rl.observation_table(game)), game


def test_bad_arguments_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        rl.observation_shape("chess")
    with pytest.raises(ValueError, match="played by 2 to 4"):
        rl.observation_shape("bayon", players=7)
    with pytest.raises(ValueError, match="no option"):
        rl.observation_shape("bayon", players=2, colour="red")
    # A value only the game's set-up understood (Isle of Skye's scoring tiles shape no
    # slice of the vector) is still checked before any encoder is made.
    with pytest.raises(ValueError, match="no-such-tile"):
        rl.observation_shape("isle_of_skye", players=2, scoring="no-such-tile")
    with pytest.raises(ValueError, match="unknown scoring tile 'lochs'"):
        rl.observation_shape("isle_of_skye", players=2, scoring="sheep,roads,mountains,lochs")
    state = meeple.new_game("bayon", players=2, seed=1)
    with pytest.raises(ValueError, match="seat"):
        rl.observation_tensor(state, 2)


def test_seats_are_written_relative_to_the_observer() -> None:
    """Slot 0 of the ``to_move`` slice is always the observer: the seat to move sees a 1 there."""
    state = meeple.new_game("bayon", players=3, seed=9)
    start = rl.observation_table("bayon", players=3)[0][1]
    mover = state.to_move[0]
    assert rl.observation_tensor(state, mover)[start] == 1.0
    other = (mover + 1) % 3
    x = rl.observation_tensor(state, other)
    assert x[start] == 0.0 and x[start + 2] == 1.0  # the mover sits two seats after ``other``


@pytest.mark.parametrize(("game", "players"), SETUPS, ids=SETUP_IDS)
def test_observation_tensor_is_the_observations_tensor_whatever_it_was_asked_before(game: str, players: int) -> None:
    """observation_tensor keeps a vector per encoder and seat: asked in turn about two different games,
    a game's later and earlier positions and worlds determinized for the seat, it must still give each
    position exactly the tensor of that position's observation."""
    first = [state.clone() for state, _ in playout(game, players, seed=3, limit=120)][::7]
    second = [state.clone() for state, _ in playout(game, players, seed=4, limit=120)][::7]
    rng = Random(5)
    encoder = rl.encoder_for(first[0])
    asked = [p for pair in zip(first, reversed(second), strict=False) for p in pair]
    for state in asked:
        for seat in range(players):
            for world in (state, state.determinize(seat, rng)):
                want = encoder.encode(world.observation(seat))
                assert np.array_equal(rl.observation_tensor(world, seat), want), (game, players, seat)
