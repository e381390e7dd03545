"""Faults under a real server process: a locked, read-only or restarting database; logs; SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from meeple.web.storage import Store, normalize_url
from tests.web.conftest import PostgresServer, all_game_ids
from tests.web.helpers import auth, create, tokens_of, wait_until
from tests.web.server_process import ServerProcess


def moves_of(client: httpx.Client, match_id: str) -> int:
    return int(client.get(f"/api/matches/{match_id}?svg=0").json()["move_number"])


def bot_game(client: httpx.Client, players: int = 2) -> dict[str, Any]:
    return create(client, players=players, seats=[{"kind": "bot"}] * players, options={"rounds": 4})


def started_bot_games(client: httpx.Client, count: int) -> list[dict[str, Any]]:
    """``count`` bot-only games, once each has a few moves."""
    games = [bot_game(client) for _ in range(count)]
    wait_until(lambda: all(moves_of(client, g["id"]) >= 2 for g in games), what="bots to start")
    return games


def wait_all_over(client: httpx.Client, games: list[dict[str, Any]]) -> None:
    for game in games:
        wait_until(lambda g=game: client.get(f"/api/matches/{g['id']}?svg=0").json()["is_over"], 60, "bots to end")


def test_a_sqlite_lock_held_past_the_busy_timeout(tmp_path: Path) -> None:
    """Requests that need no database answer at once; those that do fail cleanly; bots go on after."""
    db = tmp_path / "locked.db"
    server = ServerProcess(
        f"sqlite:///{db}", "--bot-threads", "--bot-delay", "0.05", "--db-timeout", "1", log_path=tmp_path / "s.log"
    ).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            people = create(client)
            games = started_bot_games(client, 3)
            lock = sqlite3.connect(db, timeout=1)
            lock.execute("BEGIN IMMEDIATE")
            lock.execute("UPDATE matches SET status = status")
            try:
                time.sleep(0.3)  # every bot is now waiting on the lock
                for _ in range(5):
                    started = time.monotonic()
                    assert client.get("/api/games").status_code == 200
                    assert client.get(f"/api/matches/{people['id']}?svg=0").status_code == 200
                    # Not waiting on the lock: that would take the whole 1 s busy timeout (and fail).
                    assert time.monotonic() - started < 0.8
                started = time.monotonic()
                token = tokens_of(people)[0]
                view = client.get(f"/api/matches/{people['id']}?svg=0", headers=auth(token)).json()
                response = client.post(
                    f"/api/matches/{people['id']}/moves",
                    headers=auth(token),
                    json={"action": view["legal"][0], "move_number": 0},
                )
                waited = time.monotonic() - started
                assert response.status_code == 503 and "busy" in response.json()["error"]
                assert 0.5 < waited < 3.0
                time.sleep(max(0.0, 2.5 - waited))  # held well past the busy timeout
            finally:
                lock.rollback()
                lock.close()
            wait_all_over(client, games)
        assert "Traceback" not in (tmp_path / "s.log").read_text()
    finally:
        server.stop()


def test_no_seat_token_appears_in_the_log_at_trace_level(tmp_path: Path) -> None:
    log_path = tmp_path / "trace.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'log.db'}", "--log-level", "trace", log_path=log_path).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            match = create(client)
            tokens = tokens_of(match)
            ws_url = server.url.replace("http", "ws") + f"/api/matches/{match['id']}/live"
            with connect(ws_url) as ws:
                ws.send(json.dumps({"token": tokens[0], "svg": False}))
                view = json.loads(ws.recv())["view"]
                client.post(
                    f"/api/matches/{match['id']}/moves",
                    headers=auth(tokens[0]),
                    json={"action": view["legal"][0], "move_number": 0},
                )
                json.loads(ws.recv())
            client.get(f"/m/{match['id']}#t={tokens[1]}")
    finally:
        server.stop()
    logged = log_path.read_text()
    assert "TEXT" in logged and "ASGI" in logged  # frames and messages were logged
    for token in tokens.values():
        assert token not in logged
    assert "<hidden>" in logged


def _processes_in_session(session: int) -> list[str]:
    out = subprocess.run(["ps", "-eo", "pid=,sid=,args="], capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if line.split()[1] == str(session)]


def test_sigterm_while_a_bot_thinks_stops_everything_cleanly(tmp_path: Path) -> None:
    log_path = tmp_path / "term.log"
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'term.db'}", "--bot-workers", "1", "--bot-delay", "0", log_path=log_path
    ).start()
    assert server.proc is not None
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            game = all_game_ids()[0]
            match = create(client, game=game, players=2, seats=[{"kind": "bot", "bot": "hard"}] * 2)
            wait_until(lambda: client.get(f"/api/matches/{match['id']}?svg=0").json()["thinking"], 30, "thinking")
        assert len(_processes_in_session(server.proc.pid)) >= 2  # the server and its bot worker
        server.proc.send_signal(signal.SIGTERM)
        # uvicorn shuts down gracefully, then re-raises the signal it caught
        assert server.proc.wait(timeout=30) in (0, -signal.SIGTERM)
        wait_until(lambda: not _processes_in_session(server.proc.pid), 10, "every process to end")  # type: ignore[union-attr]
    finally:
        server.kill()
    logged = log_path.read_text()
    assert "leaked" not in logged and "Traceback" not in logged


# ---------------------------------------------------------------- PostgreSQL
@pytest.fixture(scope="module")
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this module's own: the tests restart it."""
    server = PostgresServer()
    try:
        yield server
    finally:
        server.destroy()


