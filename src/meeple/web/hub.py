"""Live matches: the one place that changes a game, stores its moves and tells the pages.

Every match being played is held in memory as a ``State`` rebuilt from its
stored moves. A move is checked against the rules, stored (the database
refuses a second move with the same number), and only then applied, so a
rejected or racing move never changes a game. Pages subscribe over a
WebSocket and are sent their seat's fresh view after every change; a page
that falls behind is sent only the newest view. Bots think in a worker pool
and play through the same path as people (see :mod:`meeple.web.botrunner`).

Several processes can share one PostgreSQL database: a process hears of
moves stored by another through ``LISTEN``/``NOTIFY`` and applies them from
the database (a few rows, never a replay), and it brings a match up to date
before it judges a move that was chosen from a newer position than its own.
All database work runs in worker threads, never in the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import meeple
from meeple.core import Action, GameInfo, State
from meeple.core.log import GameLog
from meeple.web.botrunner import BotRunner
from meeple.web.errors import ApiError
from meeple.web.listen import Changed, Listener, Notice, Thinking
from meeple.web.live import (
    LiveMatch,
    Replayed,
    Subscriber,
    fallback_choice,
    hash_token,
    new_match_id,
    new_token,
    replay_state,
    seat_label,
    stale_reason,
)
from meeple.web.movedigest import START_DIGEST
from meeple.web.page_views import seat_view
from meeple.web.storage import DatabaseBusy, MatchEnded, MatchRow, SeatRow, StaleMove, Store

# The names of meeple.web.live are imported from here too (app, tables, chat, the tests).
__all__ = [
    "MAX_MOVES",
    "Hub",
    "LiveMatch",
    "Replayed",
    "Subscriber",
    "fallback_choice",
    "hash_token",
    "new_match_id",
    "new_token",
    "replay_state",
    "seat_label",
    "stale_reason",
]

log = logging.getLogger("meeple.web")

T = TypeVar("T")

# A bot that has not answered after this long is shown as thinking.
THINKING_AFTER_S = 0.3
# Matches kept in memory; beyond this, idle ones (no open page, no bot) are
# dropped and rebuilt from the database when next asked for.
MAX_IN_MEMORY = 2000
# A game on the server ends after this many moves, whatever its options say:
# no game can run (and grow) for ever.
MAX_MOVES = 5000
# Threads that talk to the database: a few, so that one wait on a locked
# database does not hold up every other request.
DB_THREADS = 4
SWITCH_INTERVAL_S = 0.001


class Hub:
    """All live matches of one process."""

    def __init__(
        self,
        store: Store,
        *,
        bot_mode: str = "process",
        bot_workers: int = 1,
        bot_delay: float = 0.0,
        games: Callable[[], dict[str, GameInfo]] | None = None,
        run_bots: bool = True,
        max_moves: int = MAX_MOVES,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.max_moves = max_moves
        self._games = games or (lambda: meeple.GAMES)
        self.runner = BotRunner(self, mode=bot_mode, workers=bot_workers, delay=bot_delay) if run_bots else None
        # Writes and reads wait in separate threads: writes stuck on a locked
        # database (until the timeout) never hold up reads, which WAL and
        # PostgreSQL serve meanwhile.
        # SQLite takes one writer at a time: more writer threads would only
        # wait on each other in its busy handler's sleeps.
        writers = 1 if store.engine.dialect.name == "sqlite" else DB_THREADS
        self._db = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="meeple-db-write")
        self._reads = ThreadPoolExecutor(max_workers=DB_THREADS, thread_name_prefix="meeple-db-read")
        self._listener: Listener | None = None
        self._matches: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Future[LiveMatch | None]] = {}
        self._past: dict[tuple[str, int], State] = {}
        self._closing = False
        self._announcing: set[asyncio.Task[None]] = set()
        # Playing together (meeple.web.tables.Tables sets itself here): clocks on every move,
        # seats and chat changed by other processes.
        self.tables: Any = None
        self.read_only: str | None = None

    @property
    def games(self) -> dict[str, GameInfo]:
        return self._games()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call that writes in a database thread: the event loop never waits on the database."""
        return await self._call(self._db, fn, args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call that only reads in a database thread."""
        return await self._call(self._reads, fn, args)

    async def _call(self, pool: ThreadPoolExecutor, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        queued = time.monotonic()
        limit = self.store.timeout

        def run() -> T:
            # A call that waited its whole timeout behind others (the database is
            # stuck) fails at once, so no request waits more than twice the timeout.
            if time.monotonic() - queued > limit:
                raise DatabaseBusy(f"the database is busy: no answer within {limit:g} s")
            return fn(*args)

        return await asyncio.get_running_loop().run_in_executor(pool, run)

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        # Replays, bot threads and database threads run Python beside the event loop;
        # each time the loop wants the interpreter back it waits up to one switch
        # interval, several times per request. 1 ms instead of 5 ms keeps a request
        # that needs no database quick while a big upload is replayed.
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self.read_only = await self.db(self.store.read_only_reason)
        if self.read_only:
            log.error("the database is read-only (%s): games can be viewed, nothing can be saved", self.read_only)
        if self.store.is_postgres:
            self._listener = Listener(self.store.url, asyncio.get_running_loop(), self._on_notice).start()
        if self.runner is not None:
            await self.runner.start()

    async def close(self) -> None:
        self._closing = True
        if self.runner is not None:
            await self.runner.close()
        if self._listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._listener.stop)
        tasks = [m.refreshing for m in self._matches.values() if m.refreshing is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._db.shutdown(wait=True, cancel_futures=True)
        self._reads.shutdown(wait=True, cancel_futures=True)

    # ------------------------------------------------------------- matches
    async def get(self, match_id: str) -> LiveMatch | None:
        match = self._matches.get(match_id)
        if match is not None:
            return match
        pending = self._loading.get(match_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[LiveMatch | None] = asyncio.get_running_loop().create_future()
        self._loading[match_id] = future
        try:
            match = await self._load(match_id)
            future.set_result(match)
            return match
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: other waiters get it from await
            raise
        finally:
            del self._loading[match_id]

    async def _load(self, match_id: str) -> LiveMatch | None:
        row = await self.read(self.store.load_match, match_id)
        if row is None:
            return None
        info = self.games.get(row.game)
        if info is None:
            raise ApiError(409, f"match {match_id} is a game of {row.game!r}, which this server does not have")
        if row.rules_version != info.rules_version:
            # Replaying its moves under other rules would give another game (or fail halfway):
            # the match is set aside, so no process tries its bot turns again and again.
            await self._set_aside(row)
            raise ApiError(
                409,
                f"match {match_id} is set aside: it was played under {info.title} rules version "
                f"{row.rules_version}; this server plays version {info.rules_version} and cannot show or resume it",
            )
        try:
            replayed = await asyncio.to_thread(
                replay_state, info, row.players, row.seed, row.options, row.moves, [s.name for s in row.seats]
            )
        except ValueError as exc:
            await self._set_aside(row)
            raise ApiError(409, f"match {match_id} is set aside: it cannot be resumed: {exc}") from None
        if row.status == "set_aside":  # set aside by a build of other rules; this one plays them
            row.status = "running"
            row.bot_due = self._first_bot(row, replayed.state) is not None
            await self.db(self.store.resume_set_aside, row.id, row.bot_due)
        match = LiveMatch(row, info, replayed)
        self._check_cap(match)
        self._remember(match_id, match)
        return self._matches[match_id]

    async def _set_aside(self, row: MatchRow) -> None:
        if row.kind == "live" and row.status == "running":
            await self.db(self.store.set_aside, row.id)

    def _first_bot(self, row: MatchRow, state: State) -> int | None:
        if state.is_over or state.move_number >= self.max_moves:
            return None
        return next((s for s in state.to_move if row.seats[s].kind == "bot"), None)

    def _remember(self, match_id: str, match: LiveMatch) -> None:
        self._matches.setdefault(match_id, match)
        if len(self._matches) > MAX_IN_MEMORY:
            busy = self.runner.active if self.runner is not None else set()
            for old_id, old in list(self._matches.items())[: len(self._matches) // 4]:
                if not old.subscribers and old_id not in busy and not old.lock.locked():
                    del self._matches[old_id]

    async def require(self, match_id: str) -> LiveMatch:
        match = await self.get(match_id)
        if match is None:
            raise ApiError(404, f"there is no match {match_id!r}")
        return match

    def _check_cap(self, match: LiveMatch) -> None:
        if match.kind == "live" and not match.state.is_over and match.state.move_number >= self.max_moves:
            match.stopped = f"the game was stopped at the server's limit of {self.max_moves} moves"

    def bot_to_move(self, match: LiveMatch, state: State | None = None) -> int | None:
        """The first bot seat to move, if the game goes on."""
        state = state or match.state
        if (
            match.kind != "live"
            or match.waiting
            or state.is_over
            or match.stopped
            or state.move_number >= self.max_moves
        ):
            return None
        # A seat that ran out of time is played by its stand-in bot (``away``).
        return next((s for s in state.to_move if match.seats[s].kind == "bot" or match.seats[s].away), None)

    async def create(
        self, info: GameInfo, players: int, options: dict[str, Any], seats: list[dict[str, Any]]
    ) -> tuple[LiveMatch, dict[int, str]]:
        """Start a match; returns it and the secret token of each human seat."""
        tokens: dict[int, str] = {}
        seat_rows = []
        for number, spec in enumerate(seats):
            if spec["kind"] == "bot":
                seat_rows.append(SeatRow(number, spec["name"], "bot", bot=spec["bot"], bot_seed=secrets.randbits(63)))
            else:
                tokens[number] = new_token()
                seat_rows.append(SeatRow(number, spec["name"], "human", token_hash=hash_token(tokens[number])))
        row = MatchRow(new_match_id(), info.id, players, 0, options, "live", "running", seat_rows)
        return await self.create_row(info, row), tokens

    async def create_row(self, info: GameInfo, row: MatchRow) -> LiveMatch:
        """Store and start the match ``row`` describes (a new seed is drawn; ``waiting``: an open table)."""
        state = info.new(row.players, None, **row.options)
        row.seed, row.options, row.rules_version = state.seed, dict(state.options), info.rules_version
        if row.status != "waiting":
            row.status = "over" if state.is_over else "running"
        match = LiveMatch(row, info, Replayed(GameLog(state, [s.name for s in row.seats]), [], [], START_DIGEST))
        row.bot_due = self.bot_to_move(match) is not None
        if self.tables is not None and row.status == "running":
            self.tables.start_clocks(match)
        await self.db(self.store.create_match, row)
        self._remember(row.id, match)
        if row.bot_due:
            self.poke(match.id)
        return match

    async def upload(
        self,
        info: GameInfo,
        players: int,
        seed: int,
        options: dict[str, Any],
        moves: list[tuple[int, str]],
        names: list[str] | None = None,
    ) -> LiveMatch:
        """Store a record to be viewed; it was checked by replaying it (in a thread).
        ``names`` are the record's players' names (else "Seat N")."""
        names = [seat_label(names, s) for s in range(players)]
        replayed = await asyncio.to_thread(replay_state, info, players, seed, options, moves, names)
        row = MatchRow(
            id=new_match_id(),
            game=info.id,
            players=players,
            seed=seed,
            options=dict(replayed.state.options),
            kind="upload",
            status="over",
            rules_version=info.rules_version,
            seats=[SeatRow(s, names[s], "human") for s in range(players)],
            moves=moves,
        )
        await self.db(self.store.create_match, row)
        match = LiveMatch(row, info, replayed)
        self._remember(row.id, match)
        return match

    # --------------------------------------------------- other processes' moves
    async def refresh(self, match: LiveMatch) -> None:
        """Apply the moves other processes stored since this process's copy."""
        async with match.lock:
            await self._catch_up(match)

    async def _catch_up(self, match: LiveMatch) -> bool:
        """(Holding the match's lock.) Whether there were moves to apply."""
        if match.kind != "live":
            return False
        stored = await self.read(self.store.moves_since, match.id, match.state.move_number)
        if not stored:
            return False
        for seat, notation in stored:
            try:
                match.apply_stored(seat, notation)
            except ValueError:
                log.exception("stored move of match %s does not apply to this process's copy; reloading", match.id)
                row = await self.read(self.store.load_match, match.id)
                if row is not None:
                    await self._reset_from(match, row)
                break
        self._check_cap(match)
        match.changed()
        return True

    async def _reset_from(self, match: LiveMatch, row: MatchRow) -> None:
        """(Holding the match's lock.) Rebuild the match from its stored row: its
        moves were taken back (undo) or do not fit this process's copy."""
        fresh = await asyncio.to_thread(
            replay_state, match.info, row.players, row.seed, row.options, row.moves, match.names
        )
        match.reset_log(fresh.log)
        match.turns, match.notations, match.digest = fresh.turns, fresh.notations, fresh.digest
        self.forget_past(match.id, len(row.moves))

    def forget_past(self, match_id: str, kept: int) -> None:
        """Drop the replayed positions of ``match_id`` past move ``kept`` (they were taken back)."""
        for key in [k for k in self._past if k[0] == match_id and k[1] > kept]:
            del self._past[key]

    async def reload(self, match: LiveMatch) -> None:
        """Read the match anew from the database (another process took moves back)."""
        async with match.lock:
            await self.reload_locked(match)

    async def reload_locked(self, match: LiveMatch) -> None:
        """(Holding the match's lock.) :meth:`reload`."""
        row = await self.read(self.store.load_match, match.id)
        if row is not None:
            await self._reset_from(match, row)
            self._check_cap(match)
            match.changed()

    def current(self, match: LiveMatch) -> LiveMatch:
        """The match object in memory for ``match``'s id (taken back if it was dropped meanwhile)."""
        return self._matches.setdefault(match.id, match)

    def _on_notice(self, notice: Notice) -> None:
        """A move was stored, maybe by another process (``None``: some may have been missed)."""
        if self._closing:
            return
        if notice is None:
            for match in list(self._matches.values()):
                match.thinking_elsewhere.clear()
                if match.subscribers:
                    self._refresh_soon(match)
            return
        known = self._matches.get(notice.match_id)
        if isinstance(notice, Changed):
            if self.tables is not None:
                self.tables.heard(notice, known)
            return
        if isinstance(notice, Thinking):
            # This process's own notices come back too: its bots are in ``thinking`` already.
            elsewhere = notice.on and notice.seat not in known.thinking if known is not None else False
            if known is not None and elsewhere != (notice.seat in known.thinking_elsewhere):
                (known.thinking_elsewhere.add if elsewhere else known.thinking_elsewhere.discard)(notice.seat)
                known.changed()
            return
        if known is not None and notice.reload:
            if known.digest.hex() != notice.digest:  # not this process's own undo
                known.reload_wanted = True
                self._refresh_soon(known)
        elif known is not None and known.state.move_number < notice.moves:
            if notice.seat is not None and notice.notation is not None:
                known.heard[notice.moves - 1] = (notice.seat, notice.notation)
            self._refresh_soon(known)
        if notice.bot_due:
            self.poke(notice.match_id)

    def _refresh_soon(self, match: LiveMatch) -> None:
        match.refresh_wanted = True
        if match.refreshing is None or match.refreshing.done():
            match.refreshing = asyncio.create_task(self._refresh_while_wanted(match))

    async def _refresh_while_wanted(self, match: LiveMatch) -> None:
        """Bring the match up to date, again for every notice that came meanwhile."""
        while match.refresh_wanted:
            match.refresh_wanted = False
            try:
                async with match.lock:
                    if match.reload_wanted:  # moves were taken back elsewhere
                        match.reload_wanted, match.heard = False, {}
                        await self.reload_locked(match)
                    elif not self._apply_heard(match):
                        await self._catch_up(match)
            except Exception as exc:  # the next notice or move tries again
                log.warning("could not bring match %s up to date: %s", match.id, str(exc).splitlines()[0][:200])
                return

    def _apply_heard(self, match: LiveMatch) -> bool:
        """(Holding the lock.) Apply the moves notices carried; ``False`` if one is missing."""
        heard, match.heard = match.heard, {}
        applied = False
        while match.state.move_number in heard:
            seat, notation = heard.pop(match.state.move_number)
            try:
                match.apply_stored(seat, notation)
            except ValueError:
                return False  # not our history after all: read it from the database
            applied = True
        if any(number > match.state.move_number for number in heard) or not applied:
            return False  # a gap (a notice without its move, or lost): read the rest
        self._check_cap(match)
        match.changed()
        return True

    # ---------------------------------------------------------------- moves
    def _judge(self, match: LiveMatch, seat: int, notation: str, seen: int) -> tuple[State, Action]:
        """The state after ``seat``'s move, or the :class:`ApiError` that refuses it."""
        state = match.state
        if match.kind != "live":
            raise ApiError(409, "this is an uploaded record: it can be viewed, not played")
        if state.is_over:
            raise ApiError(409, "the game is over")
        if match.waiting:
            raise ApiError(409, "this table has not started yet: it waits for players")
        if match.stopped:
            raise ApiError(409, match.stopped)
        stale = stale_reason(match.turns, state.history, seat, seen)
        if stale is not None:
            raise ApiError(409, stale)
        if seat not in state.to_move:
            movers = ", ".join(str(s) for s in state.to_move)  # seats are numbered from 0
            raise ApiError(409, f"it is not your turn (to move: seat {movers})")
        try:
            action = state.parse_action(notation, seat)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        if action not in state.legal_actions(seat):
            try:
                probe = state.clone()
                probe.apply(action, seat)
                reason = f"{action} is not a legal action now"
            except ValueError as exc:
                reason = str(exc)
            raise ApiError(422, reason)
        after = state.clone()
        after.apply(action, seat)
        return after, action

    async def play(self, match: LiveMatch, seat: int, notation: str, seen: int, *, by_bot: bool = False) -> int:
        """Play ``notation`` for ``seat``, who chose it from the view of move ``seen``.

        Returns the new move number. Raises :class:`ApiError`: 409 when the
        view was stale (see :func:`stale_reason`) or the game cannot take
        moves, 422 when the rules say no.
        """
        current = self._matches.get(match.id)
        if current is None:
            self._matches[match.id] = match  # dropped from memory meanwhile: take it back
        elif current is not match:
            match = current
        async with match.lock:
            if seen > match.state.move_number:  # chosen from a newer position, played elsewhere
                await self._catch_up(match)
            for _attempt in range(3):
                after, action = self._judge(match, seat, notation, seen)
                number = match.state.move_number
                capped = not after.is_over and number + 1 >= self.max_moves
                effects = self.tables.move_effects(match, seat, after, by_bot) if self.tables else None
                due = not capped and self.bot_to_move(match, after) is not None
                try:
                    await self.db(
                        self.store.append_move,
                        match.id,
                        number,
                        seat,
                        str(action),
                        after.is_over or capped,
                        due,
                        effects.write if effects else None,
                    )
                except MatchEnded:
                    # Another request or process ended the game first: show it, refuse the move.
                    if self.tables is not None:
                        await self.tables.reload(match)
                    raise ApiError(409, f"the game is over: {match.stopped or 'it ended before this move'}") from None
                except StaleMove:
                    # Another process stored this move number first: take its moves and judge again.
                    if not await self._catch_up(match):
                        break
                    continue
                match.accept(after, seat, str(action))
                if effects:
                    effects.apply()
                self._check_cap(match)
                break
            else:
                raise ApiError(409, "stale turn: other moves were played first; look at the board again")
            if match.state.move_number == number:
                raise ApiError(409, "stale turn: another move was played first; look at the board again")
        match.changed()
        if due:
            self.poke(match.id)
        return match.state.move_number

    def past_view(
        self, match: LiveMatch, at: int, seat: int | None, *, svg: bool = True, observation: bool = False
    ) -> dict[str, Any]:
        """The view of ``seat`` after the first ``at`` moves (for replaying a game; call it in a thread)."""
        key = (match.id, at)
        state = self._past.get(key)
        if state is None:
            state = match.info.new(match.state.players, match.state.seed, **match.state.options)
            for mover, action in match.state.history[:at]:
                state.apply(action, mover)
            self._past[key] = state
            while len(self._past) > 256:
                self._past.pop(next(iter(self._past)), None)
        view = seat_view(
            state,
            seat,
            svg=svg,
            observation=observation,
            actionable=False,
            names=match.names,
            moves=match.past_lines(state, seat),
        )
        view["thinking"] = []
        view["stopped"] = None
        view["match"] = match.meta()
        view["replay"] = {"at": at, "of": match.state.move_number}
        return view

    # ----------------------------------------------------------------- bots
    def poke(self, match_id: str) -> None:
        if self.runner is not None and not self._closing:
            self.runner.poke(match_id)

    async def play_bot(self, match: LiveMatch, seat: int, notation: str, seen: int) -> None:
        """Play a bot's move; a move the rules refuse (a bot bug) becomes a random legal one."""
        try:
            await self.play(match, seat, notation, seen, by_bot=True)
        except ApiError as exc:
            if match.state.move_number != seen or seat not in match.state.to_move:
                # The game moved on while the bot thought (another seat of a
                # simultaneous phase): the runner looks at the turn again.
                self.poke(match.id)
                return
            if exc.status != 422:
                raise
            log.error("bot of seat %s in match %s chose %r: %s", seat, match.id, notation, exc.message)
            fallback = self.fallback_move(match, seat, match.seats[seat].bot_seed or 0)
            await self.play(match, seat, str(fallback), seen, by_bot=True)

    def fallback_move(self, match: LiveMatch, seat: int, bot_seed: int) -> Action:
        return fallback_choice(match.state.legal_actions(seat), bot_seed, match.state.move_number)

    def thinking_after(self) -> float:
        return THINKING_AFTER_S

    def set_thinking(self, match: LiveMatch, seat: int, on: bool) -> None:
        if on == (seat in match.thinking):
            return
        if on:
            match.thinking.add(seat)
        else:
            match.thinking.discard(seat)
        match.changed()
        if self.store.is_postgres and not self._closing:
            # Pages on other processes show it too (a lost notice costs only the word "thinking").
            task = asyncio.create_task(self._announce_thinking(match.id, seat, on))
            self._announcing.add(task)
            task.add_done_callback(self._announcing.discard)

    async def _announce_thinking(self, match_id: str, seat: int, on: bool) -> None:
        try:
            await self.db(self.store.notify_thinking, match_id, seat, on)
        except Exception as exc:
            log.debug("could not announce a thinking bot: %s", str(exc).splitlines()[0][:200])
