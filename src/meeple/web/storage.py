"""Saved games: matches, seats and an append-only table of moves.

A match is stored as its record (game, players, options, seed) plus its
seats and its moves. ``moves`` is keyed by ``(match_id, number)``: two moves
racing for the same turn both try to insert the same key and only one can
land, whichever server process they come from. Nothing is ever updated in
``moves``; a game is rebuilt by replaying them.

Storage is plain synchronous SQLAlchemy 2 Core (no ORM): the web app calls it
from one worker thread so the event loop never waits on the database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    # Seeds are Python ints of any size (a record may carry a huge one), so text.
    Column("seed", Text, nullable=False),
    Column("options", Text, nullable=False),
    # "live": played on this server; "upload": a record uploaded to be viewed.
    Column("kind", String(16), nullable=False),
    # "running" or "over"
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    # "human" or "bot"
    Column("kind", String(16), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("bot_seed", Text, nullable=True),
    # sha256 hex of the seat's secret token; the token itself is never stored.
    Column("token_hash", String(64), nullable=True),
)

moves = Table(
    "moves",
    metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


class StaleMove(Exception):
    """Another move already took this move number."""


@dataclass
class SeatRow:
    seat: int
    name: str
    kind: str  # "human" or "bot"
    bot: str | None = None
    bot_seed: int | None = None
    token_hash: str | None = None


@dataclass
class MatchRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    kind: str
    status: str
    seats: list[SeatRow] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)


def _now() -> datetime:
    return datetime.now(UTC)


def normalize_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` and use the psycopg 3 driver for them."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def sqlite_url(path: str | Path) -> str:
    return f"sqlite:///{Path(path).resolve()}"


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            # WAL: readers never block the writer; NORMAL sync is durable across a
            # killed process (only an OS crash can lose the last commits).
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with Alembic (creates it on an empty database)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """All database access of the web app."""

    def __init__(self, url: str, *, run_migrations: bool = True) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        if run_migrations:
            migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_match(self, row: MatchRow) -> None:
        """Insert a match with its seats and any moves it already has (uploads)."""
        now = _now()
        with self.engine.begin() as conn:
            conn.execute(
                insert(matches).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    seed=str(row.seed),
                    options=json.dumps(row.options),
                    kind=row.kind,
                    status=row.status,
                    created_at=now,
                    finished_at=now if row.status == "over" else None,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "match_id": row.id,
                        "seat": s.seat,
                        "name": s.name,
                        "kind": s.kind,
                        "bot": s.bot,
                        "bot_seed": None if s.bot_seed is None else str(s.bot_seed),
                        "token_hash": s.token_hash,
                    }
                    for s in row.seats
                ],
            )
            if row.moves:
                conn.execute(
                    insert(moves),
                    [
                        {"match_id": row.id, "number": i, "seat": seat, "notation": text, "created_at": now}
                        for i, (seat, text) in enumerate(row.moves)
                    ],
                )

    def load_match(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as conn:
            m = conn.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
            if m is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.match_id == match_id).order_by(seats.c.seat)
            ).mappings()
            move_rows = conn.execute(
                select(moves.c.seat, moves.c.notation).where(moves.c.match_id == match_id).order_by(moves.c.number)
            )
            return MatchRow(
                id=m["id"],
                game=m["game"],
                players=m["players"],
                seed=int(m["seed"]),
                options=json.loads(m["options"]),
                kind=m["kind"],
                status=m["status"],
                seats=[
                    SeatRow(
                        seat=s["seat"],
                        name=s["name"],
                        kind=s["kind"],
                        bot=s["bot"],
                        bot_seed=None if s["bot_seed"] is None else int(s["bot_seed"]),
                        token_hash=s["token_hash"],
                    )
                    for s in seat_rows
                ],
                moves=[(r.seat, r.notation) for r in move_rows],
            )

    def append_move(self, match_id: str, number: int, seat: int, notation: str, over: bool = False) -> None:
        """Store move ``number``; raise :class:`StaleMove` if that number is taken.

        ``over`` marks the match finished in the same transaction.
        """
        try:
            with self.engine.begin() as conn:
                now = _now()
                conn.execute(
                    insert(moves).values(match_id=match_id, number=number, seat=seat, notation=notation, created_at=now)
                )
                if over:
                    conn.execute(update(matches).where(matches.c.id == match_id).values(status="over", finished_at=now))
        except IntegrityError:
            raise StaleMove(f"move {number} of match {match_id} is already played") from None

    def move_count(self, match_id: str) -> int:
        with self.engine.connect() as conn:
            rows = conn.execute(select(moves.c.number).where(moves.c.match_id == match_id)).all()
            return len(rows)

    def running_matches_with_bots(self) -> list[str]:
        """Ids of running live matches that have a bot seat (to resume them at start-up)."""
        query = (
            select(matches.c.id)
            .where(matches.c.status == "running", matches.c.kind == "live")
            .where(matches.c.id.in_(select(seats.c.match_id).where(seats.c.kind == "bot")))
            .order_by(matches.c.created_at)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]
