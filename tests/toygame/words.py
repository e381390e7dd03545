"""The toy game in words: move labels, what a move did, the result.

Wired through ``GameInfo`` (labeler, narrator, summarizer, undo_barrier), so
rules.py never imports it. A label of a public move says nothing hidden:
"Keep your card" does not name the card, since the other seats read it too.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core import Action, State
from meeple.core.words import EndSummary, LogLine, ScoreLine, SeatResult, seat_name
from tests.toygame.actions import SWAP


def label(state: State, action: Action, seat: int) -> str:
    if action == SWAP:
        return "Swap your card for the top card of the deck"
    return "Keep your card"


def narrate(before: State, action: Action, seat: int, after: State, names: Sequence[str] | None) -> list[LogLine]:
    if action != SWAP:
        return []
    drawn = after.cards[seat]  # type: ignore[attr-defined]
    return [
        LogLine(f"{seat_name(names, seat)}'s old card goes to the bottom of the deck"),
        LogLine(f"You drew the {drawn}", seats=(seat,)),
    ]


def summarize(state: State, names: Sequence[str] | None) -> EndSummary:
    cards = state.cards  # type: ignore[attr-defined]
    winners = tuple(state.winners)
    best = " and ".join(seat_name(names, s) for s in winners)
    return EndSummary(
        reason=f"All turns are played; the highest card ({max(cards)}) wins: {best}.",
        seats=tuple(SeatResult(s, float(c), (ScoreLine("card", c),)) for s, c in enumerate(cards)),
        winners=winners,
    )


def reveals(before: State, action: Action, seat: int, after: State) -> bool:
    """A swap shows the mover a card nobody knew: it cannot be taken back."""
    return action == SWAP
