"""The bot levels start from the ratings measured between bots: written once, kept once played
(SQLite and PostgreSQL), shown by the catalogue, the leaderboard and the bot's page."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select, update

import meeple.arena.yardstick as yardstick
from meeple.arena.yardstick import MeasuredRating
from meeple.web.app import create_app
from meeple.web.ratings import player_ratings
from meeple.web.storage import Store
from tests.web.conftest import make_client

MEASURED = {"random": MeasuredRating(12.5, 2.0), "easy": MeasuredRating(24.0, 1.5), "hard": MeasuredRating(33.0, 1.25)}


@pytest.fixture
def webtoy_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    real = yardstick.measured_ratings
    monkeypatch.setattr(yardstick, "measured_ratings", lambda game: MEASURED if game == "webtoy" else real(game))


def _rows(store: Store) -> dict[str, Any]:
    with store.engine.connect() as conn:
        found = conn.execute(select(player_ratings).where(player_ratings.c.game == "webtoy"))
        return {row.player: row for row in found}


def test_a_new_database_gets_each_levels_measured_rating_and_keeps_one_that_games_moved(
    any_db_url: str, webtoy_measured: None
) -> None:
    store = Store(any_db_url)
    try:
        rows = _rows(store)
        assert sorted(rows) == ["bot:webtoy:easy", "bot:webtoy:hard", "bot:webtoy:random"]
        hard = rows["bot:webtoy:hard"]
        assert (hard.mu, hard.sigma, hard.games) == (33.0, 1.25, 0)
        assert hard.ordinal == pytest.approx(33.0 - 3 * 1.25)
        with store.engine.begin() as conn:  # games played here moved it
            conn.execute(
                update(player_ratings)
                .where(player_ratings.c.player == "bot:webtoy:hard")
                .values(mu=35.5, sigma=1.1, games=3, last_played=1000.0)
            )
    finally:
        store.close()
    again = Store(any_db_url)  # a restart, or a second process starting on the same database
    try:
        hard = _rows(again)["bot:webtoy:hard"]
        assert (hard.mu, hard.sigma, hard.games) == (35.5, 1.1, 3)
    finally:
        again.close()


def test_the_catalogue_leaderboard_and_bot_page_show_the_measured_ratings(
    tmp_path: Any, webtoy_measured: None
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_mode="thread", bot_workers=1)
    with make_client(app) as client:
        games = client.get("/api/games").json()["games"]
        bots = {b["level"]: b for b in next(g for g in games if g["id"] == "webtoy")["bots"]}
        assert bots["hard"]["rating"] == {"ordinal": 29.25, "mu": 33.0, "sigma": 1.25, "games": 0, "last_played": 0.0}
        assert bots["medium"]["rating"] is None  # a level with no measured rating starts as a newcomer does
        board = client.get("/api/leaderboard/webtoy").json()
        assert [p["id"] for p in board["players"]] == ["bot:webtoy:hard", "bot:webtoy:easy", "bot:webtoy:random"]
        page = client.get("/api/players/bot:webtoy:easy").json()
        assert page["ratings"][0]["mu"] == 24.0 and page["ratings"][0]["games"] == 0


def test_an_unreadable_file_leaves_the_levels_as_newcomers_and_the_server_starts(
    any_db_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(game: str) -> dict[str, MeasuredRating]:
        raise ValueError("level_ratings.json is not JSON")

    monkeypatch.setattr(yardstick, "measured_ratings", broken)
    store = Store(any_db_url)
    try:
        assert _rows(store) == {}
        assert "unreadable" in caplog.text
    finally:
        store.close()
