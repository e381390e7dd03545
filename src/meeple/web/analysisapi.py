"""The analysis routes: ask for a finished game's analysis, watch it, read it.

Routes (JSON; a refusal is a 4xx with ``{"error": reason}`` and starts nothing)
  POST /api/matches/{id}/analysis   start the analysis of a finished game, or answer the
                                    one stored (or under way): 202 when it was started
                                    now, 200 otherwise
  GET  /api/matches/{id}/analysis   its progress, then its result; ``"status": "none"``
                                    before anyone asked

Only a finished game is analysed (over by its rules or ended by the server, or
an uploaded record of a finished game): a running game's analysis would tell
a seat what the search saw of the others' cards. Once finished, a game's record
and every seat's view are open to anyone with its link, and so is its analysis.
Bounds: a request rate per client address, one job queued or running per
player (the ``X-Player-Key`` header's, else the client address's), a cap on
the jobs under way on the whole database, and each job's own caps
(``AnalysisSettings``), which the answer states.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meeple.analysis.marks import BLUNDER, INACCURACY, MISTAKE
from meeple.analysis.review import default_budget
from meeple.web.analysisjobs import AnalysisSettings
from meeple.web.analysisstore import DONE, FAILED, QUEUED, AlreadyAnalysing, AnalysisStore, Job
from meeple.web.errors import ApiError
from meeple.web.limits import RateLimit

if TYPE_CHECKING:
    from meeple.web.hub import Hub, LiveMatch

MAX_ID = 32
FAIRNESS = (
    "Each move is judged only from what its mover knew at that moment: the search plays it on "
    "deals the mover could not tell from the real one, never on cards revealed later. "
    "Chance outcomes are not mistakes."
)


def _limits(budget: int, cpu_seconds: float | None, max_decisions: int | None) -> dict[str, Any]:
    return {"budget": budget, "cpu_seconds": cpu_seconds, "max_decisions": max_decisions}


def answer(job: Job, ahead: int | None = None) -> dict[str, Any]:
    """What a page is told of a job: where it is, and its result once done."""
    body: dict[str, Any] = {
        "match_id": job.match_id,
        "status": job.status,
        "progress": {"done": job.total_moves if job.status == DONE else job.next_move, "total": job.total_moves},
        "limits": _limits(job.budget, job.cpu_seconds, job.max_decisions),
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
        "fairness": FAIRNESS,
    }
    if ahead is not None:
        body["ahead"] = ahead  # jobs asked for earlier and not finished yet
    if job.status == DONE and job.result is not None:
        body["analysis"] = json.loads(job.result)
    if job.status == FAILED:
        body["failure"] = job.error or "the analysis failed"
    return body


class AnalysisApi:
    """The routes above, for one app (its rate limit lives as long as the app)."""

    def __init__(self, hub: Callable[[], Hub], settings: AnalysisSettings) -> None:
        self._hub = hub
        self.settings = settings
        self.rate = RateLimit(settings.per_minute, settings.burst)

    @property
    def hub(self) -> Hub:
        return self._hub()

    def store(self) -> AnalysisStore:
        return AnalysisStore(self.hub.store)

    async def _finished(self, request: Request) -> LiveMatch:
        """The match of the request, refused unless its game is finished (its record public)."""
        match_id = request.path_params["match_id"]
        if len(match_id) > MAX_ID:
            raise ApiError(404, "there is no match with so long an id")
        match = await self.hub.require(match_id)  # 404 unknown; 409 one this server cannot show
        if not match.is_over and match.kind == "live":
            # Another process may have ended it (a resignation, a clock): read it anew before refusing.
            await self.hub.refresh(match)
            if self.hub.tables is not None:
                await self.hub.tables.reload(match)
        if match.waiting:
            raise ApiError(409, "this table has not started: there is no game to analyse yet")
        if not match.is_over:
            raise ApiError(
                409,
                "only a finished game is analysed: the analysis of a running game would reveal "
                "what its seats cannot see; ask again once it is over",
            )
        if not match.notations:
            raise ApiError(409, "this game ended before its first move: there is nothing to analyse")
        return match

    async def _requester(self, request: Request) -> str:
        """Who asks: the player of the ``X-Player-Key`` header, else the client address (a digest)."""
        tables = self.hub.tables
        found = await tables.player(request, required=False) if tables is not None else None
        if found is not None:
            return f"player:{found[0].id}"
        client = request.client.host if request.client else "unknown"
        return "address:" + hashlib.sha256(client.encode()).hexdigest()[:32]

    async def show(self, request: Request) -> Response:
        match = await self._finished(request)
        job = await self.hub.read(self.store().get, match.id)
        if job is None:
            settings = self.settings
            budget = settings.budget or default_budget(match.info.id)
            return JSONResponse(
                {
                    "match_id": match.id,
                    "status": "none",
                    "progress": {"done": 0, "total": len(match.notations)},
                    "limits": _limits(budget, settings.cpu_seconds, settings.max_decisions),
                    "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
                    "fairness": FAIRNESS,
                }
            )
        ahead = await self.hub.read(self.store().ahead_of, job) if job.status == QUEUED else None
        return JSONResponse(answer(job, ahead))

    async def start(self, request: Request) -> Response:
        self.rate.admit(request.client.host if request.client else "unknown", "analysis requests")
        match = await self._finished(request)
        store = self.store()
        job = await self.hub.read(store.get, match.id)
        if job is not None and job.status != FAILED:
            return JSONResponse(answer(job))  # stored, or under way: nothing new starts
        requester = await self._requester(request)
        if job is None and await self.hub.read(store.active_count) >= self.settings.max_active:
            raise ApiError(
                429, f"the server has {self.settings.max_active} analyses waiting or running; try again later"
            )
        try:
            if job is None:
                created, new = await self.hub.db(store.create, self._new_job(match, requester))
            else:  # it failed: asked again, it goes on from its saved work
                created, new = await self.hub.db(store.requeue, match.id, requester, time.time())
        except AlreadyAnalysing as exc:
            other = f" (of match {exc.job.match_id})" if exc.job is not None else ""
            raise ApiError(
                429, f"you have an analysis under way{other}: one at a time; ask again once it is done"
            ) from None
        if not new:  # another request got there first: its job
            return JSONResponse(answer(created))
        runner = self.hub.runner
        if runner is not None and runner.analysis is not None:
            runner.analysis.poke()
        return JSONResponse(answer(created), status_code=202)

    def _new_job(self, match: LiveMatch, requester: str) -> Job:
        settings = self.settings
        return Job(
            match_id=match.id,
            status=QUEUED,
            requester=requester,
            requested_at=time.time(),
            budget=settings.budget or default_budget(match.info.id),
            cpu_seconds=settings.cpu_seconds,
            max_decisions=settings.max_decisions,
            total_moves=len(match.notations),
        )


def routes(hub: Callable[[], Hub], settings: AnalysisSettings | None = None) -> list[Route]:
    api = AnalysisApi(hub, settings if settings is not None else AnalysisSettings.from_env())
    return [
        Route("/api/matches/{match_id}/analysis", api.show, methods=["GET"]),
        Route("/api/matches/{match_id}/analysis", api.start, methods=["POST"]),
    ]
