"""Undo within one's own turn (Board Game Arena's policy): the page's button, the
API's refusals, the stored moves, other pages, bots and other processes."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from meeple.web.storage import MatchRow, SeatRow, StaleMove, Store
from tests.web.page_helpers import (
    STEP_MS,
    api_create,
    api_play,
    api_undo,
    api_view,
    confirm_move,
    current_view,
    new_page,
    page_url,
    tokens,
    wait_move,
)
from tests.web.server_process import ServerProcess


def play_until_undo(server: ServerProcess, match: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play random moves until the seat to move may take one back; its view."""
    held = tokens(match)
    for _ in range(300):
        view = current_view(server, match)
        if view["undo"] > 0:
            return view
        assert view["legal"], "the game ended (or waits for a bot) before an undo was possible"
        response = api_play(server, match["id"], held[view["seat"]], rng.choice(view["legal"]), view["move_number"])
        assert response.status_code == 200, response.text
    raise AssertionError("no position allowed an undo")


def stored_moves(server: ServerProcess, match_id: str) -> int:
    store = Store(server.db_url, run_migrations=False)
    try:
        return store.move_count(match_id)
    finally:
        store.close()


def test_undo_on_the_page_takes_the_move_back_everywhere(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "bayon", [{"kind": "human"}, {"kind": "human"}])
    view = play_until_undo(server, match, random.Random(4))
    mover, other = view["seat"], 1 - view["seat"]
    count = view["move_number"]
    last = view["moves"][-1]
    assert last["seat"] == mover
    pages = {seat: new_page(browser, server) for seat in (mover, other, None)}
    for seat, page in pages.items():
        page.goto(page_url(match, seat))
        wait_move(page, count)
    assert pages[other].locator("#undo-row").is_hidden() and pages[None].locator("#undo-row").is_hidden()
    pages[mover].wait_for_selector("#undo-row:not([hidden])")
    pages[mover].click("#undo")
    for page in pages.values():
        wait_move(page, count - 1)
        assert page.locator("#log li").count() == count - 1
    assert stored_moves(server, match["id"]) == count - 1
    after = api_view(server, match["id"], tokens(match)[mover], svg=0)
    assert mover in after["to_move"] and last["notation"] in after["legal"]
    # The move taken back can be played again (or another one instead).
    pages[mover].click(f"#actions button[data-notation='{last['notation']}']")
    wait_move(pages[other], count)
    assert stored_moves(server, match["id"]) == count
    for page in pages.values():
        assert page.errors == []


