"""What a game says to a person: move labels, log lines and the end summary.

The rules speak notation (``hire 9``); people read words ("Hire #9 Cliff
Hanger from the basecamp (5 gold)"). Each game supplies, through its
``GameInfo``, the functions that turn its positions into words; this module
holds the shapes they return and the defaults used where a game has none.

Secrecy is the same as everywhere else: a label, a log line or a summary
says nothing its reader could not see. A move's label is written for the
seat that makes it, and the log shows it to another seat only when that
seat may see the move (``State.move_text``); so a label of a public move
must say nothing beyond the notation and the public observation. A log line
names the seats that may read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class LogLine:
    """One automatic consequence of a move, in words.

    ``seats`` are the seats that may read it; ``None`` means everyone,
    spectators included. A line shown to some seats only (a card a seat
    drew) names them.
    """

    text: str
    seats: tuple[int, ...] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return self.seats is None or (viewer is not None and viewer in self.seats)


@dataclass(frozen=True)
class ScoreLine:
    """One part of a seat's final result: what it is and what it was worth."""

    label: str
    value: float


@dataclass(frozen=True)
class SeatResult:
    """A seat's final result: its total (its ``scores`` entry) and how it was made."""

    seat: int
    total: float
    lines: tuple[ScoreLine, ...] = ()
    note: str = ""  # e.g. how a tie was broken


@dataclass(frozen=True)
class EndSummary:
    """Why the game ended, in words, and each seat's breakdown."""

    reason: str
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...] = field(default=())

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "winners": list(self.winners),
            "seats": [
                {
                    "seat": r.seat,
                    "name": seat_name(names, r.seat),
                    "total": r.total,
                    "lines": [[line.label, line.value] for line in r.lines],
                    "note": r.note,
                }
                for r in self.seats
            ],
        }


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """The name a view shows for ``seat``: its player's name if given, else "Seat N"."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat}"


def default_reason(end_reason: str | None, winners: Sequence[int], names: Sequence[str] | None = None) -> str:
    """A plain sentence for a game without its own words for ``end_reason``."""
    who = " and ".join(seat_name(names, s) for s in winners) or "nobody"
    if end_reason == "safety_cap":
        return f"The safety limit ended the game; {who} won."
    if end_reason is None:
        return f"{who} won."
    return f"The game ended ({end_reason}); {who} won."
