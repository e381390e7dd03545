"""The toy game's rules: set-up, legality, transitions and the end.

rules.py imports no view and no bot: the views and bots are wired in
``__init__.py`` through ``GameInfo``.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, State
from meeple.core.rng import Random
from tests.toygame import observe, refusals
from tests.toygame.actions import KEEP, SWAP
from tests.toygame.data import DATA


class ToyState(State):
    __slots__ = ("cards", "current", "deck", "turns_left")

    cards: list[int]  # each seat's card (hidden from the others)
    deck: list[int]  # face down; the last card is the top
    current: int  # the seat to move
    turns_left: int

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        deck = list(DATA.cards)
        self.rng.shuffle(deck)
        self.cards = [deck.pop() for _ in range(players)]
        self.deck = deck
        self.current = 0
        self.turns_left = options["rounds"] * players

    # -- whose turn, what is legal, what happens
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turns_left == 0 else (self.current,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [KEEP, SWAP] if self.deck else [KEEP]

    def _explain_illegal(self, action: Action, seat: int) -> str:
        return refusals.explain(self, action, seat) or super()._explain_illegal(action, seat)

    def _apply(self, action: Action, seat: int) -> None:
        if action == SWAP:
            self.deck.insert(0, self.cards[seat])  # the given card goes to the bottom
            self.cards[seat] = self.deck.pop()
        self.current = (self.current + 1) % self.players
        self.turns_left -= 1

    # -- the end
    @property
    def is_over(self) -> bool:
        return self.turns_left == 0

    @property
    def end_reason(self) -> str | None:
        return "turns" if self.is_over else None

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(c) for c in self.cards) if self.is_over else tuple(0.0 for _ in self.cards)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.cards)
        return tuple(s for s, c in enumerate(self.cards) if c == best)

    # -- views of the state (observe.py does the work)
    def observation(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self, seat)

    def determinize(self, seat: int, rng: Random) -> ToyState:
        return observe.determinize(self, seat, rng)

    def clone(self) -> ToyState:
        new = ToyState.__new__(ToyState)
        self._copy_base_into(new)
        new.cards = self.cards.copy()
        new.deck = self.deck.copy()
        new.current = self.current
        new.turns_left = self.turns_left
        return new
