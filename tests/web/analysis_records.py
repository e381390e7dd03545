"""Finished games for the analysis tests, and small calls on the analysis routes."""

from __future__ import annotations

import random
import time
from typing import Any

import meeple
from meeple.core import Record
from meeple.web.analysisstore import analyses
from meeple.web.storage import Store
from tests.web.webtoy import INFO as WEBTOY


def random_record(game: str, seed: int, players: int = 2, **options: Any) -> Record:
    """A game of random moves played to its end."""
    state = meeple.GAMES[game].new(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state.record


def planted_record(seed: int = 6) -> Record:
    """A two-round game of the toy where seat 1, bidding after seat 0 (a choice of its own, not a
    simultaneous one), bids its lowest card every round: its worst bid, which the analysis marks
    (seed 6: card 1 then 5 against a 12 in hand, both blunders at budget 300). Seat 0 bids its
    highest; every draw turn passes."""
    state = WEBTOY.new(2, seed, rounds=2)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if legal[0].kind == "bid":
            bids = sorted(legal, key=lambda a: int(a.args[0]))
            state.apply(bids[0] if seat == 1 else bids[-1], seat)
        else:
            state.apply(next(a for a in legal if a.kind == "pass"), seat)
    return state.record


def job_row(db_url: str, match_id: str) -> dict[str, Any] | None:
    """The job's row as stored (read straight from the database, as no page can)."""
    from sqlalchemy import select

    store = Store(db_url, run_migrations=False)
    try:
        with store.engine.connect() as conn:
            row = conn.execute(select(analyses).where(analyses.c.match_id == match_id)).mappings().first()
            return None if row is None else dict(row)
    finally:
        store.close()


def wait_for_status(get: Any, statuses: tuple[str, ...], timeout: float = 30.0) -> dict[str, Any]:
    """Ask ``get()`` (an analysis answer) until its status is one of ``statuses``."""
    deadline = time.monotonic() + timeout
    while True:
        answer: dict[str, Any] = get()
        if answer["status"] in statuses:
            return answer
        assert time.monotonic() < deadline, f"still {answer['status']} after {timeout} s: {answer['progress']}"
        time.sleep(0.05)
