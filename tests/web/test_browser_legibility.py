"""Every game's board is legible in real Chromium at the match page's default
fit on a 1366 x 900 window, at the start, mid-game and at the end of a game
(two players; Ivor three): every text of the board is at least
``MIN_TEXT_PX`` on screen, every click target is on top at its centre, and a
40-character player name never runs over what is beside it, neither on the
board (cut with "…" or fitting) nor in the page's own HTML (players list,
header, end screen, moves, chat, seat links; the lobby's open tables and
"My games"), which shortens names with ``text-overflow: ellipsis``.

The positions come from seeded random games played in process and stored as
matches of the server's database (``page_helpers.store_match``): a page opens
one where a page of a played game would, in well under a second, where playing
Ivor's 300 moves through the API took tens of seconds. Each position's page is
opened once; what it shows is measured then and judged by the tests below.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from meeple.core.svg import MIN_TEXT_PX
from tests.web.conftest import all_game_ids
from tests.web.page_helpers import RandomGame, new_page, page_url, random_game, store_match, wait_move
from tests.web.server_process import ServerProcess

GAMES = [g for g in all_game_ids() if g != "webtoy"]
PLAYERS = {"ivor": 3}  # the others: 2
SEED = 1
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 412, "height": 915}
# 40 characters each (the most a name may have), with no space: nothing for a line to break at.
NAMES = (
    "AureliannaWolkensteinOberhausenPfefferko",
    "BartholomewMaximilianFeatherstonehaughIV",
    "CassiopeiaVanDerBiltMontgomeryHawthorneX",
)
SEEN = 5  # a text holding this many of a name's first characters shows that name (or a cut of it)

# Each text of the board as it reads on screen: its font size times the scale from
# the text's own units to screen pixels (the smaller one, should a drawing stretch).
FONTS = """() => {
  const out = [];
  for (const node of document.querySelectorAll('#board svg text, #board svg tspan')) {
    const own = [...node.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.data).join('').trim();
    const box = node.getBoundingClientRect();
    const m = node.getScreenCTM();
    if (!own || !m || box.width === 0 || box.height === 0) continue;
    const scale = Math.min(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d));
    out.push([parseFloat(getComputedStyle(node).fontSize) * scale, own]);
  }
  const svg = document.querySelector('#board svg').getBoundingClientRect();
  return { board: [Math.round(svg.width), Math.round(svg.height)], texts: out };
}"""

# The board's texts that show a long name: a name cut short must end its cut with "…"; a whole
# name must fit: inside the board, and over no other text.
BOARD_NAMES = """([names, seen]) => {
  const texts = [...document.querySelectorAll('#board svg text')].filter((t) => {
    const r = t.getBoundingClientRect();
    return t.textContent.trim() && r.width > 0 && r.height > 0;
  });
  const boxes = texts.map((t) => t.getBoundingClientRect());
  const board = document.querySelector('#board svg').getBoundingClientRect();
  const overlap = (a, b) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 2 && h > 0.25 * Math.min(a.height, b.height);
  };
  const out = [];
  texts.forEach((t, i) => {
    const s = t.textContent.trim();
    for (const name of names) {
      let k = name.length;
      while (k >= seen && !s.includes(name.slice(0, k))) k--;
      if (k < seen) continue;
      if (k < name.length) {
        if (s[s.indexOf(name.slice(0, k)) + k] !== '\u2026') out.push([s, 'the name is cut without an ellipsis']);
        continue;
      }
      const r = boxes[i];
      const inside = r.left >= board.left - 1 && r.right <= board.right + 1 && r.top >= board.top - 1
        && r.bottom <= board.bottom + 1;
      if (!inside) out.push([s, 'the whole name runs off the board']);
      const hit = texts.findIndex((u, j) => j !== i && u.textContent.trim() !== s && overlap(r, boxes[j]));
      if (hit >= 0) out.push([s, `the whole name runs into "${texts[hit].textContent.trim().slice(0, 40)}"`]);
    }
  });
  return out;
}"""

# Each clickable part of the board: is the topmost element at its centre that part (or a part
# playing the same move)? The window is tall enough to show the whole board (the fit follows the
# width only), so nothing is off screen.
COVERED = """() => {
  const out = [];
  for (const node of document.querySelectorAll('#board [data-action]')) {
    const r = node.getBoundingClientRect();
    const action = node.getAttribute('data-action');
    if (r.width === 0 || r.height === 0) { out.push([action, 'not drawn']); continue; }
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const hit = top && top.closest('[data-action]');
    if (!hit || hit.getAttribute('data-action') !== action) {
      const other = top ? (top.outerHTML || '').slice(0, 80) : 'nothing';
      out.push([action, hit ? `the target of ${hit.getAttribute('data-action')}` : other]);
    }
  }
  return out;
}"""

# The window height that shows the whole board at the default fit (the board panel is at most 82%
# of the window's height), and whether the board then needs no scrolling.
WHOLE_BOARD = """() => {
  const svg = document.querySelector('#board svg').getBoundingClientRect();
  return Math.ceil(Math.max(svg.bottom + window.scrollY, svg.height / 0.8) + 200);
}"""
BOARD_SHOWN = """() => {
  const panel = document.getElementById('board');
  const svg = panel.querySelector('svg').getBoundingClientRect();
  return panel.scrollHeight <= panel.clientHeight + 1 && svg.top >= 0 && svg.bottom <= window.innerHeight;
}"""

# The page's own boxes that show names. A box holding a long name must not be pushed wider than
# it is (nothing runs past its edge), unless it cuts its own text with an ellipsis; any element
# in it that cuts its text must do so with an ellipsis (never silently). ``oneLine``: the boxes
# whose children must stay on one line (the header on a desktop).
NAME_BOXES = [
    "#seat-list li",
    "header.top",
    "#status",
    "#end-screen",
    "#log li",
    "#chat-log li",
    "#clocks li",
    "#seat-link-list li",
    ".tools",
    "#tables > li",
    "#tables .table-seats li",
    "#my-games li",
]
HTML_NAMES = """([selectors, names, seen, oneLine]) => {
  const shows = (node) => names.some((n) => node.textContent.includes(n.slice(0, seen)));
  const ellipsis = (node) => {
    const s = getComputedStyle(node);
    return s.textOverflow === 'ellipsis' && s.overflowX !== 'visible';
  };
  const wider = (node) => node.scrollWidth > node.clientWidth + 1;
  const out = [];
  for (const selector of selectors) {
    for (const box of document.querySelectorAll(selector)) {
      if (box.getClientRects().length === 0 || !shows(box)) continue;
      const text = box.textContent.trim().replace(/\\s+/g, ' ').slice(0, 70);
      if (wider(box) && !ellipsis(box)) {
        out.push([selector, `runs past its box (${box.scrollWidth} px in ${box.clientWidth} px)`, text]);
      }
      for (const inner of box.querySelectorAll('*')) {
        const s = getComputedStyle(inner);
        if (s.overflowX !== 'visible' && wider(inner) && !ellipsis(inner) && shows(inner)) {
          out.push([selector, `cuts a name without an ellipsis (${inner.tagName.toLowerCase()})`, text]);
        }
      }
    }
  }
  for (const selector of oneLine) {
    const box = document.querySelector(selector);
    const kids = [...box.children].filter((k) => k.getClientRects().length > 0).map((k) => k.getBoundingClientRect());
    if (kids.length && Math.max(...kids.map((k) => k.top)) >= Math.min(...kids.map((k) => k.bottom))) {
      out.push([selector, `wraps onto a second line (${Math.round(box.getBoundingClientRect().height)} px high)`,
        box.textContent.trim().replace(/\\s+/g, ' ').slice(0, 70)]);
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    out.push(['the page', `is wider than the window (${document.documentElement.scrollWidth} px)`, '']);
  }
  return out;
}"""


@dataclass
class Look:
    """What one position's page showed."""

    where: str  # "bayon mid-game (move 129 of 258, seat 0's view)"
    board: list[int]
    texts: list[tuple[float, str]]
    board_names: list[list[str]]
    covered: list[list[str]]
    html: list[list[str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def html_problems(page: Any, one_line: bool) -> list[list[str]]:
    return list(page.evaluate(HTML_NAMES, [NAME_BOXES, list(NAMES), SEEN, ["header.top"] if one_line else []]))


def look_at(page: Any, server: ServerProcess, played: RandomGame, label: str) -> Look:
    """Open the position ``label`` of ``played`` in ``page`` (one page serves every position: a new
    browser context per position cost more than the page itself) and measure it."""
    game, players = played.record.game, played.record.players
    moves = {"start": 0, "mid-game": played.length // 2, "end": played.length}[label]
    match = store_match(server, played, moves, list(NAMES[:players]))
    seat = (played.to_move[moves] or (0,))[0]  # a seat with moves to make, while there are any
    token = next(s["token"] for s in match["seats"] if s["seat"] == seat)
    if label == "mid-game":  # a chat line, to show its writer's name
        said = httpx.post(
            f"{server.url}/api/matches/{match['id']}/chat",
            headers={"Authorization": f"Bearer {token}"},
            json={"text": "good luck"},
            timeout=30,
        )
        assert said.status_code == 201, said.text
    errors_before = len(page.errors)
    page.set_viewport_size(DESKTOP)
    page.goto(page_url(match, seat))
    wait_move(page, moves)
    page.wait_for_selector("#board svg")
    if label == "end":
        page.wait_for_selector("#end-screen:not([hidden])")
    if label == "mid-game":
        page.wait_for_selector("#chat-log li")
    page.evaluate("document.fonts.ready.then(() => true)")
    fonts = page.evaluate(FONTS)
    look = Look(
        f"{game} {label} (move {moves} of {played.length}, seat {seat}'s view)",
        fonts["board"],
        [(float(size), str(text)) for size, text in fonts["texts"]],
        page.evaluate(BOARD_NAMES, [list(NAMES), SEEN]),
        [],
        html_problems(page, one_line=True),
    )
    page.set_viewport_size({"width": DESKTOP["width"], "height": page.evaluate(WHOLE_BOARD)})
    assert page.evaluate(BOARD_SHOWN), f"{look.where}: the whole board should be on screen"
    look.covered = page.evaluate(COVERED)
    page.set_viewport_size(PHONE)
    look.html += [[f"{what} (412 px wide)", why, text] for what, why, text in html_problems(page, one_line=False)]
    look.errors = list(page.errors[errors_before:])
    return look


@pytest.fixture(scope="module")
def looks(browser: Any, server: ServerProcess) -> Iterator[Callable[[str], list[Look]]]:
    """The pages of a game's start, mid-game and end, each opened once (on first use)."""
    seen: dict[str, list[Look]] = {}
    failed: dict[str, str] = {}  # a game whose pages could not be measured fails its other tests at once
    page = new_page(browser, server, viewport=DESKTOP)

    def of(game: str) -> list[Look]:
        if game in failed:
            pytest.fail(f"{game}'s pages could not be measured: {failed[game]}")
        if game not in seen:
            played = random_game(game, PLAYERS.get(game, 2), SEED)
            try:
                seen[game] = [look_at(page, server, played, label) for label in ("start", "mid-game", "end")]
            except Exception as exc:
                failed[game] = f"{type(exc).__name__}: {exc}"
                raise
        return seen[game]

    yield of
    page.context.close()


def listed(rows: list[str], most: int = 40) -> str:
    more = f"\n    … and {len(rows) - most} more" if len(rows) > most else ""
    return "".join(f"\n    {row}" for row in rows[:most]) + more


@pytest.mark.parametrize("game", GAMES)
def test_every_board_text_reads_at_least_the_minimum_size_at_the_default_fit(
    looks: Callable[[str], list[Look]], game: str
) -> None:
    report = []
    for look in looks(game):
        under = [(size, text) for size, text in look.texts if size + 0.01 < MIN_TEXT_PX]
        small = sorted({(round(size, 1), text[:60]) for size, text in under})  # each size and text once
        if small:
            head = f"{look.where}, board {look.board[0]}x{look.board[1]} px: {len(under)} of {len(look.texts)} texts"
            report.append(f"{head} under {MIN_TEXT_PX:g} px" + listed([f"{s:5.1f} px  {t!r}" for s, t in small]))
        assert look.texts, f"{look.where}: the board has no text at all"
    assert not report, "\n".join(report)


@pytest.mark.parametrize("game", GAMES)
def test_every_click_target_of_the_board_is_on_top_at_its_centre(looks: Callable[[str], list[Look]], game: str) -> None:
    shown = looks(game)
    report = [
        f"{look.where}: {len(look.covered)} covered" + listed([str(c) for c in look.covered])
        for look in shown
        if look.covered
    ]
    assert not report, "\n".join(report)


@pytest.mark.parametrize("game", GAMES)
def test_a_long_player_name_on_the_board_is_cut_with_an_ellipsis_or_fits(
    looks: Callable[[str], list[Look]], game: str
) -> None:
    shown = looks(game)
    report = [
        f"{look.where}:" + listed([f"{why}: {text[:90]!r}" for text, why in look.board_names])
        for look in shown
        if look.board_names
    ]
    assert not report, "\n".join(report)


@pytest.mark.parametrize("game", GAMES)
def test_long_player_names_in_the_match_page_shorten_with_an_ellipsis(
    looks: Callable[[str], list[Look]], game: str
) -> None:
    shown = looks(game)
    report = [f"{look.where}:" + listed([" — ".join(p) for p in look.html]) for look in shown if look.html]
    assert not report, "\n".join(report)
    assert [look.errors for look in shown] == [[]] * len(shown)


def test_long_player_names_in_the_lobby_shorten_with_an_ellipsis(browser: Any, server: ServerProcess) -> None:
    """An open table of two long-named players (one seat still free), as the second of them sees
    the lobby: the open tables and "My games" name them both."""
    people = []
    for name in NAMES[:2]:
        made = httpx.post(f"{server.url}/api/players", json={"name": name}, timeout=30)
        assert made.status_code == 201, made.text
        people.append(made.json())
    opened = httpx.post(
        f"{server.url}/api/matches",
        headers={"X-Player-Key": people[0]["key"]},
        json={
            "game": "bayon",
            "players": 3,
            "seats": [{"kind": "player"}, {"kind": "open"}, {"kind": "open"}],
            "public": True,
        },
        timeout=30,
    )
    assert opened.status_code == 201, opened.text
    sat = httpx.post(
        f"{server.url}/api/matches/{opened.json()['id']}/sit",
        headers={"X-Player-Key": people[1]["key"]},
        json={"seat": 1},
        timeout=30,
    )
    assert sat.status_code == 200, sat.text
    page = new_page(browser, server, viewport=DESKTOP)
    try:
        stored = {"id": people[1]["id"], "name": people[1]["name"], "key": people[1]["key"]}
        page.add_init_script(f"localStorage.setItem('meeple.player', {json.dumps(json.dumps(stored))})")
        page.goto("/")
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_selector(f"#tables li[data-table='{opened.json()['id']}']")
        page.wait_for_selector("#my-games li")
        problems = html_problems(page, one_line=False)
        page.set_viewport_size(PHONE)
        problems += [[f"{what} (412 px wide)", why, text] for what, why, text in html_problems(page, one_line=False)]
        assert not problems, "the lobby:" + listed([" — ".join(p) for p in problems])
        assert page.errors == []
    finally:
        page.context.close()
