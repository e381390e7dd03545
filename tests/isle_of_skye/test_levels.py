"""Isle of Skye's ``hard``: it places tiles as the heuristic bot does, without
searching, and searches the discard, the prices and the purchases, with the
heuristic bot playing the playouts."""

from __future__ import annotations

import time

from meeple.bots import PolicyRollout, make_bot
from meeple.bots.levels import level
from meeple.core import State
from meeple.games.isle_of_skye.actions import BUILD, BUY, PRICE
from tests.bots.decisions import heuristic_decisions

SEARCHED_PHASES = (PRICE, BUY)


def _decisions(players: int, seed: int) -> list[tuple[State, int]]:
    return heuristic_decisions("isle_of_skye", players, seed)


def test_hard_places_tiles_as_the_heuristic_and_searches_prices_and_purchases() -> None:
    decisions = _decisions(2, 4)
    builds = [(s, seat) for s, seat in decisions if s.phase == BUILD][:6]  # type: ignore[attr-defined]
    deals = [(s, seat) for s, seat in decisions if s.phase in SEARCHED_PHASES][:4]  # type: ignore[attr-defined]
    assert builds and deals
    for state, seat in builds:
        hard = make_bot("hard:8", seed=2, game="isle_of_skye")
        assert isinstance(hard, PolicyRollout)
        heuristic = make_bot("heuristic", seed=2, game="isle_of_skye")
        assert hard.choose(state, seat) == heuristic.choose(state, seat)
        assert hard.last_iterations == 0, "a placement was searched"
    for state, seat in deals:
        hard = make_bot("hard:8", seed=2, game="isle_of_skye")
        assert isinstance(hard, PolicyRollout)
        assert hard.choose(state, seat) in state.legal_actions(seat)
        assert hard.last_iterations > 0, f"a {state.legal_actions(seat)[0].kind} decision was not searched"


def test_medium_plays_the_heuristic_bots_own_moves() -> None:
    """Medium is the heuristic bot (one candidate, nothing played out): the same move at
    every decision of a 3-player game, so its figures are the heuristic bot's."""
    decisions = _decisions(3, 6)
    assert len(decisions) > 50
    for state, seat in decisions[::3]:
        medium = make_bot("medium", seed=9, game="isle_of_skye")
        heuristic = make_bot("heuristic", seed=9, game="isle_of_skye")
        assert medium.choose(state, seat) == heuristic.choose(state, seat)


def test_hard_spends_fewer_playouts_at_four_and_five_players() -> None:
    """A 4- or 5-player round is longer, so hard's playouts are dearer there: 16 and 12
    playouts a searched decision instead of 24, which keeps the move inside its time cap
    (docs/measurements/isle_of_skye.md, "Time per move")."""
    assert dict(level("isle_of_skye", "hard").playouts_by_players) == {4: 16, 5: 12}
    for players, most, least in ((5, 12, 1), (2, 24, 13)):
        deals = [
            (s, seat)
            for s, seat in _decisions(players, 3)
            if s.phase in SEARCHED_PHASES and len(s.legal_actions(seat)) > 1  # type: ignore[attr-defined]
        ][:2]
        assert deals
        for state, seat in deals:
            hard = make_bot("hard", seed=1, game="isle_of_skye")
            assert isinstance(hard, PolicyRollout)
            hard.clock = time.thread_time  # the cap on this thread's CPU, so load does not cut the budget
            hard.choose(state, seat)
            spent = hard.last_iterations
            assert spent <= most, f"{players} players: {spent} playouts"
            assert hard.last_timed_out or spent >= least, f"{players} players: only {spent} playouts"
