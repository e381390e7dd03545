"""Real-browser tests: Playwright for Python driving Debian's Chromium against a real server.

Each game is started from the lobby against bots and played to the end by
clicking; two browser contexts play one online game as two seats; pass and
play, a rejected move, replaying, downloading and uploading a record.

Each game's page (and the lobby's filled-in form) is photographed on every
run; with ``MEEPLE_UPDATE_SCREENSHOTS=1`` the form's picture replaces
docs/screenshots/lobby-form.png (the lobby's own pictures come from
test_browser_lobby.py, the games' from test_page_screens.py); otherwise they
go to a temporary folder, so a test run leaves the tree clean.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import meeple
from tests.web.conftest import all_game_ids
from tests.web.page_helpers import confirm_move
from tests.web.server_process import ServerProcess

STEP_TIMEOUT_MS = 30_000  # generous: CI machines run the whole suite at once

playwright_api = pytest.importorskip("playwright.sync_api")


def assert_png(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, path


def new_page(browser: Any, server: ServerProcess) -> Any:
    # bypass_csp lets Playwright evaluate its wait conditions; the app itself runs under its CSP.
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 860}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def wait_for_turn_or_end(page: Any) -> None:
    page.wait_for_function(
        "document.body.dataset.over === '1' || "
        "document.querySelectorAll('#actions button[data-notation]:not([disabled])').length > 0 || "
        "!document.getElementById('pass-screen').hidden",
        timeout=STEP_TIMEOUT_MS,
    )


def move_number(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.moveNumber || '-1'"))


def click_a_move(page: Any, rng: random.Random) -> None:
    """Click something legal: a marked spot on the board when there is one, else an action button."""
    before = move_number(page)
    board = page.locator("#board [data-action]")
    targets = [board.nth(i) for i in range(board.count())]
    if targets and rng.random() < 0.7:
        target = rng.choice(targets)
        try:
            target.click(timeout=2000)
        except playwright_api.Error:
            target.dispatch_event("click")  # an element drawn under another one
    else:
        buttons = page.locator("#actions button[data-notation]:not([disabled])")
        buttons.nth(rng.randrange(buttons.count())).click()
    confirm_move(page)
    try:
        page.wait_for_function(
            f"document.body.dataset.moveNumber !== '{before}' || document.body.dataset.over === '1' || "
            "document.getElementById('message').textContent !== ''",
            timeout=STEP_TIMEOUT_MS,
        )
    except playwright_api.TimeoutError:
        state = page.evaluate(
            "({move: document.body.dataset.moveNumber, waiting: waitingAfter, live: rendered && rendered.live,"
            " legal: rendered && rendered.view.legal, status: document.getElementById('status').textContent,"
            " connection: document.getElementById('connection').textContent})"
        )
        raise AssertionError(f"the click at move {before} changed nothing: {state}") from None


def start_from_lobby(
    page: Any, game: str, players: int, seats: list[str], mode: str = "local", screenshot: Path | None = None
) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for number, seat in enumerate(seats):
        page.select_option(f"#seat-{number}-kind", seat)
    page.check(f"input[name=mode][value={mode}]")
    if screenshot is not None:
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(screenshot), full_page=True)
    page.click("#start")


@pytest.mark.parametrize("game", all_game_ids())
def test_a_game_against_bots_is_played_to_the_end_by_clicking(
    browser: Any, server: ServerProcess, screenshots: Path, game: str, tmp_path: Path
) -> None:
    info = meeple.GAMES[game]
    rng = random.Random(game)
    page = new_page(browser, server)
    players = info.min_players
    lobby_shot = screenshots / "lobby-form.png" if game == all_game_ids()[0] else None
    start_from_lobby(page, game, players, ["human"] + ["bot:random"] * (players - 1), screenshot=lobby_shot)
    page.wait_for_url("**/m/**")
    if lobby_shot is not None:
        assert_png(lobby_shot)
    shot_taken = False
    for _ in range(3000):
        wait_for_turn_or_end(page)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        if not shot_taken and move_number(page) >= 2 * players and info.id != "webtoy":
            page.screenshot(path=str(tmp_path / f"{game}.png"))
            assert_png(tmp_path / f"{game}.png")
            shot_taken = True
        assert page.locator("#message").text_content() == "", page.locator("#message").text_content()
        click_a_move(page, rng)
    assert page.evaluate("document.body.dataset.over") == "1", "the game did not end"
    assert page.locator("#status").text_content().startswith("Game over")
    # The finished game's record downloads and replays to the same end.
    href = page.get_attribute("#download", "href")
    record = meeple.Record.from_json(page.request.get(href).text())
    final = meeple.replay(record)
    assert final.is_over
    assert page.locator("#log li").count() == len(record.moves)
    assert page.errors == []


def test_two_online_seats_see_only_their_own_hands_and_each_others_moves_live(
    browser: Any, server: ServerProcess
) -> None:
    lobby = new_page(browser, server)
    start_from_lobby(lobby, "webtoy", 2, ["human", "human"], mode="online")
    lobby.wait_for_selector("#links:not([hidden])")
    links = {
        seat: lobby.get_attribute(f"#link-list input[data-seat='{seat}']", "value") for seat in ("0", "1", "spectator")
    }
    pages = {seat: new_page(browser, server) for seat in links}  # separate contexts: separate people
    for seat, page in pages.items():
        page.goto(links[seat])
    hands: dict[str, set[str]] = {}
    for seat in ("0", "1"):
        page = pages[seat]
        page.wait_for_selector("#actions button[data-notation]")
        hands[seat] = {
            n.split()[1] for n in page.eval_on_selector_all("#board [data-action]", "e => e.map(x => x.dataset.action)")
        }
        assert len(hands[seat]) == 3
    assert not hands["0"] & hands["1"]
    for seat, other in (("0", "1"), ("1", "0")):
        text = pages[seat].locator("#board").inner_text() + pages[seat].locator("#actions").inner_text()
        assert not any(re.search(rf"bid {card}\b", text) for card in hands[other])
    pages["spectator"].wait_for_selector("#board svg")
    assert pages["spectator"].locator("#actions button").count() == 0
    assert pages["spectator"].locator("#board [data-action]").count() == 0

    card = sorted(hands["0"])[0]
    pages["0"].click(f"#board [data-action='bid {card}']")
    # Seat 1 and the spectator see the move at once, without reloading, but not which card.
    for seat in ("1", "spectator"):
        pages[seat].wait_for_selector("#log li")
        assert pages[seat].locator("#log li .who").first.inner_text() == "Seat 0:"
        assert pages[seat].locator("#log li .what").first.inner_text() == "bid (secret)"
        assert not re.search(rf"(bid|card) {card}\b", pages[seat].content())
    pages["0"].wait_for_selector("#log li")
    assert pages["0"].locator("#log li .what").first.inner_text() == f"Bid card {card} (face down)"
    pages["1"].locator("#board [data-action]").first.click()
    # Both bids are revealed to both seats: the draw phase starts for seat 1 (the first seat).
    pages["0"].wait_for_selector("#actions button[data-notation='draw'], #actions button[data-notation='pass']")
    assert "phase draw" in pages["1"].locator("#board").inner_text()
    # A seat may look at the running game as a spectator, and back.
    pages["0"].select_option("#view-as", "")
    pages["0"].wait_for_function("document.getElementById('status').textContent === 'Viewing as a spectator'")
    assert pages["0"].locator("#board [data-action]").count() == 0
    assert pages["0"].locator("#view-as option").count() == 2  # spectator and its own seat only
    pages["0"].select_option("#view-as", "0")
    pages["0"].wait_for_selector("#actions button[data-notation]")
    for page in pages.values():
        assert page.errors == []


def test_pass_and_play_hides_each_view_behind_a_pass_screen(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, server)
    start_from_lobby(page, "webtoy", 2, ["human", "human"])
    page.wait_for_selector("#pass-screen:not([hidden])")
    first = page.locator("#pass-name").inner_text()
    assert page.locator("#board").is_hidden()
    page.click("#pass-ready")
    page.wait_for_selector("#board [data-action]")
    hand_first = set(page.eval_on_selector_all("#board [data-action]", "e => e.map(x => x.dataset.action)"))
    page.locator("#board [data-action]").first.click()
    page.wait_for_selector("#pass-screen:not([hidden])")
    second = page.locator("#pass-name").inner_text()
    assert {first, second} == {"Seat 0", "Seat 1"}
    assert page.locator("#board").is_hidden() and page.locator("#actions button").count() == 0
    page.click("#pass-ready")
    page.wait_for_selector("#board [data-action]")
    hand_second = set(page.eval_on_selector_all("#board [data-action]", "e => e.map(x => x.dataset.action)"))
    assert not hand_first & hand_second
    assert page.errors == []


def test_a_rejected_move_shows_the_reason(browser: Any, server: ServerProcess) -> None:
    lobby = new_page(browser, server)
    start_from_lobby(lobby, "webtoy", 2, ["human", "human"], mode="online")
    lobby.wait_for_selector("#links:not([hidden])")
    link = lobby.get_attribute("#link-list input[data-seat='0']", "value")
    fresh, stale = new_page(browser, server), new_page(browser, server)

    def only_first_view(ws: Any) -> None:
        to_server = ws.connect_to_server()
        passed: list[str] = []

        def from_server(message: str) -> None:
            if not passed:  # let the first view through, then go deaf: the page's view goes stale
                passed.append(message)
                ws.send(message)

        to_server.on_message(from_server)
        ws.on_message(lambda message: to_server.send(message))

    stale.route_web_socket("**/live", only_first_view)
    for page in (fresh, stale):
        page.goto(link)
        page.wait_for_selector("#actions button[data-notation]")
    buttons = fresh.eval_on_selector_all("#actions button[data-notation]", "e => e.map(x => x.dataset.notation)")
    fresh.click(f"#actions button[data-notation='{buttons[0]}']")
    fresh.wait_for_selector("#log li")
    stale.click(f"#actions button[data-notation='{buttons[1]}']")
    stale.wait_for_function("document.getElementById('message').textContent !== ''")
    assert "stale turn" in stale.locator("#message").inner_text()


def test_replay_download_and_upload_a_record(browser: Any, server: ServerProcess, tmp_path: Path) -> None:
    page = new_page(browser, server)
    start_from_lobby(page, "webtoy", 2, ["bot:random", "bot:random"])
    page.wait_for_url("**/m/**")
    page.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_TIMEOUT_MS)
    total = move_number(page)
    page.click("#first")
    page.wait_for_selector("#replay-banner:not([hidden])")
    assert "after move 0" in page.locator("#replay-banner").inner_text()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.moveNumber === '1'")
    assert page.locator("#log li").count() == 1
    assert page.locator("#log li.current .who").inner_text().startswith("Bot")
    page.click("#next")
    page.wait_for_function("document.body.dataset.moveNumber === '2'")
    page.select_option("#view-as", "0")  # a finished game is open: view it as seat 1
    page.wait_for_selector("#board text.card")
    page.click("#last")
    page.wait_for_function(f"document.body.dataset.moveNumber === '{total}'")
    with page.expect_download() as download_info:
        page.click("#download")
    saved = tmp_path / "game.meeple.json"
    download_info.value.save_as(saved)
    record = meeple.Record.from_json(saved.read_text())
    assert len(record.moves) == total

    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    # The lobby lists the game started in this browser.
    assert page.locator("#local-games li a").first.get_attribute("href").startswith("/m/")
    page.set_input_files("#record-file", str(saved))
    page.wait_for_url("**/m/**")
    page.wait_for_function(f"document.body.dataset.moveNumber === '{total}'")
    assert page.locator("#log li").count() == total
    assert page.errors == []


def test_an_open_page_reconnects_after_the_server_is_killed_and_restarted(browser: Any, tmp_path: Path) -> None:
    from tests.web.conftest import free_port

    port = str(free_port())
    db_url = f"sqlite:///{tmp_path / 'reconnect.db'}"
    args = ("--bot-threads", "--bot-delay", "0", "--port", port)
    first = ServerProcess(db_url, *args, log_path=tmp_path / "server.log").start()
    try:
        page = new_page(browser, first)
        start_from_lobby(page, "webtoy", 2, ["human", "bot:random"])
        page.wait_for_selector("#actions button[data-notation]")
        page.locator("#board [data-action]").first.click()
        # Wait until nothing is in flight: both secret bids made (moves 1 and 2, the bot's
        # maybe first) and the human's own turn shown, with buttons enabled. Reading the move
        # number any earlier raced the human's bid and the bot's: "moveNumber !== '0'" could
        # be the bot's bid alone, with the still-shown (disabled) buttons of the click, and
        # the human's bid then landed as move 2 before or after the kill (a retried failure).
        page.wait_for_function(
            "Number(document.body.dataset.moveNumber) >= 2"
            " && document.querySelector('#actions button[data-notation]:not([disabled])') !== null"
        )
        seen = move_number(page)
        first.kill()
        page.wait_for_function("document.getElementById('connection').textContent.includes('reconnecting')")
        second = ServerProcess(db_url, *args, log_path=tmp_path / "server.log").start()
        try:
            page.wait_for_function("document.getElementById('connection').textContent === ''", timeout=STEP_TIMEOUT_MS)
            assert move_number(page) == seen
            click_a_move(page, random.Random(1))
            assert move_number(page) > seen
            assert page.errors == []
        finally:
            second.kill()
    finally:
        first.kill()