def test_undo_against_a_bot_keeps_the_humans_turn(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "bayon", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    page = new_page(browser, server)
    page.goto(page_url(match, 0))
    rng = random.Random(7)
    for _ in range(60):
        page.wait_for_selector("#actions button[data-notation]:not([disabled])", timeout=STEP_MS)
        if page.locator("#undo:not([disabled])").is_visible():
            break
        buttons = page.locator("#actions button[data-notation]:not([disabled])")
        before = page.evaluate("document.body.dataset.moveNumber")
        buttons.nth(rng.randrange(buttons.count())).click()
        confirm_move(page)  # a move that ends the turn asks first
        page.wait_for_function(f"document.body.dataset.moveNumber !== '{before}'", timeout=STEP_MS)
    else:
        raise AssertionError("never an undo")
    count = int(page.evaluate("document.body.dataset.moveNumber"))
    page.click("#undo")
    wait_move(page, count - 1)
    time.sleep(0.5)  # a bot that wrongly took the turn would have moved by now
    view = api_view(server, match["id"], tokens(match)[0], svg=0)
    assert view["move_number"] == count - 1 and view["to_move"] == [0]
    assert page.locator("#status").inner_text() == "Your move"
    assert page.errors == []


def test_undo_is_refused_with_the_reason(server: ServerProcess) -> None:
    match = api_create(server, "bayon", [{"kind": "human"}, {"kind": "human"}])
    held = tokens(match)
    view = play_until_undo(server, match, random.Random(9))
    mover, other, count = view["seat"], 1 - view["seat"], view["move_number"]
    refused = api_undo(server, match["id"], held[other], count)
    assert refused.status_code == 409 and "not your turn" in refused.json()["error"]
    stale = api_undo(server, match["id"], held[mover], count - 1)
    assert stale.status_code == 409 and "stale" in stale.json()["error"]
    too_many = api_undo(server, match["id"], held[mover], count, moves=view["undo"] + 1)
    assert too_many.status_code == 409 and f"at most {view['undo']}" in too_many.json()["error"]
    assert api_undo(server, match["id"], "not-a-token", count).status_code == 403
    assert stored_moves(server, match["id"]) == count
    # Once the turn passes, the moves of the finished turn stand.
    while mover in view["to_move"]:
        assert api_play(server, match["id"], held[mover], view["legal"][-1], view["move_number"]).status_code == 200
        view = api_view(server, match["id"], held[mover], svg=0)
    assert "not your turn" in api_undo(server, match["id"], held[mover], view["move_number"]).json()["error"]
    if other in view["to_move"]:
        refused = api_undo(server, match["id"], held[other], view["move_number"])
        assert refused.status_code == 409 and "no move in this turn" in refused.json()["error"]


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_take_back_deletes_only_when_no_move_raced_it(db: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}" if db == "sqlite" else request.getfixturevalue("postgres_url")
    store = Store(url)
    try:
        row = MatchRow("m1", "webtoy", 2, 1, {}, "live", "running", seats=[SeatRow(0, "A", "human")])
        store.create_match(row)
        for number in range(4):
            store.append_move("m1", number, 0, f"move {number}")
        with pytest.raises(StaleMove):
            store.take_back("m1", 3, 2, False, "00")  # it has 4 moves, not 3: nothing is deleted
        assert store.move_count("m1") == 4
        store.take_back("m1", 4, 2, False, "00")
        assert store.moves_since("m1", 0) == [(0, "move 0"), (0, "move 1")]
        # A move chosen from the position before the undo finds its predecessor gone.
        with pytest.raises(StaleMove):
            store.append_move("m1", 3, 0, "late")
        store.append_move("m1", 2, 0, "again")
        assert store.move_count("m1") == 3
    finally:
        store.close()


@pytest.mark.slow
def test_an_undo_reaches_the_pages_of_another_process(postgres_url: str, tmp_path: Path) -> None:
    log = tmp_path / "two.log"
    a = ServerProcess(postgres_url, "--bot-threads", log_path=log).start()
    b = ServerProcess(postgres_url, "--bot-threads", log_path=log).start()
    try:
        match = api_create(a, "bayon", [{"kind": "human"}, {"kind": "human"}])
        view = play_until_undo(a, match, random.Random(4))
        mover, count = view["seat"], view["move_number"]
        held = tokens(match)
        with connect(b.url.replace("http", "ws") + f"/api/matches/{match['id']}/live") as ws:
            ws.send(json.dumps({"token": held[1 - mover], "svg": False}))
            assert json.loads(ws.recv(timeout=30))["view"]["move_number"] == count
            assert api_undo(a, match["id"], held[mover], count).status_code == 200
            deadline = time.monotonic() + 30
            seen = count
            while seen != count - 1 and time.monotonic() < deadline:
                seen = json.loads(ws.recv(timeout=30))["view"]["move_number"]
            assert seen == count - 1
        # Process b plays on from the position after the undo.
        after = api_view(b, match["id"], held[mover], svg=0)
        assert after["move_number"] == count - 1
        assert api_play(b, match["id"], held[mover], after["legal"][0], count - 1).status_code == 200
        assert api_view(a, match["id"], None, svg=0)["move_number"] == count
    finally:
        a.stop()
        b.stop()
