"""Open tables that never start: the creator cancels one, and one nobody fills expires.

Routes (a refusal is a 4xx with ``{"error"}`` and changes nothing)
  POST /api/matches/{id}/cancel   the player who opened a table (player key) closes it
                                  while it has not started

A table still waiting ``expire_after`` seconds after it was opened (``meeple
serve --expire-tables-after``, default a day; 0 never) is closed by the
tables' sweep. A closed table is a match ``over`` with no move and no
winner: its ``ended`` column says ``{"by": "cancelled" | "expired", "seats":
[], "text"}``, so every page shows why, the open tables no longer list it and
"My games" shows it as over. Closing is one conditional UPDATE (only while the
table still waits), so a cancel racing the last seat taken, the creator's
start or another process's sweep closes or starts it exactly once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meeple.web.endings import Ending
from meeple.web.errors import ApiError

if TYPE_CHECKING:
    from meeple.web.live import LiveMatch
    from meeple.web.tables import Tables

log = logging.getLogger("meeple.web")

# The default time a table waits for its players before it closes by itself.
EXPIRE_AFTER_S = 24 * 3600.0
# How often a process looks for tables past their time (closing one is never urgent).
EXPIRY_CHECK_S = 5.0


def waited_words(seconds: float) -> str:
    """'40 s', '12 min', '3 h', '2 days': a wait as the messages say it."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds // 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.3g} h"
    return f"{seconds / 86400:.0f} days"


class OpenTables:
    """Closing tables that never started, over one process's :class:`Tables`."""

    def __init__(self, tables: Tables, expire_after: float = EXPIRE_AFTER_S) -> None:
        self.tables = tables
        self.expire_after = expire_after  # seconds; 0 or less: tables never expire
        self._checked = 0.0

    def expires_in(self, waited: float) -> float | None:
        """Seconds until a table that waited ``waited`` seconds closes by itself (``None``: never)."""
        if self.expire_after <= 0:
            return None
        return max(0.0, self.expire_after - waited)

    async def close(self, match: LiveMatch, ending: Ending) -> bool:
        """Close the waiting table ``match`` (only while it still waits); its pages hear of it."""
        done = await self.tables.hub.db(self.tables.store.close_table, match.id, ending.encode())
        await self.tables._changed(match)
        return bool(done)

    async def expire_due(self) -> None:
        """(The sweep, at most every :data:`EXPIRY_CHECK_S`.) Close the tables past their time."""
        now = time.time()
        # A short expiry (tests, a busy public server) is checked more often than every few seconds.
        if self.expire_after <= 0 or now - self._checked < min(EXPIRY_CHECK_S, self.expire_after / 4):
            return
        self._checked = now
        hub = self.tables.hub
        for match_id in await hub.read(self.tables.store.waiting_since, now - self.expire_after):
            match = await hub.get(match_id)
            if match is None:
                continue
            words = f"nobody sat down within {waited_words(self.expire_after)}: the table closed by itself"
            if await self.close(match, Ending("expired", (), words)):
                log.info("match %s: the open table expired", match_id)


class OpenTableApi:
    """The route above, for one request."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def cancel(self, request: Request) -> Response:
        tables = self.tables
        match = await tables.hub.require(request.path_params["match_id"])
        found = await tables.player(request)
        assert found is not None
        player, _ = found
        if match.row.creator != player.id:
            raise ApiError(403, "only the player who opened this table can cancel it")
        await tables.reload(match)
        if not match.waiting:
            raise ApiError(409, "this table has started (or closed) already: only a table that waits can be cancelled")
        ending = Ending("cancelled", (), f"{player.name} cancelled the table before it started")
        if not await tables.open.close(match, ending):
            raise ApiError(409, "the table started or closed meanwhile: look at it again")
        return JSONResponse({"cancelled": True, "ended": ending.text})


def routes(tables: Callable[[], Tables]) -> list[Route]:
    from meeple.web.tables import api_endpoint  # here: meeple.web.tables imports this module

    def endpoint(name: str) -> Callable[[Request], Any]:
        return api_endpoint(OpenTableApi, tables, name)

    return [Route("/api/matches/{match_id}/cancel", endpoint("cancel"), methods=["POST"])]
