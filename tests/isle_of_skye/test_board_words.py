"""The boards in words: players' names, the legend, hover help, and click
targets that nothing covers (checked in a real Chromium)."""

from __future__ import annotations

import os
import random
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from meeple.games.isle_of_skye import INFO
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.games.isle_of_skye.words import tile_words
from tests.isle_of_skye.helpers import finish_hidden_phase, new_state

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Alice", "Bob", "Cleo", "Dana", "Eve"]


def drawing(state: IsleOfSkyeState, seat: int | None, names: list[str] | None = NAMES) -> str:
    assert INFO.svg_view is not None
    legal = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
    return INFO.svg_view(state.observation(seat), legal, names=names[: state.players] if names else None)


def titles(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}title")]


def test_boards_show_the_players_names_with_their_colours() -> None:
    state = new_state(3, seed=4)
    svg = drawing(state, 0)
    texts = [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]
    # Each clan's panel: the player's name over its colour (and "you" for the viewer's).
    for name, colour in (("Alice", "blue, you"), ("Bob", "yellow"), ("Cleo", "red")):
        at = len(texts) - 1 - texts[::-1].index(name)  # the panel's (the offers name it first)
        assert texts[at + 1].startswith(f"{colour} \u00b7 0 VP"), texts[at + 1]
    assert "seat 0" not in svg
    assert ">Seat 1<" in drawing(state, 0, names=None)
    assert INFO.text_view is not None
    text = plain_text_named(state, 1)
    assert "Bob (yellow, you)" in text and "Alice (blue)" in text


def plain_text_named(state: IsleOfSkyeState, seat: int) -> str:
    from rich.console import Console

    console = Console(width=160, record=True, color_system=None, file=open(os.devnull, "w"))  # noqa: SIM115
    assert INFO.text_view is not None
    console.print(INFO.text_view(state.observation(seat), None, names=NAMES[: state.players]))
    console.file.close()
    return console.export_text()


def test_the_board_has_a_legend_for_its_symbols() -> None:
    svg = drawing(new_state(2, seed=1), 0)
    for word in ("Legend", "pasture", "water", "mountain", "road", "castle", "scroll", "whisky", "sheep", "cattle"):
        assert f">{word}" in svg, word
    for word in ("farm", "broch", "lighthouse", "ship", "open square", "discarded", "gold per player ahead"):
        assert f">{word}<" in svg, word


def test_hover_help_names_tiles_scoring_tiles_and_moves_in_words() -> None:
    state = new_state(2, seed=5, scoring="first-game")
    tips = titles(drawing(state, 0))
    for tid in state.drawn[0]:
        assert f"Discard {tile_words(tid)}" in tips
    for tid in state.drawn[1]:
        assert tile_words(tid) in tips  # another's offer: what it is
    assert any(t.startswith("A: Sheep: 1 VP per sheep (scored in rounds") for t in tips)
    finish_hidden_phase(state)
    state.apply("pass", 0)
    state.apply("pass", 1)
    tid = state.received[0][0]
    assert f"Place {tile_words(tid)} next" in titles(drawing(state, 0))
    state.apply(f"place {tid}", 0)
    spot_tips = titles(drawing(state, 0))
    assert any(t.startswith(f"Put tile {tid} ") and t.endswith("your castle") for t in spot_tips)
    assert "the castle" in spot_tips


def test_score_markers_name_the_players() -> None:
    tips = titles(drawing(new_state(2, seed=5), None))
    assert "Alice: 0 VP" in tips and "Bob: 0 VP" in tips


# ------------------------------------------------------------ click targets
def positions() -> Iterator[tuple[IsleOfSkyeState, int]]:
    """Positions of every step, for 2, 4 and 5 players, with the seat to move: the
    first few of each kind of move, then every turned-preview step of the later
    rounds (when territories are large and panels of unequal heights sit side by side)."""
    for players, seed in ((2, 3), (5, 8), (4, 11)):
        state = new_state(players, seed=seed)
        rng = random.Random(seed)
        kinds_seen: dict[str, int] = {}
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            kind = actions[0].kind
            late_turn = kind == "rotate" and state.round >= 4 and kinds_seen.get("late", 0) < 6
            if kinds_seen.get(kind, 0) < 2 or late_turn:
                kinds_seen[kind] = kinds_seen.get(kind, 0) + 1
                kinds_seen["late"] = kinds_seen.get("late", 0) + late_turn
                yield state.clone(), seat
            state.apply(rng.choice(actions), seat)


