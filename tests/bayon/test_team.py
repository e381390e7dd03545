"""The expedition's team: members join one at a time, a successful team has no member it
could do without, and no member may join who would leave only a failure open."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction
from meeple.games.bayon.data import SITE_VALUE
from meeple.games.bayon.teams import is_minimal_success, joinable, minimal_completion
from tests.bayon.helpers import arrange, game, legal, play

# Two players, seed 11: the last expedition reveals a site explorer 9 wins alone, so explorer 5
# may not join first (the team could then only fail or carry a member it does not need).
SEED_11_MOVES = (
    "expedition asia, team 3, team done, interpreter 1 europe, gold, hire 8, expedition africa, team 8, team 1, "
    "withdraw 8, hire stack, interpreter 9 europe, travel 1 asia, travel 9 africa, interpreter 1 australia, gold, "
    "expedition europe, pay site 8, team 1, team done, interpreter 9 asia, gold, end, end, hire 5, travel 9 africa, "
    "travel 5 europe, hire 6, travel 6 australia, gold, interpreter 6 america, travel 5 asia, interpreter 9 europe, "
    "end, travel 9 america, interpreter 5 asia, travel 6 america, expedition europe"
)
SEED_11 = SEED_11_MOVES.split(", ")


def test_a_member_that_would_force_a_failure_is_refused() -> None:
    state = game(2, seed=11)
    play(state, *SEED_11)
    site, seat = state.revealed, state.current
    assert minimal_completion([], [9], site) == [9]  # explorer 9 alone wins it
    assert legal(state) == ["team 9"]
    before = state.observation(seat)
    with pytest.raises(IllegalAction, match="explorer 9 would succeed"):
        state.apply("team 5")
    assert state.observation(seat) == before
    play(state, "team 9")
    assert site in state.owned[seat]


def test_a_team_that_can_succeed_stays_able_to_succeed() -> None:
    # Whatever members a player adds, a successful team stays within reach while one exists.
    for site in range(1, 31):
        for hand in ([1, 2, 3, 4], [5, 7, 8, 9], [6, 13, 14, 15], [10, 11, 12, 17]):
            if minimal_completion([], hand, site) is None:
                continue
            stack = [[]]
            while stack:
                team = stack.pop()
                free = [e for e in hand if e not in team]
                assert minimal_completion(team, free, site) is not None, (site, hand, team)
                for e in joinable(team, free, site):
                    bigger = [*team, e]
                    if not is_minimal_success(bigger, site):
                        stack.append(bigger)


def test_a_team_bound_to_fail_may_risk_any_free_explorer() -> None:
    # Site 7 (the pyramids) needs map 3: explorers 1 and 2 have no map, so nothing can succeed.
    state = arrange(game(2), hands=[[1, 2], [3]], stacks={"africa": [7, 8, 9, 10, 11, 12]}, gold=[30, 15])
    play(state, "expedition africa")
    assert legal(state) == ["team 1", "team 2"]
    play(state, "team 2")
    assert legal(state) == ["team 1", "team done"]


def test_successful_teams_are_still_minimal() -> None:
    # Site 8 needs (1,3,1): explorer 4 (1,3,0) needs a microscope; 1 (0,1,3) or 6 (3,1,0)? only 1 adds one.
    state = arrange(game(2), hands=[[4, 1, 6], [3]], stacks={"africa": [8, 7, 9, 10, 11, 12]}, gold=[30, 15])
    play(state, "expedition africa", "team 4")
    assert legal(state) == ["team 1", "team done"]
    play(state, "team 1")
    assert state.owned[0] == [8] and SITE_VALUE[8] == state.worth[0]


def test_no_passenger_in_a_successful_team() -> None:
    # Site 10 needs (2,1,1). Explorer 1 (0,1,3) helps, but 13 (2,2,2) and 7 (2,2,1) each suffice
    # alone: every successful team holding 1 has a passenger, so 1 may not join at all.
    state = arrange(game(2), hands=[[1, 13, 7], [3]], stacks={"africa": [10, 7, 8, 9, 11, 12]}, gold=[30, 15])
    play(state, "expedition africa")
    assert legal(state) == ["team 13", "team 7"]
    with pytest.raises(IllegalAction, match="explorer 13 would succeed"):
        state.apply("team 1")
    play(state, "team 7")
    assert state.owned[0] == [10]


def test_team_needs_a_member_before_it_is_done() -> None:
    state = arrange(game(2), hands=[[1, 13], [3]], gold=[30, 15])
    play(state, "expedition africa")
    with pytest.raises(IllegalAction, match="team is empty"):
        state.apply("team done")


def test_explorers_that_acted_cannot_join_the_team() -> None:
    state = arrange(game(2), hands=[[1, 13, 7], [3]], gold=[30, 15])
    play(state, "travel 13 africa", "expedition africa")
    assert legal(state) == ["team 1", "team 7"]
    with pytest.raises(IllegalAction, match="explorer 13 has already acted"):
        state.apply("team 13")
