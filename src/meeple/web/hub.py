"""Live matches: the one place that changes a game, stores its moves and tells the pages.

Every match being played is held in memory as a ``State`` rebuilt from its
stored moves. A move is checked against the rules, stored (the database
refuses a second move with the same number), and only then applied, so a
rejected or racing move never changes a game. Pages subscribe over a
WebSocket and are sent their seat's fresh view after every change; a page
that falls behind is sent only the newest view. Bots think in a worker pool
and play through the same path as people.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, TypeVar

import meeple
from meeple.core import Action, GameInfo, State
from meeple.web.botwork import BotJob, choose_move, warm_up
from meeple.web.storage import MatchRow, SeatRow, StaleMove, Store
from meeple.web.views import seat_view

log = logging.getLogger("meeple.web")

T = TypeVar("T")

# A bot that has not answered after this long is shown as thinking.
THINKING_AFTER_S = 0.3
# Matches kept in memory; beyond this, idle ones (no open page, no bot) are
# dropped and rebuilt from the database when next asked for.
MAX_IN_MEMORY = 2000


def fallback_choice(actions: list[Action], bot_seed: int, move_number: int) -> Action:
    """A failed bot's stand-in move: random, but drawn from the seat's stored bot
    seed and the move number, so it is reproducible like every other bot move."""
    return actions[random.Random(bot_seed * 1_000_003 + move_number).randrange(len(actions))]


class ApiError(Exception):
    """A request the server refuses: ``status`` (4xx) and a reason in plain words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    return secrets.token_urlsafe(9)


