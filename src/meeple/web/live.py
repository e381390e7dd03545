"""A match in memory (:class:`LiveMatch`), rebuilding one from its moves, and the stale-turn rule.

Split from :mod:`meeple.web.hub`, which changes matches (and re-exports these names).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from meeple.core import Action, GameInfo, State
from meeple.core.log import GameLog
from meeple.web import clocks, endings
from meeple.web.movedigest import START_DIGEST, next_digest
from meeple.web.page_views import notation_log, seat_view
from meeple.web.storage import MatchRow


def fallback_choice(actions: list[Action], bot_seed: int, move_number: int) -> Action:
    """A failed bot's stand-in move: random, but drawn from the seat's stored bot
    seed and the move number, so it is reproducible like every other bot move."""
    return actions[random.Random(bot_seed * 1_000_003 + move_number).randrange(len(actions))]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    return secrets.token_urlsafe(9)


def seat_label(names: list[str] | None, seat: int) -> str:
    """A record's name for ``seat`` as a seat row keeps it (at most 40 characters), else "Seat N"."""
    name = names[seat].strip() if names is not None and seat < len(names) else ""
    return name[:40] or f"Seat {seat}"


@dataclass(eq=False)
class Subscriber:
    """One open page: which seat it shows and what it wants in each view."""

    seat: int | None
    svg: bool = True
    observation: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class LiveMatch:
    """A match in memory: its seats, its state and its open pages."""

    def __init__(self, row: MatchRow, info: GameInfo, replayed: Replayed) -> None:
        self.id = row.id
        self.row = row  # as stored: table, clock and rematch fields (meeple.web.tables keeps it current)
        self.waiting = row.status == "waiting"  # an open table, not started yet
        self.kind = row.kind
        self.info = info
        self.seats = row.seats
        self.log = replayed.log  # the game as people read it; its state is the match's state
        self.turns = replayed.turns  # the seats to move before each move: tells a stale view
        self.notations = replayed.notations  # (seat, notation) of every move, as stored
        self.digest = replayed.digest  # of ``notations`` (see movedigest.next_digest)
        self.cap_stop: str | None = None  # why the server stopped the game at its move cap
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.thinking: set[int] = set()
        self.thinking_elsewhere: set[int] = set()  # bots of other processes (heard through NOTIFY)
        self.refreshing: asyncio.Task[None] | None = None
        self.refresh_wanted = False
        self.reload_wanted = False  # another process took moves back: read the match anew
        self.heard: dict[int, tuple[int, str]] = {}  # moves other processes announced, by number
        self.version = 0  # bumped on every change a page should see
        self._messages: dict[tuple[Any, ...], str] = {}  # each view's JSON until the next change
        self._views_version = -1
        self._lines: dict[int | None, list[dict[str, Any]]] = {}  # the log as each viewer reads it
        self._lines_json: dict[int | None, tuple[list[str], list[str]]] = {}  # the same, encoded
        self._lines_over = False
        # Each viewer's board until the position or the names change: a change that leaves the
        # board as it was (a bot starts or stops thinking, a seat goes away) does not draw it again.
        self._boards: dict[Any, str] = {}
        self._boards_of: tuple[bytes, int, tuple[str, ...]] | None = None

    @property
    def state(self) -> State:
        return self.log.state

    @property
    def stopped(self) -> str | None:
        """Why the server ended the game before its rules did (a clock, a resignation, abandonment, the cap)."""
        ending = endings.ending_of(self)
        return ending.text if ending is not None and ending.by != "rules" else None

    @stopped.setter
    def stopped(self, reason: str | None) -> None:
        self.cap_stop = reason

    @property
    def is_over(self) -> bool:
        """Over by its rules or ended by the server: takes no moves, its record is public."""
        return not self.waiting and (self.state.is_over or self.stopped is not None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def lines(self, viewer: int | None) -> list[dict[str, Any]]:
        """The log as ``viewer`` reads it, extended by the moves since it was last
        asked for (not rebuilt per view); the end of the game reveals the secret
        moves, so then it is read once anew."""
        over = self.is_over
        if over != self._lines_over:
            self._lines.clear()
            self._lines_json.clear()
            self._lines_over = over
        lines = self._lines.setdefault(viewer, [])
        count = len(self.log.entries)
        if len(lines) > count:  # moves were taken back
            self.forget_lines(count)
        if len(lines) < count:
            lines.extend(self.log.lines(viewer, len(lines)))
        return lines

    def forget_lines(self, kept: int) -> None:
        """Drop the cached log lines past the first ``kept`` moves (they were taken back)."""
        for lines in self._lines.values():
            del lines[kept:]
        for moves, log in self._lines_json.values():
            del moves[kept:], log[kept:]

    def lines_json(self, viewer: int | None) -> tuple[list[str], list[str]]:
        """:meth:`lines` as JSON texts, one a move, kept like the lines (each line is encoded
        once, not at every view): the view's ``moves`` and its compact ``log``."""
        lines = self.lines(viewer)
        moves, log = self._lines_json.setdefault(viewer, ([], []))
        for line in lines[len(moves) :]:
            moves.append(json.dumps(line))
            log.append(json.dumps(notation_log([line])[0]))
        return moves, log

    def past_lines(self, past: State, viewer: int | None) -> list[dict[str, Any]]:
        """The log of the replayed position ``past`` (this match after its first
        moves) as ``viewer`` read it then: this log's words, the past position's
        secrecy. Only reads, so it may run in a worker thread."""
        at = past.move_number
        then = GameLog(past, self.names)
        then.entries = list(self.log.entries[:at])
        return then.lines(viewer)

    def reset_log(self, log: GameLog) -> None:
        """Take a log rebuilt from the database (another process took moves back)."""
        self.log = log
        self._lines.clear()
        self._lines_json.clear()

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token this is; compares every stored hash in constant time. A link seat
        a player key claimed opens with its link and with that key's own token for it."""
        digest = hash_token(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(digest, s.token_hash):
                found = s.seat
            if s.claim_hash is not None and hmac.compare_digest(digest, s.claim_hash):
                found = s.seat
        return found

    def meta(self) -> dict[str, Any]:
        ending = endings.ending_of(self)
        return {
            "id": self.id,
            "game": self.info.id,
            "title": self.info.title,
            "players": self.state.players,
            "kind": self.kind,
            "options": dict(self.state.options),
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "away": s.away, "lost": s.lost}
                for s in self.seats
            ],
            "status": "waiting" if self.waiting else "over" if self.is_over else "running",
            "is_over": self.is_over,
            "ended_by": ending.by if ending is not None else None,
            "ended": ending.text if ending is not None else None,
            "public": self.row.public,
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
            "chat_spectators": self.row.chat_spectators,
            # A seat link the creator's key claimed is not said: who claimed a link is told to nobody.
            "creator_seat": next(
                (s.seat for s in self.seats if s.player_id and s.player_id == self.row.creator and not s.claim_hash),
                None,
            ),
        }

    def view(self, seat: int | None, *, svg: bool = True, observation: bool = False) -> dict[str, Any]:
        """The current view of ``seat`` (built anew: pages are sent :meth:`view_message`, which is cached)."""
        view = self._view(seat, svg, observation)
        if self.row.clock is not None:  # time left is counted at each sending, never cached
            view["clock"] = clocks.view(self.row.clock, self.seats, time.time())
        return view

    def _view(self, seat: int | None, svg: bool, observation: bool, *, log: bool = True) -> dict[str, Any]:
        """The view; without ``log``, its ``moves`` and ``log`` are empty (``view_message`` adds them)."""
        ending = endings.ending_of(self)
        # Ended off the board (not by its rules): the winners from the ending, and the board drawn over.
        won = endings.winners(ending, self.seats) if ending is not None and ending.by != "rules" else None
        drawn_for = (self.digest, self.state.move_number, tuple(self.names))
        if drawn_for != self._boards_of:
            self._boards.clear()
            self._boards_of = drawn_for
        view = seat_view(
            self.state,
            seat,
            svg=svg,
            observation=observation,
            actionable=not (self.stopped or self.waiting),
            names=self.names,
            moves=self.lines(seat) if log else [],
            undo=self.log.undo_points(seat) if seat is not None and self.kind == "live" else 0,
            ended=won,
            boards=self._boards,
        )
        if ending is not None and won is not None:
            # Over for every page, nobody to move, the result from the ending.
            view.update(is_over=True, to_move=[], winners=won, summary=endings.summary(ending, self, won))
        elif self.state.is_over:  # a seat lost on time never wins
            view["winners"] = clocks.winners(view["winners"], view["scores"], self.seats, False)
        view["ended_by"] = ending.by if ending is not None else None
        view["ended"] = ending.text if ending is not None else None
        view["thinking"] = sorted(self.thinking | self.thinking_elsewhere)
        view["stopped"] = self.stopped
        view["match"] = self.meta()
        return view

    def view_message(self, seat: int | None, *, svg: bool = True, observation: bool = False) -> str:
        """The view as the WebSocket message every page showing the same thing is sent.

        Only the JSON text is kept until the next change, never the view's
        dicts and lists: kept for the seconds between moves they would outlive
        the young garbage generations, and the oldest one, holding every live
        match, would have to be collected (a pause of the whole process) far
        more often.
        """
        if self._views_version != self.version:
            self._messages.clear()
            self._views_version = self.version
        key = (seat, svg, observation, self.row.clock is None)
        text = self._messages.get(key)
        if text is None:
            view = self._view(seat, svg, observation, log=False)
            del view["log"], view["moves"]
            moves, log = self.lines_json(seat)
            # The log is most of a view and grows with the game: its lines are spliced in as
            # they were encoded once (json.dumps of a list is its items' texts joined by ", ").
            text = f'{json.dumps(view)[:-1]}, "log": [{", ".join(log)}], "moves": [{", ".join(moves)}]}}'
            if self.row.clock is None:
                text = f'{{"type": "view", "view": {text}}}'
            self._messages[key] = text
        if self.row.clock is None:
            return text
        # Time left is counted at each sending: added to the kept view's text.
        clock = json.dumps(clocks.view(self.row.clock, self.seats, time.time()))
        return f'{{"type": "view", "view": {text[:-1]}, "clock": {clock}}}}}'

    def changed(self) -> None:
        # A seat no longer to move thinks no more, whatever notice was lost.
        self.thinking_elsewhere.intersection_update(self.state.to_move)
        self.version += 1
        for sub in self.subscribers:
            sub.wake.set()

    def accept(self, after: State, seat: int, notation: str) -> None:
        """Take ``after`` (this state plus ``seat``'s move ``notation``) as the match's state."""
        self.turns.append(self.state.to_move)
        self.notations.append((seat, notation))
        self.digest = next_digest(self.digest, seat, notation)
        # ``after`` was judged on a copy: the log adopts it and keeps the move's words
        # (in the names seated now: an open table fills its seats before the first move).
        self.log.names = self.names
        self.log.adopt(after.history[-1][1], seat, after)

    def apply_stored(self, seat: int, notation: str) -> None:
        """Apply a move another process stored (``ValueError`` if it does not apply)."""
        self.turns.append(self.state.to_move)
        self.log.names = self.names
        self.log.apply(self.state.parse_action(notation, seat), seat)
        self.notations.append((seat, notation))
        self.digest = next_digest(self.digest, seat, notation)


@dataclass
class Replayed:
    log: GameLog
    turns: list[tuple[int, ...]]
    notations: list[tuple[int, str]]
    digest: bytes

    @property
    def state(self) -> State:
        return self.log.state


def replay_state(
    info: GameInfo,
    players: int,
    seed: int,
    options: dict[str, Any],
    moves: list[tuple[int, str]],
    names: list[str] | None = None,
) -> Replayed:
    """Rebuild a game from its stored moves through a :class:`GameLog` (each
    move's words, its consequences, what may be taken back), with the seats
    that were to move before each.

    ``ValueError`` says which move does not apply.
    """
    log = GameLog(info.new(players, seed, **options), names)
    turns: list[tuple[int, ...]] = []
    digest = START_DIGEST
    for number, (seat, text) in enumerate(moves):
        turns.append(log.state.to_move)
        try:
            log.apply(log.state.parse_action(text, seat), seat)
        except ValueError as exc:  # IllegalAction is a ValueError
            raise ValueError(f"stored move {number} ({text!r} by seat {seat}) does not apply: {exc}") from None
        digest = next_digest(digest, seat, text)
    return Replayed(log, turns, list(moves), digest)


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
