"""Ibyron's levels: ``easy`` is the heuristic bot with a careless move about one
decision in seven, ``medium`` the heuristic bot itself, ``hard`` a rollout that
plays its few most promising moves out to the game's end."""

from __future__ import annotations

from tests.bots.decisions import heuristic_decisions

from meeple.bots import PolicyRollout, make_bot
from meeple.bots.levels import level
from meeple.core import State


def _decisions(players: int, seed: int) -> list[tuple[State, int]]:
    return heuristic_decisions("ibyron", players, seed)


def test_medium_plays_the_heuristic_bots_own_moves_unsearched() -> None:
    """Medium is the heuristic bot (one candidate, nothing played out), so its ladder
    figures against ``hard`` are also ``hard``'s figures against the heuristic bot."""
    decisions = _decisions(2, 5)
    assert len(decisions) > 100
    for state, seat in decisions[::4]:
        medium = make_bot("medium", seed=9, game="ibyron")
        assert isinstance(medium, PolicyRollout)
        heuristic = make_bot("heuristic", seed=9, game="ibyron")
        assert medium.choose(state, seat) == heuristic.choose(state, seat)
        assert medium.last_iterations == 0, "medium played something out"


def test_easy_slips_about_one_decision_in_seven() -> None:
    """One bot through a whole game's decisions: it leaves the heuristic's move at some,
    never searches, and keeps the heuristic's move at most (a random slip can hit it)."""
    assert level("ibyron", "easy").blunder == 0.15
    decisions = _decisions(2, 6)
    easy = make_bot("easy", seed=4, game="ibyron")
    assert isinstance(easy, PolicyRollout)
    heuristic = make_bot("heuristic", seed=4, game="ibyron")
    differs = 0
    for state, seat in decisions:
        chosen = easy.choose(state, seat)
        assert chosen in state.legal_actions(seat)
        assert easy.last_iterations == 0, "easy played something out"
        differs += chosen != heuristic.choose(state, seat)
    share = differs / len(decisions)
    assert 0.05 < share <= 0.2, f"easy left the heuristic's move at {share:.0%} of decisions"


def test_hard_plays_its_three_best_candidates_to_the_games_end() -> None:
    settings = level("ibyron", "hard")
    assert (settings.width, settings.horizon, settings.policy) == (3, 0, "heuristic")
    decisions = [(s, seat) for s, seat in _decisions(2, 7) if len(s.legal_actions(seat)) > 3]
    assert len(decisions) >= 3
    for state, seat in decisions[:3]:
        hard = make_bot("hard", seed=2, game="ibyron")
        assert isinstance(hard, PolicyRollout)
        assert hard.choose(state, seat) in state.legal_actions(seat)
        assert hard.last_iterations >= 3, "hard did not play each candidate out"
        assert 1 <= len(hard.last_values) <= 3, "hard kept more than its three candidates"