def _admin(server: PostgresServer, *statements: str) -> None:
    admin = create_engine(normalize_url(server.url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        for statement in statements:
            conn.execute(text(statement))
    admin.dispose()


def _database(server: PostgresServer, name: str) -> str:
    _admin(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}")
    return server.url.rsplit("/", 1)[0] + "/" + name


def test_bot_games_go_on_after_a_postgresql_restart(own_postgres: PostgresServer, tmp_path: Path) -> None:
    url = _database(own_postgres, "restart")
    server = ServerProcess(url, "--bot-threads", "--bot-delay", "0.05", log_path=tmp_path / "s.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            games = started_bot_games(client, 3)
            own_postgres.stop("fast")
            time.sleep(2.0)
            failed = client.post("/api/matches", json={"game": "webtoy", "players": 2})
            assert failed.status_code == 503 and failed.json()["error"]
            own_postgres.start()
            wait_all_over(client, games)
    finally:
        server.stop()


def test_a_read_only_postgresql_database_is_reported_and_bots_resume_when_writable(
    own_postgres: PostgresServer, tmp_path: Path
) -> None:
    url = _database(own_postgres, "readonly")
    server = ServerProcess(url, "--bot-threads", "--bot-delay", "0.05", log_path=tmp_path / "s.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            games = started_bot_games(client, 2)
            _admin(own_postgres, "ALTER DATABASE readonly SET default_transaction_read_only = on")
            _admin(own_postgres, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'readonly'")
            refused = wait_until(
                lambda: (
                    (r := client.post("/api/matches", json={"game": "webtoy", "players": 2})).status_code == 503 and r
                ),
                10,
                "a refused write",
            )
            assert "read-only" in refused.json()["error"]
            stalled = [moves_of(client, g["id"]) for g in games]
            time.sleep(1.0)
            assert [moves_of(client, g["id"]) for g in games] == stalled
            _admin(own_postgres, "ALTER DATABASE readonly SET default_transaction_read_only = off")
            wait_all_over(client, games)
    finally:
        server.stop()
    # At start-up, a read-only database is said to be so.
    _admin(own_postgres, "ALTER DATABASE readonly SET default_transaction_read_only = on")
    log_path = tmp_path / "start.log"
    server = ServerProcess(url, "--bot-threads", log_path=log_path).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            response = client.post("/api/matches", json={"game": "webtoy", "players": 2})
            assert response.status_code == 503 and "read-only" in response.json()["error"]
            assert client.get(f"/api/matches/{games[0]['id']}?svg=0").json()["is_over"]  # still viewable
    finally:
        server.stop()
    assert "is read-only" in log_path.read_text()


def test_a_read_only_sqlite_file_is_reported_at_start_up(tmp_path: Path) -> None:
    db = tmp_path / "ro.db"
    Store(f"sqlite:///{db}").close()
    log_path = tmp_path / "ro.log"
    server = ServerProcess(f"sqlite:///file:{db}?mode=ro&uri=true", "--bot-threads", log_path=log_path).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            response = client.post("/api/matches", json={"game": "webtoy", "players": 2})
            assert response.status_code == 503 and "read-only" in response.json()["error"]
            assert client.get("/api/games").status_code == 200
    finally:
        server.stop()
    assert "is read-only" in log_path.read_text()


def _write_protect(paths: list[Path], on: bool) -> None:
    """Make files unwritable, even for root (CI): the immutable attribute as root, permissions otherwise."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i" if on else "-i", *map(str, paths)], check=True, capture_output=True)
    else:
        for path in paths:
            path.chmod((0o555 if path.is_dir() else 0o444) if on else (0o755 if path.is_dir() else 0o644))


def test_a_sqlite_file_made_read_only_while_running_answers_json_and_bots_resume(tmp_path: Path) -> None:
    """chmod a-w on the database (and its folder) under a running server: clear 503s, then bots go on."""
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "ro-later.db"
    server = ServerProcess(
        f"sqlite:///{db}", "--bot-threads", "--bot-delay", "0.05", "--db-timeout", "1", log_path=tmp_path / "s.log"
    ).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            games = started_bot_games(client, 2)
            # Not the -shm file: SQLite maps it into memory, and a write to a mapped file made
            # immutable kills the process with SIGBUS, which no real read-only file does.
            files = [folder, *(p for p in folder.iterdir() if not p.name.endswith("-shm"))]
            _write_protect(files, True)
            try:
                refused = wait_until(
                    lambda: (
                        (r := client.post("/api/matches", json={"game": "webtoy", "players": 2})).status_code == 503
                        and r
                    ),
                    10,
                    "a refused write",
                )
                assert refused.headers["content-type"].startswith("application/json")
                assert "cannot be written" in refused.json()["error"] or "read-only" in refused.json()["error"]
                stalled = [moves_of(client, g["id"]) for g in games]
                time.sleep(1.0)
                assert [moves_of(client, g["id"]) for g in games] == stalled
                assert client.get("/api/games").status_code == 200
            finally:
                _write_protect(files, False)
            wait_all_over(client, games)
            assert client.post("/api/matches", json={"game": "webtoy", "players": 2}).status_code == 201
    finally:
        assert server.proc is not None
        alive = server.proc.poll()
        server.stop()
    assert alive is None, f"the server died ({alive})"
