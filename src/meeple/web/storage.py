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
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    literal,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, InternalError, OperationalError, SQLAlchemyError

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
    # "running", "over" or "set_aside" (played under rules this build cannot replay)
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    # A bot seat is to move (since ``due_at``, epoch seconds): any process
    # running bots may claim the turn; ``claimed_by`` holds it until
    # ``claimed_until``, so a killed process's claim runs out by itself.
    Column("bot_due", Boolean, nullable=False, default=False),
    Column("due_at", Float, nullable=True),
    Column("claimed_by", String(64), nullable=True),
    Column("claimed_until", Float, nullable=True),
    # GameInfo.rules_version when the match was created: its moves mean that game only.
    Column("rules_version", Integer, nullable=False, default=1, server_default="1"),
    # Play together (see meeple.web.tables): listed in the lobby; the player who opened it;
    # the clock settings (JSON) and the next moment a seat runs out of time; the rematch
    # links; whether spectators read the chat; why the server ended the game (on time).
    Column("public", Boolean, nullable=False, default=False, server_default="0"),
    Column("creator", String(32), nullable=True),
    Column("clock", Text, nullable=True),
    Column("deadline", Float, nullable=True, index=True),
    Column("last_move_at", Float, nullable=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("chat_spectators", Boolean, nullable=False, default=True, server_default="1"),
    Column("ended", Text, nullable=True),
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
    # The player sitting here (kind "human"), or invited to (kind "invited"); kind "open": free.
    Column("player_id", String(32), nullable=True, index=True),
    # Clocks: seconds left in a real-time bank, when this seat's clock started running,
    # the bot level playing for it after it ran out, and whether it lost on time.
    Column("time_left", Float, nullable=True),
    Column("clock_since", Float, nullable=True),
    Column("away", String(32), nullable=True),
    Column("lost", Boolean, nullable=False, default=False, server_default="0"),
    # A link seat a player key claimed (meeple.web.seatclaims): the sha256 of that key's own token
    # for the seat, so the key opens it in any browser as it opens the seats it sat down at.
    Column("claim_hash", String(64), nullable=True),
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


class MatchEnded(Exception):
    """The match stopped running (resigned, abandoned, out of time) before this move was stored."""


class DatabaseBusy(SQLAlchemyError):
    """A call waited too long for its turn at the database (answered as 503, like a lock timeout)."""


@dataclass
class SeatRow:
    seat: int
    name: str
    kind: str  # "human" or "bot"
    bot: str | None = None
    bot_seed: int | None = None
    token_hash: str | None = None
    player_id: str | None = None
    time_left: float | None = None
    clock_since: float | None = None
    away: str | None = None
    lost: bool = False
    claim_hash: str | None = None


SEAT_EXTRAS = ("player_id", "time_left", "clock_since", "away", "lost", "claim_hash")
MATCH_EXTRAS = ("public", "creator", "deadline", "last_move_at", "rematch_of", "rematch", "chat_spectators", "ended")


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
    bot_due: bool = False
    rules_version: int = 1
    public: bool = False
    creator: str | None = None
    clock: dict[str, Any] | None = None
    deadline: float | None = None
    last_move_at: float | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    chat_spectators: bool = True
    ended: str | None = None
    # Created as a rated game (meeple.web.ratings keeps the flag in a table of its own).
    rated: bool = False


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


# Every wait on the database is bounded: a locked SQLite file or an unreachable
# PostgreSQL server makes a request fail with a clear answer after this long.
DB_TIMEOUT_S = 5.0
# The channel on which a PostgreSQL server tells every process of a new move.
CHANNEL = "meeple_moves"
CHECKPOINT_S = 1.0


def make_engine(url: str, timeout: float = DB_TIMEOUT_S) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": timeout})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            # WAL: readers never block the writer; NORMAL sync is durable across a
            # killed process (only an OS crash can lose the last commits).
            cursor = dbapi_conn.cursor()
            if "mode=ro" not in url:
                cursor.execute("PRAGMA journal_mode=WAL")
                # No checkpoint inside a commit (its fsync would hold up every write
                # queued behind it): Store's checkpoint thread does them.
                cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    millis = int(timeout * 1000)
    return create_engine(
        url,
        # One round trip more per transaction, but a connection the database closed (restarted,
        # terminated, made read-only) is replaced before use instead of failing a request.
        pool_pre_ping=True,
        pool_timeout=timeout,
        connect_args={
            "connect_timeout": max(1, round(timeout)),
            "options": f"-c statement_timeout={2 * millis} -c lock_timeout={millis}",
        },
    )


MIGRATION_LOCK = 0x6D65_6570_6C65  # any constant: the PostgreSQL advisory lock held while the schema is upgraded


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with Alembic (creates it on an empty database)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Processes starting together upgrade one at a time: the others then find the schema current.
            connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def is_read_only_error(exc: BaseException) -> bool:
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text or "read only" in text


def is_unwritable_error(exc: BaseException) -> bool:
    """Read-only, or a write the file system refused (SQLite says "disk I/O error" when a file
    it has open is made unwritable): its connections must not be used again."""
    text = str(exc).lower()
    return is_read_only_error(exc) or "disk i/o error" in text or "disk is full" in text


class Store:
    """All database access of the web app (synchronous: the app calls it from worker threads)."""

    def __init__(self, url: str, *, run_migrations: bool = True, timeout: float = DB_TIMEOUT_S) -> None:
        self.url = normalize_url(url)
        self.timeout = timeout
        self.engine = make_engine(self.url, timeout)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        if run_migrations:
            migrate(self.engine)
        # Writes of other modules in the transaction that creates a match, and in every one that
        # ends it (called after the match's conditional update took effect: once per match).
        self.on_create: list[Callable[[Any, MatchRow], None]] = []
        self.on_end: list[Callable[[Any, str], None]] = []
        from meeple.web import ratings  # here: it imports this module's tables

        ratings.install(self)
        if run_migrations and "mode=ro" not in self.url:
            import meeple

            ratings.seed_bot_levels(self.engine, meeple.GAMES)
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.engine.dialect.name == "sqlite" and "mode=ro" not in self.url:
            self._checkpointer = threading.Thread(target=self._checkpoints, name="meeple-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        """Copy SQLite's write-ahead log into the database every second, never blocking a writer."""
        while not self._stop.wait(CHECKPOINT_S):
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # locked or read-only: the next one tries again
                continue

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=5)
        self.engine.dispose()

    def _write(self) -> Any:
        """A transaction for a write. A connection that found the database read-only
        is dropped, so one opened after the file or server is writable again is used."""
        return _WriteTransaction(self)

    def read_only_reason(self) -> str | None:
        """Why nothing can be written (tried, then rolled back), or ``None`` if writes work."""
        try:
            with self.engine.connect() as conn, conn.begin() as transaction:
                conn.execute(update(matches).where(matches.c.id == "").values(status="probe"))
                conn.execute(text("DELETE FROM alembic_version WHERE version_num = 'probe'"))
                conn.execute(text("INSERT INTO alembic_version (version_num) VALUES ('probe')"))
                transaction.rollback()
        except OperationalError as exc:
            if is_read_only_error(exc):
                self.engine.dispose()
                return str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
            raise
        except InternalError as exc:  # PostgreSQL: "cannot execute ... in a read-only transaction"
            if is_read_only_error(exc):
                self.engine.dispose()
                return str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
            raise
        return None

    def _notify(self, conn: Any, match_id: str, number: int, bot_due: bool, move: tuple[int, str] | None) -> None:
        """Tell every listening process (when the transaction commits) that the match has
        ``number`` moves; the last one travels along, so listeners need not read it back."""
        if self.is_postgres:
            payload = self._move_payload(match_id, number, bot_due, move)
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    @staticmethod
    def _move_payload(match_id: str, number: int, bot_due: bool, move: tuple[int, str] | None) -> str:
        payload = f"{match_id} {number} {int(bot_due)}"
        if move is not None and len(move[1]) < 1000:  # NOTIFY payloads are at most 8000 bytes
            payload += f" {move[0]} {move[1]}"
        return payload

    def notify_thinking(self, match_id: str, seat: int, on: bool) -> None:
        """Tell every listening process that a bot of ``seat`` started or stopped thinking (PostgreSQL)."""
        if self.is_postgres:
            with self.engine.begin() as conn:
                conn.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANNEL, "payload": f"T {match_id} {seat} {int(on)}"},
                )

    def create_match(self, row: MatchRow) -> None:
        """Insert a match with its seats and any moves it already has (uploads)."""
        now = _now()
        with self._write() as conn:
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
                    bot_due=row.bot_due,
                    due_at=now.timestamp() if row.bot_due else None,
                    rules_version=row.rules_version,
                    clock=None if row.clock is None else json.dumps(row.clock),
                    **{name: getattr(row, name) for name in MATCH_EXTRAS},
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
                        **{name: getattr(s, name) for name in SEAT_EXTRAS},
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
            for hook in self.on_create:
                hook(conn, row)
            if row.bot_due:
                self._notify(conn, row.id, len(row.moves), True, None)

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
                rules_version=m["rules_version"],
                seats=[
                    SeatRow(
                        seat=s["seat"],
                        name=s["name"],
                        kind=s["kind"],
                        bot=s["bot"],
                        bot_seed=None if s["bot_seed"] is None else int(s["bot_seed"]),
                        token_hash=s["token_hash"],
                        **{name: s[name] for name in SEAT_EXTRAS},
                    )
                    for s in seat_rows
                ],
                moves=[(r.seat, r.notation) for r in move_rows],
                bot_due=bool(m["bot_due"]),
                clock=None if m["clock"] is None else json.loads(m["clock"]),
                **{name: m[name] for name in MATCH_EXTRAS},
            )

    def moves_since(self, match_id: str, number: int) -> list[tuple[int, str]]:
        """The moves from ``number`` on (another process may have stored them)."""
        query = (
            select(moves.c.seat, moves.c.notation)
            .where(moves.c.match_id == match_id, moves.c.number >= number)
            .order_by(moves.c.number)
        )
        with self.engine.connect() as conn:
            return [(r.seat, r.notation) for r in conn.execute(query)]

    def append_move(
        self,
        match_id: str,
        number: int,
        seat: int,
        notation: str,
        over: bool = False,
        bot_due: bool = False,
        also: Callable[[Any], dict[str, Any]] | None = None,
    ) -> None:
        """Store move ``number``; raise :class:`StaleMove` if that number is taken.

        In the same transaction: ``over`` marks the match finished, ``bot_due``
        says whether a bot seat is to move next, and any bot claim is given back;
        ``also(connection)`` writes what else changes with the move (clocks) and
        answers more values for the match's row.
        """
        try:
            with self._write() as conn:
                now = _now()
                stored = insert(moves).values(
                    match_id=match_id, number=number, seat=seat, notation=notation, created_at=now
                )
                values: dict[str, Any] = {
                    "bot_due": bot_due and not over,
                    "due_at": now.timestamp() if bot_due else None,
                    "claimed_by": None,
                    "claimed_until": None,
                    "last_move_at": now.timestamp(),
                }
                if not self.is_postgres:
                    conn.execute(stored)
                if also is not None:
                    values.update(also(conn))
                if over:
                    values.update(status="over", finished_at=now)
                # Only a running match takes moves: one ended meanwhile (a resignation, a clock,
                # abandonment, stored by another request or process) updates no row here.
                row_update = (
                    update(matches).where(matches.c.id == match_id, matches.c.status == "running").values(**values)
                )
                previous = select(moves.c.number).where(moves.c.match_id == match_id, moves.c.number == number - 1)
                if not self.is_postgres:
                    if conn.execute(row_update).rowcount != 1:
                        raise MatchEnded(f"match {match_id} is not running")
                    # Holding the database's write lock since the insert: a concurrent undo
                    # has committed, and if it took the move before this one back, this move
                    # answers a position that no longer exists.
                    if number > 0 and conn.execute(previous).first() is None:
                        raise StaleMove(f"move {number - 1} of match {match_id} was taken back")
                    if over:
                        self.ended(conn, match_id)
                    return
                # PostgreSQL: one round trip for both: the insert rides along as a data-modifying
                # CTE, which PostgreSQL runs once whether or not the UPDATE refers to it.
                if conn.execute(row_update.add_cte(stored.returning(moves.c.number).cte("stored_move"))).rowcount != 1:
                    raise MatchEnded(f"match {match_id} is not running")
                # Holding the match's row now: a concurrent undo (which takes it first)
                # has committed, and if it took the move before this one back, this
                # move answers a position that no longer exists. A statement of its own:
                # one that also waited for the lock would read the moves as they were before
                # the wait. The listeners' notice is queued in the same round trip (it is
                # sent at commit only, so a refused move sends none).
                payload = self._move_payload(match_id, number + 1, bot_due and not over, (seat, notation))
                checked = select(previous.exists() if number > 0 else literal(True), func.pg_notify(CHANNEL, payload))
                if not conn.execute(checked).scalar():
                    raise StaleMove(f"move {number - 1} of match {match_id} was taken back")
                if over:
                    self.ended(conn, match_id)
        except IntegrityError:
            raise StaleMove(f"move {number} of match {match_id} is already played") from None

    def ended(self, conn: Any, match_id: str) -> None:
        """(Inside the transaction whose conditional update just ended the match.) The other
        modules' writes that go with a game's end: its rating (:mod:`meeple.web.ratings`)."""
        for hook in self.on_end:
            hook(conn, match_id)

    def take_back(self, match_id: str, count: int, keep: int, bot_due: bool, digest: str) -> None:
        """Delete the moves after the first ``keep`` of a match that has ``count``
        (undo), in one transaction; :class:`StaleMove` if it has another number of
        moves by now (a move was stored meanwhile: nothing is deleted).

        The match's row is locked first (as ``append_move`` locks it after its
        insert), so a racing move either lands before (the count differs) or
        finds its previous move gone. Listeners are told to read the match anew.
        """
        with self._write() as conn:
            due_at = _now().timestamp() if bot_due else None
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(bot_due=bot_due, due_at=due_at, claimed_by=None, claimed_until=None)
            )
            counting = select(func.count()).select_from(moves).where(moves.c.match_id == match_id)
            stored = conn.execute(counting).scalar()
            if stored != count:
                raise StaleMove(f"match {match_id} has {stored} moves, not {count}: another move was played")
            conn.execute(moves.delete().where(moves.c.match_id == match_id, moves.c.number >= keep))
            if self.is_postgres:
                payload = f"{match_id} {keep} {int(bot_due)} undo {digest}"
                conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def stop_match(self, match_id: str) -> None:
        """Mark a match over without a move (it reached the server's move cap)."""
        with self._write() as conn:
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(status="over", finished_at=_now(), bot_due=False, claimed_by=None, claimed_until=None)
            )

    def set_aside(self, match_id: str) -> None:
        """Take a running match this build cannot replay out of play (status ``set_aside``): its
        bot turns are no longer due and it does not count as running; a build that can
        replay it takes it back (:meth:`resume_set_aside`)."""
        with self._write() as conn:
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "running")
                .values(status="set_aside", bot_due=False, claimed_by=None, claimed_until=None)
            )

    def resume_set_aside(self, match_id: str, bot_due: bool) -> None:
        with self._write() as conn:
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "set_aside")
                .values(status="running", bot_due=bot_due, due_at=_now().timestamp() if bot_due else None)
            )

    # ------------------------------------------------------------ bot claims
    def due_bot_matches(self, now: float, limit: int) -> list[str]:
        """Running matches where a bot is to move and nobody holds the turn, longest waiting first."""
        query = (
            select(matches.c.id)
            .where(matches.c.bot_due.is_(True), matches.c.status == "running")
            .where((matches.c.claimed_until.is_(None)) | (matches.c.claimed_until < now))
            .order_by(matches.c.due_at)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def claim(self, match_id: str, owner: str, now: float, lease: float) -> bool:
        """Take the bot turn of a match until ``now + lease``; only one process can hold it.

        A single conditional UPDATE: two processes claiming at once are
        serialized by the database's row lock, and the second finds the claim taken.
        """
        with self._write() as conn:
            result = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.bot_due.is_(True), matches.c.status == "running")
                .where((matches.c.claimed_until.is_(None)) | (matches.c.claimed_until < now))
                .values(claimed_by=owner, claimed_until=now + lease)
            )
            return bool(result.rowcount == 1)

    def renew(self, match_id: str, owner: str, until: float) -> bool:
        with self._write() as conn:
            result = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.claimed_by == owner)
                .values(claimed_until=until)
            )
            return bool(result.rowcount == 1)

    def release(self, match_id: str, owner: str, retry_at: float | None = None, due: bool = True) -> None:
        """Give a claim back: ``retry_at`` keeps every process off it until then (a back-off)."""
        with self._write() as conn:
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.claimed_by == owner)
                .values(claimed_by=None, claimed_until=retry_at, bot_due=due)
            )

    def running_count(self) -> int:
        query = select(func.count()).select_from(matches).where(matches.c.status == "running", matches.c.kind == "live")
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

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


class _WriteTransaction:
    """``engine.begin()`` that drops the pool when the database turned out read-only."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._context: Any = None

    def __enter__(self) -> Any:
        self._context = self.store.engine.begin()
        return self._context.__enter__()

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> bool:
        try:
            return bool(self._context.__exit__(kind, exc, tb))
        finally:
            if exc is not None and is_unwritable_error(exc):
                self.store.engine.dispose()
