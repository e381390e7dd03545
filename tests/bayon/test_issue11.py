"""Second reading of the rules: a team can never be forced to fail, and a game
the round limit ended says so (round shown, end reason, views)."""

from __future__ import annotations

import pytest
from rich.console import Console

from meeple.core import IllegalAction
from meeple.games.bayon import INFO
from meeple.games.bayon.data import DATA, SITE_VALUE
from meeple.games.bayon.svg import render as svg_render
from meeple.games.bayon.teams import is_minimal_success, joinable, minimal_completion
from meeple.games.bayon.text import render as text_render
from tests.bayon.helpers import arrange, game, legal, play

# Issue 11's reproduction: two players, seed 11. The last expedition reveals a
# site explorer 9 wins alone; explorer 5 joining first used to leave only "team done".
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


def ended_by_the_round_limit() -> object:
    state = INFO.new(2, 0, max_rounds=1)
    play(state, "end", "end")
    return state


def test_the_round_limit_is_the_end_reason_and_the_round_stays_in_range() -> None:
    state = ended_by_the_round_limit()
    assert state.is_over and state.end_reason == "safety_cap"  # type: ignore[attr-defined]
    obs = state.observation(0)  # type: ignore[attr-defined]
    assert obs["round"] == 1 == obs["max_rounds"]
    assert obs["end_reason"] == "safety_cap"


def test_views_say_the_round_limit_decided() -> None:
    obs = ended_by_the_round_limit().observation(None)  # type: ignore[attr-defined]
    console = Console(width=120, record=True, file=open("/dev/null", "w"), color_system=None)  # noqa: SIM115
    console.print(text_render(obs))
    shown = console.export_text()
    assert "round 1 of at most 1" in shown and "round 2" not in shown
    assert "the round limit ended the game" in shown
    svg = svg_render(obs, None)
    assert "Round 1" in svg and "round limit ended the game" in svg


def test_reaching_the_target_is_the_end_reason() -> None:
    state = game(2, target=20)
    play(state, "gold")
    assert state.end_reason == "target" and state.observation(0)["end_reason"] == "target"
    assert state.round == 1


def test_a_running_game_has_no_end_reason() -> None:
    assert game(3).end_reason is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_target_is_resolved_from_the_player_count(players: int) -> None:
    state = game(players)
    assert state.options["target"] == DATA.target[players] == state.target
    assert state.record.options["target"] == DATA.target[players]
    assert game(players, target=60).options["target"] == 60
