"""The SVG board read at the match page's default fit: text large enough, names short enough,
places and cards in words, a legend for every symbol, click targets the page lets through."""

from __future__ import annotations

import functools
import random
import re
import xml.etree.ElementTree as ET

from meeple.core.svg import min_font, short_name
from meeple.games.ivor import INFO
from meeple.games.ivor.data import DATA, bonus_text, card_name, card_summary, reward_text
from meeple.games.ivor.rules import IvorState
from meeple.games.ivor.svg import render
from tests.ivor.helpers import hand, line, loc, placed

NS = "{http://www.w3.org/2000/svg}"
LONG = "Alexandra Konstantinopoulou-Smythe the 3rd"  # 42 characters
NAMES = [LONG, "Bo", "Guinevere of the Lake and Camelot", "Dafydd ap Gruffydd", "Eluned"]


def board(state: IvorState, seat: int | None, names: list[str] | None = None) -> ET.Element:
    legal = [str(a) for a in state.legal_actions(seat)] if seat is not None and not state.is_over else []
    return ET.fromstring(render(state.observation(seat), legal, names=names))


@functools.cache
def positions() -> list[tuple[IvorState, int | None]]:
    """Positions of random games with 3, 4 and 5 players, from set-up to the end, seen by the
    player to move and by a spectator."""
    out: list[tuple[IvorState, int | None]] = []
    for players in (3, 4, 5):
        state = INFO.new(players, players)
        assert isinstance(state, IvorState)
        rng = random.Random(players)
        step = 0
        while not state.is_over:
            if step % 23 == 0:
                out.append((state.clone(), state.to_move[0]))
            if step % 61 == 0:
                out.append((state.clone(), None))
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        out += [(state, 0), (state, None)]
    return out


def visible_texts(root: ET.Element) -> list[str]:
    """What the board writes (hover help left out): each <text> with its <tspan>s."""
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def test_every_text_is_at_least_11_px_at_the_default_fit() -> None:
    for state, seat in positions():
        root = board(state, seat, NAMES[: state.players])
        width = float(root.get("viewBox", "").split()[2])
        smallest = min_font(width)
        sizes = [float(el.get("font-size", "0")) for el in root.iter() if el.tag in (f"{NS}text", f"{NS}tspan")
                 if el.get("font-size") is not None]
        assert len(sizes) >= sum(1 for _ in root.iter(f"{NS}text")), "every text says its size"
        assert min(sizes) >= smallest, (state.move_number, min(sizes), smallest)
        assert float(root.get("width", "0")) == width, "drawn one unit a pixel before the page scales it"


def test_long_names_are_shortened_on_the_board_and_kept_whole_in_the_hover_help() -> None:
    state = INFO.new(5, 2)
    assert isinstance(state, IvorState)
    rng = random.Random(2)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(5):
        root = board(state, seat, NAMES)
        written = visible_texts(root)
        tips = " ".join("".join(t.itertext()) for t in root.iter(f"{NS}title"))
        for name in NAMES:
            if len(name) > 20:
                assert not any(name[:20] in t for t in written), name
                assert name in tips
        you = short_name(LONG, 13) + " (you)"
        assert (you if seat == 0 else short_name(LONG, 19)) in written  # the players' table
        assert any(t == short_name(LONG, 8) for t in written), "the name on the wagon"


def test_places_cards_and_moves_are_written_in_words_not_notation() -> None:
    ids = [loc.id for loc in DATA.locations if loc.id != loc.name.lower()]
    notation = re.compile(r"\b(?:jobs?|events?|cards?|deck|moves left|at) \d|^at [a-z]")
    for state, seat in positions():
        root = board(state, seat, ["Ann", "Bob", "Cy", "Di", "Ed"][: state.players])
        written = visible_texts(root)
        for t in written:
            assert not any(i in t for i in ids), t
            assert not notation.search(t), t
        if not state.is_over:
            for s in range(state.players):
                if state.pos[s] >= 0:
                    assert DATA.locations[state.pos[s]].name in written, "where each wagon stands, by name"


def test_the_free_moves_left_are_told_in_words_only_while_moving() -> None:
    state = placed()
    state.moves_left = 0
    written = " ".join(visible_texts(board(state, 0)))
    assert "No free moves left this turn; each further line costs 1 coal." in written
    state.apply("end")
    written = " ".join(visible_texts(board(state, 0)))
    assert "free move" not in written and "Take a card from the card line" in written


def test_the_legend_shows_every_symbol_the_board_draws() -> None:
    state = placed()
    state.loc_sheep[loc("grumbly-town")] = 2
    state.loc_token[loc("grumbly-town")] = 3
    state.idris_at[loc("ogof-idris")] = 1
    hand(state, 0, 44, 7)  # jobs at Ogof Idris and Cwm Coed: a job marker on each
    state._changed()
    root = board(state, 0)
    legends = [g for g in root.iter(f"{NS}g") if g.get("class") == "legend"]
    assert len(legends) == 1
    shown = {el.get("data-symbol") for el in legends[0].iter() if el.get("data-symbol")}
    drawn = {el.get("data-symbol") for el in root.iter() if el.get("data-symbol")}
    expected = {"town", "village", "track", "border", "dark-border", "main-line", "sheep", "token", "wagon",
                "idris", "engine", "job"}
    assert drawn == expected == shown
    for state, seat in positions()[::5]:
        root = board(state, seat)
        assert {el.get("data-symbol") for el in root.iter() if el.get("data-symbol")} <= shown


def test_a_card_shows_its_place_reward_and_bonus_and_keeps_the_full_text_in_its_hover_help() -> None:
    state = placed()
    event = DATA.events[0]
    job = DATA.jobs[16]  # Bring the brass band to Dinwiddy's Gold Mine: a long place name
    line(state, 1, job.id, event.id, 5)
    state.apply("end")  # take a card: the line is clickable
    root = board(state, 0)
    cards = {g.get("data-action"): g for g in root.iter(f"{NS}g") if (g.get("data-action") or "").startswith("take")}
    assert set(cards) == {"take 1", f"take {job.id}", f"take {event.id}", "take 5"}
    job_words = " ".join(visible_texts(cards[f"take {job.id}"]))
    assert "Dinwiddy's Gold Mine" in job_words and "Bring the brass band" in job_words
    assert f"Pays {reward_text(job)}" in job_words and "Or: Sleeping Idris" in job_words
    event_words = " ".join(visible_texts(cards[f"take {event.id}"]))
    assert event.name in event_words and "costs 1 gold" in event_words and "1 sheep lying on it" in event_words
    assert "End bonus:" in event_words and bonus_text(event).split()[0] in event_words
    for action, group in cards.items():
        number = int(str(action).split()[1])
        tip = group.find(f"{NS}title")
        assert tip is not None and card_name(number) in (tip.text or "") and card_summary(number) in (tip.text or "")


def test_every_click_target_lies_in_groups_the_match_page_lets_the_pointer_through() -> None:
    # The page turns the pointer off for everything but clickable parts and parts with hover help,
    # and the setting passes down to what a group holds: a plain group around the map once made
    # every place unclickable.
    for state, seat in positions()[::3]:
        if seat is None:
            continue
        root = board(state, seat)
        parent = {child: node for node in root.iter() for child in node}
        targets = [el for el in root.iter() if el.get("data-action")]
        for el in targets:
            node = parent.get(el)
            while node is not None and node is not root:
                assert node.get("data-action") or node.find(f"{NS}title") is not None, el.get("data-action")
                node = parent.get(node)
