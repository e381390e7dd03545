"""The lobby in a real browser: a card per game with a picture of its board, Play now
against bots in one click, and the full form fitting a 360 px phone.

With ``MEEPLE_UPDATE_SCREENSHOTS=1`` the pictures replace docs/screenshots/lobby.png
(1366×900) and lobby-phone.png (360×740); otherwise they go to a temporary folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

import meeple
from tests.web.server_process import ServerProcess
from tests.web.test_browser import STEP_TIMEOUT_MS, assert_png

REAL_GAMES = [g for g in meeple.GAMES if g != "webtoy"]
# The pictures show the lobby `meeple serve` shows: without the test server's toy game.
WITHOUT_TOY = "document.querySelector(\".game-card[data-game='webtoy']\")?.remove()"

# Whether anything covers the Start button: what sits at its centre must be the button.
START_UNCOVERED = """() => {
  const start = document.getElementById('start');
  const box = start.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit === start || start.contains(hit);
}"""
WIDTHS = "() => [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]"


def lobby_page(browser: Any, server: ServerProcess, width: int, height: int) -> Any:
    context = browser.new_context(base_url=server.url, viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    return page


def pictures_loaded(page: Any) -> None:
    page.wait_for_function(
        "[...document.querySelectorAll('.game-picture')].every(i => i.complete && i.naturalWidth > 0)",
        timeout=STEP_TIMEOUT_MS,
    )


def test_the_lobby_shows_each_game_as_a_card_with_a_picture_of_its_board(
    browser: Any, server: ServerProcess, screenshots: Path
) -> None:
    page = lobby_page(browser, server, 1366, 900)
    for game in REAL_GAMES:
        card = page.locator(f".game-card[data-game='{game}']")
        assert card.count() == 1
        info = meeple.GAMES[game]
        assert info.title in card.locator("h3").inner_text()
        assert f"{info.min_players}–{info.max_players} players" in card.locator(".game-facts").inner_text()
        assert card.locator("button.play-now").is_visible() and card.locator("button.set-up").is_visible()
    pictures_loaded(page)
    sizes = page.eval_on_selector_all(
        ".game-card .game-picture", "imgs => imgs.map(i => [i.closest('.game-card').dataset.game, i.naturalWidth])"
    )
    assert {game for game, width in sizes if width > 300} >= set(REAL_GAMES)
    # The four cards stand side by side in the first screenful of a laptop.
    tops = page.eval_on_selector_all(".game-card", "cards => cards.map(c => c.getBoundingClientRect().top)")
    assert max(tops[:4]) - min(tops[:4]) < 1 and max(tops[:4]) < 200
    shot = screenshots / "lobby.png"
    page.evaluate(WITHOUT_TOY)
    page.screenshot(path=str(shot))
    assert_png(shot)
    assert page.errors == []


def test_a_game_picture_is_the_spectators_board_of_a_real_position(server: ServerProcess) -> None:
    answer = httpx.get(f"{server.url}/api/games/{REAL_GAMES[0]}/picture", timeout=30)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith("<svg") and "data-action" not in answer.text  # nothing offered to click
    assert httpx.get(f"{server.url}/api/games/{REAL_GAMES[0]}/picture", timeout=30).text == answer.text
    missing = httpx.get(f"{server.url}/api/games/chess/picture", timeout=30)
    assert missing.status_code == 404 and "chess" in missing.json()["error"]


def test_play_now_starts_a_game_against_bots_on_a_playable_page(browser: Any, server: ServerProcess) -> None:
    page = lobby_page(browser, server, 1366, 900)
    page.click(".game-card[data-game='webtoy'] button.play-now")
    page.wait_for_url("**/m/**#t=*", timeout=STEP_TIMEOUT_MS)
    page.wait_for_selector("#actions button[data-notation]:not([disabled])", timeout=STEP_TIMEOUT_MS)
    seats = page.locator("#seat-list li")
    info = meeple.GAMES["webtoy"]
    assert seats.count() == info.default_players
    assert all("easy" in seats.nth(n).inner_text() for n in range(1, info.default_players))
    page.locator("#actions button[data-notation]:not([disabled])").first.click()
    page.wait_for_function("document.querySelectorAll('#log li').length >= 1", timeout=STEP_TIMEOUT_MS)
    assert page.locator("#message").text_content() == ""
    assert page.errors == []


def test_set_up_a_game_opens_the_form_that_fits_a_360_px_phone(
    browser: Any, server: ServerProcess, screenshots: Path
) -> None:
    page = lobby_page(browser, server, 360, 740)
    pictures_loaded(page)
    shot = screenshots / "lobby-phone.png"
    page.evaluate(WITHOUT_TOY)
    page.screenshot(path=str(shot))
    assert_png(shot)
    game = REAL_GAMES[0]
    info = meeple.GAMES[game]
    page.click(f".game-card[data-game='{game}'] button.set-up")
    assert page.input_value("#game") == game
    page.select_option("#players", str(info.max_players))  # the most seats the form can show
    page.check("input[name=mode][value=table]")
    page.select_option("#clock-kind", "realtime")
    page.locator("#start").scroll_into_view_if_needed()
    width, body, inner = page.evaluate(WIDTHS)
    assert width <= inner and body <= inner, (width, body, inner)
    assert page.evaluate(START_UNCOVERED)
    for n in range(info.max_players):  # every seat's boxes lie inside the screen
        right = page.evaluate(f"document.getElementById('seat-{n}-kind').getBoundingClientRect().right")
        assert right <= inner
    assert page.errors == []
