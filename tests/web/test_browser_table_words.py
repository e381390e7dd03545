"""Real-browser tests of what the table says: open tables cancelled and timed, waiting pages that
say what they wait for and from whom, a bad seat link, refusals with their reasons, the log in the
third person, the confirm step of a Bayon move that ends the turn. Chromium through Playwright
against a real server."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from tests.web.page_helpers import STEP_MS, api_create, api_play, api_view, new_page, page_url, tokens, wait_move
from tests.web.server_process import ServerProcess

NOTICE = "(document.getElementById('table-notice')?.textContent || '')"


def api_player(server: ServerProcess, name: str) -> dict[str, str]:
    response = httpx.post(f"{server.url}/api/players", json={"name": name}, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def api_table(server: ServerProcess, host: dict[str, str]) -> dict[str, Any]:
    body = {"game": "webtoy", "players": 2, "seats": [{"kind": "player"}, {"kind": "open"}], "public": True}
    body["options"] = {"rounds": 1}
    response = httpx.post(f"{server.url}/api/matches", json=body, headers={"X-Player-Key": host["key"]}, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def as_player(browser: Any, server: ServerProcess, who: dict[str, str]) -> Any:
    """A page of a browser where ``who`` is the stored player (as after a visit to the lobby)."""
    page = new_page(browser, server)
    page.context.add_init_script(f"localStorage.setItem('meeple.player', {json.dumps(json.dumps(who))})")
    return page


def body_text(page: Any) -> str:
    return str(page.locator("body").inner_text())


def test_the_creator_cancels_an_open_table_from_the_lobby_and_its_page_says_so(
    browser: Any, server: ServerProcess
) -> None:
    ann = api_player(server, "Ann")
    table = api_table(server, ann)
    seat_page = as_player(browser, server, ann)
    seat_page.goto(table["seats"][0]["url"])
    seat_page.wait_for_selector("#table-notice button.cancel-table")
    lobby = as_player(browser, server, ann)
    lobby.goto("/")
    listed = lobby.locator(f"#tables li[data-table='{table['id']}']")
    listed.wait_for(timeout=STEP_MS)
    # The list says how long the table has waited and when it closes by itself (a day by default).
    assert re.search(r"waiting for under a minute; closes in 23 h 5\d min if nobody sits down", listed.inner_text())
    listed.locator("button.cancel-table").click()
    lobby.wait_for_function(f"!document.querySelector(\"#tables li[data-table='{table['id']}']\")", timeout=STEP_MS)
    # The table's own page, open meanwhile, shows it closed, why, and the way back.
    seat_page.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_MS)
    assert seat_page.locator("#status").inner_text() == "Table closed: Ann cancelled the table before it started"
    assert seat_page.locator("#end-title").inner_text() == "This table closed before its game started"
    assert seat_page.locator("#end-screen a[href='/']").count() == 1
    assert seat_page.locator("#table-notice button.rematch").count() == 0
    assert "Game over" not in body_text(seat_page) and seat_page.locator("#seat-list .winner").count() == 0
    for page in (lobby, seat_page):
        assert page.errors == []


def test_a_waiting_table_says_what_it_waits_for_and_from_whom(browser: Any, server: ServerProcess) -> None:
    ann, bob = api_player(server, "Ann"), api_player(server, "Bob")
    table = api_table(server, ann)
    page = as_player(browser, server, ann)
    page.goto(table["seats"][0]["url"])
    page.wait_for_selector("#waiting-card:not([hidden])")
    page.wait_for_selector("#table-notice button.start-now")
    waiting = "waiting for 1 more player to sit down (seat 1 is free)"
    assert page.locator("#status").inner_text() == f"Not started yet: {waiting}"
    assert page.locator("#waiting-what").inner_text() == "Waiting for 1 more player to sit down (seat 1 is free)."
    assert page.locator("#table-notice button.start-now").inner_text() == "Start now: bots take seat 1"
    assert not page.locator("#board").is_visible()  # the board would name a seat to move: not yet
    text = body_text(page)
    for contradiction in ("Waiting for Ann", "Your turn", "Your move", "Nothing to do right now"):
        assert contradiction not in text
    spectator = new_page(browser, server)
    spectator.goto(table["url"])
    spectator.wait_for_selector("#table-notice button.sit")

    # Bob sits down: the game starts, and the page shows the board and the move.
    sat = httpx.post(
        f"{server.url}/api/matches/{table['id']}/sit", json={"seat": 1}, headers={"X-Player-Key": bob["key"]}
    )
    assert sat.status_code == 200, sat.text
    page.wait_for_selector("#board svg", state="visible", timeout=STEP_MS)
    assert page.locator("#waiting-card").is_hidden()
    page.wait_for_function("document.getElementById('status').textContent === 'Your move'", timeout=STEP_MS)

    # Played to the end, then a rematch: it waits for Bob's answer, and says so.
    held = {0: table["seats"][0]["url"].split("#t=")[1], 1: sat.json()["token"]}
    for _ in range(40):
        views = [api_view(server, table["id"], held[s], svg=0) for s in (0, 1)]
        if views[0]["is_over"]:
            break
        view = next(v for v in views if v["legal"])
        assert (
            api_play(server, table["id"], held[view["seat"]], view["legal"][0], view["move_number"]).status_code == 200
        )
    asked = httpx.post(
        f"{server.url}/api/matches/{table['id']}/rematch",
        headers={"Authorization": f"Bearer {held[0]}", "X-Player-Key": ann["key"]},
    )
    assert asked.status_code == 201, asked.text
    page.goto(asked.json()["url"])
    page.wait_for_selector("#table-notice button.start-now")
    assert page.locator("#status").inner_text() == "Not started yet: waiting for Bob to answer the rematch invitation"
    assert "Waiting for Bob to answer the rematch invitation." in page.locator("#table-notice").inner_text()
    assert page.locator("#table-notice button.start-now").inner_text() == "Start now: bots take seat 1"
    assert "free seat" not in body_text(page)
    for each in (page, spectator):
        assert each.errors == []


def test_a_bad_seat_link_shows_the_spectators_view_with_a_way_back(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "webtoy", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    page = new_page(browser, server)
    page.goto(f"{match['url']}#t=not-a-seat-of-this-game")
    page.wait_for_selector("#link-notice:not([hidden])", timeout=STEP_MS)
    assert "not a seat of this game" in page.locator("#link-notice").inner_text()
    assert "you are watching as a spectator" in page.locator("#link-notice").inner_text()
    assert page.locator("#link-notice a[href='/']").count() == 1
    page.wait_for_selector("#board svg")  # the game itself, as a spectator sees it
    assert page.locator("#seat-list li").count() == 2 and page.locator("#seat-list li.me").count() == 0
    assert "You are watching" in page.locator("#actions").inner_text()
    assert page.locator("#message").inner_text() == ""
    nowhere = new_page(browser, server)
    nowhere.goto("/m/no-such-game#t=whatever")
    nowhere.wait_for_selector("#link-notice:not([hidden])", timeout=STEP_MS)
    assert "There is no game at this address" in nowhere.locator("#link-notice").inner_text()
    for each in (page, nowhere):
        assert each.errors == []


def type_move(page: Any, text: str) -> str:
    page.fill("#action-filter", text)
    page.press("#action-filter", "Enter")
    page.wait_for_function("document.getElementById('message').textContent !== ''", timeout=STEP_MS)
    return str(page.locator("#message").inner_text())


def test_a_refused_typed_move_says_the_games_reason_and_stays_in_its_panel(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "bayon", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    page = new_page(browser, server)
    page.goto(page_url(match, 0))
    page.wait_for_selector("#actions button[data-notation]")
    # The interpreter starts on Australia: the move exists, the game says why not now.
    assert "Australia is blocked by the interpreter" in type_move(page, "expedition australia")
    long = "expedition " + "x" * 4989
    message = type_move(page, long)
    assert "too long to be a move (5000 characters" in message and len(message) < 200
    panel = page.locator("#actions-panel").bounding_box()
    shown = page.locator("#message").bounding_box()
    assert shown["x"] + shown["width"] <= panel["x"] + panel["width"] + 1
    assert page.evaluate(
        "document.getElementById('message').scrollWidth <= document.getElementById('message').clientWidth"
    )
    message = type_move(page, "y" * 150)
    assert "…" in message and len(message) < 200 and "y" * 61 not in message
    assert api_view(server, match["id"], tokens(match)[0], svg=0)["move_number"] == 0  # nothing was played
    assert page.errors == []


def test_bayon_asks_before_a_move_that_ends_the_turn_and_says_why_it_cannot_be_undone(
    browser: Any, server: ServerProcess
) -> None:
    match = api_create(server, "bayon", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    page = new_page(browser, server)
    page.goto(page_url(match, 0))
    # Each seat starts with one explorer: sending it travelling is its last action, and ends the turn.
    travel = page.locator("#actions button[data-notation^='travel']").first
    travel.wait_for(timeout=STEP_MS)
    assert travel.inner_text().split("\n")[0].endswith("— this ends your turn")
    travel.click()
    page.wait_for_selector("#confirm-move:not([hidden])")
    assert "this ends your turn, and a finished turn cannot be taken back" in page.locator("#confirm-text").inner_text()
    page.click("#confirm-cancel")  # changing one's mind plays nothing
    assert page.locator("#confirm-move").is_hidden()
    assert api_view(server, match["id"], tokens(match)[0], svg=0)["move_number"] == 0
    travel.click()
    page.click("#confirm-play")
    wait_move(page, 1)
    assert page.locator("#confirm-move").is_hidden()
    # The move stands: the undo button stays, disabled, with the reason.
    page.wait_for_selector("#undo-row:not([hidden])")
    assert page.locator("#undo").is_disabled()
    assert (
        page.locator("#undo-note").inner_text()
        == "Your last move cannot be taken back: it ended your turn (Bob to move now)."
    )
    assert page.locator("#actions").inner_text() == "Waiting for Bob to move."
    assert page.errors == []


def test_the_log_tells_every_move_in_the_third_person_to_every_viewer(browser: Any, server: ServerProcess) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    match = api_create(server, "ivor", [{"kind": "human", "name": "Ann"}, *bots])
    pages = {seat: new_page(browser, server) for seat in (0, None)}
    for seat, page in pages.items():
        page.goto(page_url(match, seat))
    pages[0].wait_for_selector("#actions button[data-notation^='place']", timeout=STEP_MS)
    pages[0].locator("#actions button[data-notation^='place']").first.click()
    for page in pages.values():
        page.wait_for_function("document.querySelectorAll('#log li').length >= 3", timeout=STEP_MS)
    sentences = (
        "[...document.querySelectorAll('#log li')]"
        ".map((li) => li.querySelector('.who').textContent + li.querySelector('.what').textContent)"
    )
    texts = {seat: page.evaluate(sentences)[:3] for seat, page in pages.items()}
    assert texts[0] == texts[None]  # one sentence for every viewer
    joined = " ".join(texts[0])
    assert re.search(r"Ann places their wagon at [^\n]+", joined), joined
    assert re.search(r"Bot 1 \(random\) places their wagon at [^\n]+", joined), joined
    assert "Place your" not in joined and ": Place" not in joined
    # The buttons keep the mover's own words.
    pages[0].wait_for_selector("#actions button[data-notation]", timeout=STEP_MS)
    assert not pages[0].locator("#actions button .label").first.inner_text()[0].islower()
    for page in pages.values():
        assert page.errors == []


def test_viewing_a_finished_game_as_a_bot_does_not_call_the_bot_you(browser: Any, server: ServerProcess) -> None:
    match = api_create(
        server, "webtoy", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}], options={"rounds": 1}
    )
    held = tokens(match)
    for _ in range(40):
        view = api_view(server, match["id"], held[0], svg=0)
        if view["is_over"]:
            break
        if view["legal"]:
            assert api_play(server, match["id"], held[0], view["legal"][-1], view["move_number"]).status_code == 200
    page = new_page(browser, server)
    page.goto(page_url(match, 0))
    page.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_MS)
    page.select_option("#view-as", "1")
    page.wait_for_selector("#seat-list li.viewed[data-seat='1']")
    assert page.locator("#seat-list li.me").count() == 1
    assert page.locator("#seat-list li.me").get_attribute("data-seat") == "0"
    seat_list = page.locator("#seat-list").inner_text()
    assert "(you)" not in seat_list.split("\n")[1] and "(shown)" not in seat_list.split("\n")[0]
    assert page.errors == []


def test_pass_and_play_names_the_first_seat_after_the_player(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, server)
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#my-name", "Ann")
    page.click("#save-name")
    page.wait_for_function("document.getElementById('seat-0-name').placeholder === 'Ann'")
    page.select_option("#game", "webtoy")
    page.select_option("#seat-1-kind", "human")
    page.fill("#seat-1-name", "Bob")
    page.click("#start")
    page.wait_for_selector("#pass-ready", timeout=STEP_MS)
    assert page.locator("#pass-name").inner_text() == "Ann"
    page.click("#pass-ready")
    page.wait_for_selector("#seat-list li")
    assert page.locator("#seat-list li").all_inner_texts()[:2][0].startswith("Ann")
    assert page.errors == []
