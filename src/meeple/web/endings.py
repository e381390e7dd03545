"""How a game ends off the board: by its rules, a clock, a resignation, abandonment or the move cap.

A game ended by the server (not by its rules) keeps its moves as they are and
stores why in the match's ``ended`` column, as JSON ``{"by", "seats", "text"}``:
``by`` is ``"timeout"``, ``"resigned"`` or ``"abandoned"``; ``seats`` are the
seats that lost that way; ``text`` says it in words. An older row holds the
words alone (only clocks wrote it then): it reads as a timeout of the seats
marked ``lost``.

Results: the seats of ``seats``, and every seat that lost on time, lose; every
other seat wins (with two seats, the other seat). With more than two seats a
resignation or abandonment also ends the game at once, the remaining seats
sharing the win: a table the server cannot finish fairly for them is over for
everyone, and nobody plays on against a stand-in they did not choose.

Routes (a refusal is a 4xx with ``{"error"}`` and changes nothing)
  POST /api/matches/{id}/resign    a human seat (its token) gives up a running game
  POST /api/matches/{id}/abandon   a human seat (its token) ends a game without a clock
                                   whose every seat to move is another human seat that has
                                   not moved for ``abandon_after`` seconds; those seats lose
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meeple.web.errors import ApiError
from meeple.web.parsing import bearer_token

if TYPE_CHECKING:
    from meeple.web.live import LiveMatch
    from meeple.web.storage import SeatRow
    from meeple.web.tables import Tables

# The default wait before the seats to move count as gone (``meeple serve --abandon-after``).
ABANDON_AFTER_S = 15 * 60.0
ENDED_BY = ("rules", "timeout", "resigned", "abandoned", "stopped", "cancelled", "expired")
# A table that never started, closed by its creator or by its time running out (meeple.web.opentables).
NO_RESULT = ("stopped", "cancelled", "expired")


@dataclass(frozen=True)
class Ending:
    """Why a game is over: ``by`` one of :data:`ENDED_BY`, the seats that lost that way, in words."""

    by: str
    seats: tuple[int, ...]
    text: str | None

    def encode(self) -> str:
        return json.dumps({"by": self.by, "seats": list(self.seats), "text": self.text})


def parse_ended(raw: str, seats: list[SeatRow]) -> Ending:
    """The stored ``ended`` column (JSON, or the bare words an older row holds: a timeout)."""
    if raw.startswith("{"):
        try:
            data = json.loads(raw)
            return Ending(str(data["by"]), tuple(int(s) for s in data["seats"]), data.get("text"))
        except (ValueError, KeyError, TypeError):
            pass
    return Ending("timeout", tuple(s.seat for s in seats if s.lost), raw)


def ending_of(match: LiveMatch) -> Ending | None:
    """Why ``match`` is over, or ``None`` while it is waiting or running."""
    if match.waiting:
        return None
    if match.row.ended:
        return parse_ended(match.row.ended, match.seats)
    if match.state.is_over:
        return Ending("rules", (), None)
    if match.cap_stop:
        return Ending("stopped", (), match.cap_stop)
    return None


def winners(ending: Ending, seats: list[SeatRow]) -> list[int]:
    """The winners of a game the server ended: every seat that did not lose (the cap, a table
    that never started: nobody)."""
    if ending.by in NO_RESULT:
        return []
    out = set(ending.seats)
    return [s.seat for s in seats if s.seat not in out and not s.lost]


def summary(ending: Ending, match: LiveMatch, won: list[int]) -> dict[str, Any]:
    """The end screen of a game the server ended: the reason and each seat's result (no scores)."""
    results = []
    for s in match.seats:
        if s.seat in won:
            note = "won"
        elif ending.by == "resigned" and s.seat in ending.seats:
            note = "resigned: lost"
        elif ending.by == "abandoned" and s.seat in ending.seats:
            note = "left the game: lost"
        elif s.lost:
            note = "ran out of time: lost"
        elif ending.by in ("cancelled", "expired"):
            note = "no result: the game never started"
        else:
            note = "no result: the game was stopped"
        results.append({"seat": s.seat, "lines": [], "total": None, "note": note})
    return {"reason": ending.text, "winners": won, "seats": results}


