"""Each game's match page photographed mid-game and at its end screen, on a
desktop and a 412 px phone. With ``MEEPLE_UPDATE_SCREENSHOTS=1`` the pictures
go to docs/screenshots/ (``<game>.png`` is the README's), else to a temporary
folder; either way each must be a real picture of a page with no script error."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import meeple
from tests.web.conftest import all_game_ids
from tests.web.page_helpers import api_create, new_page, page_url, play_random, wait_move
from tests.web.server_process import ServerProcess

PHONE = {"width": 412, "height": 915}


def shoot(browser: Any, server: ServerProcess, url: str, number: int, path: Path, phone: bool) -> None:
    page = new_page(browser, server, **({"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone else {}))
    page.goto(url)
    wait_move(page, number)
    page.wait_for_selector("#board svg")
    page.wait_for_timeout(300)  # fonts and the rules link settle
    page.screenshot(path=str(path))
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, path
    assert page.errors == []
    page.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in all_game_ids() if g != "webtoy"])
def test_each_games_page_mid_game_and_at_the_end(
    browser: Any, server: ServerProcess, screenshots: Path, game: str
) -> None:
    info = meeple.GAMES[game]
    names = ["Alice", "Bruno", "Chandra", "Dmitri", "Eve"][: info.min_players]
    match = api_create(server, game, [{"kind": "human", "name": n} for n in names])
    rng = random.Random(game)
    view = play_random(server, match, rng, 4 * info.min_players)
    url = page_url(match, view["seat"])
    shoot(browser, server, url, view["move_number"], screenshots / f"{game}.png", phone=False)
    shoot(browser, server, url, view["move_number"], screenshots / f"{game}-phone.png", phone=True)
    view = play_random(server, match, rng, 5000)
    assert view["is_over"]
    url = page_url(match, 0)
    shoot(browser, server, url, view["move_number"], screenshots / f"{game}-end.png", phone=False)
    shoot(browser, server, url, view["move_number"], screenshots / f"{game}-end-phone.png", phone=True)
