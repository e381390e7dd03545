"""What a bot is: something that picks one legal action for a seat."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from meeple.core import Action, State
from meeple.core.rng import Random


class Bot(Protocol):
    """A player program. ``choose`` must return one of ``state.legal_actions(seat)``
    and must not change ``state``; it sees the whole state object, so a fair bot
    only uses what ``seat`` may know (``determinize`` gives it that)."""

    name: str

    def choose(self, state: State, seat: int) -> Action: ...


@runtime_checkable
class DrawingBot(Protocol):
    """A bot whose choice draws at random (say, between equally good moves) and can take
    its draws from a generator it is handed: a search playing it in its playouts passes
    the playout's own, so a playout is fixed by its world and seed."""

    def choose_with(self, state: State, seat: int, rng: Random) -> Action: ...
