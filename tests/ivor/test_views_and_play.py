"""Views drawn from observations (players' names, hover help, the terminal's size, click
targets), and invariants over random games."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from meeple.games.ivor import INFO
from meeple.games.ivor.data import card_name
from meeple.games.ivor.observe import (
    IvorObservation,
    LineCardObservation,
    LocationObservation,
    PlayerObservation,
    RouteObservation,
    SupplyObservation,
)
from meeple.games.ivor.rules import IDRIS_TOKENS, IvorState
from meeple.games.ivor.svg import render as svg_render
from tests.bayon.clickcheck import chromium_page, covered_targets
from tests.ivor.helpers import every_card, hand, line, loc, main_line_example, placed, sheep_at_grumbly_town

NAMES = ["Alice", "Bob", "Cara", "Dan"]


def rendered_text(state: IvorState, seat: int | None) -> str:
    console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    assert INFO.text_view is not None
    console.print(INFO.text_view(state.observation(seat)))
    text = console.export_text()
    console.file.close()
    return text


def svg_of(state: IvorState, seat: int | None) -> ET.Element:
    assert INFO.svg_view is not None
    legal = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
    return ET.fromstring(INFO.svg_view(state.observation(seat), legal))


def test_the_observation_has_exactly_the_keys_its_type_declares() -> None:
    state = placed()
    obs = state.observation(0)
    assert list(obs) == list(IvorObservation.__annotations__)
    assert set(state.base_observation(0)) <= set(obs), "every field every game's observation starts with"
    nested = [
        (obs["players"][0], PlayerObservation),
        (obs["locations"][0], LocationObservation),
        (obs["line"][0], LineCardObservation),
        (obs["supply"], SupplyObservation),
        (obs["routes"][0], RouteObservation),
    ]
    for record, declared in nested:
        assert list(record) == list(declared.__annotations__), declared.__name__


def test_text_view_shows_map_players_line_and_own_hand_only() -> None:
    state = placed()
    hand(state, 0, 7, 8)
    hand(state, 1, 9)
    line(state, 1, 2, 3, 5)
    state.loc_sheep[11] = 3
    text = rendered_text(state, 0)
    assert "tan-y-gwich" in text and "Seat 0" in text and "Card line" in text
    assert "Your hand (Seat 0)" in text
    assert "Deliver" in text or "Carry" in text
    assert "main line to tewyn" in text
    assert card_name(7) in text and card_name(9) not in text, "another player's hand stays hidden"
    assert card_name(9) in rendered_text(state, 1)
    spectator = rendered_text(state, None)
    assert "Your hand" not in spectator


def test_text_view_names_taken_events_with_their_bonus_and_known_cards() -> None:
    # The end bonus of a taken event is what a player plays for; a bare card number hid it.
    from meeple.games.ivor.data import DATA, bonus_text

    state = placed()
    event = DATA.events[0]
    state.events_taken[1] = [event.id]
    hand(state, 1, 9)
    state.known[1] = [9]
    text = rendered_text(state, 0)
    assert f"Seat 1 holds event {event.id} {event.name}" in text
    assert bonus_text(event) in text
    assert f"Seat 1 is known to hold card(s) 9 {card_name(9)}" in text


def test_svg_marks_only_legal_actions() -> None:
    state = placed()
    hand(state, 0, 7)
    line(state, 1, 2, 3, 5)
    root = svg_of(state, 0)
    marked = {el.get("data-action") for el in root.iter() if el.get("data-action")}
    legal = {str(a) for a in state.legal_actions()}
    assert marked <= legal
    assert {"move grumbly-town 0 coal", "end"} <= marked
    assert any(m.startswith("special 7") for m in marked)
    state.apply("end")
    marked = {el.get("data-action") for el in svg_of(state, 0).iter() if el.get("data-action")}
    assert marked == {"take 1", "take 2", "take 3", "take 5"}


def test_svg_places_every_location_wagon_and_sheep() -> None:
    state = placed()
    state.loc_sheep[3] = 4
    svg = ET.tostring(svg_of(state, None), encoding="unicode")
    for name in ("Llangubbin", "Tewyn", "Grumbly Town", "Gwynaudalion Halt"):
        assert name in svg
    assert "Seat 3's wagon" in svg and ">4<" in svg


def test_svg_hides_other_hands() -> None:
    state = placed()
    hand(state, 1, 44)
    svg = ET.tostring(svg_of(state, 0), encoding="unicode")
    assert card_name(44) not in svg and "Bring milk churns" not in svg
    svg1 = ET.tostring(svg_of(state, 1), encoding="unicode")
    assert card_name(44) in svg1 and "Bring milk churns" in svg1


def test_random_games_keep_every_invariant() -> None:
    for seed in range(8):
        players = 3 + seed % 3
        state = INFO.new(players, seed)
        assert isinstance(state, IvorState)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            assert every_card(state) == list(range(1, 62))
            assert sum(state.gold) + state.supply_gold == 12
            assert sum(state.coal) + state.supply_coal == 12
            assert min(state.gold + state.coal + state.sheep + state.loc_sheep) >= 0
            assert state.idris_free + sum(1 for o in state.idris_at if o >= 0) == IDRIS_TOKENS
            assert len(state.line) <= 4
            if state.phase not in (0, 6):  # placing or discarding
                assert len(state.hands[state.current]) <= 4 or state.phase in (1, 4, 5)
            wagons = [i for i, s in enumerate(state.wagon_at) if s >= 0]
            assert len(wagons) == len(set(wagons))
        assert state.round < 60, "random games end well before the safeguard"
        assert max(state.sheep) >= state.target


def test_views_offer_both_routes_to_one_place() -> None:
    """Capel Isaf by line for 1 coal or by the main line for 2 (``main_line_example``)."""
    state = main_line_example()
    marked = {el.get("data-action") for el in svg_of(state, 0).iter() if el.get("data-action")}
    assert {"move capel-isaf 1 coal", "move capel-isaf 2 coal"} <= marked, "the board click and a button"
    assert "move capel-isaf 2 coal (1 line(s) besides)" in rendered_text(state, 0)


def test_text_view_fits_an_80_by_50_terminal_and_still_hides_other_hands() -> None:
    # Narrow terminals get the compact view: two columns of locations, one line a card,
    # so the screen leaves room for the list of moves under it.
    for players, steps in ((3, 60), (5, 120)):
        state = INFO.new(players, 4)
        rng = random.Random(1)
        for _ in range(steps):
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        assert isinstance(state, IvorState)
        seat = state.current
        console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        assert INFO.text_view is not None
        console.print(INFO.text_view(state.observation(seat)))
        text = console.export_text()
        console.file.close()
        lines = text.splitlines()
        assert len(lines) <= 42 and max(len(t) for t in lines) <= 80
        here = state.observation(seat)["players"][seat]["location"]
        assert "main line to tewyn" in text and f"lines from {here}" in text
        hidden = [c for s in range(players) if s != seat for c in state.hands[s] if c not in state.known[s]]
        mine = set(state.hands[seat]) | set(state.line)
        for card in hidden:
            if card not in mine:
                assert f"\n{card:>2}  " not in text and f" {card} (" not in text


# ------------------------------------------------ names, help and size of the boards
def text_of(state: IvorState, seat: int, width: int, names: list[str] | None) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(INFO.text_view(state.observation(seat), None, names=names))  # type: ignore[misc]
    out = console.export_text()
    console.file.close()
    return out


def test_the_views_show_the_names() -> None:
    state = sheep_at_grumbly_town()
    svg = svg_render(state.observation(1), None, names=NAMES)
    assert "Bob (you)" in svg and "Alice" in svg and "Your hand (Bob)" in svg and "P0" not in svg
    text = text_of(state, 1, 160, NAMES)
    assert "Your hand (Bob)" in text and "Alice to move and play" in text


def test_long_names_keep_the_terminal_view_within_80_by_50() -> None:
    rng = random.Random(3)
    state = INFO.new(5, 3)
    for _ in range(150):
        state.apply(rng.choice(state.legal_actions()))
    names = ["Bartholomew", "Guinevere the Great", "Cadwaladr", "Dafydd ap Gruffydd", "Eluned"]
    for seat in range(5):
        state.pos[seat] = loc(
            ("post-office-crossing", "dinwiddys-gold-mine", "gwynaudalion-halt", "tewyn", "llaniog")[seat]
        )
    text = text_of(state, state.to_move[0], 80, names)
    lines = text.splitlines()
    assert len(lines) <= 42 and max(len(line) for line in lines) <= 80
    assert "Bartholo*" in text and "post-office-crossing" in text and "…" not in text  # nothing cut short


@pytest.mark.slow
def test_the_narrow_view_fits_80_by_50_through_whole_games_with_long_names() -> None:
    """42 lines at most (the move list gets the rest of a 50-line screen), game over included."""
    names = ["Bartholomew", "Guinevere", "Cadwaladr", "Dafydd", "Eluned"]
    worst = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = INFO.new(5, seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            if rng.random() < 0.05 or state.is_over:
                seat = state.to_move[0] if state.to_move else 0
                lines = text_of(state, seat, 80, names).splitlines()
                worst = max(worst, len(lines))
                assert max(len(line) for line in lines) <= 80
    assert worst <= 42


def test_the_board_has_a_legend_and_hover_help() -> None:
    state = sheep_at_grumbly_town()
    svg = svg_render(state.observation(0), [str(a) for a in state.legal_actions()], names=NAMES)
    for key in ("Legend", "town", "village", "single-track line", "lighter border", "dark border", "main line"):
        assert key in svg
    assert "<title>Move here: 1 line (1 free move). Grumbly Town (town); 2 sheep; a face-down" in svg
    assert "<title>a dark border: no way across</title>" in svg
    assert "<title>Buy 2 coal for 1 gold</title>" in svg


def _boards() -> list[str]:
    rng = random.Random(11)
    boards = []
    for players in (3, 5):
        state = INFO.new(players, players)
        for step in range(400):
            if state.is_over:
                break
            seat = state.to_move[0]
            if step % 20 == 0 or (state.phase != 1 and step % 5 == 0):
                legal = [str(a) for a in state.legal_actions()]
                boards.append(svg_render(state.observation(seat), legal, names=["Maximilian", *NAMES]))
            state.apply(rng.choice(state.legal_actions()))
    return boards


@pytest.mark.slow
def test_every_click_target_is_reachable_in_chromium() -> None:
    boards = _boards()
    assert len(boards) > 40
    with chromium_page() as page:
        assert covered_targets(page, boards) == []
