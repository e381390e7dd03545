"""The terminal and SVG views: drawn from the observation, hiding what the seat may not see."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rich.console import Console

from meeple.games.bayon.data import SITES
from meeple.games.bayon.rules import BayonState
from meeple.games.bayon.svg import render as svg_render
from meeple.games.bayon.text import render as text_render
from tests.bayon.helpers import arrange, game, legal, play

EUROPE = [1, 2, 3, 4, 5, 6]


def as_text(obs: dict[str, object]) -> str:
    console = Console(width=140, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(text_render(obs))
    console.file.close()
    return console.export_text()


def marked(svg: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for el in ET.fromstring(svg).iter():
        action = el.get("data-action")
        if action is not None:
            assert el.get("class") == "clickable"
            counts[action] = counts.get(action, 0) + 1
    return counts


def peeked_state() -> BayonState:
    state = arrange(game(3), hands=[[1, 7], [2, 8], [3]], stacks={"europe": EUROPE})
    return play(state, "travel 1 europe")


def test_text_view_shows_the_seats_peek_and_nobody_elses() -> None:
    state = peeked_state()
    top = SITES[1].name
    mine = as_text(state.observation(0))
    assert top in mine and "interpreter on Australia" in mine and "Seat 0 (you)" in mine
    for other in (1, None):
        theirs = as_text(state.observation(other))
        assert top not in theirs and "seen by Seat 0" in theirs


def test_svg_hides_the_peek_from_other_seats() -> None:
    state = peeked_state()
    assert SITES[1].name in svg_render(state.observation(0), None)
    assert SITES[1].name not in svg_render(state.observation(1), None)


def test_every_legal_action_of_the_main_step_is_clickable_once() -> None:
    state = arrange(game(3), hands=[[1, 7], [2, 8], [3]], gold=[30, 15, 15])
    actions = legal(state)
    counts = marked(svg_render(state.observation(0), actions))
    assert set(counts) == set(actions)
    assert all(n == 1 for n in counts.values())


def test_expedition_steps_are_clickable() -> None:
    state = arrange(game(2), hands=[[1, 2, 13], [3]], owned=[[1], []], gold=[30, 15])
    play(state, "expedition africa")
    assert set(marked(svg_render(state.observation(0), legal(state)))) == {"pay gold", "pay site 1"}
    play(state, "pay gold")
    assert set(marked(svg_render(state.observation(0), legal(state)))) == set(legal(state))
    text = as_text(state.observation(1))
    assert "Expedition to Africa" in text and "Revealed" in text


def test_no_marks_without_legal_actions() -> None:
    state = game(2)
    assert marked(svg_render(state.observation(None), None)) == {}
    assert marked(svg_render(state.observation(1), [])) == {}


def test_game_over_views() -> None:
    state = arrange(game(2), gold=[245, 15])
    play(state, "gold")
    assert "Winner: Seat 0" in as_text(state.observation(None))
    assert "game over" in svg_render(state.observation(1), [])


def test_the_team_is_shown_while_a_participant_is_chosen() -> None:
    state = arrange(game(4), hands=[[5, 13], [1], [2], [3]], faceup=[14, 7], gold=[15, 15, 15, 15])
    arrange(state, stacks={"africa": [7, 8, 9, 10, 11, 12]})
    play(state, "hire 14", "expedition africa", "team 5", "team 14")
    assert legal(state) == ["withdraw 5", "withdraw 14"]
    text = as_text(state.observation(0))
    assert "choose the participant who withdraws" in text and "Team: #5" in text
    assert set(marked(svg_render(state.observation(0), legal(state)))) == {"withdraw 5", "withdraw 14"}
