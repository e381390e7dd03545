"""Moves made by other processes, heard through PostgreSQL ``LISTEN``/``NOTIFY``.

Every stored move sends a notification (``"<match id> <moves now> <bot due 0/1>"``)
on :data:`meeple.web.storage.CHANNEL`, delivered when its transaction commits;
a bot that starts or stops thinking sends ``"T <match id> <seat> <1/0>"``;
moves taken back (undo) send ``"<match id> <moves kept> <bot due> undo <digest>"``:
the listeners read that match anew (the digest of the kept moves lets the
process that took them back skip it).
One thread per process listens on a connection of its own and hands each
notification to the event loop. When the connection drops (the server
restarted), it reconnects with a back-off and reports ``None``: moves made
meanwhile were not heard, so the process brings its open matches up to date.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.engine import make_url

from meeple.web.storage import CHANNEL

log = logging.getLogger("meeple.web")


@dataclass(frozen=True)
class Move:
    """A notice of a stored move: the match has ``moves`` moves now, the last one ``seat``'s ``notation``."""

    match_id: str
    moves: int
    bot_due: bool
    seat: int | None = None
    notation: str | None = None
    reload: bool = False  # moves were taken back: read the match anew
    digest: str | None = None  # (reload) hex digest of the moves kept


@dataclass(frozen=True)
class Thinking:
    """A notice that a bot of ``seat`` in the match started (``on``) or stopped thinking in some process."""

    match_id: str
    seat: int
    on: bool


@dataclass(frozen=True)
class Changed:
    """A notice that a match's seats (``"S"``) or chat (``"C"``) changed in some process."""

    what: str
    match_id: str


Notice = Move | Thinking | Changed | None


def parse_notice(payload: str) -> Notice:
    if payload[:2] in ("S ", "C "):
        return Changed(payload[0], payload[2:])
    if payload.startswith("T "):  # "T <match id> <seat> <0/1>": match ids are longer than one letter
        _, match_id, seat, on = payload.split(" ")
        return Thinking(match_id, int(seat), on == "1")
    parts = payload.split(" ", 4)
    if len(parts) == 5 and parts[3] == "undo":
        return Move(parts[0], int(parts[1]), parts[2] == "1", reload=True, digest=parts[4])
    move = Move(parts[0], int(parts[1]), parts[2] == "1")
    if len(parts) == 5:
        move = Move(move.match_id, move.moves, move.bot_due, int(parts[3]), parts[4])
    return move


class Listener:
    """A thread that listens for moves and calls ``on_notice`` in the event loop."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop, on_notice: Callable[[Notice], None]) -> None:
        self.conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.loop = loop
        self.on_notice = on_notice
        self._stop = threading.Event()
        self.connected = threading.Event()
        self._thread = threading.Thread(target=self._run, name="meeple-listen", daemon=True)
        self._pending: list[Notice] = []  # heard, not yet handed to the event loop
        self._pending_lock = threading.Lock()

    def start(self) -> Listener:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=3)

    def _run(self) -> None:
        import psycopg

        failures = 0
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=3) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    if failures:
                        log.warning("listening for moves again after %s failed attempts", failures)
                        self._deliver(None)
                    failures = 0
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            self._deliver(parse_notice(notice.payload))
            except (psycopg.Error, OSError, ValueError) as exc:
                self.connected.clear()
                failures += 1
                if failures == 1:
                    log.warning("lost the database's move notifications (%s); reconnecting", str(exc).strip()[:200])
                    self._deliver(None)
                self._stop.wait(min(2.0, 0.1 * 2**failures))

    def _deliver(self, notice: Notice) -> None:
        """Queue ``notice`` for the event loop. Every process hears every move of every
        server, so the loop is woken once for all the notices that came meanwhile (each
        wake-up is a write to the loop's pipe and a turn of the loop), not once each."""
        with self._pending_lock:
            self._pending.append(notice)
            if len(self._pending) > 1:
                return  # a delivery is scheduled already and takes this one too
        try:
            self.loop.call_soon_threadsafe(self._deliver_pending)
        except RuntimeError:  # the loop closed: the process is stopping
            self._stop.set()

    def _deliver_pending(self) -> None:
        """(In the event loop.) Hand over the queued notices, in the order they came."""
        with self._pending_lock:
            notices, self._pending = self._pending, []
        for notice in notices:
            try:
                self.on_notice(notice)
            except Exception:  # one notice's failure must not drop the others
                log.exception("could not handle a notice of the database")
