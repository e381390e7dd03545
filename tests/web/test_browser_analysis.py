"""Real-browser test of a finished game's analysis: Analyse shows the progress, then the chart of
each seat's win share, the marked moves as dots, the move played beside the move preferred, the
summary; a dot jumps the replay to the position the move was chosen from."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.analysis_records import planted_record
from tests.web.page_helpers import STEP_MS, new_page, start_server, wait_move
from tests.web.server_process import ServerProcess


@pytest.fixture(scope="module")
def analysing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose analyses spend 300 playouts a decision: the toy's planted bids are blunders then."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MEEPLE_ANALYSIS_BUDGET", "300")
        process = start_server(tmp_path_factory.mktemp("analysis"))
    yield process
    process.stop()


def test_analyse_shows_progress_the_chart_and_marks_and_a_mark_jumps_the_replay(
    browser: Any, analysing_server: ServerProcess
) -> None:
    record = planted_record()
    uploaded = httpx.post(f"{analysing_server.url}/api/records", content=record.to_json(), timeout=30)
    assert uploaded.status_code == 201, uploaded.text
    page = new_page(browser, analysing_server)
    page.goto(uploaded.json()["url"])
    wait_move(page, len(record.moves))
    panel = page.locator("#analysis-panel")
    panel.wait_for(state="visible", timeout=STEP_MS)
    assert "at most 400 decisions a game" in page.locator("#analysis-intro").inner_text()
    assert "only from what its mover knew" in page.locator("#analysis-intro").inner_text()

    page.click("#analyse")
    page.wait_for_selector("#analysis-progress:not([hidden]) progress", timeout=STEP_MS)  # queued, then running
    page.wait_for_selector("#analysis-panel[data-status='done']", timeout=STEP_MS)
    assert page.locator("#analysis-progress").is_hidden() and page.locator("#analyse").is_hidden()
    assert "only from what its mover knew" in page.locator("#analysis-result .fairness").inner_text()
    assert page.locator("#analysis-chart polyline.seat-line").count() == 2  # one line a seat
    dots = page.locator("#analysis-chart circle.mark.blunder")
    assert dots.count() == 2  # seat 1's two lowest bids, against a 12 in its hand
    summary = page.locator("#analysis-summary tr[data-seat='1']").inner_text()
    assert "Seat 1" in summary and "2" in page.locator("#analysis-summary tr[data-seat='1'] td.blunder").inner_text()

    # The first marked move: move 2 of the log (seat 1's bid of card 1), chosen after move 1.
    dots.first.click()
    wait_move(page, 1)
    page.wait_for_selector("#replay-banner:not([hidden])")
    assert page.locator("#view-as").input_value() == "1"  # seen as its mover saw it
    assert "phase bid" in page.locator("#board").inner_text()
    detail = page.locator("#analysis-move")
    assert "Move 2 · Seat 1 · Blunder" in detail.locator("h3").inner_text()
    assert "Bid card 1" in detail.locator(".played").inner_text()
    assert "Bid card 12" in detail.locator(".preferred").inner_text()
    assert page.locator("#analysis-marks .mark-link.selected").count() == 1

    # The list of marked moves jumps as the dots do; another page shows the stored analysis at once.
    page.locator("#analysis-marks .mark-link").nth(1).click()
    wait_move(page, 5)
    other = new_page(browser, analysing_server)
    other.goto(uploaded.json()["url"])
    other.wait_for_selector("#analysis-panel[data-status='done']", timeout=STEP_MS)
    assert other.locator("#analysis-chart circle.mark").count() == 2
    assert page.errors == [] and other.errors == []


def test_no_analysis_is_offered_while_the_game_runs(browser: Any, analysing_server: ServerProcess) -> None:
    body = {"game": "webtoy", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    match = httpx.post(f"{analysing_server.url}/api/matches", json=body, timeout=30).json()
    page = new_page(browser, analysing_server)
    page.goto(match["url"])
    wait_move(page, 0)
    page.wait_for_timeout(300)
    assert page.locator("#analysis-panel").is_hidden()
    assert httpx.post(f"{analysing_server.url}/api/matches/{match['id']}/analysis", timeout=30).status_code == 409
