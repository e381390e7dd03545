"""Real-browser tests of playing together: two people meet at an open table, play, chat and rematch;
a turn-based clock running out hands a seat to a bot. Playwright drives Chromium against a real server."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.web.server_process import ServerProcess
from tests.web.test_browser import STEP_TIMEOUT_MS, assert_png, click_a_move, new_page

NOTICE = "(document.getElementById('table-notice')?.textContent || '')"
MARKUP = '<b id="bold">hi</b><img src=x onerror="document.body.dataset.hacked=1"> & <i>you</i>'


def open_lobby(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function("document.getElementById('my-key').value.length > 20")


def open_a_table(page: Any, name: str, clock: dict[str, str] | None = None) -> None:
    open_lobby(page)
    page.fill("#my-name", name)
    page.click("#save-name")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('meeple.player')).name === '{name}'")
    page.select_option("#game", "webtoy")
    page.select_option("#players", "2")
    page.check("input[name=mode][value=table]")
    assert page.input_value("#seat-0-kind") == "me"
    page.select_option("#seat-1-kind", "open")
    page.fill("#opt-rounds", "1")
    if clock:
        page.select_option("#clock-kind", clock["kind"])
        page.fill("#clock-per-move", clock["hours"])
        page.select_option("#clock-timeout", clock["timeout"])
    page.click("#start")
    page.wait_for_url("**/m/**")
    page.wait_for_selector("#table-panel")


def sit_from_the_lobby(page: Any, name: str, shot: Path | None = None) -> None:
    open_lobby(page)
    page.fill("#my-name", name)
    page.click("#save-name")
    page.wait_for_selector("#tables button.sit", timeout=STEP_TIMEOUT_MS)  # the lobby refreshes by itself
    if shot is not None:
        page.screenshot(path=str(shot), full_page=True)
        assert_png(shot)
    page.click("#tables button.sit")
    page.wait_for_url("**/m/**#t=*")
    page.wait_for_selector("#table-panel")


def play_to_the_end(pages: list[Any], rng: random.Random) -> None:
    for _ in range(200):
        if all(p.evaluate("document.body.dataset.over === '1'") for p in pages):
            return
        moved = False
        for page in pages:
            if page.locator("#actions button[data-notation]:not([disabled])").count() > 0:
                click_a_move(page, rng)
                moved = True
        if not moved:
            pages[0].wait_for_timeout(100)
    raise AssertionError("the game did not end")


def test_two_people_meet_at_an_open_table_play_chat_and_rematch(
    browser: Any, server: ServerProcess, screenshots: Path
) -> None:
    ann, bob = new_page(browser, server), new_page(browser, server)  # two contexts: two people
    open_a_table(ann, "Ann")
    ann.wait_for_function(f"{NOTICE}.includes('Waiting for 1 more player to sit down (seat 1 is free)')")
    sit_from_the_lobby(bob, "Bob", screenshots / "lobby-open-tables.png")
    ann.wait_for_function(f"!{NOTICE}.includes('Waiting')")
    assert [n.strip() for n in bob.locator("#seat-list li").all_inner_texts()][:2][0].startswith("Ann")

    # Chat: what Bob types reaches Ann as text, markup and all, never as markup.
    bob.fill("#chat-text", MARKUP)
    bob.click("#chat-form button")
    ann.wait_for_selector("#chat-log li")
    assert ann.locator("#chat-log li .said").first.inner_text() == MARKUP
    assert ann.locator("#chat-log b, #chat-log img, #chat-log i").count() == 0
    assert ann.evaluate("document.body.dataset.hacked") is None

    play_to_the_end([ann, bob], random.Random(3))
    ann.wait_for_selector("#table-notice button.rematch")
    ann.screenshot(path=str(screenshots / "match-table-panel.png"), full_page=True)
    ann.click("#table-notice button.rematch")
    ann.wait_for_function(f"{NOTICE}.includes('Waiting')")
    rematch_url = ann.url
    bob.wait_for_selector("#table-notice button.accept", timeout=STEP_TIMEOUT_MS)
    bob.click("#table-notice button.accept")
    bob.wait_for_url(rematch_url.split("#")[0] + "#t=*")
    for page in (ann, bob):
        page.wait_for_function(f"!{NOTICE}.includes('Waiting')")
        page.wait_for_selector("#actions button[data-notation]")

    # Each finds both games again in "My games", the new one marked as their turn (both bid at once).
    open_lobby(bob)
    bob.wait_for_selector("#my-games li.your-turn")
    assert bob.locator("#my-games li").count() == 2
    # Bob's key, pasted in another browser, is Bob there too: his name and his games, with his seat's link.
    elsewhere = new_page(browser, server)
    open_lobby(elsewhere)
    elsewhere.click("#key-box summary")
    elsewhere.fill("#other-key", bob.input_value("#my-key"))
    elsewhere.click("#use-key")
    elsewhere.wait_for_function("document.getElementById('my-name').value === 'Bob'")
    elsewhere.wait_for_function("document.querySelectorAll('#my-games li').length === 2")
    elsewhere.click("#my-games li.your-turn a")
    elsewhere.wait_for_selector("#actions button[data-notation]")
    for page in (ann, bob, elsewhere):
        assert page.errors == []


def test_a_turn_clock_running_out_hands_the_seat_to_a_bot(browser: Any, server: ServerProcess) -> None:
    ann, bob = new_page(browser, server), new_page(browser, server)
    # 0.0006 h is about two seconds a move.
    open_a_table(ann, "Ann", {"kind": "turn", "hours": "0.0006", "timeout": "bot:random"})
    sit_from_the_lobby(bob, "Bob")
    bob.wait_for_selector("#clocks li.running")
    # Bob does nothing: his seat runs out, a bot bids for him, and his page says so.
    bob.wait_for_selector("#table-notice button.back", timeout=STEP_TIMEOUT_MS)
    assert "a bot (random) plays for you" in bob.locator("#table-notice").inner_text()
    assert "(a bot plays)" in bob.locator("#clocks").inner_text()
    bob.click("#table-notice button.back")
    bob.wait_for_function("!document.querySelector('#table-notice button.back')")
    for page in (ann, bob):
        assert page.errors == []


def test_the_lobby_shows_option_labels_picks_and_keeps_what_was_set(browser: Any, server: ServerProcess) -> None:
    """Options read by their labels (the name when there is none), a pick list becomes selects, an
    error goes when the game changes, and seat names stay when the player count changes."""
    page = new_page(browser, server)
    games = page.request.get(f"{server.url}/api/games").json()
    toy = next(g for g in games["games"] if g["id"] == "webtoy")
    toy["options"].append(
        {
            "name": "tiles",
            "kind": "str",
            "default": "random",
            "help": "which tiles score",
            "choices": None,
            "minimum": None,
            "maximum": None,
            "label": "Scoring tiles",
            "choice_labels": None,
            "pick_from": [["gold", "Gold"], ["ships", "Ships"], ["sheep", "Sheep"]],
            "pick_count": 2,
        }
    )
    sent: list[Any] = []

    def answer_games(route: Any) -> None:
        route.fulfill(json=games)

    def keep_body(route: Any) -> None:
        sent.append(route.request.post_data_json)
        route.fulfill(status=422, json={"error": "no such option: tiles"})

    page.route("**/api/games", answer_games)
    page.route("**/api/matches", keep_body)
    open_lobby(page)
    page.select_option("#game", "webtoy")
    assert page.locator("label[for='opt-rounds']").inner_text() == "rounds"  # no label yet: the name
    assert page.locator("label[for='opt-tiles']").inner_text() == "Scoring tiles"
    assert page.locator("[data-pick='tiles']").count() == 2
    page.select_option("#opt-tiles", "pick")
    page.select_option("[data-pick='tiles'] >> nth=1", "sheep")
    page.fill("#seat-0-name", "Ann")
    page.fill("#seat-1-name", "Bob")
    page.select_option("#players", "3")
    assert page.input_value("#seat-0-name") == "Ann" and page.input_value("#seat-1-name") == "Bob"
    page.click("#start")
    page.wait_for_function("document.getElementById('lobby-error').textContent.includes('tiles')")
    assert sent[0]["options"]["tiles"] == "gold,sheep"
    assert [s.get("name") for s in sent[0]["seats"]] == ["Ann", "Bob", None]
    other = next(g["id"] for g in games["games"] if g["id"] != "webtoy")
    page.select_option("#game", other)
    assert page.locator("#lobby-error").inner_text() == ""
    # Every bot level's description is shown whole (never cut in a menu), as the chosen game plays it.
    chosen = next(g for g in games["games"] if g["id"] == other)
    # A bot that plays only some player counts (a learned policy) is offered only at those.
    for players in range(chosen["min_players"], chosen["max_players"] + 1):
        page.select_option("#players", str(players))
        offered = [b for b in chosen["bots"] if players in b.get("players", [players])]
        for level in offered:
            assert page.locator(".bot-levels li", has_text=level["label"]).count() == 1
        assert page.locator(".bot-levels li").count() == len(offered)
        menu = page.eval_on_selector_all("#seat-1-kind option", "os => os.map(o => o.value)")
        assert [m for m in menu if m.startswith("bot:")] == [f"bot:{b['level']}" for b in offered]
    assert any("players" in b for b in chosen["bots"]), "the game chosen here ships a learned bot"
    assert page.errors == []