@dataclass(eq=False)
class Subscriber:
    """One open page: which seat it shows and what it wants in each view."""

    seat: int | None
    svg: bool = True
    observation: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class LiveMatch:
    """A match in memory: its seats, its state and its open pages."""

    def __init__(self, row: MatchRow, info: GameInfo, state: State, turns: list[tuple[int, ...]]) -> None:
        self.id = row.id
        self.kind = row.kind
        self.info = info
        self.seats = row.seats
        self.state = state
        self.turns = turns  # the seats to move before each move: tells a stale view
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.thinking: set[int] = set()
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.version = 0  # bumped on every change a page should see
        self._views: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._messages: dict[tuple[Any, ...], str] = {}
        self._views_version = -1

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token this is; compares every stored hash in constant time."""
        digest = hash_token(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(digest, s.token_hash):
                found = s.seat
        return found

    def meta(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.info.id,
            "title": self.info.title,
            "players": self.state.players,
            "kind": self.kind,
            "options": dict(self.state.options),
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot} for s in self.seats],
        }

    def view(self, seat: int | None, *, svg: bool = True, observation: bool = False) -> dict[str, Any]:
        """The current view of ``seat``, shared by every page that shows the same thing."""
        if self._views_version != self.version:
            self._views.clear()
            self._messages.clear()
            self._views_version = self.version
        key = (seat, svg, observation)
        cached = self._views.get(key)
        if cached is None:
            cached = seat_view(self.state, seat, svg=svg, observation=observation)
            cached["thinking"] = sorted(self.thinking)
            cached["match"] = self.meta()
            self._views[key] = cached
        return cached

    def view_message(self, seat: int | None, *, svg: bool = True, observation: bool = False) -> str:
        """The view as the WebSocket message every page showing the same thing is sent."""
        key = ("message", seat, svg, observation)
        message = self._messages.get(key) if self._views_version == self.version else None
        if message is None:
            view = self.view(seat, svg=svg, observation=observation)
            message = json.dumps({"type": "view", "view": view})
            self._messages[key] = message
        return message

    def changed(self) -> None:
        self.version += 1
        for sub in self.subscribers:
            sub.wake.set()


def replay_state(
    info: GameInfo, players: int, seed: int, options: dict[str, Any], moves: list[tuple[int, str]]
) -> tuple[State, list[tuple[int, ...]]]:
    """Rebuild a game from its stored moves, with the seats that were to move before each.

    ``ValueError`` says which move does not apply.
    """
    state = info.new(players, seed, **options)
    turns: list[tuple[int, ...]] = []
    for number, (seat, text) in enumerate(moves):
        turns.append(state.to_move)
        try:
            state.apply(state.parse_action(text, seat), seat)
        except ValueError as exc:  # IllegalAction is a ValueError
            raise ValueError(f"stored move {number} ({text!r} by seat {seat}) does not apply: {exc}") from None
    return state, turns


def stale_reason(turns: list[tuple[int, ...]], history: list[tuple[int, Any]], seat: int, seen: int) -> str | None:
    """Why a move chosen by ``seat`` from the view of move ``seen`` is stale, or ``None``.

    A view is still good while the seat's turn has not moved on: every move
    since then was another seat's, made while this seat was also to move
    (a simultaneous phase, where others' choices change nothing for it).
    """
    now = len(history)
    if seen > now or seen < 0:
        return f"there is no move {seen} yet (the game is at move {now})"
    for number in range(seen, now):
        if history[number][0] == seat or seat not in turns[number]:
            return (
                f"stale turn: you chose from the board at move {seen}, but the game is at move {now}; "
                "look at the board again and choose anew"
            )
    return None


def make_executor(mode: str, workers: int) -> Executor:
    if mode == "thread":
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="meeple-bot")
    if mode == "process":
        # spawn, not fork: the server has threads, and a forked child would inherit their locks.
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
        for _ in range(workers):
            pool.submit(warm_up)
        return pool
    raise ValueError(f"bot mode must be 'thread' or 'process', not {mode!r}")


class Hub:
    """All live matches of one server."""

    def __init__(
        self,
        store: Store,
        *,
        bot_mode: str = "process",
        bot_workers: int = 1,
        bot_delay: float = 0.0,
        games: Callable[[], dict[str, GameInfo]] | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self._games = games or (lambda: meeple.GAMES)
        self._bot_mode = bot_mode
        self._bot_workers = bot_workers
        self._bots: Executor | None = None
        # A network database (PostgreSQL) is talked to from one worker thread, so the
        # event loop never waits on the network. SQLite is called in the loop: a
        # write takes a fraction of a millisecond, less than handing it to a thread
        # and back costs under the GIL (measured with benchmarks/web_load.py).
        self._db: ThreadPoolExecutor | None = None
        if not store.url.startswith("sqlite"):
            self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self._matches: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Future[LiveMatch | None]] = {}
        self._past: dict[tuple[str, int], State] = {}
        self._closing = False

    @property
    def games(self) -> dict[str, GameInfo]:
        return self._games()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        if self._db is None:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self._bots = make_executor(self._bot_mode, self._bot_workers)
        for match_id in await self.db(self.store.running_matches_with_bots):
            match = await self.get(match_id)
            if match is not None:
                self.schedule_bots(match)

    async def close(self) -> None:
        self._closing = True
        tasks = [t for m in self._matches.values() for t in m.bot_tasks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._bots is not None:
            self._bots.shutdown(wait=False, cancel_futures=True)
        if self._db is not None:
            self._db.shutdown(wait=True)

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
        row = await self.db(self.store.load_match, match_id)
        if row is None:
            return None
        info = self.games.get(row.game)
        if info is None:
            raise ApiError(409, f"match {match_id} is a game of {row.game!r}, which this server does not have")
        try:
            state, turns = replay_state(info, row.players, row.seed, row.options, row.moves)
        except ValueError as exc:
            raise ApiError(409, f"match {match_id} cannot be resumed: {exc}") from None
        match = LiveMatch(row, info, state, turns)
        self._remember(match_id, match)
        return match

    def _remember(self, match_id: str, match: LiveMatch) -> None:
        self._matches[match_id] = match
        if len(self._matches) > MAX_IN_MEMORY:
            for old_id, old in list(self._matches.items())[: len(self._matches) // 4]:
                if not old.subscribers and not old.bot_tasks and not old.lock.locked():
                    del self._matches[old_id]

    async def require(self, match_id: str) -> LiveMatch:
        match = await self.get(match_id)
        if match is None:
            raise ApiError(404, f"there is no match {match_id!r}")
        return match

    async def create(
        self, info: GameInfo, players: int, options: dict[str, Any], seats: list[dict[str, Any]]
    ) -> tuple[LiveMatch, dict[int, str]]:
        """Start a match; returns it and the secret token of each human seat."""
        state = info.new(players, None, **options)
        tokens: dict[int, str] = {}
        seat_rows = []
        for number, spec in enumerate(seats):
            if spec["kind"] == "bot":
                seat_rows.append(SeatRow(number, spec["name"], "bot", bot=spec["bot"], bot_seed=secrets.randbits(63)))
            else:
                tokens[number] = new_token()
                seat_rows.append(SeatRow(number, spec["name"], "human", token_hash=hash_token(tokens[number])))
        row = MatchRow(
            id=new_match_id(),
            game=info.id,
            players=players,
            seed=state.seed,
            options=dict(state.options),
            kind="live",
            status="over" if state.is_over else "running",
            seats=seat_rows,
        )
        await self.db(self.store.create_match, row)
        match = LiveMatch(row, info, state, [])
        self._remember(row.id, match)
        self.schedule_bots(match)
        return match, tokens

    async def upload(
        self, info: GameInfo, players: int, seed: int, options: dict[str, Any], moves: list[tuple[int, str]]
    ) -> LiveMatch:
        """Store a record to be viewed; it was checked by replaying it."""
        state, turns = replay_state(info, players, seed, options, moves)
        row = MatchRow(
            id=new_match_id(),
            game=info.id,
            players=players,
            seed=seed,
            options=dict(state.options),
            kind="upload",
            status="over",
            seats=[SeatRow(s, f"Seat {s}", "human") for s in range(players)],
            moves=moves,
        )
        await self.db(self.store.create_match, row)
        match = LiveMatch(row, info, state, turns)
        self._remember(row.id, match)
        return match

    # ---------------------------------------------------------------- moves
    async def play(self, match: LiveMatch, seat: int, notation: str, seen: int) -> int:
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
            state = match.state
            if match.kind != "live":
                raise ApiError(409, "this is an uploaded record: it can be viewed, not played")
            if state.is_over:
                raise ApiError(409, "the game is over")
            stale = stale_reason(match.turns, state.history, seat, seen)
            if stale is not None:
                raise ApiError(409, stale)
            if seat not in state.to_move:
                movers = ", ".join(str(s + 1) for s in state.to_move)
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
            number = state.move_number
            after = state.clone()
            after.apply(action, seat)
            try:
                await self.db(self.store.append_move, match.id, number, seat, str(action), after.is_over)
            except StaleMove:
                # Another server process took this turn: our copy is behind. Reload it.
                await self._reload(match)
                match.changed()
                raise ApiError(409, "stale turn: another move was played first; look at the board again") from None
            match.turns.append(state.to_move)
            match.state = after
        match.changed()
        self.schedule_bots(match)
        return after.move_number

    def past_view(
        self, match: LiveMatch, at: int, seat: int | None, *, svg: bool = True, observation: bool = False
    ) -> dict[str, Any]:
        """The view of ``seat`` after the first ``at`` moves (for replaying a game)."""
        key = (match.id, at)
        state = self._past.get(key)
        if state is None:
            state = match.info.new(match.state.players, match.state.seed, **match.state.options)
            for mover, action in match.state.history[:at]:
                state.apply(action, mover)
            self._past[key] = state
            while len(self._past) > 256:
                self._past.pop(next(iter(self._past)))
        view = seat_view(state, seat, svg=svg, observation=observation, actionable=False)
        view["thinking"] = []
        view["match"] = match.meta()
        view["replay"] = {"at": at, "of": match.state.move_number}
        return view

    async def _reload(self, match: LiveMatch) -> None:
        row = await self.db(self.store.load_match, match.id)
        if row is not None:
            match.state, match.turns = replay_state(match.info, row.players, row.seed, row.options, row.moves)

    # ----------------------------------------------------------------- bots
    def schedule_bots(self, match: LiveMatch) -> None:
        if self._closing or match.kind != "live" or match.state.is_over:
            return
        for seat in match.state.to_move:
            if match.seats[seat].kind == "bot" and seat not in match.bot_tasks:
                match.bot_tasks[seat] = asyncio.create_task(self._bot_turns(match, seat))

    async def _bot_turns(self, match: LiveMatch, seat: int) -> None:
        """Play ``seat``'s moves for as long as it is to move."""
        loop = asyncio.get_running_loop()
        try:
            while not match.state.is_over and seat in match.state.to_move and match.id in self._matches:
                state = match.state
                row = match.seats[seat]
                job = BotJob(
                    match_id=match.id,
                    game=match.info.id,
                    players=state.players,
                    seed=state.seed,
                    options=dict(state.options),
                    moves=tuple((s, str(a)) for s, a in state.history),
                    seat=seat,
                    level=row.bot or "random",
                    bot_seed=row.bot_seed or 0,
                )
                show = loop.call_later(THINKING_AFTER_S, self._set_thinking, match, seat, True)
                notation: str | None
                try:
                    if self.bot_delay:
                        await asyncio.sleep(self.bot_delay)
                    notation = await self._think(job)
                finally:
                    show.cancel()
                    self._set_thinking(match, seat, False)
                if notation is None:
                    continue  # the worker pool was restarted: think again
                try:
                    await self.play(match, seat, notation, len(job.moves))
                except ApiError as exc:
                    if match.state.move_number != len(job.moves):
                        # The game moved on while the bot thought (another seat of a
                        # simultaneous phase): think again on the new position.
                        continue
                    # The bot chose something the rules refuse: a bot bug. Keep the
                    # game going with a random legal move rather than stall it.
                    log.error("bot of seat %s in match %s chose %r: %s", seat, match.id, notation, exc.message)
                    await self._random_move(match, seat, len(job.moves), job.bot_seed)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot of seat %s in match %s failed", seat, match.id)
        finally:
            match.bot_tasks.pop(seat, None)

    async def _think(self, job: BotJob) -> str | None:
        """The bot's move; a random legal one if the bot fails; ``None`` if the pool broke."""
        assert self._bots is not None
        try:
            return await asyncio.get_running_loop().run_in_executor(self._bots, choose_move, job)
        except BrokenExecutor:
            # A worker died (killed, out of memory): start a fresh pool and think again.
            log.error("the bot workers stopped; starting new ones")
            self._bots.shutdown(wait=False, cancel_futures=True)
            self._bots = make_executor(self._bot_mode, self._bot_workers)
            return None
        except Exception:
            log.exception("bot of seat %s in match %s failed; it plays a random move", job.seat, job.match_id)
            state = replay_state(meeple.GAMES[job.game], job.players, job.seed, job.options, list(job.moves))[0]
            return str(fallback_choice(state.legal_actions(job.seat), job.bot_seed, len(job.moves)))

    async def _random_move(self, match: LiveMatch, seat: int, seen: int, bot_seed: int) -> None:
        fallback = match.state.legal_actions(seat)
        if fallback:
            await self.play(match, seat, str(fallback_choice(fallback, bot_seed, seen)), seen)

    def _set_thinking(self, match: LiveMatch, seat: int, on: bool) -> None:
        if on and seat not in match.thinking:
            match.thinking.add(seat)
            match.changed()
        elif not on and seat in match.thinking:
            match.thinking.discard(seat)
            match.changed()
