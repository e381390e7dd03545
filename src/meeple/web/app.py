"""The web app: lobby, game pages, a JSON API and live updates over WebSockets.

Routes
  GET  /                          the lobby (static page)
  GET  /m/{id}                    a match page; a seat's secret token travels in the
                                  URL fragment (``#t=...``), which browsers never send
  GET  /api/games                 the games, their player counts, options and bot levels
  GET  /api/games/{game}/picture  the lobby's picture of the game's board (an SVG; see
                                  meeple.web.gamepictures)
  POST /api/matches               start a match; answers each human seat's private link
  GET  /api/matches/{id}          a view: ``Authorization: Bearer <token>`` for a seat,
                                  none for the spectator; ``?at=N`` a past position;
                                  ``?seat=S`` any seat once the game is over or uploaded
  POST /api/matches/{id}/moves    ``{"action": notation, "move_number": N}`` with the token;
                                  with ``X-Player-Key`` the first move through a seat link
                                  claims it for that key (see meeple.web.seatclaims)
  POST /api/matches/{id}/undo     ``{"moves": 1, "move_number": N}`` with the token: take back
                                  the seat's own moves of its turn (see meeple.web.matchpage)
  GET  /rules/{game}              the game's rules (its RULES.md) as a page
  GET  /how-to-play/{game}        the game explained for players, with pictures of its board
                                  (its HOW_TO_PLAY.md; see meeple.web.howtoplay)
  GET  /api/matches/{id}/record   the record file, once the game is over (also when it ended
                                  off the board: the ``X-Meeple-Ended-By`` header says how)
  POST /api/matches/{id}/resign   a seat gives up; ``/abandon`` ends a game others left
                                  (see meeple.web.endings)
  POST /api/matches/{id}/cancel   the creator closes a table that never started
                                  (see meeple.web.opentables)
  POST /api/records               upload a record to view it
  GET  /leaderboard/{game}        a game's leaderboard; ``/players/{id}`` a player's page; their
                                  JSON: ``/api/leaderboard/{game}``, ``/api/players/{id}``,
                                  ``/api/matches/{id}/rating`` (see meeple.web.ratings_api)
  POST /api/matches/{id}/analysis start a finished game's analysis (or answer the stored one);
                                  ``GET`` its progress and result (see meeple.web.analysisapi)
  WS   /api/matches/{id}/live     send ``{"token": ..., "svg": true}`` as a text frame; receive views

Every refusal is a 4xx with ``{"error": reason}``; a refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

import meeple
from meeple.bots.levels import level_descriptions
from meeple.core import GameInfo, Record
from meeple.web import gcpolicy
from meeple.web.analysisapi import routes as analysis_routes
from meeple.web.analysisjobs import AnalysisSettings
from meeple.web.botworker import BOT_LEVELS, LEARNED, learned_label, learned_players, learned_refusal
from meeple.web.chat import Chat
from meeple.web.chat import routes as chat_routes
from meeple.web.endings import ABANDON_AFTER_S, ending_of
from meeple.web.endings import routes as ending_routes
from meeple.web.errors import ApiError
from meeple.web.gamepictures import picture_route
from meeple.web.howtoplay import routes as how_to_play_routes
from meeple.web.hub import MAX_MOVES, Hub, LiveMatch, Subscriber
from meeple.web.limits import Limits, RateLimit
from meeple.web.matchpage import rules_route, undo
from meeple.web.opentables import EXPIRE_AFTER_S
from meeple.web.opentables import routes as open_table_routes
from meeple.web.parsing import bearer_token, integer, json_object, number, parse_json, parse_seats, short_quote
from meeple.web.players import KEY_HEADER
from meeple.web.ratings_api import add_bot_ratings
from meeple.web.ratings_api import routes as rating_routes
from meeple.web.seatclaims import claim_link_seat
from meeple.web.storage import DB_TIMEOUT_S, Store
from meeple.web.tables import TABLE_FIELDS, Tables, parse_table
from meeple.web.tables import routes as table_routes

log = logging.getLogger("meeple.web")

STATIC = Path(__file__).parent / "static"
MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_BODY = 64 * 1024
MAX_RECORD = 2 * 1024 * 1024
HELLO_TIMEOUT_S = 10.0
MAX_HELLO = 4096


# ----------------------------------------------------------------- helpers
def _json_error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]


def database_message(exc: BaseException) -> str:
    """What a page is told when the database failed (no SQL, no parameters)."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text or "read only" in text:
        return "the database is read-only: nothing can be saved now; try again later"
    if "disk i/o error" in text or "disk is full" in text:
        return "the database cannot be written (the file is read-only or the disk failed): nothing can be saved now"
    if "locked" in text or "busy" in text:
        return "the database is busy: try again in a moment"
    return "the database is unavailable: try again in a moment"


