"""The heuristic bot works out its target building once per decision and hands it on, never
keeping it past the decision: a position changed in place, as tests and tools do, is judged afresh."""

from __future__ import annotations

import meeple
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