CHECK_CLICKS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.clickable')) {
    const r = el.getBoundingClientRect();
    for (const [fx, fy] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      const owner = hit && hit.closest('.clickable');
      if (owner !== el) {
        out.push(el.getAttribute('data-action') + ' at ' + fx + ',' + fy + ' covered by '
                 + (hit ? hit.outerHTML.slice(0, 80) : 'nothing'));
      }
    }
  }
  return [document.querySelectorAll('.clickable').length, out];
}"""


@pytest.fixture(scope="module")
def page() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else shutil.which("chromium")
    assert executable, "Chromium is not installed (apt-get install chromium); .ci/run installs it"
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser.new_page()
        browser.close()


def test_no_click_target_is_covered(page: object) -> None:
    """The centre and four inner points of every clickable element are that element
    (nothing drawn over it),
    including the last turned preview of a tile (it once lay under the next panel)."""
    checked = 0
    rotations = 0
    for state, seat in positions():
        svg = drawing(state, seat)
        root = ET.fromstring(svg)
        width, height = int(root.get("width") or 0), int(root.get("height") or 0)
        page.set_viewport_size({"width": width + 20, "height": height + 20})  # type: ignore[attr-defined]
        page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")  # type: ignore[attr-defined]
        count, covered = page.evaluate(CHECK_CLICKS)  # type: ignore[attr-defined]
        assert count == len(state.legal_actions(seat)) or state.legal_actions(seat)[0].kind == "price"
        assert covered == [], covered
        checked += 1
        rotations += state.pick_spot is not None
    assert checked > 20 and rotations >= 6


# ------------------------------------------------------------ text in its box
LONG_NAMES = ["Alexandra Konstantinopoulou-Smythe-Jones", "Bo", "Bartholomew Fitzwilliam-Ashdown", "Dana", "Eve"]

CHECK_TEXTS = """() => {
  const svg = document.querySelector('svg');
  const box = el => {
    const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, width: r.width, height: r.height};
  };
  const rects = [...svg.querySelectorAll('rect')].map(box).filter(b => b.width > 0 && b.height > 0);
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
  const boxes = texts.map(box);
  const out = [];
  texts.forEach((t, i) => {
    const b = boxes[i];
    // The box a text sits in: the smallest rectangle holding its start.
    const px = b.x + 1, py = b.y + b.height / 2;
    let home = null;
    for (const r of rects) {
      if (px >= r.x && px <= r.x + r.width && py >= r.y && py <= r.y + r.height
          && (!home || r.width * r.height < home.width * home.height)) home = r;
    }
    if (!home || b.x + b.width > home.x + home.width + 1 || b.x < home.x - 1)
      out.push('overflows: ' + t.textContent);
    for (let j = 0; j < i; j++) {
      const o = boxes[j];
      const w = Math.min(b.x + b.width, o.x + o.width) - Math.max(b.x, o.x);
      const h = Math.min(b.y + b.height, o.y + o.height) - Math.max(b.y, o.y);
      if (w > 1 && h > 3) out.push('overlaps: ' + t.textContent + ' / ' + texts[j].textContent);
    }
  });
  return [texts.length, out];
}"""


def test_texts_stay_in_their_boxes_and_clear_of_each_other_with_long_names(page: object) -> None:
    """Every text, long player names included, ends inside the box it starts in
    (panel, offer, scoring tile, button...) and overlaps no other text."""
    checked = 0
    for index, (state, seat) in enumerate(positions()):
        if index % 2:  # every other position of the click test's: enough of every kind
            continue
        svg = drawing(state, seat, names=LONG_NAMES)
        page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")  # type: ignore[attr-defined]
        count, bad = page.evaluate(CHECK_TEXTS)  # type: ignore[attr-defined]
        assert bad == [], bad[:6]
        checked += count
    assert checked > 1000