async def _read_body(request: Request, limit: int, what: str) -> bytes:
    """The request body, refused (413) as soon as it is longer than ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (number(declared) is None or int(declared) > limit):
        raise ApiError(413, f"{what} is larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"{what} is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def _read_json(request: Request, limit: int = MAX_BODY) -> Any:
    return parse_json(await _read_body(request, limit, "the request body"), "the request body")


def _flag(request: Request, name: str, default: bool) -> bool:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if raw.lower() in ("1", "true", "yes"):
        return True
    if raw.lower() in ("0", "false", "no"):
        return False
    raise ApiError(400, f"query parameter {name!r} must be 1 or 0, got {raw!r}")


def _bearer(request: Request) -> str | None:
    if request.headers.get("authorization") is None:
        return None
    token = bearer_token(request)
    if token is None:
        raise ApiError(401, "the Authorization header must be 'Bearer <seat token>'")
    return token


def _match_id(request: Request) -> str:
    match_id = request.path_params["match_id"]
    if not MATCH_ID.match(match_id):
        raise ApiError(404, f"there is no match {match_id!r}")
    return str(match_id)


def _seat_for(match: LiveMatch, token: str | None) -> int | None:
    """The seat a token belongs to, ``None`` (spectator) without one; a wrong token is refused."""
    if token is None:
        return None
    seat = match.seat_of_token(token)
    if seat is None:
        raise ApiError(403, "this token is not a seat of this match (check the link)")
    return seat


def game_summary(info: GameInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "title": info.title,
        "description": info.description,
        "length": info.length,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "default_players": info.default_players,
        "options": [
            {
                "name": o.name,
                "kind": o.kind.__name__,
                "default": o.default,
                "help": o.help,
                "choices": list(o.choices) if o.choices is not None else None,
                "minimum": o.minimum,
                "maximum": o.maximum,
                "label": o.label or o.name,
                "choice_labels": list(o.choice_labels) if o.choice_labels is not None else None,
                "pick_from": [list(pair) for pair in o.pick_from] if o.pick_from is not None else None,
                "pick_count": o.pick_count,
            }
            for o in info.options
        ],
        # The levels as this game plays them (a level may differ by game), for the seat menus.
        "bots": [
            {"level": "random", "label": BOT_LEVELS["random"]},
            *({"level": name, "label": label} for name, label in level_descriptions(info.id).items()),
            *_learned_entry(info.id),
        ],
    }


def _learned_entry(game: str) -> list[dict[str, Any]]:
    """The game's learned bot for the seat menus, with the one player count it plays (none if it has none)."""
    players = learned_players(game)
    return [] if players is None else [{"level": LEARNED, "label": learned_label(players), "players": [players]}]


def _read_record(body: bytes) -> Record:
    """An uploaded record file, checked for shape and size (runs in a worker thread)."""
    try:  # bounded first: the record reader trusts its input's shape
        parse_json(body, "a record file", max_depth=8)
    except ApiError as exc:
        raise ApiError(422, f"not a meeple record: {exc.message}") from None
    try:
        return Record.from_json(body)
    except ValueError as exc:
        raise ApiError(422, f"not a meeple record: {exc}") from None


