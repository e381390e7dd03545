"""Fixtures for the web tests: the test-only toy game, an in-process app, PostgreSQL."""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning

import meeple
from meeple.web.app import create_app
from tests.web.pg import PostgresMissing, ThrowawayPostgres, free_port  # noqa: F401  (free_port: used by test_browser)
from tests.web.webtoy import INFO as WEBTOY

if TYPE_CHECKING:
    from starlette.testclient import TestClient

    from tests.web.server_process import ServerProcess

DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def make_client(app: object) -> TestClient:
    """Starlette's test client (it would rather run on "httpx2"; httpx works the same here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StarletteDeprecationWarning)
        from starlette.testclient import TestClient
    return TestClient(app)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is known to ``meeple.GAMES`` only inside each web test."""
    monkeypatch.setitem(meeple.GAMES, WEBTOY.id, WEBTOY)


def all_game_ids() -> list[str]:
    """Every registered game plus the toy game (evaluated at collection time)."""
    return [*(g for g in meeple.GAMES if g != WEBTOY.id), WEBTOY.id]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, bot_mode="thread", bot_workers=2)
    with make_client(app) as c:
        yield c


# ------------------------------------------------------------------ browsers
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium through Playwright, for one module's tests."""
    from tests.web.page_helpers import chromium

    yield from chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real server process on SQLite (bots in threads: its workers would not know the toy game)."""
    from tests.web.page_helpers import start_server

    process = start_server(tmp_path_factory.mktemp("browser"))
    yield process
    process.stop()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where pictures of pages go: docs/screenshots/ with MEEPLE_UPDATE_SCREENSHOTS=1, else a temporary folder."""
    if os.environ.get("MEEPLE_UPDATE_SCREENSHOTS") == "1":
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return DOCS_SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")


# ------------------------------------------------------------------ PostgreSQL
class PostgresServer(ThrowawayPostgres):
    """A throw-away PostgreSQL server (see :mod:`tests.web.pg`); skipped where none is installed (not on CI)."""

    def __init__(self) -> None:
        try:
            super().__init__()
        except PostgresMissing as exc:
            if os.environ.get("CI"):
                pytest.fail(str(exc))
            pytest.skip(str(exc))
        except RuntimeError as exc:
            pytest.fail(str(exc))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of the ``postgres`` database of a server shared by the session's tests."""
    server = PostgresServer()
    try:
        yield server.url
    finally:
        server.destroy()


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the test server."""
    from sqlalchemy import create_engine, text

    from meeple.web.storage import normalize_url

    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(normalize_url(postgres_server), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield postgres_server.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return str(request.getfixturevalue("postgres_url"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each web test one retry.

    These tests start real servers, worker processes, PostgreSQL and Chromium
    on a shared 2-core machine; about one run in ten of the whole web suite
    failed once during development and passed on every rerun. One cause was
    found and fixed: the server-restart test in ``test_browser.py`` read the move
    number while a secret bid was still in flight. ``make test`` names every
    retried test (``-rR``), so any other one can be tracked down. A retry keeps
    such a hiccup from failing CI, while a real defect still fails twice; retried
    tests show as ``R`` in pytest's summary.
    """
    web = Path(__file__).parent
    for item in items:
        if web in Path(str(item.fspath)).parents and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=1))