def stop_clocks(clock: dict[str, Any] | None, seats: list[SeatRow], now: float) -> dict[int, dict[str, Any]]:
    """The seat values that stop every running clock, charging real-time banks to ``now``."""
    changes: dict[int, dict[str, Any]] = {}
    if clock is None:
        return changes
    for s in seats:
        if s.clock_since is None:
            continue
        values: dict[str, Any] = {"clock_since": None}
        if clock["kind"] == "realtime" and s.time_left is not None:
            values["time_left"] = max(0.0, s.time_left - (now - s.clock_since))
        changes[s.seat] = values
    return changes


def _token_seat(request: Request, match: LiveMatch) -> int:
    # Imported here: meeple.web.tables imports this module (its clock sweep ends games too).
    from meeple.web.tables import _token_seat as seat_of

    return seat_of(request, match)


class EndingApi:
    """The routes above, for one request."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.hub = tables.hub

    async def _running_human(self, request: Request) -> tuple[LiveMatch, int]:
        """The match and the caller's seat, refused unless it is a human seat of a running game."""
        match = await self.hub.require(request.path_params["match_id"])
        if match.kind != "live":
            raise ApiError(409, "this is an uploaded record: it can be viewed, not played")
        seat = _token_seat(request, match)
        await self.tables.reload(match)
        if match.waiting:
            raise ApiError(409, "this table has not started yet: nothing to resign or abandon")
        if ending_of(match) is not None:
            raise ApiError(409, "the game is over already")
        row = match.seats[seat]
        if row.kind != "human":
            raise ApiError(403, "only a person's seat can do this (a bot seat cannot)")
        if row.lost:
            raise ApiError(409, "this seat lost on time already: a bot makes its moves to the end")
        return match, seat

    async def _end(self, match: LiveMatch, ending: Ending, last_move_at: float | None) -> bool:
        """Store the ending, only while the match runs and (``last_move_at`` given: the last move's
        time, -1 for none) has had no move since; other processes hear of it as of a seat change."""
        now = time.time()
        seat_values = stop_clocks(match.row.clock, match.seats, now)
        values = {"status": "over", "ended": ending.encode(), "bot_due": False, "deadline": None}
        async with match.lock:
            done = await self.hub.db(self.tables.store.end_match, match.id, last_move_at, values, seat_values)
        await self.tables._changed(match)
        return bool(done)

    async def resign(self, request: Request) -> Response:
        match, seat = await self._running_human(request)
        from meeple.web.seatclaims import claim_link_seat  # here: it imports the ratings, which import this

        # A resignation through a link claims it as a move does: the loss counts for the key that resigned.
        await claim_link_seat(self.tables, request, match, seat, bearer_token(request) or "")
        ending = Ending("resigned", (seat,), f"{match.seats[seat].name} resigned")
        if not await self._end(match, ending, None):
            raise ApiError(409, "the game ended or moved on meanwhile: look at the board again")
        return JSONResponse({"ended_by": "resigned", "seat": seat, "winners": winners(ending, match.seats)})

    async def abandon(self, request: Request) -> Response:
        match, seat = await self._running_human(request)
        if match.row.clock is not None:
            raise ApiError(409, "this game has a clock: it settles an absent player, so it cannot be abandoned")
        gone = list(match.state.to_move)
        if not gone or seat in gone or any(match.seats[s].kind != "human" or match.seats[s].away for s in gone):
            raise ApiError(409, "a game can be abandoned only while it waits for other players, not for you or a bot")
        last = match.row.last_move_at
        since = last if last is not None else await self.hub.read(self.tables.store.created_at, match.id)
        idle = time.time() - (since or time.time())
        wait = self.tables.abandon_after
        if idle < wait:
            raise ApiError(
                409, f"the game can be abandoned after {wait:g} s without a move; it has waited {idle:.0f} s"
            )
        names = ", ".join(match.seats[s].name for s in gone)
        words = f"{names} left: the game was abandoned after {idle / 60:.0f} min without a move"
        ending = Ending("abandoned", tuple(gone), words)
        if not await self._end(match, ending, last if last is not None else -1.0):
            raise ApiError(409, "the game ended or moved on meanwhile: look at the board again")
        return JSONResponse({"ended_by": "abandoned", "seats": gone, "winners": winners(ending, match.seats)})


def routes(tables: Callable[[], Tables]) -> list[Route]:
    from meeple.web.tables import api_endpoint  # here: meeple.web.tables imports this module

    def endpoint(name: str) -> Callable[[Request], Any]:
        return api_endpoint(EndingApi, tables, name)

    return [
        Route("/api/matches/{match_id}/resign", endpoint("resign"), methods=["POST"]),
        Route("/api/matches/{match_id}/abandon", endpoint("abandon"), methods=["POST"]),
    ]