# -------------------------------------------------------------- endpoints
class Gate:
    """Creation limits: per client (a token bucket) and on running matches (a count, kept 1 s)."""

    def __init__(self, hub: Hub, limits: Limits | None) -> None:
        self.hub = hub
        self.limits = limits
        self.rate = RateLimit(limits.create_per_minute, limits.create_burst) if limits else None
        self._running: tuple[float, int] = (-1.0, 0)

    async def admit(self, request: Request, running: bool) -> None:
        """Raise 429 if this client may not create now, or (``running``) the server is full."""
        if self.limits is None or self.rate is None:
            return
        self.rate.admit(request.client.host if request.client else "unknown", "new matches")
        if running and self.limits.max_running > 0:
            now = time.monotonic()
            at, count = self._running
            if now - at > 1.0:
                count = await self.hub.read(self.hub.store.running_count)
                self._running = (now, count)
            if count >= self.limits.max_running:
                raise ApiError(
                    429, f"the server is running its limit of {self.limits.max_running} matches; try again later"
                )
            self._running = (self._running[0], count + 1)


class Api:
    def __init__(self, hub: Hub, gate: Gate) -> None:
        self.hub = hub
        self.gate = gate

    def _game(self, game: Any) -> GameInfo:
        games = self.hub.games
        if not isinstance(game, str) or game not in games:
            raise ApiError(422, f"unknown game {game!r} (games: {', '.join(games) or 'none yet'})")
        return games[game]

    async def games(self, request: Request) -> Response:
        catalogue = [game_summary(info) for info in self.hub.games.values()]
        await add_bot_ratings(self.hub, catalogue)  # each level's rating: the players' yardstick
        return JSONResponse(
            {
                "games": catalogue,
                "bots": [{"level": level, "label": label} for level, label in BOT_LEVELS.items()],
            }
        )

    async def create_match(self, request: Request) -> Response:
        data = json_object(await _read_json(request), "the match")
        unknown = set(data) - {"game", "players", "options", "seats", *TABLE_FIELDS}
        if unknown:
            hint = " (the server draws the seed)" if "seed" in unknown else ""
            raise ApiError(422, f"unknown fields: {', '.join(sorted(unknown))}{hint}")
        info = self._game(data.get("game"))
        players = data.get("players", info.default_players)
        players = integer(players, "players")
        if not info.min_players <= players <= info.max_players:
            raise ApiError(
                422, f"{info.title} is played by {info.min_players} to {info.max_players} players, not {players}"
            )
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise ApiError(422, "'options' must be an object")
        try:
            options = info.resolve_options(options)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        seats = parse_seats(data.get("seats"), players)
        for seat_number, seat in enumerate(seats):
            refusal = learned_refusal(info.id, players, options) if seat.get("bot") == LEARNED else None
            if refusal is not None:
                raise ApiError(422, f"seat {seat_number}: {refusal}")
        table = parse_table(data)
        await self.gate.admit(request, running=True)
        try:
            match, tokens = await self.hub.tables.create(info, players, options, seats, table, request)
        except ValueError as exc:  # the game refused this set-up
            raise ApiError(422, str(exc)) from None
        url = f"/m/{match.id}"
        return JSONResponse(
            {
                "id": match.id,
                "url": url,
                "spectator_url": url,
                "seats": [
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "kind": s.kind,
                        "bot": s.bot,
                        **({"token": tokens[s.seat], "url": f"{url}#t={tokens[s.seat]}"} if s.seat in tokens else {}),
                    }
                    for s in match.seats
                ],
            },
            status_code=201,
        )

    async def get_view(self, request: Request) -> Response:
        match = await self.hub.require(_match_id(request))
        seat = _seat_for(match, _bearer(request))
        open_views = match.kind == "upload" or match.is_over
        asked_seat = request.query_params.get("seat")
        if asked_seat is not None:
            if number(asked_seat) is None or int(asked_seat) >= match.state.players:
                raise ApiError(400, f"seat must be a number from 0 to {match.state.players - 1}")
            if not open_views and seat != int(asked_seat):
                raise ApiError(403, "a seat's view of a running game needs that seat's link")
            seat = int(asked_seat)
        svg = _flag(request, "svg", True)
        observation = _flag(request, "observation", False)
        at_raw = request.query_params.get("at")
        if at_raw is None:
            return JSONResponse(match.view(seat, svg=svg, observation=observation))
        if number(at_raw) is None or int(at_raw) > match.state.move_number:
            raise ApiError(400, f"at must be a move number from 0 to {match.state.move_number}")
        view = await run_in_threadpool(self.hub.past_view, match, int(at_raw), seat, svg=svg, observation=observation)
        return JSONResponse(view)

    async def _seat_request(
        self, request: Request, doing: str, what: str, fields: set[str]
    ) -> tuple[LiveMatch, int, dict[str, Any], int]:
        """A seat's change to its match: the match, the seat (by its token), the
        body (only ``fields`` and ``move_number``) and the move number it was chosen at."""
        match = await self.hub.require(_match_id(request))
        token = _bearer(request)
        if token is None:
            raise ApiError(401, f"{doing} needs the seat's token (Authorization: Bearer <token>)")
        seat = _seat_for(match, token)
        assert seat is not None
        data = json_object(await _read_json(request), what)
        unknown = set(data) - fields - {"move_number"}
        if unknown:
            raise ApiError(422, f"unknown fields: {', '.join(sorted(unknown))}")
        if "move_number" not in data:
            raise ApiError(422, "'move_number' (the move number of the view you chose from) is required")
        return match, seat, data, integer(data["move_number"], "move_number")

    async def play(self, request: Request) -> Response:
        match, seat, data, expected = await self._seat_request(request, "playing a move", "a move", {"action"})
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ApiError(422, "'action' must be the move's notation, e.g. from the view's 'legal' list")
        if len(action) > 200:
            raise ApiError(422, f"'action' is too long to be a move ({len(action)} characters; a move has at most 200)")
        counts_for = await claim_link_seat(self.hub.tables, request, match, seat, _bearer(request) or "")
        try:
            played = await self.hub.play(match, seat, action, expected)
        except ApiError as exc:  # a refusal may quote the move: quoted short, a message stays readable
            raise ApiError(exc.status, short_quote(exc.message, action)) from None
        # Said to a player (a key sent): whom the seat counts for; a bare link's move answers as before.
        said = {"counts_for": counts_for} if request.headers.get(KEY_HEADER) else {}
        return JSONResponse({"move_number": played, **said})

    async def undo(self, request: Request) -> Response:
        match, seat, data, seen = await self._seat_request(request, "taking a move back", "an undo", {"moves"})
        moves = integer(data.get("moves", 1), "moves")
        if moves < 1:
            raise ApiError(422, "'moves' must be at least 1")
        kept = await undo(self.hub, match, seat, moves, seen)
        return JSONResponse({"move_number": kept})

    async def record(self, request: Request) -> Response:
        match = await self.hub.require(_match_id(request))
        if match.kind == "live" and not match.is_over:
            raise ApiError(409, "the record is available once the game is over (it would reveal hidden cards)")
        record = match.state.record
        record.names = match.names
        text = record.to_json(indent=1)
        filename = f"{match.info.id}-{match.id}.meeple.json"
        headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
        ending = ending_of(match)
        if ending is not None and ending.by != "rules":
            # A record holds moves only: how a game ended off the board travels beside it.
            headers["X-Meeple-Ended-By"] = ending.by
            headers["X-Meeple-Ended"] = (ending.text or "").encode("ascii", "replace").decode()
        return Response(text, media_type="application/json", headers=headers)

    async def upload(self, request: Request) -> Response:
        body = await _read_body(request, MAX_RECORD, "a record file")
        await self.gate.admit(request, running=False)
        record = await run_in_threadpool(_read_record, body)
        info = self._game(record.game)
        if record.rules_version != info.rules_version:
            raise ApiError(
                422,
                f"the record was made with {info.title} rules version {record.rules_version}; this server plays "
                f"version {info.rules_version}, which would not replay it as the same game",
            )
        if len(record.moves) > self.hub.max_moves:
            raise ApiError(413, f"a record has at most {self.hub.max_moves} moves (this one has {len(record.moves)})")
        try:
            match = await self.hub.upload(info, record.players, record.seed, record.options, record.moves, record.names)
        except (ValueError, TypeError) as exc:
            raise ApiError(422, f"the record does not replay: {exc}") from None
        return JSONResponse({"id": match.id, "url": f"/m/{match.id}"}, status_code=201)

    async def live(self, websocket: WebSocket) -> None:
        """Send the page its seat's view now and after every change."""
        await websocket.accept()
        try:
            match, sub = await self._hello(websocket)
        except ApiError as exc:
            with contextlib.suppress(Exception):
                await websocket.send_json({"type": "error", "status": exc.status, "error": exc.message})
                # A close reason is at most 123 bytes.
                await websocket.close(code=4000 + exc.status, reason=exc.message.encode()[:120].decode(errors="ignore"))
            return
        except (WebSocketDisconnect, TimeoutError):
            with contextlib.suppress(Exception):
                await websocket.close(code=4408, reason="no hello message in time")
            return
        except SQLAlchemyError as exc:
            log.warning("database error on a live page: %s", _first_line(exc))
            with contextlib.suppress(Exception):
                await websocket.send_json({"type": "error", "status": 503, "error": database_message(exc)})
                await websocket.close(code=1011, reason="the database is unavailable")
            return
        await self._serve_subscriber(websocket, match, sub)

    async def _hello(self, websocket: WebSocket) -> tuple[LiveMatch, Subscriber]:
        """Read the page's first message: which match, which seat (by token), what to send."""
        match_id = websocket.path_params["match_id"]
        if not MATCH_ID.match(match_id):
            raise ApiError(404, f"there is no match {match_id!r}")
        message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT_S)
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        raw = message.get("text")
        if raw is None:  # pages send text; a binary frame is no documented hello
            raise ApiError(400, "the first message must be a text frame (JSON), not binary")
        if len(raw) > MAX_HELLO:
            raise ApiError(413, f"the first message is longer than {MAX_HELLO} bytes")
        hello = json_object(parse_json(raw, "the first message"), "the first message")
        match = await self.hub.require(match_id)
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise ApiError(400, "token must be text")
        seat = _seat_for(match, token or None)
        seat_asked = hello.get("seat")
        if seat_asked is not None:
            if match.kind != "upload" and not match.is_over:
                raise ApiError(403, "a seat's view of a running game needs that seat's link")
            seat = integer(seat_asked, "seat")
            if not 0 <= seat < match.state.players:
                raise ApiError(400, f"seat must be from 0 to {match.state.players - 1}")
        return match, Subscriber(
            seat, svg=bool(hello.get("svg", True)), observation=bool(hello.get("observation", False))
        )

    async def _serve_subscriber(self, websocket: WebSocket, match: LiveMatch, sub: Subscriber) -> None:
        match.subscribers.add(sub)
        sub.wake.set()

        async def sender() -> None:
            try:
                while True:
                    await sub.wake.wait()
                    sub.wake.clear()
                    await websocket.send_text(match.view_message(sub.seat, svg=sub.svg, observation=sub.observation))
            except (WebSocketDisconnect, RuntimeError, OSError):
                return  # the page went away; the receive loop below notices and cleans up

        task = asyncio.create_task(sender())
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                # Pages only listen; anything they send (pings) is ignored.
        except WebSocketDisconnect:
            pass
        finally:
            match.subscribers.discard(sub)
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


