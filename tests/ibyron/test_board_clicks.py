"""In real Chromium: the centre of every click target on the Ibyron board is that target, not something over it.

The browser plays the move of the element under the pointer (the closest
``[data-action]``), so a target is reachable exactly when the topmost
element at its centre belongs to it. The positions come from seeded random
games of 1, 2 and 3 players (standard, beginner and the bonus mat's back).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.ibyron.test_board_views import NAMES, positions
from tests.web.conftest import browser  # noqa: F401 - the fixture, shared with the web suite

from meeple.games.ibyron.svg import render as svg_view

# For each target: is the element at its centre inside it (and no other target), and is the centre on screen?
CHECK = """
() => {
  const bad = [];
  const targets = Array.from(document.querySelectorAll('.clickable'));
  for (const el of targets) {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    const owner = top ? top.closest('[data-action]') : null;
    if (owner !== el) {
      const found = owner ? owner.getAttribute('data-action') : (top ? top.tagName : 'nothing');
      bad.push([el.getAttribute('data-action'), found]);
    }
  }
  return {count: targets.length, bad};
}
"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:  # noqa: F811 - pytest passes the imported fixture
    """A page of the web suite's Chromium (its ``browser`` fixture: Debian's Chromium, skipped only outside CI)."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


def show(page: Any, svg: str) -> None:
    """The board alone on a page big enough that every target's centre is on screen."""
    head = svg[: svg.index(">")]
    width = int(head.split('width="')[1].split('"')[0]) + 20
    height = int(head.split('height="')[1].split('"')[0]) + 20
    size = page.viewport_size
    if size["width"] < width or size["height"] < height:
        page.set_viewport_size({"width": max(width, size["width"]), "height": max(height, size["height"])})
    page.evaluate("svg => { document.body.style.margin = '0'; document.body.innerHTML = svg; }", svg)


def test_the_centre_of_every_click_target_is_that_target(page: Any) -> None:
    checked = 0
    kinds: set[str] = set()
    for label, obs, legal in positions(every=150, per_game=False):
        if not legal:
            continue
        svg = svg_view(obs, legal, names=NAMES[: obs["players"]])
        show(page, svg)
        result = page.evaluate(CHECK)
        assert result["bad"] == [], label
        assert result["count"] == len(legal), label
        checked += result["count"]
        kinds |= {a.split()[0] for a in legal}
    assert checked > 1000 and {"explore", "place", "oversee", "gather", "visit", "bonus", "take"} <= kinds


RECORD = """
() => {
  if (window.played === undefined) {
    document.addEventListener('click', e => {
      const t = e.target.closest('[data-action]');
      if (t) window.played.push(t.getAttribute('data-action'));
    });
  }
  window.played = [];
}
"""
CENTRES = """
() => Array.from(document.querySelectorAll('.clickable')).map(el => {
  const b = el.getBoundingClientRect();
  return [el.getAttribute('data-action'), b.left + b.width / 2, b.top + b.height / 2];
})
"""


def test_a_mouse_click_at_each_target_plays_its_move(page: Any) -> None:
    """Real clicks, handled as the match page does (the closest data-action), in positions of every kind."""
    wanted = ["start", "home", "move", "explore", "oversee", "gather", "visit", "bonus", "take", "place", "hire"]
    clicked: set[str] = set()
    for label, obs, legal in positions(every=10_000, per_game=False):
        kinds = {a.split()[0] for a in legal}
        if not kinds & (set(wanted) - clicked):
            continue
        show(page, svg_view(obs, legal))
        page.evaluate(RECORD)
        centres = page.evaluate(CENTRES)
        for _, x, y in centres:
            page.mouse.click(x, y)
        assert page.evaluate("() => window.played") == [action for action, _, _ in centres], label
        clicked |= kinds
    assert set(wanted) <= clicked
