"""A game as people follow it: each move in words, its consequences, and undo.

:class:`GameLog` wraps a state and is played through instead of it (the
terminal and the web do). For every move it keeps the mover's label
(written on the position before the move), the consequences the game's
``narrator`` reports, and whether the move can be taken back. It adds one
``clone`` per move, so it is for games people watch, never for search.

What a viewer reads:

* a move another seat may not see reads as ``State.move_text`` says (a
  neutral text, or nothing); once the game is over every move reads in full;
* a consequence is shown only to the seats its ``LogLine`` names.

Undo follows Board Game Arena's policy: while a seat is still to move it may
go back to any point of its current turn after which no hidden information
was revealed, no chance event happened, and no other seat acted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import IllegalAction
from meeple.core.record import Record
from meeple.core.state import State
from meeple.core.words import LogLine, told_label


@dataclass(frozen=True)
class LogEntry:
    """One move as the log keeps it."""

    number: int  # 1 for the first move of the game
    seat: int
    notation: str
    label: str
    consequences: tuple[LogLine, ...]
    barrier: bool  # revealed something or drew from the generator: no undo past it
    told: str | None = None  # the move as the log tells it to everyone, after the mover's name


def is_barrier(before: State, action: Action, seat: int, after: State) -> bool:
    """Can nobody take this move back? True when it drew from the state's
    generator (a chance event) or the game says it revealed something."""
    if before.rng.getstate() != after.rng.getstate():
        return True
    barrier = before.info.undo_barrier
    return barrier is not None and barrier(before, action, seat, after)


class GameLog:
    """A state played move by move, with what each move meant in words."""

    def __init__(self, state: State, names: Sequence[str] | None = None) -> None:
        """Start logging ``state`` from its current position (earlier moves get
        entries without labels or consequences: use :meth:`from_record` to
        have them all)."""
        self.state = state
        self.names = list(names) if names is not None else None
        self.entries: list[LogEntry] = [
            LogEntry(i + 1, s, str(a), str(a), (), True) for i, (s, a) in enumerate(state.history)
        ]
        # The position before each move of the current undoable stretch.
        self._before: list[State] = []

    @classmethod
    def from_record(cls, record: Record, names: Sequence[str] | None = None) -> GameLog:
        """Replay ``record`` through a log; ``ValueError`` if a move does not apply
        or the record was made with another version of the game's rules."""
        import meeple

        # The same checks as meeple.replay, on a record with no moves.
        start = meeple.replay(dataclasses.replace(record, moves=[]))
        log = cls(start, names if names is not None else record.names)
        for number, (seat, text) in enumerate(record.moves):
            try:
                log.apply(log.state.parse_action(text, seat), seat)
            except (IllegalAction, ValueError) as exc:
                raise ValueError(f"move {number} ({text!r} by seat {seat}) does not apply: {exc}") from None
        return log

    # ---------------------------------------------------------------- moves
    def apply(self, action: Action | str, seat: int | None = None) -> LogEntry:
        """Play a move (as ``State.apply``, same errors, nothing changed on error)."""
        state = self.state
        seat = state._resolve_seat(seat)
        if isinstance(action, str):
            action = state.parse_action(action, seat)
        before = state.clone()
        state.apply(action, seat)
        return self._record(before, action, seat, state)

    def adopt(self, action: Action, seat: int, after: State) -> LogEntry:
        """Take ``after``, a copy of the current state on which ``seat`` already
        played ``action``, as the new position (a server that judged the move on a
        copy need not play it twice). The current state becomes the position
        before the move and must not be changed afterwards."""
        before, self.state = self.state, after
        return self._record(before, action, seat, after)

    def _record(self, before: State, action: Action, seat: int, after: State) -> LogEntry:
        label = before.action_label(action, seat)
        narrator = after.info.narrator
        lines = tuple(narrator(before, action, seat, after, self.names)) if narrator is not None else ()
        barrier = is_barrier(before, action, seat, after)
        told = told_label(before, action, seat, self.names)
        entry = LogEntry(len(after.history), seat, str(action), label, lines, barrier, told)
        self.entries.append(entry)
        if barrier or (self._before and self.entries[-2].seat != seat):
            self._before = []
        if not barrier:
            self._before.append(before)
        return entry

    # ----------------------------------------------------------------- undo
    def undo_points(self, seat: int) -> int:
        """How many of its last moves ``seat`` may take back now (0: none)."""
        state = self.state
        if state.is_over or seat not in state.to_move:
            return 0
        count = 0
        for entry in reversed(self.entries[len(self.entries) - len(self._before) :]):
            if entry.seat != seat or entry.barrier:
                break
            count += 1
        return count

    def undo(self, seat: int, moves: int = 1) -> State:
        """Take back ``seat``'s last ``moves`` moves; ``IllegalAction`` says why not."""
        if not isinstance(moves, int) or isinstance(moves, bool) or moves < 1:
            raise ValueError(f"moves to undo must be a whole number of at least 1, got {moves!r}")
        allowed = self.undo_points(seat)
        if allowed == 0:
            raise IllegalAction(self._why_no_undo(seat))
        if moves > allowed:
            raise IllegalAction(f"seat {seat} may take back at most {allowed} move(s) now")
        keep = len(self._before) - moves
        self.state = self._before[keep]
        del self._before[keep:]
        del self.entries[len(self.entries) - moves :]
        return self.state

    def _why_no_undo(self, seat: int) -> str:
        state = self.state
        if state.is_over:
            return "the game is over"
        if seat not in state.to_move:
            return f"it is not seat {seat}'s turn"
        last = self.entries[-1] if self.entries else None
        if last is None or last.seat != seat or not self._before:
            return "there is no move of this turn to take back"
        return "the last move revealed something or involved chance, so it stands"

    # -------------------------------------------------------------- reading
    def text(self, index: int, viewer: int | None) -> str | None:
        """Move ``index`` (0-based) as ``viewer`` reads it; ``None`` if hidden from them."""
        entry = self.entries[index]
        state = self.state
        if state.is_over or viewer == entry.seat:
            return entry.label
        shown = state.move_text(index, viewer)
        if shown is None:
            return None
        return entry.label if shown == entry.notation else shown

    def lines(self, viewer: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The log from move ``start`` as ``viewer`` may read it, one dict a move:
        ``number``, ``seat``, ``text`` (``None``: hidden), ``notation`` and
        ``told`` (the move in the third person, to follow the mover's name; only
        where the move is visible, and ``told`` only for games that have it) and
        ``consequences`` (texts)."""
        out: list[dict[str, Any]] = []
        for index in range(start, len(self.entries)):
            entry = self.entries[index]
            text = self.text(index, viewer)
            visible = text is not None and (text == entry.label)
            out.append(
                {
                    "number": entry.number,
                    "seat": entry.seat,
                    "text": text,
                    "notation": entry.notation if visible else None,
                    "told": entry.told if visible else None,
                    "consequences": [line.text for line in entry.consequences if line.visible_to(viewer)],
                }
            )
        return out

