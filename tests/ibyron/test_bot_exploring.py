"""Ibyron's heuristic bot, holding a tile, walks only to a coast space where the tile fits.

Walking to any coast space can stall a game: with the tile supply gone and no free land
left, the seat holding the last tile would walk every round to a space where no tile fits
and forfeit, and nobody could build until the round limit."""

from __future__ import annotations

import meeple
from meeple.games.ibyron import bot
from meeple.games.ibyron.data import S_TURN, VILLAGE
from meeple.games.ibyron.legal import outside_actions
from meeple.games.ibyron.position import IbyronPosition


def _holding_a_tile(players: int, seeds: range) -> list[tuple[IbyronPosition, int]]:
    """Outside turns (before any move) of heuristic games where the seat to move holds a tile."""
    found: list[tuple[IbyronPosition, int]] = []
    for seed in seeds:
        state = meeple.new_game("ibyron", players=players, seed=seed)
        assert isinstance(state, IbyronPosition)
        bots = [bot.HeuristicBot(seed * 10 + p) for p in range(players)]
        while not state.is_over:
            p = state.to_move[0]
            if state.held[p] >= 0 and state.step == S_TURN and state.phase[p] != VILLAGE:
                found.append((state.clone(), p))
            state.apply(bots[p].choose(state, p), p)
    return found


def test_explore_spots_are_the_coast_spaces_the_rules_let_a_held_tile_be_laid_from() -> None:
    positions = _holding_a_tile(3, range(6))
    assert len(positions) >= 3
    for state, p in positions[:: max(1, len(positions) // 6)]:
        spots = bot._explore_spots(state)
        for c in state.coast:
            if state.height[c]:
                continue
            stood = state.clone()
            assert isinstance(stood, IbyronPosition)
            stood.leader[p] = c
            offered = any(a.kind == "explore" for a in outside_actions(stood, p, False))
            assert offered == (c in spots), f"coast space {c}: explore offered {offered}, spot {c in spots}"


def test_a_game_where_the_last_tile_fits_only_from_some_coast_spaces_ends_by_the_race() -> None:
    """A 4-player game (seed 6,500,030, heuristic bots seeded 65,300 + seat) where seat 1 holds
    the last tile from round 17 and it fits only from some coast spaces: walking to the others
    would run the game to the round limit; seat 1 lays the tile and the game ends by the race."""
    state = meeple.new_game("ibyron", players=4, seed=6_500_030)
    bots = [bot.HeuristicBot(65_300 + p) for p in range(4)]
    explored = False
    while not state.is_over:
        p = state.to_move[0]
        action = bots[p].choose(state, p)
        explored |= p == 1 and action.kind == "explore"
        state.apply(action, p)
    assert explored and state.end_reason == "workers"
