"""Playing together: players, open tables, starting, rematches and clocks (routes and rules).

Routes (all answers JSON; a refusal changes nothing)
  POST /api/players                       ``{"name"}`` a new player: its id, name and private key
  GET  /api/players/me                    the player of the ``X-Player-Key`` header
  POST /api/players/me                    ``{"name"}`` rename
  GET  /api/players/me/games              "My games": every match the player sits in or is invited to
  GET  /api/tables                        public tables waiting for players
  POST /api/matches/{id}/sit              ``{"seat"}`` take a free seat (player key)
  POST /api/matches/{id}/start            ``{"bot"}`` the creator fills free seats with bots and starts
  POST /api/matches/{id}/cancel           the creator closes a table that has not started (opentables.py)
  POST /api/matches/{id}/rematch          a seat of a finished game asks for a rematch
  POST /api/matches/{id}/invite           ``{"accept": true|false}`` answer a rematch invitation
  POST /api/matches/{id}/back             a player whose seat a stand-in bot plays comes back

A table with a free seat (kind ``"open"``) or an invitation (``"invited"``)
is ``waiting``: it takes no moves. It starts when its last seat is taken, or
when its creator starts it, free seats becoming bots; one that never starts
is cancelled by its creator or expires (see :mod:`meeple.web.opentables`).
Who sits where never changes once it started. Clocks (see :mod:`meeple.web.clocks`) are enforced
by a sweep of stored deadlines every half second in every process; one
conditional UPDATE per deadline makes exactly one process enforce it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meeple.web import clocks, ratings
from meeple.web.botworker import BOT_LEVELS
from meeple.web.endings import ABANDON_AFTER_S, Ending, stop_clocks
from meeple.web.errors import ApiError
from meeple.web.hub import Hub, LiveMatch, hash_token
from meeple.web.listen import Changed
from meeple.web.opentables import EXPIRE_AFTER_S, OpenTables
from meeple.web.parsing import bearer_token, integer, json_object, parse_json
from meeple.web.players import KEY_HEADER, Player, clean_name, key_hash, new_key, new_player_id, seat_token
from meeple.web.ratings_api import add_seat_ratings
from meeple.web.storage import MatchRow, SeatRow
from meeple.web.tablestore import TableStore

log = logging.getLogger("meeple.web")

SWEEP_S = 0.5
MAX_BODY = 16 * 1024
TABLE_FIELDS = {"public", "clock", "chat_spectators", "rated"}
NEVER_STARTED = ("cancelled", "expired")  # how a table that never started was closed


@dataclass
class MoveEffects:
    """What a move changes besides the game: clocks, the result of a rated game; written in the move's transaction."""

    match: LiveMatch
    changes: list[clocks.SeatClock]
    back: int | None  # a seat whose player came back from a stand-in bot
    final: Any = None  # the state after a move that ended the game by its rules

    def write(self, conn: Any) -> dict[str, Any]:
        TableStore.write_clocks(conn, self.match.id, self.changes)
        if self.final is not None:  # so the game's rating needs no replay of its moves
            ratings.store_result(conn, self.match.id, self.final)
        if self.back is not None:
            from sqlalchemy import update

            from meeple.web.storage import seats

            conn.execute(
                update(seats).where(seats.c.match_id == self.match.id, seats.c.seat == self.back).values(away=None)
            )
        return {"deadline": clocks.deadline(self.match.row.clock, self._seats_after())}

    def _seats_after(self) -> list[SeatRow]:
        changed = {c.seat: c for c in self.changes}
        after = []
        for s in self.match.seats:
            c = changed.get(s.seat)
            copy = SeatRow(**{**s.__dict__})
            if c is not None:
                copy.time_left, copy.clock_since = c.time_left, c.clock_since
            if s.seat == self.back:
                copy.away = None
            after.append(copy)
        return after

    def apply(self) -> None:
        fresh = self._seats_after()
        for s, new in zip(self.match.seats, fresh, strict=True):
            s.time_left, s.clock_since, s.away = new.time_left, new.clock_since, new.away
        self.match.row.deadline = clocks.deadline(self.match.row.clock, self.match.seats)


