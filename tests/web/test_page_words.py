"""The match page in words (real Chromium): labels on buttons and on the board,
the log with each move's consequences (each only for the seats allowed), the
end screen, names on the board and in records, the rules page."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

import meeple
from meeple.web.matchpage import rules_markdown, rules_page
from meeple.web.page_views import takes_names
from tests.web.conftest import all_game_ids
from tests.web.page_helpers import (
    STEP_MS,
    api_create,
    api_view,
    new_page,
    page_url,
    play_random,
    tokens,
    wait_move,
)
from tests.web.server_process import ServerProcess


@pytest.mark.parametrize("game", all_game_ids())
def test_buttons_and_board_hover_show_each_moves_label(browser: Any, server: ServerProcess, game: str) -> None:
    info = meeple.GAMES[game]
    seats = [{"kind": "human"} for _ in range(info.min_players)]
    match = api_create(server, game, seats)
    held = tokens(match)
    view = play_random(server, match, random.Random(game), 3)
    seat = view["seat"]
    view = api_view(server, match["id"], held[seat])
    assert [a["notation"] for a in view["actions"]] == view["legal"]
    labels = {a["notation"]: a["label"] for a in view["actions"]}
    assert all(label.strip() for label in labels.values())
    page = new_page(browser, server)
    page.goto(page_url(match, seat))
    page.wait_for_selector("#actions button[data-notation]")
    shown = page.eval_on_selector_all(
        "#actions button[data-notation]",
        "bs => bs.map(b => [b.dataset.notation, b.querySelector('.label').textContent])",
    )
    assert dict(shown) == labels
    tips = page.eval_on_selector_all(
        "#board [data-action]",
        "es => es.map(e => [e.dataset.action, ([...e.children].find(c => c.localName === 'title') || {}).textContent])",
    )
    for action, tip in tips:
        assert tip is not None and tip.split("\n")[0] == labels[action], (action, tip)
    # The notation can still be typed: Enter plays it.
    first = view["legal"][0]
    page.fill("#action-filter", first)
    page.press("#action-filter", "Enter")
    wait_move(page, view["move_number"] + 1)
    assert page.errors == []


def test_the_log_numbers_moves_past_99_in_a_column_wide_enough(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "ivor", [{"kind": "human"}] * 3)
    view = play_random(server, match, random.Random(3), 112)
    assert view["move_number"] >= 106 or view["is_over"]
    page = new_page(browser, server)
    page.goto(match["url"])  # a spectator
    page.wait_for_selector("#log li[data-move='105']")
    numbers = page.eval_on_selector_all("#log li .num", "ns => ns.map(n => n.textContent)")
    assert numbers[:3] == ["1.", "2.", "3."] and numbers[105] == "106."
    # The whole number is drawn inside the log (the list's own markers clipped it to ".06.").
    clipped = page.evaluate(
        """() => { const n = document.querySelector("#log li[data-move='105'] .num");
        const log = document.getElementById('log').getBoundingClientRect(); const r = n.getBoundingClientRect();
        return r.left < log.left || n.scrollWidth > n.clientWidth + 1; }"""
    )
    assert not clipped


def _play_on_page(page: Any, notation: str) -> None:
    before = page.evaluate("document.body.dataset.moveNumber")
    page.click(f"#actions button[data-notation='{notation}']")
    page.wait_for_function(f"document.body.dataset.moveNumber !== '{before}'", timeout=STEP_MS)


def test_consequences_show_only_to_the_seats_allowed_and_the_end_reveals_secret_moves(
    browser: Any, server: ServerProcess
) -> None:
    match = api_create(server, "webtoy", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}])
    pages = {seat: new_page(browser, server) for seat in (0, 1, None)}
    for seat, page in pages.items():
        page.goto(page_url(match, seat))
    for seat in (0, 1):
        pages[seat].wait_for_selector("#actions button[data-notation]")
    bids: dict[int, str] = {}
    for seat in (0, 1):
        bids[seat] = pages[seat].locator("#actions button[data-notation]").first.get_attribute("data-notation")
        _play_on_page(pages[seat], bids[seat])
    # Everyone reads the public consequence of the last bid; seat 0 its own bid in words.
    for page in pages.values():
        wait_move(page, 2)
        assert "The bids are revealed" in page.locator("#log li[data-move='1'] .consequence").inner_text()
    card0 = bids[0].split()[1]
    assert pages[0].locator("#log li[data-move='0'] .what").inner_text() == f"Bid card {card0} (face down)"
    pages[0].wait_for_selector("#actions button[data-notation='draw']")
    _play_on_page(pages[0], "draw")
    drawn = pages[0].locator("#log li[data-move='2'] .consequence").inner_text()
    assert re.fullmatch(r"Ann drew card \d+", drawn)
    for seat in (1, None):
        wait_move(pages[seat], 3)
        assert pages[seat].locator("#log li[data-move='2'] .consequence").count() == 0
        assert drawn not in pages[seat].content()
    # Play to the end; then every page reads every move in full, but the drawn card stays Ann's.
    rest = play_random(server, match, random.Random(1), 200)
    assert rest["is_over"] or api_view(server, match["id"], None, svg=0)["is_over"]
    final = api_view(server, match["id"], None, svg=0)["move_number"]
    for seat, page in pages.items():
        wait_move(page, final)
        first = page.locator("#log li[data-move='0'] .what").inner_text()
        assert first == f"Bid card {card0} (face down)", (seat, first)
        assert (drawn in page.content()) == (seat == 0)
        assert page.errors == []


def test_the_end_screen_gives_the_reason_and_each_seats_breakdown(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "webtoy", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    page = new_page(browser, server)
    page.goto(page_url(match, 0))
    page.wait_for_selector("#actions button[data-notation]")
    while page.evaluate("document.body.dataset.over") != "1":
        page.wait_for_function(
            "document.body.dataset.over === '1' || "
            "document.querySelectorAll('#actions button[data-notation]:not([disabled])').length > 0",
            timeout=STEP_MS,
        )
        if page.evaluate("document.body.dataset.over") == "1":
            break
        _play_on_page(page, page.locator("#actions button[data-notation]").first.get_attribute("data-notation"))
    summary = api_view(server, match["id"], None, svg=0)["summary"]
    page.wait_for_selector("#end-screen:not([hidden])")
    assert page.locator("#end-reason").inner_text() == summary["reason"]
    assert summary["reason"].startswith("After round")
    tables = page.locator("#end-screen table.breakdown")
    assert tables.count() == 2
    for result in summary["seats"]:
        table = page.locator(f"#end-screen table.breakdown[data-seat='{result['seat']}']")
        rows = table.locator("tbody tr").all_inner_texts()
        assert [r.split("\t")[0] for r in rows] == [label for label, _ in result["lines"]] + ["Total"]
        assert rows[-1].split("\t")[-1] == f"{result['total']:g}"
    assert page.locator("#end-title").inner_text().startswith("Game over")
    assert page.errors == []


def test_seat_names_are_on_the_board_and_in_the_record(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "webtoy", [{"kind": "human", "name": "Ann_1"}, {"kind": "bot", "bot": "random"}])
    page = new_page(browser, server)
    page.goto(page_url(match, 0))
    page.wait_for_selector("#board text.names")
    assert page.locator("#board text.names").text_content() == "Ann_1, Bot 1 (random)"
    play_random(server, match, random.Random(2), 100)
    page.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_MS)
    record = meeple.Record.from_json(httpx.get(f"{server.url}/api/matches/{match['id']}/record", timeout=30).text)
    assert record.names == ["Ann_1", "Bot 1 (random)"]
    # An uploaded record keeps them too.
    uploaded = httpx.post(f"{server.url}/api/records", content=record.to_json(), timeout=30).json()
    seats = api_view(server, uploaded["id"], None, svg=0)["match"]["seats"]
    assert [s["name"] for s in seats] == ["Ann_1", "Bot 1 (random)"]


def test_views_without_the_names_keyword_are_still_called() -> None:
    def old(obs: dict[str, Any], legal: list[str] | None = None) -> str:
        return ""

    def new(obs: dict[str, Any], legal: list[str] | None = None, *, names: list[str] | None = None) -> str:
        return ""

    assert not takes_names(old) and takes_names(new)


@pytest.mark.parametrize("game", [g for g in all_game_ids() if g != "webtoy"])
def test_each_match_page_links_the_games_rules(browser: Any, server: ServerProcess, game: str) -> None:
    info = meeple.GAMES[game]
    response = httpx.get(f"{server.url}/rules/{game}", timeout=30)
    assert response.status_code == 200
    heading = (rules_markdown(info) or "").splitlines()[0].lstrip("# ").strip()
    assert f"<h1>{heading.replace('&', '&amp;')}</h1>" in response.text
    match = api_create(server, game, [{"kind": "human"}] * info.min_players)
    page = new_page(browser, server)
    page.goto(match["url"])
    page.wait_for_selector("#rules-link:not([hidden])")
    assert page.get_attribute("#rules-link", "href") == f"/how-to-play/{game}"


def test_the_rules_page_escapes_html_and_a_game_without_rules_has_none(server: ServerProcess) -> None:
    page = rules_page(meeple.GAMES["bayon"], "# Title\n\n<script>alert(1)</script> *and* `code`\n")
    assert "<script>" not in page and "&lt;script&gt;" in page and "<em>and</em>" in page
    assert httpx.get(f"{server.url}/rules/webtoy", timeout=30).status_code == 404
    assert httpx.get(f"{server.url}/rules/nonesuch", timeout=30).status_code == 404


def test_every_rules_file_is_package_data() -> None:
    """An installed meeple has each game's RULES.md: pyproject ships ``*.md`` of every package."""
    import fnmatch
    import tomllib

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    for game in (g for g in all_game_ids() if g != "webtoy"):
        folder = root / "src" / "meeple" / "games" / game
        assert (folder / "RULES.md").is_file() and (folder / "__init__.py").is_file()
        assert any(fnmatch.fnmatch("RULES.md", p) for p in patterns)
    for static in (root / "src" / "meeple" / "web" / "static").iterdir():
        assert any(fnmatch.fnmatch(static.name, p) for p in patterns), static.name
