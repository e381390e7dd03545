"""Ratings in Chromium: the leaderboard shows a finished game's players, a player's page charts
the rating and links the game's replay, the lobby shows the bot levels' and seated players' ratings,
a finished game's page each player's rating change (or why it was not rated), and a move played
on a seat link's page claims the seat for that browser's player."""

from __future__ import annotations

import math
import random
from typing import Any

import httpx

from tests.web.helpers import auth
from tests.web.page_helpers import confirm_move, new_page, wait_move
from tests.web.server_process import ServerProcess
from tests.web.test_browser import STEP_TIMEOUT_MS
from tests.web.test_ratings import BOT, VS_BOT, new_player, play_out, rating_of, start_game, view
from tests.web.test_seat_claims import LINKS, holders, play_through_links


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


def _change_words(seat: dict[str, Any]) -> str:
    """What the rating panel says of a seat: "<name>: before → after (±difference)"."""
    before, after = seat["before"]["ordinal"], seat["after"]["ordinal"]
    change = tenths(after - before)
    diff = f"+{change:.1f}" if change > 0 else f"{change:.1f}" if change < 0 else "±0.0"
    return f"{seat['name']}: {tenths(before):.1f} → {tenths(after):.1f} ({diff})"


def tenths(value: float) -> float:
    """As the page rounds (JavaScript's ``Math.round``: halves up)."""
    return math.floor(value * 10 + 0.5) / 10


def test_a_finished_games_page_shows_each_players_rating_change_or_why_it_is_unrated(
    browser: Any, server: ServerProcess
) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        ann = new_player(client, "Ann Change", "10.0.1.1")
        rated = start_game(client, ann, VS_BOT)
        play_out(client, rated["id"], [rated["seats"][0]["token"]], random.Random(21))
        unrated = start_game(client, ann, VS_BOT, rated=False)
        play_out(client, unrated["id"], [unrated["seats"][0]["token"]], random.Random(22))
        expected = rating_of(client, rated["id"])
    assert expected["rated"] and len(expected["seats"]) == 2
    page = new_page(browser, server)
    page.goto(rated["seats"][0]["url"])
    page.wait_for_selector("#rating-panel:not([hidden]) #rating-changes li", timeout=STEP_TIMEOUT_MS)
    rows = page.locator("#rating-changes li")
    assert rows.all_inner_texts() == [_change_words(seat) for seat in expected["seats"]]
    assert rows.first.locator("a").get_attribute("href") == f"/players/{ann['id']}"
    spectator = new_page(browser, server)
    spectator.goto(unrated["url"])
    spectator.wait_for_selector("#rating-panel:not([hidden]) #rating-verdict", timeout=STEP_TIMEOUT_MS)
    assert spectator.locator("#rating-verdict").inner_text() == "unrated: the game was created unrated"
    assert spectator.locator("#rating-changes").count() == 0
    assert page.errors == [] and spectator.errors == []


def test_a_move_on_a_seat_links_page_claims_the_seat_for_that_browsers_player(
    browser: Any, server: ServerProcess
) -> None:
    """A browser new to the site opens Bob's link of an online game and bids: it gets its player, the
    seat is bound to that key; a second new browser playing the same link is told the seat counts for
    another player; once the game is over the page shows both players' changes."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        ann = new_player(client, "Ann Online", "10.0.1.2")
        made = start_game(client, ann, LINKS)
        link_ann, link_bob = (s["token"] for s in made["seats"])
        page = new_page(browser, server)
        page.goto(made["seats"][1]["url"])
        page.wait_for_selector("#actions button[data-notation]", timeout=STEP_TIMEOUT_MS)
        assert holders(server.db_url, made["id"]) == [None, None]  # opening the link claimed nothing
        page.locator("#actions button[data-notation]").first.click()
        confirm_move(page)
        wait_move(page, 1)
        bob = page.evaluate("JSON.parse(window.localStorage.getItem('meeple.player'))")
        assert bob and bob["id"] and holders(server.db_url, made["id"]) == [None, bob["id"]]
        # Ann moves until Bob's seat is to move again; another browser new to the site then plays it
        # through Bob's link: its move is played, the page says the game counts for another player.
        while not view(client, made["id"], link_bob)["legal"]:
            seen = view(client, made["id"], link_ann)
            move = {"action": seen["legal"][0], "move_number": seen["move_number"]}
            answer = client.post(
                f"/api/matches/{made['id']}/moves", headers={**ann["headers"], **auth(link_ann)}, json=move
            )
            assert answer.status_code == 200, answer.text
        number = view(client, made["id"], link_bob)["move_number"]
        other = new_page(browser, server)
        other.goto(made["seats"][1]["url"])
        other.wait_for_selector("#actions button[data-notation]", timeout=STEP_TIMEOUT_MS)
        other.locator("#actions button[data-notation]").first.click()
        confirm_move(other)
        wait_move(other, number + 1)
        other.wait_for_function("document.getElementById('message').textContent.includes('another player')")
        assert "counts for their rating, not yours" in other.locator("#message").inner_text()
        carol = other.evaluate("JSON.parse(window.localStorage.getItem('meeple.player'))")
        assert carol["id"] != bob["id"] and holders(server.db_url, made["id"]) == [ann["id"], bob["id"]]
        # The rest through the API: Ann with her key, Bob with the key his browser made.
        players = [(link_ann, ann["headers"]), (link_bob, {"X-Player-Key": bob["key"]})]
        play_through_links(client, made["id"], players, random.Random(23))
        expected = rating_of(client, made["id"])
        assert expected["rated"], expected
        assert view(client, made["id"], link_bob)["is_over"]
    page.wait_for_selector("#rating-panel:not([hidden]) #rating-changes li", timeout=STEP_TIMEOUT_MS)
    assert page.locator("#rating-changes li").all_inner_texts() == [_change_words(s) for s in expected["seats"]]
    assert page.errors == [] and other.errors == []
