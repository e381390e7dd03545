"""Helpers for the match-page browser tests (tests/web/test_page_*.py): a server
process, Chromium, and API calls against that server."""

from __future__ import annotations

import os
import random
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

import meeple
from meeple.core import Record
from meeple.web.live import hash_token, new_match_id, new_token
from meeple.web.storage import MatchRow, SeatRow, Store
from tests.web.server_process import ServerProcess

STEP_MS = 30_000
CHROMIUM = "/usr/bin/chromium"


def chromium() -> Iterator[Any]:
    """Playwright's Chromium on Debian's binary (a module fixture's body); skipped
    where none is installed, failed on CI."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    executable = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if executable is None:
        message = "Chromium is not installed (apt-get install chromium); .ci/run installs it"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # As root (CI) Chromium needs --no-sandbox; containers often have a tiny /dev/shm.
    args = ["--disable-dev-shm-usage"] + (["--no-sandbox"] if os.geteuid() == 0 else [])
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=args)
        yield browser
        browser.close()


def start_server(base: Path, *extra: str) -> ServerProcess:
    return ServerProcess(
        f"sqlite:///{base / 'page.db'}", "--bot-threads", "--bot-delay", "0", *extra, log_path=base / "server.log"
    ).start()


def api_create(server: ServerProcess, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = httpx.post(
        f"{server.url}/api/matches", json={"game": game, "players": len(seats), "seats": seats, **extra}, timeout=30
    )
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def api_view(server: ServerProcess, match_id: str, token: str | None, **params: Any) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.get(f"{server.url}/api/matches/{match_id}", headers=headers, params=params, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def api_play(server: ServerProcess, match_id: str, token: str, action: str, number: int) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/matches/{match_id}/moves",
        headers={"Authorization": f"Bearer {token}"},
        json={"action": action, "move_number": number},
        timeout=30,
    )


def api_undo(server: ServerProcess, match_id: str, token: str, number: int, moves: int = 1) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/matches/{match_id}/undo",
        headers={"Authorization": f"Bearer {token}"},
        json={"moves": moves, "move_number": number},
        timeout=30,
    )


def tokens(match: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in match["seats"] if "token" in s}


def current_view(server: ServerProcess, match: dict[str, Any]) -> dict[str, Any]:
    """The view of a human seat that is to move now (else of the first seat)."""
    held = tokens(match)
    views = [api_view(server, match["id"], held[seat], svg=0) for seat in sorted(held)]
    return next((v for v in views if v["legal"]), views[0])


def play_random(server: ServerProcess, match: dict[str, Any], rng: random.Random, count: int) -> dict[str, Any]:
    """Play ``count`` random moves of the match's human seats through the API (or
    until the game ends); returns the view of the seat to move next."""
    held = tokens(match)
    for _ in range(count):
        view = current_view(server, match)
        waited = 0
        while not view["is_over"] and not view["legal"] and waited < 300:  # a bot is thinking
            time.sleep(0.1)
            waited += 1
            view = current_view(server, match)
        if view["is_over"] or not view["legal"]:
            break
        response = api_play(server, match["id"], held[view["seat"]], rng.choice(view["legal"]), view["move_number"])
        assert response.status_code == 200, response.text
    return current_view(server, match)


def new_page(browser: Any, server: ServerProcess, **context: Any) -> Any:
    options: dict[str, Any] = {"viewport": {"width": 1280, "height": 860}, **context}
    page = browser.new_context(base_url=server.url, bypass_csp=True, **options).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def page_url(match: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return str(match["url"])
    return next(s["url"] for s in match["seats"] if s["seat"] == seat)


def wait_move(page: Any, number: int) -> None:
    page.wait_for_function(f"document.body.dataset.moveNumber === '{number}'", timeout=STEP_MS)


def confirm_move(page: Any) -> None:
    """Answer the confirm step a click opened, if any: a move that ends the turn by itself asks first."""
    if page.locator("#confirm-move").is_visible():
        page.click("#confirm-play")


# ------------------------------------------------------- positions without playing them through the API
# Playing a whole game move by move through the API is most of a page test's time (Ivor: some 300
# moves, tens of seconds). The library plays a seeded random game in milliseconds; storing its moves
# as a match of the server's database puts the server where a restarted server would be: it replays
# the match when a page first asks for it, and serves it from then on like any other.
@dataclass
class RandomGame:
    """A game of seeded random moves played to its end in process: its record, and the seats
    to move before each move (``to_move[n]``: at position ``n``; the last entry is the end's)."""

    record: Record
    to_move: list[tuple[int, ...]]

    @property
    def length(self) -> int:
        return len(self.record.moves)


def random_game(game: str, players: int, seed: int) -> RandomGame:
    state = meeple.GAMES[game].new(players, seed)
    rng = random.Random(seed)
    to_move = []
    while not state.is_over:
        to_move.append(tuple(state.to_move))
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    to_move.append(tuple(state.to_move))
    return RandomGame(state.record, to_move)


def store_match(server: ServerProcess, played: RandomGame, moves: int, names: list[str]) -> dict[str, Any]:
    """``played`` after its first ``moves`` moves, stored as a live match of human seats named
    ``names`` (over when those are all its moves); answered as ``POST /api/matches`` answers
    (``id``, ``url``, each seat's ``token`` and ``url``)."""
    record = played.record
    info = meeple.GAMES[record.game]
    held = {seat: new_token() for seat in range(record.players)}
    over = moves == played.length
    row = MatchRow(
        new_match_id(),
        record.game,
        record.players,
        record.seed,
        dict(record.options),
        "live",
        "over" if over else "running",
        seats=[SeatRow(s, names[s], "human", token_hash=hash_token(held[s])) for s in range(record.players)],
        moves=list(record.moves[:moves]),
        rules_version=info.rules_version,
    )
    store = Store(server.db_url, run_migrations=False)
    try:
        store.create_match(row)
    finally:
        store.close()
    url = f"/m/{row.id}"
    return {
        "id": row.id,
        "url": url,
        "seats": [{"seat": s, "name": names[s], "token": t, "url": f"{url}#t={t}"} for s, t in held.items()],
    }
