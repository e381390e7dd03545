"""The levels in every game at every player count: legal moves, nothing read
that the seat cannot see, reproducible with a seed, and inside their time."""

from __future__ import annotations

import random
import time

import pytest

import meeple
from meeple.bots import ISMCTS, LEVEL_NAMES, Bot, PolicyRollout, make_bot
from meeple.bots.levels import level
from meeple.core import State, snapshot
from tests.conformance.playout import states_along

SETUPS = [
    pytest.param((info, players, {}), id=f"{game}-{players}p")
    for game, info in sorted(meeple.GAMES.items())
    for players in info.player_counts
]
BUDGET = 12  # iterations: enough to exercise every part of the search, fast and reproducible


def _unbounded(bot: Bot) -> Bot:
    """The level with a budget of iterations (a rollout level: playouts) far too large."""
    if isinstance(bot, PolicyRollout):
        bot.playouts = 10**9
    else:
        assert isinstance(bot, ISMCTS)
        bot.iterations = 10**9
    return bot


def _positions(setup: tuple[meeple.GameInfo, int, dict[str, object]], count: int) -> list[State]:
    return [s for s in states_along(setup, 15, count=count) if not s.is_over]


@pytest.mark.parametrize("setup", SETUPS)
def test_levels_play_legal_moves_and_read_only_their_seats_information(
    setup: tuple[meeple.GameInfo, int, dict[str, object]],
) -> None:
    """Each level's choice (fixed seed and iterations) is the same on the real
    state and on worlds ``determinize(seat, ...)`` draws, which only the seat's
    information links to the real one; and the state is left as it was.

    A search sees a position only through ``determinize``, which the
    conformance suite checks is a function of the seat's information alone, so
    a bot that reads nothing hidden chooses the same on every such world."""
    info = setup[0]
    rng = random.Random(3)
    compared = 0
    for state in _positions(setup, 5):
        before = snapshot(state)
        for seat in state.to_move:
            for name in LEVEL_NAMES:
                spec = f"{name}:{BUDGET}"
                expected = make_bot(spec, seed=11, game=info.id).choose(state, seat)
                assert expected in state.legal_actions(seat), f"{spec} chose an illegal move"
                for _ in range(2):
                    world = state.determinize(seat, rng)
                    compared += 1
                    chosen = make_bot(spec, seed=11, game=info.id).choose(world, seat)
                    assert chosen == expected, f"{spec} reads what seat {seat} cannot see"
        assert snapshot(state) == before, "a bot changed the state it was given"
    assert compared > 0, "no position with a seat to move"


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_levels_are_reproducible_with_a_seed(game: str) -> None:
    info = meeple.GAMES[game]
    setup = (info, max(2, info.min_players), {})
    for state in _positions(setup, 4):
        seat = state.to_move[0]
        for name in LEVEL_NAMES:
            picks = {make_bot(f"{name}:40", seed=5, game=game).choose(state, seat) for _ in range(2)}
            assert len(picks) == 1, f"{name} is not reproducible with a seed"


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
@pytest.mark.parametrize("name", ["easy", "medium"])
def test_levels_keep_to_their_time(game: str, name: str) -> None:
    """A generous check that the time cap works (the real figures are in
    benchmarks/bots_timing.py): well under twice the level's cap plus slack
    for a loaded machine, even with a budget of iterations far too large."""
    info = meeple.GAMES[game]
    state = _positions((info, max(2, info.min_players), {}), 6)[2]
    cap = level(game, name).seconds
    bot = _unbounded(make_bot(name, seed=1, game=game))  # only the clock can stop it
    started = time.perf_counter()
    bot.choose(state, state.to_move[0])
    assert time.perf_counter() - started < 2 * cap + 0.5


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_hard_keeps_to_its_time(game: str) -> None:
    info = meeple.GAMES[game]
    state = _positions((info, max(2, info.min_players), {}), 6)[3]
    bot = _unbounded(make_bot("hard", seed=1, game=game))
    started = time.perf_counter()
    bot.choose(state, state.to_move[0])
    assert time.perf_counter() - started < 2 * level(game, "hard").seconds + 0.5
