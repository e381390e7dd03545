"""One chat per match: stored with it, for its seats (and spectators if the table allows), live.

Routes
  GET  /api/matches/{id}/chat          the chat (``?after=<id>`` only newer lines); a seat's token, or
                                       none where spectators may read
  POST /api/matches/{id}/chat          ``{"text"}`` with a seat's token
  WS   /api/matches/{id}/chat/live     send ``{"token": ...}`` (a text frame); receive
                                       ``{"type": "chat", "messages": [...]}``

Lines are plain text (pages show them as text, never as markup), at most
:data:`MAX_TEXT` characters, and each seat may send :data:`BURST` lines at once
and :data:`PER_MINUTE` a minute. Other processes hear of a line through
``NOTIFY`` and read it from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from meeple.web.errors import ApiError
from meeple.web.hub import LiveMatch
from meeple.web.limits import RateLimit
from meeple.web.parsing import bearer_token, json_object, number, parse_json
from meeple.web.tables import Tables

MAX_TEXT = 500
PER_MINUTE = 20.0
BURST = 5
HELLO_TIMEOUT_S = 10.0


@dataclass(eq=False)
class Reader:
    last: int = 0
    queue: asyncio.Queue[list[dict[str, Any]]] = field(default_factory=asyncio.Queue)


def clean_text(raw: Any) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise ApiError(422, "'text' must be the message, as text")
    text = raw.strip()
    if len(text) > MAX_TEXT:
        raise ApiError(422, f"a message has at most {MAX_TEXT} characters (this one has {len(text)})")
    if any(unicodedata.category(c).startswith("C") and c != "\n" for c in text):
        raise ApiError(422, "a message cannot hold control characters")
    return text


class Chat:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.hub = tables.hub
        self.rate = RateLimit(PER_MINUTE, BURST)
        self.readers: dict[str, set[Reader]] = {}
        tables.on_chat = self.heard

    def seat_of(self, match: LiveMatch, token: str | None) -> int | None:
        """The writer's seat; ``None`` for a spectator, refused where spectators may not read."""
        if token:
            seat = match.seat_of_token(token)
            if seat is None:
                raise ApiError(403, "this token is not a seat of this match (check the link)")
            return seat
        if not match.row.chat_spectators:
            raise ApiError(403, "this table's chat is for its players only")
        return None

    async def post(self, match: LiveMatch, seat: int, raw: Any) -> dict[str, Any]:
        text = clean_text(raw)
        wait = self.rate.wait(f"{match.id}:{seat}")
        if wait > 0:
            raise ApiError(429, f"slow down: you can send another message in {wait:.0f} s")
        line = await self.hub.db(self.tables.store.add_chat, match.id, seat, match.seats[seat].name, text)
        self._deliver(match.id, [line])
        with contextlib.suppress(Exception):
            await self.hub.db(self.tables.store.notify, f"C {match.id}")
        return line

    def _deliver(self, match_id: str, lines: list[dict[str, Any]]) -> None:
        for reader in self.readers.get(match_id, ()):
            fresh = [line for line in lines if line["id"] > reader.last]
            if fresh:
                reader.last = fresh[-1]["id"]
                reader.queue.put_nowait(fresh)

    def heard(self, match_id: str) -> None:
        """Another process stored a line: read what the open pages have not seen."""
        readers = self.readers.get(match_id)
        if readers:
            after = min(r.last for r in readers)
            task = asyncio.create_task(self._catch_up(match_id, after))
            task.add_done_callback(lambda t: t.exception() if not t.cancelled() else None)

    async def _catch_up(self, match_id: str, after: int) -> None:
        self._deliver(match_id, await self.hub.read(self.tables.store.chat_after, match_id, after))

    # ---------------------------------------------------------------- routes
    async def get_route(self, request: Request) -> Response:
        match = await self.hub.require(request.path_params["match_id"])
        self.seat_of(match, bearer_token(request))
        after_raw = request.query_params.get("after", "0")
        after = number(after_raw)
        if after is None:
            raise ApiError(400, "after must be a message id")
        return JSONResponse({"messages": await self.hub.read(self.tables.store.chat_after, match.id, after)})

    async def post_route(self, request: Request) -> Response:
        match = await self.hub.require(request.path_params["match_id"])
        token = bearer_token(request)
        if token is None:
            raise ApiError(401, "writing in the chat needs a seat's token (Authorization: Bearer <token>)")
        seat = self.seat_of(match, token)
        assert seat is not None
        raw = await request.body()
        if len(raw) > 4 * MAX_TEXT + 1024:
            raise ApiError(413, "the message is too long")
        data = json_object(parse_json(raw, "the message"), "the message")
        return JSONResponse(await self.post(match, seat, data.get("text")), status_code=201)

    async def live(self, websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            received = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT_S)
            if received["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(received.get("code", 1000))
            message = received.get("text")
            if message is None:  # pages send text; a binary frame is no documented hello
                raise ApiError(400, "the first message must be a text frame (JSON), not binary")
            if len(message) > 4096:
                raise ApiError(413, "the first message is too long")
            hello = json_object(parse_json(message, "the first message"), "the first message")
            match = await self.hub.require(websocket.path_params["match_id"])
            token = hello.get("token")
            self.seat_of(match, token if isinstance(token, str) else None)
        except ApiError as exc:
            with contextlib.suppress(Exception):
                await websocket.close(code=4000 + exc.status, reason=exc.message.encode()[:120].decode(errors="ignore"))
            return
        except (WebSocketDisconnect, TimeoutError, KeyError, RuntimeError):
            with contextlib.suppress(Exception):
                await websocket.close(code=4408, reason="no hello message in time")
            return
        reader = Reader()
        history = await self.hub.read(self.tables.store.chat_after, match.id, 0)
        reader.last = history[-1]["id"] if history else 0
        self.readers.setdefault(match.id, set()).add(reader)

        async def sender() -> None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await websocket.send_text(json.dumps({"type": "chat", "messages": history}))
                while True:
                    lines = await reader.queue.get()
                    await websocket.send_text(json.dumps({"type": "chat", "messages": lines}))

        task = asyncio.create_task(sender())
        try:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass  # pages write through POST; anything sent here is ignored
        except WebSocketDisconnect:
            pass
        finally:
            readers = self.readers.get(match.id, set())
            readers.discard(reader)
            if not readers:
                self.readers.pop(match.id, None)
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


def routes(chat: Callable[[], Chat]) -> list[BaseRoute]:
    async def get(request: Request) -> Response:
        return await chat().get_route(request)

    async def post(request: Request) -> Response:
        return await chat().post_route(request)

    async def live(websocket: WebSocket) -> None:
        await chat().live(websocket)

    return [
        Route("/api/matches/{match_id}/chat", get, methods=["GET"]),
        Route("/api/matches/{match_id}/chat", post, methods=["POST"]),
        WebSocketRoute("/api/matches/{match_id}/chat/live", live),
    ]
