"""Each game's match page photographed mid-game and at its end screen, on a
desktop and a 412 px phone. With ``MEEPLE_UPDATE_SCREENSHOTS=1`` the pictures
go to docs/screenshots/ (``<game>.png`` is the README's), else to a temporary
folder; either way each must be a real picture of a page with no script error.

The positions are a seeded random game played in process and stored as a
match of the server (``page_helpers.store_match``), so the pictures are the
same from run to run and a long game (Ivor: some 300 moves) costs no more than
a short one. One desktop and one phone page serve every picture."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import meeple
from tests.web.conftest import all_game_ids
from tests.web.page_helpers import new_page, page_url, random_game, store_match, wait_move
from tests.web.server_process import ServerProcess

PHONE = {"width": 412, "height": 915}
SEED = 3


@pytest.fixture(scope="module")
def pages(browser: Any, server: ServerProcess) -> Iterator[dict[str, Any]]:
    """A desktop page and a phone page (touch, mobile), each reused for every picture."""
    opened = {
        "desktop": new_page(browser, server),
        "phone": new_page(browser, server, viewport=PHONE, is_mobile=True, has_touch=True),
    }
    yield opened
    for page in opened.values():
        page.context.close()


def shoot(page: Any, url: str, number: int, path: Path) -> None:
    errors_before = len(page.errors)
    page.goto(url)
    wait_move(page, number)
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#rules-link:not([hidden])")  # the header is complete
    page.evaluate("document.fonts.ready.then(() => true)")
    page.screenshot(path=str(path))
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, path
    assert page.errors[errors_before:] == []


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in all_game_ids() if g != "webtoy"])
def test_each_games_page_mid_game_and_at_the_end(
    pages: dict[str, Any], server: ServerProcess, screenshots: Path, game: str
) -> None:
    info = meeple.GAMES[game]
    names = ["Alice", "Bruno", "Chandra", "Dmitri", "Eve"][: info.min_players]
    played = random_game(game, len(names), SEED)
    middle = 4 * info.min_players
    assert played.length > middle  # the end is another position than the middle
    match = store_match(server, played, middle, names)
    url = page_url(match, played.to_move[middle][0])  # the seat to move sees its choices
    shoot(pages["desktop"], url, middle, screenshots / f"{game}.png")
    shoot(pages["phone"], url, middle, screenshots / f"{game}-phone.png")
    finished = store_match(server, played, played.length, names)
    url = page_url(finished, 0)
    shoot(pages["desktop"], url, played.length, screenshots / f"{game}-end.png")
    shoot(pages["phone"], url, played.length, screenshots / f"{game}-end-phone.png")
    assert all(page.locator("#end-screen").is_visible() for page in pages.values())