# ------------------------------------------------------------- middleware
class SecurityHeaders:
    """Pages run only our own scripts; nothing is framed or sniffed."""

    HEADERS = [
        (
            b"content-security-policy",
            b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
        ),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + self.HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


# -------------------------------------------------------------------- app
def create_app(
    db: str = "sqlite:///meeple.db",
    *,
    bot_mode: str = "process",
    bot_workers: int = 1,
    bot_delay: float = 0.0,
    games: Callable[[], dict[str, GameInfo]] | None = None,
    run_bots: bool = True,
    max_moves: int = MAX_MOVES,
    limits: Limits | None = None,
    db_timeout: float = DB_TIMEOUT_S,
    tune_gc: bool = False,
    abandon_after: float = ABANDON_AFTER_S,
    expire_tables_after: float = EXPIRE_AFTER_S,
    analysis: AnalysisSettings | None = None,
) -> Starlette:
    """The ASGI app over the database ``db`` (a SQLAlchemy URL; ``postgresql://...`` works).

    ``bot_mode`` runs bots in worker ``"process"``es (the server stays
    responsive while they think) or ``"thread"``s; ``bot_delay`` makes bots
    wait before moving so people can follow; ``run_bots=False`` leaves bot
    turns to other processes (``meeple worker``); ``max_moves`` ends any game
    after that many moves; ``limits`` bounds what clients may create (none
    without it); ``db_timeout`` bounds every wait on the database;
    ``tune_gc`` keeps the process's garbage collections short
    (:mod:`meeple.web.gcpolicy`; ``meeple serve`` sets it); ``abandon_after``
    is how long a game waits without a move before it may be abandoned
    (:mod:`meeple.web.endings`); ``expire_tables_after`` is how long a table
    waits for its players before it closes by itself (0: never;
    :mod:`meeple.web.opentables`); ``analysis`` bounds the analyses of finished
    games (default: ``AnalysisSettings.from_env()``, :mod:`meeple.web.analysisjobs`);
    ``games`` overrides ``meeple.GAMES`` (tests).
    """
    holder: dict[str, Any] = {}

    def hub() -> Hub:
        found: Hub = holder["hub"]
        return found

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db, timeout=db_timeout)
        holder["hub"] = Hub(
            store,
            bot_mode=bot_mode,
            bot_workers=bot_workers,
            bot_delay=bot_delay,
            games=games or (lambda: meeple.GAMES),
            run_bots=run_bots,
            max_moves=max_moves,
        )
        app.state.hub = holder["hub"]
        app.state.gate = Gate(holder["hub"], limits)
        tables = app.state.tables = Tables(holder["hub"], abandon_after, expire_tables_after)
        holder["chat"] = Chat(tables)
        await holder["hub"].start()
        await tables.start()
        collections = gcpolicy.start() if tune_gc else None
        try:
            yield
        finally:
            if collections is not None:
                await gcpolicy.stop(collections)
            await tables.close()
            await holder["hub"].close()
            store.close()

    def endpoint(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def call(request: Request) -> Response:
            return await getattr(Api(hub(), request.app.state.gate), name)(request)  # type: ignore[no-any-return]

        return call

    async def live(websocket: WebSocket) -> None:
        await Api(hub(), websocket.app.state.gate).live(websocket)

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def match_page(request: Request) -> Response:
        return FileResponse(STATIC / "match.html")

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return _json_error(exc.status, exc.message)

    async def database_error(request: Request, exc: Exception) -> Response:
        log.warning("database error on %s %s: %s", request.method, request.url.path, _first_line(exc))
        return _json_error(503, database_message(exc))

    async def server_error(request: Request, exc: Exception) -> Response:
        # Starlette logs the traceback after this answer is sent.
        return _json_error(500, f"the server failed ({type(exc).__name__}); this is a bug, please report it")

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            return _json_error(exc.status_code, exc.detail)
        return Response(exc.detail, status_code=exc.status_code, media_type="text/plain")

    routes = [
        Route("/", lobby),
        Route("/m/{match_id}", match_page),
        Route("/api/games", endpoint("games")),
        picture_route(hub),
        Route("/api/matches", endpoint("create_match"), methods=["POST"]),
        Route("/api/matches/{match_id}", endpoint("get_view")),
        Route("/api/matches/{match_id}/moves", endpoint("play"), methods=["POST"]),
        Route("/api/matches/{match_id}/undo", endpoint("undo"), methods=["POST"]),
        rules_route(hub),
        *how_to_play_routes(hub),
        Route("/api/matches/{match_id}/record", endpoint("record")),
        Route("/api/records", endpoint("upload"), methods=["POST"]),
        WebSocketRoute("/api/matches/{match_id}/live", live),
        *table_routes(lambda: holder["hub"].tables),
        *ending_routes(lambda: holder["hub"].tables),
        *open_table_routes(lambda: holder["hub"].tables),
        *chat_routes(lambda: holder["chat"]),
        *analysis_routes(hub, analysis),
        *rating_routes(hub),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            ApiError: api_error,
            HTTPException: http_error,
            SQLAlchemyError: database_error,
            Exception: server_error,
        },
    )
    app.add_middleware(SecurityHeaders)
    return app
