"""The terminal and SVG views: what they show, what they keep secret, what they make clickable."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rich.console import Console

from meeple.games.isle_of_skye import INFO
from meeple.games.isle_of_skye.actions import BUILD
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from tests.isle_of_skye.helpers import finish_hidden_phase, new_state, play_to_end


def plain_text(state: IsleOfSkyeState, seat: int | None, legal: list[str] | None = None) -> str:
    console = Console(width=160, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    assert INFO.text_view is not None
    console.print(INFO.text_view(state.observation(seat), legal))
    console.file.close()
    return console.export_text()


def svg(state: IsleOfSkyeState, seat: int | None) -> ET.Element:
    assert INFO.svg_view is not None
    legal = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
    return ET.fromstring(INFO.svg_view(state.observation(seat), legal))


def marked(root: ET.Element) -> set[str]:
    return {el.get("data-action") or "" for el in root.iter() if el.get("data-action")}


def secret_priced_state() -> IsleOfSkyeState:
    state = new_state(3, seed=12)
    state.gold[0] = 40
    state.apply(f"discard {state.drawn[0][0]}", 0)
    state.apply("price 37", 0)
    state.apply("price 1", 0)
    return state


def test_hidden_prices_do_not_reach_other_seats_views() -> None:
    state = secret_priced_state()
    assert "37 gold" in plain_text(state, 0)
    assert INFO.svg_view is not None
    assert "37 gold" in INFO.svg_view(state.observation(0), [])
    for viewer in (1, 2, None):
        text = plain_text(state, viewer)
        assert "37" not in text.replace(str(state.drawn[0][0]), "")  # no price, no gold-in-hand split
        assert "hidden" in text
        assert INFO.svg_view is not None
        drawing = INFO.svg_view(state.observation(viewer), [])
        assert "37 gold" not in drawing and ">discard<" not in drawing


def test_move_log_hides_other_seats_choices() -> None:
    state = secret_priced_state()
    assert state.move_text(0, 0) == f"discard {state.drawn[0][0]}"
    assert state.move_text(1, 0) == "price 37"
    assert state.move_text(0, 1) == "marks a tile to discard (hidden)"
    assert state.move_text(1, None) == "sets a price (hidden)"


def test_text_view_shows_the_round_track_scoring_tiles_and_territories() -> None:
    state = new_state(4, seed=2, scoring="first-game")
    text = plain_text(state, 0)
    assert "round 1 of 6" in text
    assert "[5: A+C+D, 3g/ahead]" in text
    for title in ("Sheep", "Roads", "Completed mountains", "Animals near farms"):
        assert title in text
    assert text.count("C0") == 1 and "C3" in text  # each clan's castle tile in its grid
    assert "Seat 0 (blue, you)" in text and "5 (stakes hidden)" in text  # others' totals during the hidden phase


def test_svg_marks_the_choices_of_each_step() -> None:
    state = new_state(2, seed=5)
    assert marked(svg(state, 0)) == {f"discard {t}" for t in state.drawn[0]}
    state.apply(f"discard {state.drawn[0][0]}", 0)
    assert marked(svg(state, 0)) == {f"price {n}" for n in range(1, 5)}
    assert marked(svg(state, 1)) == {f"discard {t}" for t in state.drawn[1]}
    state.apply("price 1", 0)
    state.apply("price 1", 0)
    state.apply(f"discard {state.drawn[1][0]}", 1)
    state.apply("price 1", 1)
    state.apply("price 1", 1)
    assert marked(svg(state, 0)) == {f"buy {t}" for t in state.drawn[1][1:]} | {"pass"}
    state.apply("pass", 0)
    state.apply("pass", 1)
    assert state.phase == BUILD
    root = svg(state, 0)
    assert marked(root) == {str(a) for a in state.legal_actions(0)}
    state.apply(state.legal_actions(0)[0], 0)
    spots = marked(svg(state, 0))
    assert spots == {str(a) for a in state.legal_actions(0)} and all(s.startswith("spot ") for s in spots)
    state.apply(state.legal_actions(0)[0], 0)
    assert marked(svg(state, 0)) == {str(a) for a in state.legal_actions(0)}
    assert marked(svg(state, 1)) == set()  # not seat 1's turn


def test_views_of_a_finished_game() -> None:
    state = play_to_end(5, seed=9)
    text = plain_text(state, None)
    assert "Final scoring" in text and "wins" in text
    assert INFO.svg_view is not None
    drawing = INFO.svg_view(state.observation(None), [])
    assert "Final scoring" in drawing
    # Every territory tile is drawn: one tile-number label per landscape tile.
    placed = sum(len(p) - 1 for p in state.placed)
    assert sum(drawing.count(f">{tid}</text>") for p in state.placed for tid, _r in p.values()) >= placed


def test_text_view_says_what_the_viewer_must_do() -> None:
    state = new_state(2, seed=5)
    assert "mark one of your drawn tiles to discard" in plain_text(state, 0)
    state.apply(f"discard {state.drawn[0][0]}", 0)
    assert f"set the price of tile {state.drawn[0][1]}" in plain_text(state, 0)
    assert "your move" not in plain_text(state, None)


def test_finish_helper_leaves_a_buying_state() -> None:
    state = new_state(2)
    finish_hidden_phase(state)
    assert plain_text(state, 1).count("1 gold") >= 4  # all four prices are public now
