"""Ratings in Chromium: the leaderboard shows a finished game's players, a player's page charts
the rating and links the game's replay, the lobby shows the bot levels' and seated players' ratings."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.web.page_helpers import new_page
from tests.web.server_process import ServerProcess
from tests.web.test_browser import STEP_TIMEOUT_MS
from tests.web.test_ratings import BOT, VS_BOT, new_player, play_out, start_game


def test_the_leaderboard_shows_a_finished_games_players_and_their_pages(browser: Any, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        ann = new_player(client, "Ann Leader")
        made = start_game(client, ann, VS_BOT)
        play_out(client, made["id"], [made["seats"][0]["token"]], random.Random(12))
        table = start_game(client, ann, [{"kind": "player"}, {"kind": "open"}], public=True)
    page = new_page(browser, server)
    page.goto("/leaderboard/webtoy")
    page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
    assert "Web Toy Bids" in page.locator("#title").inner_text()
    assert page.locator(".game-tabs a.current").inner_text() == "Web Toy Bids"
    ann_row = page.locator(f"#board tr[data-player='{ann['id']}']")
    bot_row = page.locator(f"#board tr[data-player='{BOT}']")
    assert "Ann Leader" in ann_row.inner_text() and "Bot (random)" in bot_row.inner_text()
    assert ann_row.locator("td").nth(4).inner_text() == "1" == bot_row.locator("td").nth(4).inner_text()
    ann_row.locator("a").click()
    page.wait_for_url(f"**/players/{ann['id']}")
    page.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
    assert page.locator("#title").inner_text() == "Ann Leader"
    assert page.locator("section[data-game='webtoy'] svg.rating-chart circle.point").count() == 1
    assert "about as strong as the random bot" in page.locator(".like-bot").inner_text().lower()
    game = page.locator(f"#recent tr[data-match='{made['id']}']")
    assert game.locator("a", has_text="replay").get_attribute("href") == f"/m/{made['id']}"
    assert "Bot 1 (random)" in game.inner_text()
    # The lobby: the bot levels' ratings, and Ann's rating beside her name at her open table.
    lobby = new_page(browser, server)
    lobby.goto("/")
    lobby.wait_for_selector("body[data-ready='1']", timeout=STEP_TIMEOUT_MS)
    lobby.select_option("#game", "webtoy")
    levels = lobby.locator(".bot-levels li").all_inner_texts()
    assert any(t.startswith("Random:") and "rating" in t and "1 game)" in t for t in levels), levels
    assert any("not rated yet" in t for t in levels), levels
    seat = lobby.locator(f"li[data-table='{table['id']}'] .table-seats li").first
    assert "Ann Leader" in seat.inner_text() and "1 game)" in seat.inner_text()
    assert seat.locator("a").get_attribute("href") == f"/players/{ann['id']}"
    assert page.errors == [] and lobby.errors == []