@dataclass(frozen=True)
class TableSpec:
    """What a new match says about playing together (the fields beyond game, players, options, seats)."""

    public: bool = False
    clock: dict[str, Any] | None = None
    chat_spectators: bool = True
    rated: bool = True  # counts for the ratings if its seats allow it (meeple.web.ratings)


def parse_table(data: dict[str, Any]) -> TableSpec:
    public = data.get("public", False)
    spectators = data.get("chat_spectators", True)
    rated = data.get("rated", True)
    if not isinstance(public, bool) or not isinstance(spectators, bool) or not isinstance(rated, bool):
        raise ApiError(422, "'public', 'chat_spectators' and 'rated' must be true or false")
    try:
        clock = clocks.parse_clock(data.get("clock"), BOT_LEVELS)
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None
    return TableSpec(public, clock, spectators, rated)


def seat_rows(match_id: str, seats: list[dict[str, Any]], player: Player | None, key: str | None) -> list[SeatRow]:
    """The stored seats of a new match, and (by seat) the tokens of its link seats."""
    rows = []
    for number, spec in enumerate(seats):
        kind = spec["kind"]
        if kind == "bot":
            rows.append(SeatRow(number, spec["name"], "bot", bot=spec["bot"], bot_seed=secrets.randbits(63)))
        elif kind == "open":
            rows.append(SeatRow(number, "Open seat", "open"))
        elif kind == "player":
            if player is None or key is None:
                raise ApiError(401, "a seat of kind 'player' needs your player key (X-Player-Key)")
            token = seat_token(key, match_id, number)
            rows.append(SeatRow(number, player.name, "human", token_hash=hash_token(token), player_id=player.id))
        else:
            rows.append(SeatRow(number, spec["name"], "human"))
    if sum(1 for r in rows if r.kind == "human" and r.player_id is not None) > 1:
        raise ApiError(422, "you can sit at one seat of a table only")
    return rows


