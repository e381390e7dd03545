"""Two servers and a bot worker on one PostgreSQL database: live pages, moves and bots across processes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

import meeple
from meeple.web.hub import replay_state
from meeple.web.storage import Store
from tests.web.helpers import auth, create, tokens_of, wait_until
from tests.web.server_process import ServerProcess, WorkerProcess


def _page(server: ServerProcess, match_id: str, token: str | None) -> ClientConnection:
    ws = connect(server.url.replace("http", "ws") + f"/api/matches/{match_id}/live", legacy=True)
    ws.send(json.dumps({"token": token, "svg": False}))
    return ws


def _view_after(ws: ClientConnection, move_number: int, within: float) -> dict[str, Any]:
    """The first view the page is sent with at least ``move_number`` moves, within ``within`` s."""
    deadline = time.monotonic() + within
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no view of move {move_number} within {within} s"
        view: dict[str, Any] = json.loads(ws.recv(timeout=left))["view"]
        if view["move_number"] >= move_number:
            return view


def _play(server: ServerProcess, match_id: str, token: str, view: dict[str, Any]) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/matches/{match_id}/moves",
        headers=auth(token),
        json={"action": view["legal"][0], "move_number": view["move_number"]},
        timeout=30,
    )


def _over(server: ServerProcess, match_id: str) -> bool:
    try:
        return bool(httpx.get(f"{server.url}/api/matches/{match_id}?svg=0", timeout=10).json()["is_over"])
    except httpx.HTTPError:
        return False


@pytest.mark.slow
def test_two_servers_and_a_worker_share_one_postgresql(postgres_url: str, tmp_path: Path) -> None:
    log = tmp_path / "cluster.log"
    a = ServerProcess(postgres_url, "--no-bots", log_path=log).start()
    b = ServerProcess(postgres_url, "--no-bots", log_path=log).start()
    worker = WorkerProcess(postgres_url, "--bot-threads", "--bot-delay", "0.2", log_path=log).start()
    try:
        with httpx.Client(base_url=a.url, timeout=30) as client:
            people = create(client, options={"rounds": 4})
            versus = create(client, seats=[{"kind": "human"}, {"kind": "bot"}], options={"rounds": 4})
            bots = [create(client, seats=[{"kind": "bot"}] * 2, options={"rounds": 4}) for _ in range(4)]
        tokens = tokens_of(people)

        # A move through A reaches a page on B within 1 s, and the other way round.
        page_b = _page(b, people["id"], tokens[0])
        page_a = _page(a, people["id"], tokens[1])
        view = _view_after(page_b, 0, 5)
        assert _play(a, people["id"], tokens[0], view).status_code == 200
        _view_after(page_b, 1, 1.0)
        view = _view_after(page_a, 1, 1.0)
        assert _play(b, people["id"], tokens[1], view).status_code == 200
        _view_after(page_a, 2, 1.0)
        page_a.close()
        page_b.close()

        # A human move on B chosen from a view A sent; the worker's bot answers; B judges from the newest position.
        human = tokens_of(versus)[0]
        page_a = _page(a, versus["id"], human)
        view = _view_after(page_a, 0, 5)
        assert _play(b, versus["id"], human, view).status_code == 200
        view = _view_after(page_a, 2, 5)  # the bot (in the worker) has answered
        assert _play(b, versus["id"], human, view).status_code == 200
        page_a.close()

        # kill -9 of the worker: a new one takes over its claims once they run out.
        assert not all(_over(b, m["id"]) for m in bots)
        worker.kill()
        worker = WorkerProcess(postgres_url, "--bot-threads", "--bot-delay", "0.02", log_path=log).start()
        # kill -9 of server A: B serves every match, and the bot games end.
        a.kill()
        for match in bots:
            wait_until(lambda m=match: _over(b, m["id"]), 60, "the bot games to end")
    finally:
        for process in (a, b, worker):
            process.stop()
    store = Store(postgres_url, run_migrations=False)
    try:
        for match in bots:  # every bot game ended, each move stored once, and the moves replay to the end
            row = store.load_match(match["id"])
            assert row is not None and row.status == "over" and not row.bot_due
            replayed = replay_state(meeple.GAMES["webtoy"], row.players, row.seed, row.options, row.moves)
            assert replayed.state.is_over
    finally:
        store.close()


def test_a_page_on_one_server_shows_a_bot_thinking_in_a_worker(postgres_url: str, tmp_path: Path) -> None:
    """The worker says through NOTIFY that its bot thinks (and when it stops); a page on a server shows it."""
    log = tmp_path / "thinking.log"
    a = ServerProcess(postgres_url, "--no-bots", log_path=log).start()
    worker = WorkerProcess(postgres_url, "--bot-threads", "--bot-delay", "1.5", log_path=log).start()
    try:
        with httpx.Client(base_url=a.url, timeout=30) as client:
            versus = create(client, seats=[{"kind": "human"}, {"kind": "bot"}], options={"rounds": 4})
        human = tokens_of(versus)[0]
        page = _page(a, versus["id"], human)
        view = _view_after(page, 0, 5)
        assert _play(a, versus["id"], human, view).status_code == 200
        deadline = time.monotonic() + 5
        while not view["thinking"]:  # the bot seat (1) is shown thinking while the worker waits
            assert time.monotonic() < deadline, "the page never showed the worker's bot thinking"
            view = json.loads(page.recv(timeout=deadline - time.monotonic()))["view"]
        assert view["thinking"] == [1]
        view = _view_after(page, 2, 5)
        while view["thinking"]:  # the move came, and the thinking stops
            view = json.loads(page.recv(timeout=5))["view"]
        page.close()
    finally:
        for process in (a, worker):
            process.stop()
