"""Storage for playing together: players, open tables, seats taken, rematches, chat, clocks.

Every change a race could break is one conditional UPDATE (a seat is taken
only while it is still open, a clock is enforced only while its deadline is
the one read), so two requests or two processes can never both win.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table, Text, insert, select, text, update

from meeple.web.clocks import SeatClock
from meeple.web.storage import CHANNEL, Store, matches, metadata, seats

players = Table(
    "players",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("name", String(40), nullable=False),
    Column("created_at", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), ForeignKey("matches.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)


class TableStore:
    """The queries of :mod:`meeple.web.tables` and :mod:`meeple.web.chat` (synchronous, called in threads)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # -------------------------------------------------------------- players
    def create_player(self, player_id: str, key_hash: str, name: str) -> None:
        with self.store._write() as conn:
            conn.execute(insert(players).values(id=player_id, key_hash=key_hash, name=name, created_at=time.time()))

    def player_by_key(self, key_hash: str) -> tuple[str, str] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(players.c.id, players.c.name).where(players.c.key_hash == key_hash)).first()
        return None if row is None else (row.id, row.name)

    def rename_player(self, player_id: str, name: str) -> None:
        with self.store._write() as conn:
            conn.execute(update(players).where(players.c.id == player_id).values(name=name))

    def player_games(self, player_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The matches a player sits in or is invited to, newest first."""
        query = (
            select(
                matches.c.id,
                matches.c.game,
                matches.c.status,
                matches.c.created_at,
                matches.c.last_move_at,
                matches.c.rematch,
                seats.c.seat,
                seats.c.kind,
            )
            .join(seats, seats.c.match_id == matches.c.id)
            .where(seats.c.player_id == player_id)
            .order_by(matches.c.created_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(query).mappings()]

    # --------------------------------------------------------------- tables
    def open_tables(self, limit: int = 100) -> list[str]:
        """Public tables waiting for players, longest waiting first."""
        query = (
            select(matches.c.id)
            .where(matches.c.public.is_(True), matches.c.status == "waiting")
            .order_by(matches.c.created_at)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def created_at(self, match_id: str) -> float | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(matches.c.created_at).where(matches.c.id == match_id)).scalar()
        return None if found is None else float(found.timestamp())

    def waiting_since(self, before: float, limit: int = 100) -> list[str]:
        """Tables (public or not) still waiting that were opened before ``before`` (epoch seconds)."""
        cutoff = datetime.fromtimestamp(before, UTC)
        query = (
            select(matches.c.id)
            .where(matches.c.status == "waiting", matches.c.created_at < cutoff)
            .order_by(matches.c.created_at)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def close_table(self, match_id: str, ended: str) -> bool:
        """A table that never started closes (cancelled, expired): once, only while it still waits."""
        with self.store._write() as conn:
            result = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "waiting")
                .values(status="over", ended=ended, bot_due=False, deadline=None, finished_at=datetime.now(UTC))
            )
            return bool(result.rowcount == 1)

    def take_seat(self, match_id: str, seat: int, kinds: tuple[str, ...], values: dict[str, Any]) -> bool:
        """Change a seat of a waiting table only while it is of one of ``kinds`` (one winner in a race)."""
        with self.store._write() as conn:
            waiting = conn.execute(
                select(matches.c.id).where(matches.c.id == match_id, matches.c.status == "waiting")
            ).first()
            if waiting is None:
                return False
            result = conn.execute(
                update(seats)
                .where(seats.c.match_id == match_id, seats.c.seat == seat, seats.c.kind.in_(kinds))
                .values(**values)
            )
            return bool(result.rowcount == 1)

    def start(
        self,
        match_id: str,
        seat_values: dict[int, dict[str, Any]],
        clocks: list[SeatClock],
        deadline: float | None,
        bot_due: bool,
    ) -> bool:
        """A waiting table starts: its remaining seats filled, clocks running; ``False`` if it already had."""
        now = time.time()
        with self.store._write() as conn:
            result = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "waiting")
                .values(status="running", bot_due=bot_due, due_at=now if bot_due else None, deadline=deadline)
            )
            if result.rowcount != 1:
                return False
            for seat, values in seat_values.items():
                conn.execute(update(seats).where(seats.c.match_id == match_id, seats.c.seat == seat).values(**values))
            self.write_clocks(conn, match_id, clocks)
            return True

    def link_rematch(self, old: str, new: str) -> bool:
        with self.store._write() as conn:
            result = conn.execute(
                update(matches).where(matches.c.id == old, matches.c.rematch.is_(None)).values(rematch=new)
            )
            return bool(result.rowcount == 1)

    # --------------------------------------------------------------- clocks
    @staticmethod
    def write_clocks(conn: Any, match_id: str, clocks: Iterable[SeatClock]) -> None:
        for c in clocks:
            conn.execute(
                update(seats)
                .where(seats.c.match_id == match_id, seats.c.seat == c.seat)
                .values(time_left=c.time_left, clock_since=c.clock_since)
            )

    def expired_matches(self, now: float, limit: int = 100) -> list[str]:
        query = (
            select(matches.c.id)
            .where(matches.c.status == "running", matches.c.deadline.is_not(None), matches.c.deadline <= now)
            .order_by(matches.c.deadline)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def time_out(
        self, match_id: str, deadline: float, seat_values: dict[int, dict[str, Any]], match_values: dict[str, Any]
    ) -> bool:
        """Enforce a deadline once: only while the stored deadline is still the one read."""
        with self.store._write() as conn:
            result = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "running", matches.c.deadline == deadline)
                .values(**match_values)
            )
            if result.rowcount != 1:
                return False
            for seat, values in seat_values.items():
                conn.execute(update(seats).where(seats.c.match_id == match_id, seats.c.seat == seat).values(**values))
            if match_values.get("status") == "over":  # the game ended on time: rated in this transaction
                self.store.ended(conn, match_id)
            return True

    def end_match(
        self,
        match_id: str,
        last_move_at: float | None,
        match_values: dict[str, Any],
        seat_values: dict[int, dict[str, Any]],
    ) -> bool:
        """End a running match without a move (resigned, abandoned), once: only while it still
        runs and, with ``last_move_at`` (-1: none yet), while its last move is still that one."""
        condition = [matches.c.id == match_id, matches.c.status == "running"]
        if last_move_at is not None:
            condition.append(
                matches.c.last_move_at.is_(None) if last_move_at < 0 else matches.c.last_move_at == last_move_at
            )
        with self.store._write() as conn:
            values = {**match_values, "claimed_by": None, "claimed_until": None, "due_at": None}
            result = conn.execute(update(matches).where(*condition).values(**values, finished_at=datetime.now(UTC)))
            if result.rowcount != 1:
                return False
            for seat, changes in seat_values.items():
                conn.execute(update(seats).where(seats.c.match_id == match_id, seats.c.seat == seat).values(**changes))
            if match_values.get("status") == "over":  # rated (or judged unrated) in this transaction
                self.store.ended(conn, match_id)
            return True

    def set_seat(self, match_id: str, seat: int, values: dict[str, Any], match_values: dict[str, Any]) -> None:
        with self.store._write() as conn:
            conn.execute(update(seats).where(seats.c.match_id == match_id, seats.c.seat == seat).values(**values))
            if match_values:
                conn.execute(update(matches).where(matches.c.id == match_id).values(**match_values))

    # ----------------------------------------------------------------- chat
    def add_chat(self, match_id: str, seat: int, name: str, text: str) -> dict[str, Any]:
        now = time.time()
        with self.store._write() as conn:
            result = conn.execute(
                insert(chat).values(match_id=match_id, seat=seat, name=name, text=text, created_at=now)
            )
            key = result.inserted_primary_key
        return {"id": int(key[0]) if key else 0, "seat": seat, "name": name, "text": text, "at": now}

    def chat_after(self, match_id: str, after: int, limit: int = 200) -> list[dict[str, Any]]:
        query = (
            select(chat.c.id, chat.c.seat, chat.c.name, chat.c.text, chat.c.created_at)
            .where(chat.c.match_id == match_id, chat.c.id > after)
            .order_by(chat.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = list(conn.execute(query))
        return [
            {"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": r.created_at} for r in reversed(rows)
        ]

    # -------------------------------------------------------------- notices
    def notify(self, payload: str) -> None:
        """Tell the other processes (PostgreSQL): ``"S <match>"`` seats changed, ``"C <match>"`` a chat line."""
        if self.store.is_postgres:
            with self.engine.begin() as conn:
                conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})
