"""The SVG board reads at the page's default fit: big enough text, short names, the
stacks' known cards in words and uncovered, the explorers' jobs named."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from meeple.core.svg import min_font
from meeple.games.bayon.data import SITES
from meeple.games.bayon.rules import BayonState
from meeple.games.bayon.svg import render
from meeple.games.bayon.svg_parts import who_knows
from tests.bayon.clickcheck import chromium_page, covered_targets, covered_texts
from tests.bayon.helpers import EUROPE, arrange, game, legal, play

SVG = "{http://www.w3.org/2000/svg}"
LONG = "Alexandra Konstantinopoulou-Smythe-Jones"  # 40 characters
NAMES = [LONG, "Bo", LONG + " II", "Dai"]


def texts(svg: str) -> list[tuple[float, str]]:
    """(font size, words) of every text drawn on the board (hover help is not drawn)."""
    return [(float(t.get("font-size", "0")), "".join(t.itertext())) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def view_width(svg: str) -> float:
    return float(ET.fromstring(svg).get("viewBox", "").split()[2])


def positions() -> list[tuple[BayonState, int | None]]:
    """Positions of random games of 2, 3 and 4 players, each with a seat or a spectator looking."""
    rng = random.Random(4)
    seen: list[tuple[BayonState, int | None]] = []
    for players in (2, 3, 4):
        state = game(players, players)
        for step in range(400):
            if state.is_over:
                break
            if step % 9 == 0 or state.phase != 0:
                viewers = [*range(players), None]
                seen.append((state.clone(), viewers[step % len(viewers)]))
            state.apply(rng.choice(state.legal_actions()))
        seen.append((state, 0))
    return seen


def board(state: BayonState, viewer: int | None) -> str:
    movers = viewer is not None and viewer in state.to_move and not state.is_over
    return render(state.observation(viewer), legal(state) if movers else None, names=NAMES[: state.players])


def test_every_text_is_at_least_the_legible_size_at_the_default_fit() -> None:
    drawn = 0
    for state, viewer in positions():
        svg = board(state, viewer)
        least = min_font(view_width(svg))
        small = [(size, words) for size, words in texts(svg) if size < least]
        assert not small, f"move {state.move_number}, seat {viewer}: {small[:5]}"
        assert "font-size" not in svg.split("</style>")[0]  # no style sheet shrinks them
        drawn += 1
    assert drawn > 60


def test_long_names_are_shortened_on_the_board_and_whole_in_its_hover_help() -> None:
    for state, viewer in positions()[::5]:
        svg = board(state, viewer)
        for _size, words in texts(svg):
            assert "Konstantinopoulou" not in words, words
        assert f"<title>{LONG}, seat 0</title>" in svg  # the whole name on hover
        assert any(w.startswith("Alexandra") and "…" in w for _, w in texts(svg))


def peeked() -> BayonState:
    """Seat 0 has looked at the top of Europe (Stonehenge); seat 1 at Europe's second card."""
    state = arrange(game(3), hands=[[1, 7], [2, 8], [3]], stacks={"europe": EUROPE})
    return play(state, "travel 1 europe", "end", "travel 2 europe", "travel 8 europe")


def test_a_located_card_reads_as_a_card_in_its_place_with_who_knows_it() -> None:
    state = peeked()
    mine = render(state.observation(0), None, names=["Ann", "Bo", "Cy"])
    words = [w for _, w in texts(mine)]
    # Seat 0 sees Stonehenge (needs map 1, shovel 1, microscope 0; worth 20) in Europe's top place.
    assert "Stonehenge" in words and {"M1", "S1", "µ0", "20"} <= set(words)
    assert "Top of the Europe stack: Stonehenge (needs map 1, shovel 1, microscope 0; worth 20)" in mine
    assert "you, Bo" in words  # both looked at the top card
    # The second card only Bo has seen: a face-down card saying so.
    assert "seen by" in words and "2nd of the Europe stack: seen by Bo" in mine
    assert SITES[2].name not in mine
    theirs = render(state.observation(1), None, names=["Ann", "Bo", "Cy"])
    assert "2nd of the Europe stack: Acropolis (needs map 0, shovel 1, microscope 1; worth 20). Known to you" in theirs
    nobody = render(state.observation(None), None, names=["Ann", "Bo", "Cy"])
    assert "Stonehenge" not in nobody and SITES[2].name not in nobody and "seen by Ann, Bo" in nobody


def test_explorer_cards_and_jobs_are_in_words() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]], stacks={"europe": EUROPE})
    words = [w for _, w in texts(render(state.observation(0), legal(state)))]
    assert {"map 0", "shovel 1", "microscope 3"} <= set(words)  # explorer #1
    assert {"Europe", "Africa", "Asia", "America", "Australia", "look", "interp."} <= set(words)
    assert not {"AF", "AM", "AS", "EU", "AU", "int."} & set(words)


HIDDEN = (  # a text with a box drawn over it: the check must say so
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
    '<text x="10" y="50" font-size="20">under</text><rect x="0" y="0" width="100" height="100"/>'
    '<text x="110" y="50" font-size="20">free</text></svg>'
)


@pytest.mark.slow
def test_nothing_is_drawn_over_a_text_or_a_click_target_in_chromium() -> None:
    boards = [board(state, viewer) for state, viewer in positions()[::20]]
    boards.append(render(peeked().observation(0), None, names=NAMES[:3]))
    with chromium_page() as page:
        assert covered_texts(page, [HIDDEN]) == [(0, "under")]
        assert covered_texts(page, boards) == []
        assert covered_targets(page, boards) == []


def test_the_board_stays_within_its_width() -> None:
    for state, viewer in positions()[::7]:
        svg = board(state, viewer)
        width = view_width(svg)
        for match in re.finditer(r'<(?:rect|text|circle)[^>]* (?:x|cx)="(-?[\d.]+)"', svg):
            assert 0 <= float(match.group(1)) <= width


def test_who_knows_a_card_fits_its_line_and_says_how_many_it_leaves_out() -> None:
    names = [LONG, "Bo", "Cy", "Dai"]
    assert who_knows([1, 2], None, names) == "Bo, Cy"
    assert who_knows([0, 1], 1, names) == "you, Alexandra…"
    assert who_knows([0], None, names) == "Alexandra Kons…"
    assert who_knows([1, 0, 3], 0, names) == "you, Bo, Dai"
    assert who_knows([0, 1, 2], 2, names) == "you + 2 more"
    assert who_knows([0, 1, 2], None, names) == "Alexa… + 2 more"
    for seats in ([0], [0, 1], [1, 0, 3], [0, 1, 2, 3]):
        for viewer in (None, 0, 3):
            assert len(who_knows(seats, viewer, names)) <= 15
