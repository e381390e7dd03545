"""A tiny hidden-information game for testing the core without a real game.

Each seat holds one face-down card from a shuffled deck of 1..9. On a turn a
seat either keeps its card or swaps it for the top of the deck (seeing the new
card, which others do not). After two rounds the highest card wins.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.core import Action, GameInfo, Option, State, register

KEEP = Action("keep")
SWAP = Action("swap")


class ToyState(State):
    __slots__ = ("cards", "current", "deck", "turns_left")

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.cards = [deck.pop() for _ in range(players)]
        self.deck = deck
        self.current = 0
        self.turns_left = options["rounds"] * players

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turns_left == 0 else (self.current,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [KEEP, SWAP] if self.deck else [KEEP]

    def _explain_illegal(self, action: Action, seat: int) -> str:
        if action == SWAP:
            return "the deck is empty, there is nothing to swap with"
        return super()._explain_illegal(action, seat)

    def _apply(self, action: Action, seat: int) -> None:
        if action == SWAP:
            self.deck.insert(0, self.cards[seat])
            self.cards[seat] = self.deck.pop()
        self.current = (self.current + 1) % self.players
        self.turns_left -= 1

    @property
    def is_over(self) -> bool:
        return self.turns_left == 0

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(c) for c in self.cards) if self.is_over else tuple(0.0 for _ in self.cards)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.cards)
        return tuple(s for s, c in enumerate(self.cards) if c == best)

    @property
    def end_reason(self) -> str | None:
        return "turns" if self.is_over else None

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = self.base_observation(seat)
        obs["deck_size"] = len(self.deck)
        obs["my_card"] = self.cards[seat] if seat is not None else None
        obs["cards"] = list(self.cards) if self.is_over else None
        return obs

    def determinize(self, seat: int, rng: random.Random) -> ToyState:
        new = self.clone()
        new._reseed_from(rng)
        if self.is_over:  # every card is face up
            return new
        # Sorted first: the copy must depend only on what ``seat`` knows, not
        # on the order the hidden cards happen to lie in.
        unseen = sorted([c for s, c in enumerate(new.cards) if s != seat] + new.deck)
        rng.shuffle(unseen)
        for s in range(new.players):
            if s != seat:
                new.cards[s] = unseen.pop()
        new.deck = unseen
        return new

    def clone(self) -> ToyState:
        new = ToyState.__new__(ToyState)
        self._copy_base_into(new)
        new.cards = self.cards.copy()
        new.deck = self.deck.copy()
        new.current = self.current
        new.turns_left = self.turns_left
        return new


def _svg(obs: dict[str, Any], legal: list[str] | None) -> str:
    buttons = "".join(f'<text data-action="{a}">{a}</text>' for a in legal or [])
    return f'<svg xmlns="http://www.w3.org/2000/svg">{buttons}</svg>'


TOY = register(
    GameInfo(
        id="toy",
        title="Toy High Card",
        min_players=2,
        max_players=3,
        default_players=2,
        options=(Option("rounds", 2, int, "rounds of turns", minimum=1, maximum=5),),
        state_class=ToyState,
        action_space=(KEEP, SWAP),
        end_reasons=("turns",),
        text_view=lambda obs: f"card {obs['my_card']}",
        svg_view=_svg,
    )
)
