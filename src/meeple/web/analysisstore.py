"""Analysis jobs in the database: the table ``analyses``, one row a finished match.

The table is defined here and made by the schema's migrations (revision
``0006``). A row is a job and, once done, its stored result:

* ``status``: ``queued`` (nobody works on it), ``running`` (claimed; a lease
  until ``claimed_until``, renewed while the work goes on), ``done``
  (``result`` holds the analysis as JSON) or ``failed`` (``error`` says why);
* the settings it was asked with (``budget`` playouts a decision,
  ``cpu_seconds`` a decision, ``max_decisions``), fixed at the request so a
  process that takes it over goes on with the same ones;
* how far it got: ``next_move`` of ``total_moves`` (the progress, saved
  twice a second) and the decisions judged up to ``saved_move`` (``partial``,
  an analysis without summaries, saved every few seconds), so a process
  taking over a killed one's job goes on from there;
* ``claims`` (times claimed) and ``takeovers`` (claims of a job whose lease had
  run out: its process died or lost the database);
* ``requester``: who asked (a player, or a client address's digest). A unique
  index over the requesters of queued and running jobs makes "one analysis at
  a time" hold across every process: a second job of the same requester is
  refused by the database itself.

Every change is one conditional UPDATE (a claim only while the lease is free,
a save or a result only by the claim's holder), so two processes can never
both work on a job or both store its result.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    case,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from meeple.web.storage import Store

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
ACTIVE = (QUEUED, RUNNING)

metadata = MetaData()

analyses = Table(
    "analyses",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("status", String(16), nullable=False),
    Column("requester", String(80), nullable=False),
    Column("requested_at", Float, nullable=False),
    Column("budget", Integer, nullable=False),
    Column("cpu_seconds", Float, nullable=True),
    Column("max_decisions", Integer, nullable=True),
    Column("total_moves", Integer, nullable=False),
    Column("next_move", Integer, nullable=False, default=0),
    Column("partial", Text, nullable=True),
    Column("saved_move", Integer, nullable=False, default=0),
    Column("result", Text, nullable=True),
    Column("error", Text, nullable=True),
    Column("claimed_by", String(64), nullable=True),
    Column("claimed_until", Float, nullable=True),
    Column("claims", Integer, nullable=False, default=0),
    Column("takeovers", Integer, nullable=False, default=0),
    Column("failures", Integer, nullable=False, default=0),
    Column("finished_at", Float, nullable=True),
)
# One queued or running job per requester, enforced by the database (every process at once).
Index(
    "analyses_one_active_per_requester",
    analyses.c.requester,
    unique=True,
    sqlite_where=analyses.c.status.in_(ACTIVE),
    postgresql_where=analyses.c.status.in_(ACTIVE),
)
Index("analyses_by_status", analyses.c.status, analyses.c.requested_at)


@dataclass
class Job:
    """One row of ``analyses``."""

    match_id: str
    status: str
    requester: str
    requested_at: float
    budget: int
    cpu_seconds: float | None
    max_decisions: int | None
    total_moves: int
    next_move: int = 0
    partial: str | None = None
    saved_move: int = 0
    result: str | None = None
    error: str | None = None
    claimed_by: str | None = None
    claimed_until: float | None = None
    claims: int = 0
    takeovers: int = 0
    failures: int = 0
    finished_at: float | None = None


_JOB_FIELDS = [f.name for f in fields(Job)]


def _job(row: Any) -> Job:
    return Job(**{name: row[name] for name in _JOB_FIELDS})


class AlreadyAnalysing(Exception):
    """The requester has another job queued or running (``job`` is that one)."""

    def __init__(self, job: Job | None) -> None:
        super().__init__("another analysis of this requester is under way")
        self.job = job


class AnalysisStore:
    """The queries of the analysis jobs (synchronous: called in the hub's database threads)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # -------------------------------------------------------------- reading
    def get(self, match_id: str) -> Job | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(analyses).where(analyses.c.match_id == match_id)).mappings().first()
        return None if row is None else _job(row)

    def active_of(self, requester: str) -> Job | None:
        """The requester's queued or running job, if any."""
        query = select(analyses).where(analyses.c.requester == requester, analyses.c.status.in_(ACTIVE))
        with self.engine.connect() as conn:
            row = conn.execute(query).mappings().first()
        return None if row is None else _job(row)

    def active_count(self) -> int:
        query = select(func.count()).select_from(analyses).where(analyses.c.status.in_(ACTIVE))
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def ahead_of(self, job: Job) -> int:
        """Jobs asked for before ``job`` that are still queued or running (its place in the queue)."""
        query = (
            select(func.count())
            .select_from(analyses)
            .where(analyses.c.status.in_(ACTIVE), analyses.c.requested_at < job.requested_at)
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    # -------------------------------------------------------------- writing
    def create(self, job: Job) -> tuple[Job, bool]:
        """Insert ``job``; ``(job, True)``, or ``(the stored job, False)`` when the match has one
        already. Raises :class:`AlreadyAnalysing` when the requester has another under way."""
        try:
            with self.store._write() as conn:
                conn.execute(insert(analyses).values(**{name: getattr(job, name) for name in _JOB_FIELDS}))
        except IntegrityError:
            stored = self.get(job.match_id)
            if stored is not None:
                return stored, False
            raise AlreadyAnalysing(self.active_of(job.requester)) from None
        return job, True

    def requeue(self, match_id: str, requester: str, now: float) -> tuple[Job, bool]:
        """Ask again for a failed job (its work so far kept): ``(the job, True)`` for the request
        that queued it, ``(the job, False)`` when another request did first. Raises
        :class:`AlreadyAnalysing` as :meth:`create` does."""
        try:
            with self.store._write() as conn:
                result = conn.execute(
                    update(analyses)
                    .where(analyses.c.match_id == match_id, analyses.c.status == FAILED)
                    .values(
                        status=QUEUED,
                        requester=requester,
                        requested_at=now,
                        error=None,
                        failures=0,
                        takeovers=0,
                        claimed_by=None,
                        claimed_until=None,
                    )
                )
                queued = result.rowcount == 1
        except IntegrityError:
            raise AlreadyAnalysing(self.active_of(requester)) from None
        job = self.get(match_id)
        if job is None:
            raise ValueError(f"the analysis of match {match_id} is gone")
        return job, queued

    def claim_next(self, owner: str, now: float, lease: float) -> Job | None:
        """Take the longest waiting job nobody holds (a queued one, or a running one whose lease
        ran out: a takeover) until ``now + lease``. One conditional UPDATE a candidate: of two
        processes claiming at once exactly one wins."""
        free = analyses.c.status.in_(ACTIVE) & (analyses.c.claimed_until.is_(None) | (analyses.c.claimed_until < now))
        query = select(analyses.c.match_id).where(free).order_by(analyses.c.requested_at).limit(8)
        with self.engine.connect() as conn:
            candidates = [r.match_id for r in conn.execute(query)]
        for match_id in candidates:
            with self.store._write() as conn:
                result = conn.execute(
                    update(analyses)
                    .where(analyses.c.match_id == match_id, free)
                    .values(
                        claimed_by=owner,
                        claimed_until=now + lease,
                        claims=analyses.c.claims + 1,
                        # A running job whose lease ran out: its holder died (or lost the database).
                        takeovers=analyses.c.takeovers + (analyses.c.status == RUNNING).cast(Integer),
                        status=RUNNING,
                    )
                )
                if result.rowcount != 1:
                    continue  # another process claimed it first
                row = conn.execute(select(analyses).where(analyses.c.match_id == match_id)).mappings().first()
            if row is not None:
                return _job(row)
        return None

    def _held(self, match_id: str, owner: str, **values: Any) -> bool:
        """Update the job only while ``owner`` holds it; whether it still did."""
        with self.store._write() as conn:
            result = conn.execute(
                update(analyses)
                .where(analyses.c.match_id == match_id, analyses.c.claimed_by == owner, analyses.c.status == RUNNING)
                .values(**values)
            )
            return bool(result.rowcount == 1)

    def renew(self, match_id: str, owner: str, until: float) -> bool:
        return self._held(match_id, owner, claimed_until=until)

    def save(self, match_id: str, owner: str, next_move: int, partial: str | None, until: float) -> bool:
        """Record how far the work got (``partial``: ``None`` keeps the stored one) and renew the lease."""
        values: dict[str, Any] = {"next_move": next_move, "claimed_until": until}
        if partial is not None:
            values.update(partial=partial, saved_move=next_move)
        return self._held(match_id, owner, **values)

    def finish(self, match_id: str, owner: str, result: str) -> bool:
        return self._held(
            match_id,
            owner,
            status=DONE,
            result=result,
            partial=None,
            next_move=analyses.c.total_moves,
            claimed_by=None,
            claimed_until=None,
            finished_at=time.time(),
        )

    def fail(self, match_id: str, owner: str, reason: str) -> bool:
        return self._held(
            match_id,
            owner,
            status=FAILED,
            error=reason[:500],
            claimed_by=None,
            claimed_until=None,
            finished_at=time.time(),
        )

    def slice_failed(
        self, match_id: str, owner: str, retry_at: float, most: int, next_move: int, partial: str | None
    ) -> None:
        """A slice broke its worker: give the job back with the work so far, kept from every
        process until ``retry_at``; failed at the ``most``-th such failure."""
        values: dict[str, Any] = {
            "failures": analyses.c.failures + 1,
            "claimed_by": None,
            "claimed_until": retry_at,
            "status": case((analyses.c.failures + 1 >= most, FAILED), else_=QUEUED),
            "error": case((analyses.c.failures + 1 >= most, "its worker stopped during every try"), else_=None),
            "next_move": next_move,
        }
        if partial is not None:
            values.update(partial=partial, saved_move=next_move)
        with self.store._write() as conn:
            conn.execute(
                update(analyses).where(analyses.c.match_id == match_id, analyses.c.claimed_by == owner).values(**values)
            )

    def release(self, match_id: str, owner: str, next_move: int, partial: str | None) -> None:
        """Give the job back now (this process is stopping), with the work done so far."""
        values: dict[str, Any] = {"status": QUEUED, "claimed_by": None, "claimed_until": None, "next_move": next_move}
        if partial is not None:
            values.update(partial=partial, saved_move=next_move)
        with self.store._write() as conn:
            conn.execute(
                update(analyses)
                .where(analyses.c.match_id == match_id, analyses.c.claimed_by == owner, analyses.c.status == RUNNING)
                .values(**values)
            )
