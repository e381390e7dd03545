"""How-to-play pages: each game's rules for players, with boards drawn from a seeded game."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

import pytest

import meeple
from meeple.web.howtoplay import PictureError, how_to_play_markdown, how_to_play_page, pictures_of
from tests.web.conftest import all_game_ids
from tests.web.page_helpers import api_create, new_page
from tests.web.server_process import ServerProcess

if TYPE_CHECKING:
    from starlette.testclient import TestClient

GAMES = [g for g in all_game_ids() if g != "webtoy"]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_how_to_play_page_with_its_sections_and_board_pictures(client: TestClient, game: str) -> None:
    info = meeple.GAMES[game]
    markdown = how_to_play_markdown(info)
    assert markdown is not None
    response = client.get(f"/how-to-play/{game}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert f"How to play {html.escape(info.title)}" in page
    headings = re.findall(r"^## (.+)$", markdown, re.MULTILINE)
    assert {"The goal", "Our decisions"} <= set(headings)
    for heading in headings:
        assert f"<h2>{html.escape(heading, quote=False)}</h2>" in page
    # Every marker became a drawn board (at least one start or early position and the end).
    wheres = [p.where for p in pictures_of(markdown)]
    assert "end" in wheres and len(wheres) >= 2
    assert page.count("<figure") == len(wheres) and page.count("<svg") >= len(wheres)
    assert "[[picture" not in page and "PICTURE-" not in page


def test_an_unknown_game_or_a_game_without_a_page_answers_404_with_the_reason(client: TestClient) -> None:
    response = client.get("/how-to-play/nonesuch")
    assert response.status_code == 404
    assert "there is no game 'nonesuch'" in response.text
    response = client.get("/how-to-play/webtoy")  # a registered game with no HOW_TO_PLAY.md
    assert response.status_code == 404
    assert "has no page on how to play it" in response.text
    response = client.get("/how-to-play/bayon/pictures/99")
    assert response.status_code == 404
    assert "there is no picture '99'" in response.text


def test_each_picture_opens_alone_at_full_size(client: TestClient) -> None:
    page = client.get("/how-to-play/bayon").text
    links = re.findall(r'href="(/how-to-play/bayon/pictures/\d+)"', page)
    assert len(links) == page.count("<figure")
    response = client.get(links[-1])
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg")


def test_the_list_of_pages_names_every_game_and_the_lobby_links_to_it(client: TestClient) -> None:
    page = client.get("/how-to-play").text
    for game in GAMES:
        assert f'href="/how-to-play/{game}"' in page
    assert "webtoy" not in page
    assert 'href="/how-to-play"' in client.get("/").text


def test_markdown_html_is_escaped_and_a_marker_naming_no_position_is_refused() -> None:
    info = meeple.GAMES["bayon"]
    page = how_to_play_page(info, "# T\n\n<script>alert(1)</script> *and*\n\n[[picture: start | a <b>board</b>]]\n")
    assert "<script>" not in page and "&lt;script&gt;" in page and "<em>and</em>" in page
    assert "<figcaption>a &lt;b&gt;board&lt;/b&gt; <a" in page and page.count("<svg") == 1
    with pytest.raises(PictureError, match="say start, end or move N"):
        pictures_of("[[picture: the middle]]\n")


def test_the_match_pages_rules_link_opens_the_games_how_to_play_page(browser: Any, server: ServerProcess) -> None:
    info = meeple.GAMES["ivor"]
    match = api_create(server, info.id, [{"kind": "human"}] * info.min_players)
    page = new_page(browser, server)
    page.goto(match["url"])
    link = page.wait_for_selector("#rules-link:not([hidden])")
    assert link.inner_text() == "How to play"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith(f"/how-to-play/{info.id}")
    assert rules.inner_text("h1") == f"How to play {info.title}"
    assert rules.locator("figure.board-picture svg").count() >= 2
    assert page.errors == []
