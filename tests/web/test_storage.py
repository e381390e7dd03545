"""Storage on SQLite and on a real PostgreSQL server: schema, records, the append-only moves."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text

from meeple.web.app import create_app
from meeple.web.storage import CHANNEL, MatchRow, SeatRow, StaleMove, Store, migrate
from tests.web.conftest import make_client
from tests.web.helpers import auth, create, play_random_move, tokens_of


def _row(match_id: str, **changes: Any) -> MatchRow:
    row = MatchRow(
        id=match_id,
        game="webtoy",
        players=2,
        seed=-(2**100) + 7,
        options={"rounds": 2, "fast": True},
        kind="live",
        status="running",
        seats=[SeatRow(0, "Ann", "human", token_hash="ab" * 32), SeatRow(1, "Bot", "bot", bot="easy", bot_seed=2**62)],
    )
    for key, value in changes.items():
        setattr(row, key, value)
    return row


def test_migrations_build_the_schema_and_can_run_again(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        migrate(store.engine)  # a second run finds nothing to do
        tables = set(inspect(store.engine).get_table_names())
        assert {"matches", "seats", "moves", "alembic_version"} <= tables
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0004"
        keys = inspect(store.engine).get_pk_constraint("moves")["constrained_columns"]
        assert keys == ["match_id", "number"]
    finally:
        store.close()


def test_the_migration_can_be_undone_and_redone(any_db_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    import meeple.web.storage as storage

    store = Store(any_db_url)
    try:
        config = Config()
        config.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
        assert not {"matches", "seats", "moves"} & set(inspect(store.engine).get_table_names())
        migrate(store.engine)
        assert {"matches", "seats", "moves"} <= set(inspect(store.engine).get_table_names())
        store.create_match(_row("again"))
        assert store.load_match("again") is not None
    finally:
        store.close()


def test_a_match_round_trips_exactly(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        store.create_match(_row("m1"))
        store.append_move("m1", 0, 0, "bid 3")
        store.append_move("m1", 1, 1, "bid 7")
        loaded = store.load_match("m1")
        assert loaded is not None and loaded.last_move_at is not None  # "My games" shows the time since
        loaded.last_move_at = None
        assert loaded == _row("m1", moves=[(0, "bid 3"), (1, "bid 7")])
        assert store.load_match("nope") is None
        uploaded = _row("m2", kind="upload", status="over", moves=[(0, "bid 1"), (1, "bid 2")])
        store.create_match(uploaded)
        assert store.load_match("m2") == uploaded
    finally:
        store.close()


def test_moves_are_append_only_one_per_number(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        store.create_match(_row("m1"))
        store.append_move("m1", 0, 0, "bid 3")
        with pytest.raises(StaleMove, match="already played"):
            store.append_move("m1", 0, 1, "bid 9")
        loaded = store.load_match("m1")
        assert loaded is not None and loaded.moves == [(0, "bid 3")]
    finally:
        store.close()


def test_a_move_after_a_taken_back_move_is_refused_and_announces_nothing(any_db_url: str) -> None:
    store = Store(any_db_url)
    heard: list[str] = []
    listening: Any = None
    try:
        store.create_match(_row("m1"))
        if store.is_postgres:
            import psycopg
            from sqlalchemy.engine import make_url

            conninfo = make_url(store.url).set(drivername="postgresql").render_as_string(hide_password=False)
            listening = psycopg.connect(conninfo, autocommit=True)
            listening.execute(f"LISTEN {CHANNEL}")
        store.append_move("m1", 0, 0, "bid 3")
        store.append_move("m1", 1, 1, "bid 4", bot_due=True)
        store.take_back("m1", 2, 1, False, "00")  # another process took move 1 back
        with pytest.raises(StaleMove, match="taken back"):
            store.append_move("m1", 2, 0, "bid 5")
        loaded = store.load_match("m1")
        assert loaded is not None and loaded.moves == [(0, "bid 3")]
        if listening is not None:
            heard = [n.payload for n in listening.notifies(timeout=0.5)]
            # Each stored move's notice carries it; the undo says so; the refused move sends none.
            assert heard == ["m1 1 0 0 bid 3", "m1 2 1 1 bid 4", "m1 1 0 undo 00"]
    finally:
        if listening is not None:
            listening.close()
        store.close()


def _attempt(store: Store, number: int, notation: str, barrier: threading.Barrier, outcome: list[str]) -> None:
    barrier.wait()
    try:
        store.append_move("m1", number, 0, notation)
        outcome.append(notation)
    except StaleMove:
        outcome.append("stale")


def test_two_servers_racing_for_one_move_number_cannot_both_land(any_db_url: str) -> None:
    stores = [Store(any_db_url), Store(any_db_url, run_migrations=False)]
    try:
        stores[0].create_match(_row("m1"))
        for number in range(5):
            barrier = threading.Barrier(2)
            outcome: list[str] = []
            threads = [
                threading.Thread(target=_attempt, args=(store, number, f"move {i}", barrier, outcome))
                for i, store in enumerate(stores)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(outcome)[-1] == "stale" and len([o for o in outcome if o != "stale"]) == 1
        loaded = stores[1].load_match("m1")
        assert loaded is not None and len(loaded.moves) == 5
    finally:
        for store in stores:
            store.close()


def test_only_running_live_matches_with_bots_are_resumed(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        store.create_match(_row("bots"))
        store.create_match(_row("people", seats=[SeatRow(0, "a", "human"), SeatRow(1, "b", "human")]))
        store.create_match(_row("upload", kind="upload", status="over"))
        store.create_match(_row("done"))
        store.append_move("done", 0, 0, "bid 3", True)
        assert store.running_matches_with_bots() == ["bots"]
    finally:
        store.close()


def test_a_game_played_on_the_server_survives_a_restart(any_db_url: str) -> None:
    rng = random.Random(8)
    with make_client(create_app(any_db_url, bot_mode="thread")) as client:
        match = create(client, players=3)
        for _ in range(7):
            play_random_move(client, match, rng)
        before = {
            s: client.get(f"/api/matches/{match['id']}", headers=auth(t)).json() for s, t in tokens_of(match).items()
        }
    with make_client(create_app(any_db_url, bot_mode="thread")) as client:
        after = {
            s: client.get(f"/api/matches/{match['id']}", headers=auth(t)).json() for s, t in tokens_of(match).items()
        }
        assert after == before
        while play_random_move(client, match, rng):
            pass
        assert client.get(f"/api/matches/{match['id']}").json()["is_over"]