class Tables:
    """The rules of playing together, over one process's :class:`Hub`."""

    def __init__(self, hub: Hub, abandon_after: float = ABANDON_AFTER_S, expire_after: float = EXPIRE_AFTER_S) -> None:
        self.hub = hub
        self.abandon_after = abandon_after  # seconds without a move before a game may be abandoned
        self.store = TableStore(hub.store)
        self.open = OpenTables(self, expire_after)  # tables that never start: cancelled, expired
        self._task: asyncio.Task[None] | None = None
        hub.tables = self
        self.on_chat: Callable[[str], None] | None = None
        self._reloading: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._sweep())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    # ------------------------------------------------------------- players
    async def player(self, request: Request, required: bool = True) -> tuple[Player, str] | None:
        key = request.headers.get(KEY_HEADER)
        if not key:
            if required:
                raise ApiError(401, "this needs your player key (the X-Player-Key header)")
            return None
        found = await self.hub.read(self.store.player_by_key, key_hash(key))
        if found is None:
            raise ApiError(403, "this player key is not known here")
        if request.method == "POST":  # where keys are used from: two keys of one person play unrated
            await self.hub.db(ratings.note_origin, self.hub.store, found[0], request.client and request.client.host)
        return Player(*found), key

    # --------------------------------------------------------- move hooks
    def move_effects(self, match: LiveMatch, seat: int, after: Any, by_bot: bool) -> MoveEffects | None:
        row = match.seats[seat]
        if row.lost and not by_bot:
            raise ApiError(409, "this seat lost on time: a bot makes its moves to the end")
        back = seat if not by_bot and row.away is not None else None
        final = after if after.is_over else None
        if match.row.clock is None:
            return MoveEffects(match, [], back, final) if back is not None or final is not None else None
        seats = match.seats
        if back is not None:
            seats = [SeatRow(**{**s.__dict__, "away": None}) if s.seat == back else s for s in seats]
        now = time.time()
        changes = clocks.after_move(match.row.clock, seats, seat, match.state.to_move, after.to_move, now)
        return MoveEffects(match, changes, back, final)

    def start_clocks(self, match: LiveMatch) -> None:
        """(A match about to be stored running.) Fill the banks and run the first movers' clocks."""
        clock = match.row.clock
        if clock is None:
            return
        for change in clocks.start(clock, match.seats, match.state.to_move, time.time()):
            seat = match.seats[change.seat]
            seat.time_left, seat.clock_since = change.time_left, change.clock_since
        match.row.deadline = clocks.deadline(clock, match.seats)

    async def create(
        self,
        info: Any,
        players: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        spec: TableSpec,
        request: Request,
    ) -> tuple[LiveMatch, dict[int, str]]:
        """A new match or table (``POST /api/matches``); the tokens of its link seats."""
        from meeple.web.hub import new_match_id, new_token

        found = await self.player(request, required=any(s["kind"] == "player" for s in seats))
        player, key = found if found is not None else (None, None)
        match_id = new_match_id()
        rows = seat_rows(match_id, seats, player, key)
        tokens: dict[int, str] = {}
        for seat in rows:
            if seat.kind == "human" and seat.player_id is None:
                tokens[seat.seat] = new_token()
                seat.token_hash = hash_token(tokens[seat.seat])
        if player is not None and key is not None:
            tokens.update({r.seat: seat_token(key, match_id, r.seat) for r in rows if r.player_id == player.id})
        waiting = any(r.kind == "open" for r in rows)
        row = MatchRow(
            match_id,
            info.id,
            players,
            0,
            options,
            "live",
            "waiting" if waiting else "running",
            rows,
            public=spec.public,
            creator=player.id if player else None,
            clock=spec.clock,
            chat_spectators=spec.chat_spectators,
            rated=spec.rated,
        )
        return await self.hub.create_row(info, row), tokens

    # ---------------------------------------------------- seats changing
    async def reload(self, match: LiveMatch) -> None:
        """Take the stored seats and table fields (another request or process changed them)."""
        row = await self.hub.read(self.hub.store.load_match, match.id)
        if row is None:
            return
        match.row, match.seats = row, row.seats
        match.log.names = match.names  # the log names who sits where now
        match.waiting = row.status == "waiting"
        match.changed()

    def heard(self, notice: Changed, known: LiveMatch | None) -> None:
        if notice.what == "S" and known is not None:
            task = asyncio.create_task(self.reload(known))
            self._reloading.add(task)
            task.add_done_callback(self._reloading.discard)
        elif notice.what == "C" and self.on_chat is not None:
            self.on_chat(notice.match_id)

    async def _changed(self, match: LiveMatch) -> None:
        await self.reload(match)
        with contextlib.suppress(Exception):
            await self.hub.db(self.store.notify, f"S {match.id}")

    async def begin(self, match: LiveMatch, bot: str | None) -> bool:
        """Start a waiting table: free and invited seats become ``bot`` (``None``: only if none is left)."""
        await self.reload(match)
        if not match.waiting:
            return False
        values: dict[int, dict[str, Any]] = {}
        for s in match.seats:
            if s.kind in ("open", "invited"):
                if bot is None:
                    return False
                name = f"Bot {s.seat} ({bot})"
                values[s.seat] = {
                    "kind": "bot",
                    "bot": bot,
                    "bot_seed": str(secrets.randbits(63)),
                    "name": name,
                    "player_id": None,
                }
        filled = [
            SeatRow(**{**s.__dict__, **{k: v for k, v in values.get(s.seat, {}).items() if k != "bot_seed"}})
            for s in match.seats
        ]
        now = time.time()
        state = match.state
        changes = clocks.start(match.row.clock, filled, state.to_move, now) if match.row.clock else []
        for s in filled:
            c = next((c for c in changes if c.seat == s.seat), None)
            if c is not None:
                s.time_left, s.clock_since = c.time_left, c.clock_since
        deadline = clocks.deadline(match.row.clock, filled)
        due = not state.is_over and any(filled[s].kind == "bot" for s in state.to_move)
        started = await self.hub.db(self.store.start, match.id, values, changes, deadline, due)
        await self._changed(match)
        if started and due:
            self.hub.poke(match.id)
        return bool(started)

    # ---------------------------------------------------------------- clocks
    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                for match_id in await self.hub.read(self.store.expired_matches, time.time()):
                    await self._enforce(match_id)
                await self.open.expire_due()
            except Exception as exc:  # the database is away: the next sweep tries again
                log.warning("cannot enforce clocks now: %s", str(exc).splitlines()[0][:200] if str(exc) else exc)

    async def _enforce(self, match_id: str) -> None:
        match = await self.hub.get(match_id)
        if match is None:
            return
        async with match.lock:
            await self.reload(match)
            clock, deadline = match.row.clock, match.row.deadline
            if clock is None or deadline is None or match.state.is_over:
                return
            out = clocks.expired(clock, match.seats, time.time())
            if not out:
                return
            seat_values: dict[int, dict[str, Any]] = {}
            match_values: dict[str, Any] = {}
            lose = clock["on_timeout"] == "lose"
            for seat in out:
                stand_in = "random" if lose else clock["on_timeout"][4:]
                seat_values[seat] = {"away": stand_in, "lost": lose, "clock_since": None}
                if clock["kind"] == "realtime":
                    seat_values[seat]["time_left"] = 0.0  # the bank is spent: shown as 0:00, not as it was
            after = [SeatRow(**{**s.__dict__, **seat_values.get(s.seat, {})}) for s in match.seats]
            if lose and match.state.players - sum(1 for s in after if s.lost) < 2:
                names = ", ".join(match.seats[s].name for s in out)
                ending = Ending("timeout", tuple(out), f"{names} ran out of time and lost")
                # The game is over: every other clock stops where it is.
                for seat, values in stop_clocks(clock, after, time.time()).items():
                    seat_values.setdefault(seat, values)
                match_values.update(status="over", ended=ending.encode(), bot_due=False, deadline=None)
            else:
                match_values.update(deadline=clocks.deadline(clock, after), bot_due=True, due_at=time.time())
            if await self.hub.db(self.store.time_out, match.id, deadline, seat_values, match_values):
                log.info("match %s: seats %s ran out of time", match.id, out)
        await self._changed(match)
        if not match.row.ended:
            self.hub.poke(match.id)


