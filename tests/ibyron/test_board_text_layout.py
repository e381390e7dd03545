"""In real Chromium: every text of the Ibyron board is drawn clear of the others and inside the board, long
player names included, so the larger type the board uses never runs one label into another."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.ibyron.test_board_legibility import LONG, LONGER, four_player_positions
from tests.ibyron.test_board_views import positions
from tests.web.conftest import browser  # noqa: F401 - the fixture, shared with the web suite

from meeple.games.ibyron.svg import render as svg_view

# The box of every non-empty text as drawn; pairs overlapping by more than a hair, and texts past the board's
# left or right edge.
CLASHES = """
() => {
  const board = document.querySelector('svg').getBoundingClientRect();
  const boxes = Array.from(document.querySelectorAll('svg text')).filter(t => t.textContent.trim()).map(t => {
    const r = t.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom, t.textContent];
  });
  const bad = [];
  for (const b of boxes) {
    if (b[0] < board.left - 0.5 || b[2] > board.right + 0.5) bad.push(['off the board', b[4]]);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
      const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      if (w > 1 && h > 3) bad.push(['overlap', a[4], b[4]]);
    }
  }
  return {count: boxes.length, bad};
}
"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:  # noqa: F811 - pytest passes the imported fixture
    context = browser.new_context(viewport={"width": 960, "height": 900})
    yield context.new_page()
    context.close()


def test_no_text_runs_into_another_or_off_the_board(page: Any) -> None:
    checked = 0
    kinds = list(positions(every=10_000, per_game=False))  # a position of each kind of decision, a third of them
    for label, obs, legal in [*kinds[::3], *four_player_positions(every=400)]:
        names = [LONG, "Bo", LONGER, "Dai"][: obs["players"]]
        page.set_content("<html><body style='margin:0'>" + svg_view(obs, legal, names=names) + "</body></html>")
        result = page.evaluate(CLASHES)
        assert result["bad"] == [], label
        checked += result["count"]
    assert checked > 4_000
