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

The log is read by everyone, so it tells a move in the third person after
the mover's name ("Bot 1 places their wagon at Moel Fach"), not as the
mover's own button says it ("Place your wagon at Moel Fach"). A game whose
labeler is a :class:`Labeler` with a ``told`` function gives the log that
text (:func:`told_label`); the buttons and the terminal's prompts keep the
label. :func:`third_person` turns most labels into their told form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.core.actions import Action
    from meeple.core.state import State


# A label ends with these words when the move ends the mover's turn by itself (the game's
# rules end it once nothing is left to do, though the seat did not choose to end it). A
# finished turn cannot be taken back, so the browser asks before it plays such a move
# (static/match.js reads this ending: keep both the same).
ENDS_TURN = " — this ends your turn"


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


# ------------------------------------------------------------- the log's words
# Verbs the games' labels open with (and open a clause with, after a colon or an "and"):
# the imperative a button says, which the log says in the third person.
LABEL_VERBS = frozenset(
    {
        *("add", "ask", "bring", "build", "buy", "choose", "collect", "complete", "decline", "discard", "draw"),
        *("end", "explore", "finish", "forfeit", "found", "gain", "gather", "give", "harvest", "hire", "keep"),
        *("lay", "leave", "lose", "make", "move", "open", "pass", "pay", "place", "play", "put", "ride", "sell"),
        *("send", "sow", "speed", "start", "stop", "take", "trade", "turn", "unload", "visit", "win"),
    }
)
_CLAUSE = re.compile(r"(^|: |; |, and | and )([A-Za-z]+)")
_PRONOUNS = (
    (re.compile(r"\b(for|to|from|with|lets) you\b"), r"\1 them"),
    (re.compile(r"\byour\b"), "their"),
    (re.compile(r"\bYour\b"), "Their"),
    (re.compile(r"\byou\b"), "they"),
)


def third_person_verb(verb: str) -> str:
    """'place' -> 'places', 'pass' -> 'passes', 'finish' -> 'finishes', 'carry' -> 'carries'."""
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def third_person(label: str, verbs: Collection[str] = LABEL_VERBS) -> str:
    """A label as the log tells it after the mover's name: the verbs that open it and its
    clauses in the third person, "you" and "your" as "they" and "their", the turn-ending
    note left out (the log's own line says the turn passed): "Place your wagon at Moel
    Fach" -> "places their wagon at Moel Fach"."""
    text = label.removesuffix(ENDS_TURN)

    def verb(found: re.Match[str]) -> str:
        word = found.group(2)
        if word.lower() not in verbs:
            return found.group(0)
        return found.group(1) + third_person_verb(word.lower())

    text = _CLAUSE.sub(verb, text)
    for pattern, replacement in _PRONOUNS:
        text = pattern.sub(replacement, text)
    return text


class Labeler:
    """A game's words for a move: ``label`` for the seat about to make it (buttons, the terminal's
    prompts: ``GameInfo.labeler`` calls it) and ``told`` for the log everyone reads afterwards
    (``told(state, action, seat, names)``, on the position before the move; by default the
    label in the third person)."""

    def __init__(
        self,
        label: Callable[[State, Action, int], str],
        told: Callable[[State, Action, int, Sequence[str] | None], str] | None = None,
    ) -> None:
        self.label = label
        self._told = told

    def __call__(self, state: State, action: Action, seat: int) -> str:
        return self.label(state, action, seat)

    def told(self, state: State, action: Action, seat: int, names: Sequence[str] | None = None) -> str:
        if self._told is not None:
            return self._told(state, action, seat, names)
        return third_person(self.label(state, action, seat))


def told_label(state: State, action: Action, seat: int, names: Sequence[str] | None = None) -> str | None:
    """How the log tells ``seat``'s ``action`` on ``state`` (the position before it), or ``None``
    for a game whose labels have no told form (its log shows the label)."""
    labeler = state.info.labeler
    if isinstance(labeler, Labeler):
        return labeler.told(state, action, seat, names)
    return None
