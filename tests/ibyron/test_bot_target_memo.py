"""The heuristic bot works out its target building once per decision, never from an older position.

A village decision asks for the target up to three times, so ``choose`` keeps the answer for
the rest of that call. These tests fail if an answer outlives its call (a position changed in
place, as tests and tools do, would be played by the old target) or if the kept answer ever
differs from working it out afresh."""

from __future__ import annotations

import meeple
from meeple.core.rng import Random
from meeple.games.ibyron import bot
from meeple.games.ibyron.data import BUILDINGS
from meeple.games.ibyron.position import IbyronPosition


def _heuristic_game(seed: int, moves: int) -> IbyronPosition:
    state = meeple.new_game("ibyron", players=2, seed=seed)
    assert isinstance(state, IbyronPosition)
    player = bot.HeuristicBot(seed)
    for _ in range(moves):
        mover = state.to_move[0]
        state.apply(player.choose(state, mover), mover)
    return state


def test_a_position_changed_in_place_is_judged_afresh() -> None:
    """Along a game, mark the mover's target building as built to its limit, in place, after a
    call on the same object: the target is another building, and the next call chooses what a
    fresh copy of the changed position gets (at some decisions not the first call's choice)."""
    state = meeple.new_game("ibyron", players=2, seed=4)
    assert isinstance(state, IbyronPosition)
    player = bot.HeuristicBot(4)
    style = bot.HeuristicBot.style
    changed = 0
    for _ in range(160):
        seat = state.to_move[0]
        before = bot.choose(state, seat, state.legal_actions(seat), style)
        target = bot._target(state, seat, style)
        if target >= 0:
            built = state.built[seat][target]
            state.built[seat][target] = BUILDINGS[target].max
            now = bot._target(state, seat, style)  # after calls on this very object
            offered = state.clone().legal_actions(seat)
            in_place = bot.choose(state, seat, offered, style)
            state.built[seat][target] = built
            assert now != target
            probe = state.clone()
            assert isinstance(probe, IbyronPosition)
            probe.built[seat] = probe.built[seat].copy()
            probe.built[seat][target] = BUILDINGS[target].max
            assert now == bot._target(probe, seat, style)
            fresh = bot.choose(probe, seat, offered, style)
            assert in_place == fresh, f"move {len(state.history)}: {in_place} chosen, {fresh} afresh"
            changed += fresh != before
        state.apply(player.choose(state, seat), seat)
    assert changed >= 3, f"only {changed} decisions changed with the target gone"


def test_the_kept_target_is_the_one_worked_out_afresh() -> None:
    """Every heuristic decision of a game (its first 200) is the one made with the target
    worked out at every ask (the memo switched off)."""
    state = _heuristic_game(2, 0)
    rng, plain = Random(2), Random(2)
    original = bot._target
    while not state.is_over and len(state.history) < 200:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        kept = bot.choose(state, seat, legal, bot.HeuristicBot.style, rng)
        bot._target = bot._work_out_target
        try:
            unkept = bot.choose(state, seat, legal, bot.HeuristicBot.style, plain)
        finally:
            bot._target = original
        assert kept == unkept, f"move {len(state.history)}"
        state.apply(kept, seat)