def _bad(exc: ValueError) -> ApiError:
    return ApiError(422, str(exc))


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ApiError(413, f"the request body is larger than {MAX_BODY} bytes")
    return json_object(parse_json(raw or b"{}", "the request body"), "the request body")


def _not_waiting(match: LiveMatch, started: str) -> str:
    """Why a table takes no more seats: it started (``started``), or it was closed unstarted."""
    ending = match.meta()
    return f"this table was closed: {ending['ended']}" if ending["ended_by"] in NEVER_STARTED else started


def _seat_link(match_id: str, key: str, seat: int) -> str:
    return f"/m/{match_id}#t={seat_token(key, match_id, seat)}"


class TableApi:
    """The routes above, for one request."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.hub = tables.hub

    async def new_player(self, request: Request) -> Response:
        data = await _body(request)
        try:
            name = clean_name(data.get("name"), "your name")
        except ValueError as exc:
            raise _bad(exc) from None
        key, player_id = new_key(), new_player_id()
        await self.hub.db(self.tables.store.create_player, player_id, key_hash(key), name)
        return JSONResponse({"id": player_id, "name": name, "key": key}, status_code=201)

    async def me(self, request: Request) -> Response:
        found = await self.tables.player(request)
        assert found is not None
        player, _ = found
        if request.method == "POST":
            try:
                name = clean_name((await _body(request)).get("name"), "your name")
            except ValueError as exc:
                raise _bad(exc) from None
            await self.hub.db(self.tables.store.rename_player, player.id, name)
            player = Player(player.id, name)
        return JSONResponse({"id": player.id, "name": player.name})

    async def my_games(self, request: Request) -> Response:
        found = await self.tables.player(request)
        assert found is not None
        player, key = found
        rows = await self.hub.read(self.tables.store.player_games, player.id)
        now = time.time()
        games = []
        for row in rows:
            match = await self._quietly(row["id"])
            if match is None:
                continue
            seat = row["seat"]
            to_move = () if match.waiting or match.is_over else match.state.to_move
            last = match.row.last_move_at or row["created_at"].timestamp()
            games.append(
                {
                    "id": match.id,
                    "game": match.info.id,
                    "title": match.info.title,
                    "status": match.meta()["status"],
                    "seat": seat,
                    "invited": row["kind"] == "invited",
                    "your_turn": seat in to_move,
                    "since_last_move": round(now - last, 1),
                    "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in match.seats],
                    "rematch": match.row.rematch,
                    "ended_by": match.meta()["ended_by"],
                    "url": _seat_link(match.id, key, seat) if row["kind"] == "human" else f"/m/{match.id}",
                }
            )
        return JSONResponse({"games": games})

    async def _quietly(self, match_id: str) -> LiveMatch | None:
        try:
            return await self.hub.get(match_id)
        except ApiError:
            return None

    async def open_tables(self, request: Request) -> Response:
        found = await self.tables.player(request, required=False)
        me = found[0].id if found is not None else None
        ids = await self.hub.read(self.tables.store.open_tables)
        now = time.time()
        listed = []
        for match_id in ids:
            match = await self._quietly(match_id)
            if match is None or not match.waiting:
                continue
            since = await self.hub.read(self.tables.store.created_at, match_id)
            waited = now - (since or now)
            expires = self.tables.open.expires_in(waited)
            listed.append(
                {
                    "id": match.id,
                    "game": match.info.id,
                    "title": match.info.title,
                    "players": match.state.players,
                    "options": dict(match.state.options),
                    "clock": match.row.clock,
                    "seats": [
                        {
                            "seat": s.seat,
                            "name": s.name,
                            "kind": s.kind,
                            "player": ratings.seat_identity(match.info.id, s),
                        }
                        for s in match.seats
                    ],
                    "free": sum(1 for s in match.seats if s.kind == "open"),
                    "waiting_s": round(waited, 1),
                    "expires_in_s": None if expires is None else round(expires, 1),
                    "yours": me is not None and any(s.player_id == me for s in match.seats),
                    "url": f"/m/{match.id}",
                }
            )
        await add_seat_ratings(self.hub, listed)  # each seated player's rating, beside the name
        return JSONResponse({"tables": listed})

    async def sit(self, request: Request) -> Response:
        match = await self.hub.require(request.path_params["match_id"])
        found = await self.tables.player(request)
        assert found is not None
        player, key = found
        seat = integer((await _body(request)).get("seat"), "seat")
        await self.tables.reload(match)
        if not match.waiting:
            raise ApiError(409, _not_waiting(match, "this game has started: who sits where is fixed"))
        if not 0 <= seat < len(match.seats):
            raise ApiError(422, f"seat must be from 0 to {len(match.seats) - 1}")
        if any(s.player_id == player.id and s.kind == "human" for s in match.seats):
            raise ApiError(409, "you already sit at this table")
        if match.seats[seat].kind != "open":
            raise ApiError(409, f"seat {seat} is not free")
        token = seat_token(key, match.id, seat)
        values = {"kind": "human", "name": player.name, "player_id": player.id, "token_hash": hash_token(token)}
        if not await self.hub.db(self.tables.store.take_seat, match.id, seat, ("open",), values):
            raise ApiError(409, f"seat {seat} was just taken, or the game started")
        await self.tables._changed(match)
        await self.tables.begin(match, None)  # the last free seat: the table starts by itself
        return JSONResponse({"seat": seat, "token": token, "url": f"/m/{match.id}#t={token}"})

    async def start(self, request: Request) -> Response:
        match = await self.hub.require(request.path_params["match_id"])
        found = await self.tables.player(request)
        assert found is not None
        player, _ = found
        if match.row.creator != player.id:
            raise ApiError(403, "only the player who opened this table can start it")
        bot = (await _body(request)).get("bot", "random")
        if bot not in BOT_LEVELS:
            raise ApiError(422, f"bot must be one of {', '.join(BOT_LEVELS)}")
        if not await self.tables.begin(match, str(bot)):
            raise ApiError(409, _not_waiting(match, "this game has started already"))
        return JSONResponse({"started": True})

    async def rematch(self, request: Request) -> Response:
        match = await self.hub.require(request.path_params["match_id"])
        seat = _token_seat(request, match)
        if not match.is_over:
            raise ApiError(409, "a rematch can be asked once the game is over")
        if match.meta()["ended_by"] in NEVER_STARTED:
            raise ApiError(409, "this table never started: open a new table in the lobby instead")
        if match.row.rematch:
            return JSONResponse({"id": match.row.rematch, "url": f"/m/{match.row.rematch}"})
        found = await self.tables.player(request, required=False)
        key = found[1] if found is not None and found[0].id == match.seats[seat].player_id else None
        new, token = await self._new_rematch(match, seat, key)
        if not await self.hub.db(self.tables.store.link_rematch, match.id, new.id):
            await self.tables.reload(match)  # another seat asked first: theirs is the rematch
            return JSONResponse({"id": match.row.rematch, "url": f"/m/{match.row.rematch}"})
        await self.tables._changed(match)
        result: dict[str, Any] = {"id": new.id, "url": f"/m/{new.id}"}
        if token is None and key is not None:
            token = seat_token(key, new.id, seat)
        if token is not None:
            result.update(token=token, url=f"/m/{new.id}#t={token}")
        return JSONResponse(result, status_code=201)

    async def _new_rematch(self, old: LiveMatch, asker: int, key: str | None) -> tuple[LiveMatch, str | None]:
        """The same game, options and seats, a new seed: bots kept, players invited, the asker seated."""
        from meeple.web.hub import new_match_id, new_token

        match_id = new_match_id()
        seats: list[SeatRow] = []
        token = None
        for s in old.seats:
            if s.kind == "bot":
                seats.append(SeatRow(s.seat, s.name, "bot", bot=s.bot, bot_seed=secrets.randbits(63)))
            elif s.seat == asker and s.player_id is None:
                token = new_token()
                seats.append(SeatRow(s.seat, s.name, "human", token_hash=hash_token(token)))
            elif s.player_id is not None:
                seats.append(SeatRow(s.seat, s.name, "invited", player_id=s.player_id))
            else:
                seats.append(SeatRow(s.seat, "Open seat", "open"))
        if key is not None and old.seats[asker].player_id is not None:  # the asker sits at once
            seats[asker].kind = "human"
            seats[asker].token_hash = hash_token(seat_token(key, match_id, asker))
        row = MatchRow(
            id=match_id,
            game=old.info.id,
            players=old.state.players,
            seed=0,
            options=dict(old.state.options),
            kind="live",
            status="waiting",
            seats=seats,
            rules_version=old.info.rules_version,
            public=False,
            creator=old.row.creator if old.seats[asker].player_id is None else old.seats[asker].player_id,
            clock=old.row.clock,
            rematch_of=old.id,
            chat_spectators=old.row.chat_spectators,
            rated=await self.hub.read(ratings.created_rated, self.hub.store.engine, old.id),
        )
        match = await self.hub.create_row(old.info, row)
        if not any(s.kind in ("open", "invited") for s in seats):
            await self.tables.begin(match, None)
        return match, token

    async def invite(self, request: Request) -> Response:
        match = await self.hub.require(request.path_params["match_id"])
        found = await self.tables.player(request)
        assert found is not None
        player, key = found
        accept = (await _body(request)).get("accept")
        if not isinstance(accept, bool):
            raise ApiError(422, "'accept' must be true or false")
        await self.tables.reload(match)
        seat = next((s.seat for s in match.seats if s.player_id == player.id and s.kind == "invited"), None)
        if seat is None:
            raise ApiError(409, "you have no invitation to this table (or answered it already)")
        token = seat_token(key, match.id, seat)
        values: dict[str, Any] = {"kind": "human", "token_hash": hash_token(token), "name": player.name}
        if not accept:  # a declined seat is free: anyone with the link sits, or the creator gives it to a bot
            values = {"kind": "open", "name": "Open seat", "player_id": None}
        if not await self.hub.db(self.tables.store.take_seat, match.id, seat, ("invited",), values):
            raise ApiError(409, "this invitation was answered already, or the game started")
        await self.tables._changed(match)
        await self.tables.begin(match, None)
        if accept:
            return JSONResponse({"seat": seat, "url": f"/m/{match.id}#t={token}"})
        return JSONResponse({"seat": seat, "declined": True})

    async def back(self, request: Request) -> Response:
        match = await self.hub.require(request.path_params["match_id"])
        seat = _token_seat(request, match)
        row = match.seats[seat]
        if row.away is None or row.lost:
            raise ApiError(409, "no bot plays for this seat" if row.away is None else "this seat lost on time")
        async with match.lock:
            came = clocks.comes_back(match.row.clock, row, time.time()) if match.row.clock else None
            values: dict[str, Any] = {"away": None}
            if came is not None:
                values.update(
                    time_left=came.time_left, clock_since=came.clock_since if seat in match.state.to_move else None
                )
            after = [SeatRow(**{**s.__dict__, **values}) if s.seat == seat else s for s in match.seats]
            await self.hub.db(
                self.tables.store.set_seat,
                match.id,
                seat,
                values,
                {"deadline": clocks.deadline(match.row.clock, after)},
            )
        await self.tables._changed(match)
        return JSONResponse({"seat": seat, "back": True})


def _token_seat(request: Request, match: LiveMatch) -> int:
    token = bearer_token(request)
    if token is None:
        raise ApiError(401, "this needs the seat's token (Authorization: Bearer <token>)")
    seat = match.seat_of_token(token)
    if seat is None:
        raise ApiError(403, "this token is not a seat of this match (check the link)")
    return seat


def api_endpoint(api: Callable[[Tables], Any], tables: Callable[[], Tables], name: str) -> Callable[[Request], Any]:
    """A route's handler: the method ``name`` of an API object built over the app's tables at each call
    (the tables exist only once the app has started)."""

    async def call(request: Request) -> Response:
        return await getattr(api(tables()), name)(request)  # type: ignore[no-any-return]

    return call


def routes(tables: Callable[[], Tables]) -> list[Route]:
    def endpoint(name: str) -> Callable[[Request], Any]:
        return api_endpoint(TableApi, tables, name)

    return [
        Route("/api/players", endpoint("new_player"), methods=["POST"]),
        Route("/api/players/me", endpoint("me"), methods=["GET", "POST"]),
        Route("/api/players/me/games", endpoint("my_games")),
        Route("/api/tables", endpoint("open_tables")),
        Route("/api/matches/{match_id}/sit", endpoint("sit"), methods=["POST"]),
        Route("/api/matches/{match_id}/start", endpoint("start"), methods=["POST"]),
        Route("/api/matches/{match_id}/rematch", endpoint("rematch"), methods=["POST"]),
        Route("/api/matches/{match_id}/invite", endpoint("invite"), methods=["POST"]),
        Route("/api/matches/{match_id}/back", endpoint("back"), methods=["POST"]),
    ]
