"""The terminal and SVG views: drawn from the observation, hiding what the seat may not see."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rich.console import Console

from meeple.games.bayon.actions import PHASE_NAMES
from meeple.games.bayon.data import COSTS, SITES
from meeple.games.bayon.rules import BayonState
from meeple.games.bayon.svg import render as svg_render
from meeple.games.bayon.text import STEP_TEXT
from meeple.games.bayon.text import render as text_render
from tests.bayon.helpers import AFRICA, EUROPE, arrange, ended_by_the_round_limit, game, legal, play


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


def test_views_say_the_round_limit_decided() -> None:
    obs = ended_by_the_round_limit().observation(None)
    console = Console(width=120, record=True, file=open("/dev/null", "w"), color_system=None)  # noqa: SIM115
    console.print(text_render(obs))
    shown = console.export_text()
    assert "round 1 of at most 1" in shown and "round 2" not in shown
    assert "the round limit ended the game" in shown
    svg = svg_render(obs, None)
    assert "Round 1" in svg and "round limit ended the game" in svg


def test_text_view_names_site_ids_and_marks_sites_won_this_turn() -> None:
    state = arrange(game(2), hands=[[8, 7], [2]], gold=[15, 15], stacks={"europe": EUROPE}, owned=[[30], []])
    play(state, "expedition europe", "pay gold", "team 8")
    text = as_text(state.observation(1))
    assert "[30] " in text and "[1] " in text  # the ids used by `pay site N`
    assert text.count("won this turn") == 1  # site 1 only, not site 30
    play(state, "end")
    assert "won this turn" not in as_text(state.observation(1))


def test_text_view_explains_the_team_step() -> None:
    state = arrange(game(2), hands=[[1, 13], [2]], gold=[30, 15], stacks={"africa": [7, 8, 9, 10, 11, 12]})
    play(state, "expedition africa")
    text = as_text(state.observation(0))
    flat = " ".join(text.replace("│", " ").split())  # undo the panel's line wrapping
    assert "succeeds as soon as it reaches all three values" in flat
    assert "'team done' stops short and the expedition fails" in flat


def test_text_view_names_a_team_that_succeeds_or_says_none_can() -> None:
    def flat(text: str) -> str:
        return " ".join(text.replace("│", " ").split())

    state = arrange(game(2), hands=[[1, 6], [2]], stacks={"europe": EUROPE}, gold=[COSTS[0], 15])
    play(state, "expedition europe")  # site 1 (1,1,0): explorer 6 (3,1,0) alone, explorer 1 (0,1,3) cannot help
    assert "A team that succeeds: #6." in flat(as_text(state.observation(0)))
    assert "A team that succeeds" not in flat(as_text(state.observation(1)))  # only the player is told
    doomed = arrange(game(2), hands=[[1, 2], [3]], stacks={"africa": AFRICA}, gold=[COSTS[1], 15])
    play(doomed, "expedition africa")
    assert "No team of your free explorers can succeed here" in flat(as_text(doomed.observation(0)))


def test_text_view_does_not_address_a_spectator_as_you() -> None:
    state = game(2)
    assert "what you know of the stack" in as_text(state.observation(0))
    spectator = as_text(state.observation(None))
    assert "what is known of the stack" in spectator and "(you)" not in spectator


def test_the_text_view_words_every_step_of_a_turn() -> None:
    # The open step is worded from what the turn still allows; every other step has its line.
    assert set(STEP_TEXT) == set(PHASE_NAMES) - {"main"}
