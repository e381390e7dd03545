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

HEAD = "0006"
MODULE_TABLES = ("player_ratings", "rating_events", "rated_matches", "match_results", "player_origins", "ratings_meta")


def _alembic(connection: Any) -> Any:
    from alembic.config import Config

    import meeple.web.storage as storage

    config = Config()
    config.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
    config.attributes["connection"] = connection
    return config


def _schema(engine: Any, names: list[str]) -> dict[str, Any]:
    """Each table's columns (name, type, nullable), primary key and indexes, as the database has them."""
    found = inspect(engine)
    shape: dict[str, Any] = {}
    for name in names:
        columns = [(c["name"], str(c["type"]).split("(")[0], c["nullable"]) for c in found.get_columns(name)]
        indexes = sorted((i["name"], tuple(i["column_names"]), bool(i["unique"])) for i in found.get_indexes(name))
        shape[name] = (columns, found.get_pk_constraint(name)["constrained_columns"], indexes)
    return shape


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
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
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


def test_a_new_database_gets_the_ratings_and_analyses_tables_as_their_modules_define_them(any_db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import MetaData, select

    from meeple.web import analysisstore, ratings

    both = MetaData()  # the two modules' tables, as their modules define them
    for table in [*ratings.metadata.tables.values(), *analysisstore.metadata.tables.values()]:
        table.to_metadata(both)
    store = Store(any_db_url)
    try:
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), both)
            salt = conn.execute(select(ratings.ratings_meta.c.value)).scalars().all()
        ours = set(MODULE_TABLES) | {"analyses"}
        # Each difference names a table (or an index, column of one): none of these tables differs.
        assert [d for d in diff if any(name in repr(d) for name in ours)] == []
        assert len(salt) == 1 and len(salt[0]) == 64  # the secret of the address hashes, made once
    finally:
        store.close()


def test_a_database_of_the_previous_schema_is_upgraded_in_place(any_db_url: str) -> None:
    """The schema before: the migrations up to 0004, the ratings' and analyses' tables made by their
    modules at start-up (as they were), with rows in them. Upgraded by a server's start, everything
    stays; the new tables and columns are those a new database gets, and the origin secret is kept."""
    from alembic import command
    from sqlalchemy import create_engine, insert, select

    from meeple.web import analysisstore, ratings
    from meeple.web.storage import normalize_url

    old = create_engine(normalize_url(any_db_url))
    with old.begin() as connection:
        command.upgrade(_alembic(connection), "0004")
    with old.begin() as conn:  # what the modules made at start-up, and some rows
        ratings.metadata.create_all(conn)
        analysisstore.metadata.create_all(conn)
        conn.execute(insert(ratings.ratings_meta).values(name="origin_salt", value="5a" * 32))
        conn.execute(
            insert(ratings.player_ratings).values(
                game="webtoy", player="ann", mu=27.0, sigma=7.0, ordinal=6.0, games=3, last_played=1.0
            )
        )
        conn.execute(
            text(
                "INSERT INTO matches (id, game, players, seed, options, kind, status, created_at, bot_due) "
                "VALUES ('old', 'webtoy', 2, '7', '{}', 'live', 'running', CURRENT_TIMESTAMP, false)"
            )
        )
        conn.execute(
            text("INSERT INTO seats (match_id, seat, name, kind, player_id) VALUES ('old', 0, 'Ann', 'human', 'ann')")
        )
        conn.execute(
            insert(analysisstore.analyses).values(
                match_id="old", status="queued", requester="ann", requested_at=1.0, budget=8, total_moves=4
            )
        )
    module_made = _schema(old, [*MODULE_TABLES, "analyses"])
    old.dispose()

    store = Store(any_db_url)  # a server's start upgrades it
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
            salt = conn.execute(select(ratings.ratings_meta.c.value)).scalars().all()
            assert salt == ["5a" * 32]  # kept: the address hashes already stored still match
            assert conn.execute(select(ratings.player_ratings.c.games)).scalar() == 3
            assert conn.execute(select(analysisstore.analyses.c.status)).scalar() == "queued"
        loaded = store.load_match("old")
        assert loaded is not None and loaded.seats[0].player_id == "ann" and loaded.seats[0].claim_hash is None
        assert _schema(store.engine, [*MODULE_TABLES, "analyses"]) == module_made
    finally:
        store.close()


def test_servers_starting_together_on_a_new_postgresql_database_upgrade_it_once(postgres_url: str) -> None:
    stores: list[Store] = []
    failures: list[BaseException] = []
    barrier = threading.Barrier(3)

    def start() -> None:
        barrier.wait()
        try:
            stores.append(Store(postgres_url))
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert failures == [] and len(stores) == 3
        with stores[0].engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
            assert conn.execute(text("SELECT count(*) FROM ratings_meta")).scalar() == 1
    finally:
        for store in stores:
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
