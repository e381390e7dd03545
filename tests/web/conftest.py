"""Fixtures for the web tests: the test-only toy game, an in-process app, PostgreSQL."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.exceptions import StarletteDeprecationWarning

import meeple
from meeple.web.app import create_app
from tests.web.webtoy import INFO as WEBTOY

if TYPE_CHECKING:
    from starlette.testclient import TestClient


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
