"""Real-browser tests of games that end off the board: a clock with "lose" and a resignation
show the end screen with the reason, no moves, the final clocks, the record and a rematch."""

from __future__ import annotations

from typing import Any

from tests.web.page_helpers import api_create, api_play, api_view, new_page, page_url, tokens
from tests.web.server_process import ServerProcess
from tests.web.test_browser import STEP_TIMEOUT_MS

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def open_seat(browser: Any, server: ServerProcess, match: dict[str, Any], seat: int | None) -> Any:
    page = new_page(browser, server)
    page.goto(page_url(match, seat))
    page.wait_for_selector("#table-panel")
    return page


def assert_end_screen(page: Any, reason: str, winner: str) -> None:
    """The page shows the game as over: why, who won, nothing to play, the record and a rematch."""
    page.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_TIMEOUT_MS)
    page.wait_for_selector("#end-screen:not([hidden])")
    assert reason in page.locator("#end-reason").inner_text()
    assert page.locator("#end-title").inner_text() == f"Game over: {winner} won"
    assert page.locator("#status").inner_text().startswith(f"Game over: {winner} won (")
    assert page.locator("#actions button").count() == 0
    assert "The game is over." in page.locator("#actions").inner_text()
    assert page.locator("#table-notice button.resign").count() == 0
    assert page.get_attribute("#download", "aria-disabled") == "false"
    assert not page.locator("#seat-list li.to-move").count()
    assert page.errors == []


def test_a_real_time_clock_running_out_with_lose_shows_the_end_everywhere(browser: Any, server: ServerProcess) -> None:
    clock = {"kind": "realtime", "bank": 2, "increment": 0, "on_timeout": "lose"}
    match = api_create(server, "webtoy", HUMANS, clock=clock)
    seat_tokens = tokens(match)
    bid = api_view(server, match["id"], seat_tokens[0], svg=0)["legal"][0]
    assert api_play(server, match["id"], seat_tokens[0], bid, 0).status_code == 200
    ann, bob = open_seat(browser, server, match, 0), open_seat(browser, server, match, 1)
    for page in (ann, bob):
        assert_end_screen(page, "Bob ran out of time and lost", "Ann")
    assert "Bob: 0:00 (out of time)" in bob.locator("#clocks").inner_text()
    assert ann.locator("#clocks li.running").count() == 0
    ann.wait_for_selector("#table-notice button.rematch")


def test_a_seat_resigns_from_its_page_after_confirming(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "webtoy", HUMANS)
    ann, bob = open_seat(browser, server, match, 0), open_seat(browser, server, match, 1)
    bob.wait_for_selector("#table-notice button.resign")
    bob.click("#table-notice button.resign")
    assert "Resign this game?" in bob.locator("#table-notice").inner_text()
    bob.click("#table-notice button.keep-playing")  # changing one's mind changes nothing
    bob.wait_for_selector("#table-notice button.resign")
    assert api_view(server, match["id"], None, svg=0)["match"]["status"] == "running"
    bob.click("#table-notice button.resign")
    bob.click("#table-notice button.confirm-resign")
    for page in (bob, ann):
        assert_end_screen(page, "Bob resigned", "Ann")
    assert "resigned: lost" in bob.locator("#end-tables").inner_text()
    bob.wait_for_selector("#table-notice button.rematch")
