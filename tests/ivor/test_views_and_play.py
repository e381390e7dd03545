"""Views drawn from observations, and invariants over random games."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from rich.console import Console

from meeple.games.ivor import INFO
from meeple.games.ivor.data import card_name
from meeple.games.ivor.rules import IDRIS_TOKENS, IvorState
from tests.ivor.helpers import every_card, hand, line, main_line_example, placed


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
    assert "Ogof Idris: 4 sheep" not in svg
    svg1 = ET.tostring(svg_of(state, 1), encoding="unicode")
    assert "job 44" in svg1


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
    """The issue-11 position: Capel Isaf by line for 1 coal or by the main line for 2."""
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
