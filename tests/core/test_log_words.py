"""The log tells every move in the third person, after the mover's name, for every viewer;
the mover's buttons and prompts keep their own words (the label)."""

from __future__ import annotations

import random
import re

import pytest

import meeple
from meeple.core.log import GameLog
from meeple.core.words import ENDS_TURN, LABEL_VERBS, third_person, third_person_verb

GAMES = ["bayon", "ivor", "isle_of_skye", "ibyron"]
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve"]
SECOND_PERSON = re.compile(r"\b[Yy]ou(r|rs)?\b")
TOLD_VERBS = {third_person_verb(v) for v in LABEL_VERBS} | {"lets"}


@pytest.mark.parametrize(
    ("label", "told"),
    [
        ("Place your wagon at Moel Fach (village)", "places their wagon at Moel Fach (village)"),
        ("Pass: buy no tile this round", "passes: buys no tile this round"),
        ("Visit the Library (1 disc): buy a building permit", "visits the Library (1 disc): buys a building permit"),
        ("Draw and lay an extra tile", "draws and lays an extra tile"),
        (
            "Put an overseer there, holding it for you this round",
            "puts an overseer there, holding it for them this round",
        ),
        ("Build a Harbour: lets you build ships", "builds a Harbour: lets them build ships"),
        ("Discard the job (you lose 1 sheep)", "discards the job (they lose 1 sheep)"),
        ("Lose explorer #4 (back to the basecamp)" + ENDS_TURN, "loses explorer #4 (back to the basecamp)"),
        # Words that only look like verbs inside a clause stay as they are.
        (
            "Lay tile 9: forest and mountain on top, field and mountain below",
            "lays tile 9: forest and mountain on top, field and mountain below",
        ),
    ],
)
def test_a_label_reads_in_the_third_person(label: str, told: str) -> None:
    assert third_person(label) == told


@pytest.mark.parametrize("game", GAMES)
def test_every_move_of_a_game_is_told_in_the_third_person_while_its_label_stays_the_movers(game: str) -> None:
    info = meeple.GAMES[game]
    rng = random.Random(11)
    kinds: set[str] = set()
    for seed in range(2):
        players = info.default_players
        log = GameLog(info.new(players, seed), NAMES[:players])
        for _ in range(250):
            if log.state.is_over:
                break
            seat = log.state.to_move[0]
            buttons = log.state.labelled_actions(seat)
            assert all(label[0].isupper() or label[0] == "#" for _, label in buttons)  # the mover's own words
            entry = log.apply(rng.choice(log.state.legal_actions(seat)), seat)
            kinds.add(entry.notation.split()[0])
            told = entry.told
            assert told is not None and told != entry.label, entry.label
            assert told.split()[0].rstrip(":") in TOLD_VERBS, told
            assert not SECOND_PERSON.search(told), told
            assert not told.endswith(ENDS_TURN)
    assert len(kinds) >= 4


def test_the_told_words_of_a_hidden_move_reach_only_the_seats_that_see_it() -> None:
    info = meeple.GAMES["isle_of_skye"]
    log = GameLog(info.new(3, 4), NAMES[:3])
    rng = random.Random(2)
    while not any(e.notation.startswith("price") for e in log.entries):
        seat = log.state.to_move[0]
        log.apply(rng.choice(log.state.legal_actions(seat)), seat)
    index = next(i for i, e in enumerate(log.entries) if e.notation.startswith("price"))
    mover = log.entries[index].seat
    own = log.lines(mover)[index]
    assert own["told"] is not None and own["told"].startswith("asks ") and "their screen" in own["told"]
    for viewer in [None, *(s for s in range(3) if s != mover)]:
        other = log.lines(viewer)[index]
        assert other["told"] is None and other["notation"] is None
        assert other["text"] == "sets a price (hidden)"


def test_bayon_tells_whose_explorer_was_hired_by_name() -> None:
    info = meeple.GAMES["bayon"]
    rng = random.Random(5)
    for seed in range(20):
        log = GameLog(info.new(2, seed), ["Ann", "Bob"])
        for _ in range(200):
            if log.state.is_over:
                break
            seat = log.state.to_move[0]
            hires = [a for a in log.state.legal_actions(seat) if "from Seat" in log.state.action_label(a, seat)]
            if hires:
                entry = log.apply(hires[0], seat)
                owner = NAMES[1 - seat]
                assert entry.told is not None and f"from {owner} (10 gold to {owner})" in entry.told
                assert "Seat" not in entry.told
                return
            log.apply(rng.choice(log.state.legal_actions(seat)), seat)
    raise AssertionError("no hire from another player in these games")


def test_the_match_page_knows_the_words_that_mark_a_move_ending_the_turn() -> None:
    from pathlib import Path

    import meeple.web

    script = (Path(meeple.web.__file__).parent / "static" / "match.js").read_text(encoding="utf-8")
    assert f'const ENDS_TURN = "{ENDS_TURN}";' in script


def test_ibyron_counts_agree_with_their_verbs() -> None:
    """One disc stays, two discs stay; one disc left goes, two go."""
    info = meeple.GAMES["ibyron"]
    rng = random.Random(4)
    seen = set()
    for seed in range(3):
        state = info.new(2, seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_move[0]
            for _, label in state.labelled_actions(seat):
                for wrong in ("1 disc stay ", "1 disc left go ", " discs stays ", " discs left goes "):
                    assert wrong not in label, label
                if " stay" in label or " left go" in label:
                    seen.add(label.split("(")[-1])
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert any("1 disc stays on it" in s for s in seen) or any("discs stay on it" in s for s in seen)
