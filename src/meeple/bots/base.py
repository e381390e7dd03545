"""What a bot is: something that picks one legal action for a seat."""

from __future__ import annotations

from typing import Protocol

from meeple.core import Action, State


class Bot(Protocol):
    """A player program. ``choose`` must return one of ``state.legal_actions(seat)``
    and must not change ``state``; it sees the whole state object, so a fair bot
    only uses what ``seat`` may know (``determinize`` gives it that)."""

    name: str

    def choose(self, state: State, seat: int) -> Action: ...
