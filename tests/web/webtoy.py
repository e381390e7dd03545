"""A tiny game with hidden hands and a secret simultaneous phase, for web tests.

Cards 1..12 are shuffled; each seat is dealt a hidden hand of three. Each
round every seat secretly bids one card at once (a simultaneous phase); when
all have bid, the bids are revealed and the highest bid scores the sum of all
bids. Then each seat in turn may ``draw`` a card or ``pass``. After
``rounds`` rounds the best score wins. Registered only inside the tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape
from typing import Any

from meeple.core import Action, GameInfo, Option, State, register
from meeple.core.words import EndSummary, LogLine, ScoreLine, SeatResult, seat_name

DRAW = Action("draw")
PASS = Action("pass")
BIDS = tuple(Action("bid", c) for c in range(1, 13))


class WebToy(State):
    __slots__ = ("bids", "deck", "hands", "phase", "points", "revealed", "round", "turn")

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        deck = list(range(1, 13))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck.pop() for _ in range(3)) for _ in range(players)]
        self.deck = deck
        self.bids: list[int | None] = [None] * players
        self.revealed: list[int] = []
        self.points = [0] * players
        self.phase = "bid"
        self.turn = 0
        self.round = 1

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "bid":
            return tuple(s for s in range(self.players) if self.bids[s] is None)
        return (self.turn,)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "bid":
            return [BIDS[c - 1] for c in self.hands[seat]]
        return [DRAW, PASS] if self.deck else [PASS]

    def _explain_illegal(self, action: Action, seat: int) -> str:
        if action.kind == "bid":
            if self.phase != "bid":
                return "bids are made at the start of a round"
            return f"you do not hold card {action.args[0]}"
        if action == DRAW and self.phase == "draw":
            return "the deck is empty"
        return "you may only bid now"

    def _apply(self, action: Action, seat: int) -> None:
        if action.kind == "bid":
            card = int(action.args[0])
            self.hands[seat].remove(card)
            self.bids[seat] = card
            if all(b is not None for b in self.bids):
                bids = [int(b) for b in self.bids if b is not None]
                self.revealed = bids
                best = max(bids)
                self.points[bids.index(best)] += sum(bids)
                self.bids = [None] * self.players
                self.phase = "draw"
                self.turn = 0
            return
        if action == DRAW:
            self.hands[seat].append(self.deck.pop())
            self.hands[seat].sort()
        self.turn += 1
        if self.turn == self.players:
            self.round += 1
            if self.round > self.options["rounds"] or any(not h for h in self.hands):
                self.phase = "over"
            else:
                self.phase = "bid"

    def move_text(self, index: int, viewer: int | None) -> str | None:
        seat, action = self.history[index]
        if action.kind == "bid" and viewer != seat and not self.is_over:
            return "bid (secret)"
        return str(action)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.points)
        return tuple(s for s, p in enumerate(self.points) if p == best)

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = self.base_observation(seat)
        obs.update(
            phase=self.phase,
            round=self.round,
            points=list(self.points),
            deck_size=len(self.deck),
            hand_sizes=[len(h) for h in self.hands],
            has_bid=[b is not None for b in self.bids],
            revealed=list(self.revealed),
            hand=list(self.hands[seat]) if seat is not None else None,
            my_bid=self.bids[seat] if seat is not None else None,
        )
        return obs

    def determinize(self, seat: int, rng: random.Random) -> WebToy:
        new = self.clone()
        new._reseed_from(rng)
        unseen = list(new.deck)
        for s in range(new.players):
            if s != seat:
                unseen += new.hands[s]
                if new.bids[s] is not None:
                    unseen.append(int(new.bids[s]))  # type: ignore[arg-type]
        rng.shuffle(unseen)
        for s in range(new.players):
            if s != seat:
                new.hands[s] = sorted(unseen.pop() for _ in new.hands[s])
                if new.bids[s] is not None:
                    new.bids[s] = unseen.pop()
        new.deck = unseen
        return new

    def clone(self) -> WebToy:
        new = WebToy.__new__(WebToy)
        self._copy_base_into(new)
        new.hands = [h.copy() for h in self.hands]
        new.deck = self.deck.copy()
        new.bids = self.bids.copy()
        new.revealed = self.revealed.copy()
        new.points = self.points.copy()
        new.phase = self.phase
        new.turn = self.turn
        new.round = self.round
        return new


def svg(obs: dict[str, Any], legal: list[str] | None, *, names: Sequence[str] | None = None) -> str:
    """Own hand as cards (clickable when a bid is legal), draw/pass as buttons, the players' names."""
    legal_set = set(legal or [])
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="420" height="180" viewBox="0 0 420 180">']
    parts.append(f'<text x="10" y="20">round {obs["round"]} phase {obs["phase"]} points {obs["points"]}</text>')
    who = ", ".join(seat_name(names, s) for s in range(len(obs["points"])))
    parts.append(f'<text x="10" y="170" class="names">{escape(who)}</text>')
    for i, card in enumerate(obs["hand"] or []):
        action = f"bid {card}"
        mark = f' class="clickable" data-action="{action}"' if action in legal_set else ""
        parts.append(
            f'<g{mark}><rect x="{10 + 50 * i}" y="40" width="40" height="60" fill="#fed"/>'
            f'<text x="{20 + 50 * i}" y="75" class="card">{card}</text></g>'
        )
    for i, word in enumerate(("draw", "pass")):
        if word in legal_set:
            parts.append(f'<text x="{10 + 60 * i}" y="130" class="clickable" data-action="{word}">{word}</text>')
    parts.append("</svg>")
    return "".join(parts)


# ------------------------------------------------------------------ words
def label(state: State, action: Action, seat: int) -> str:
    if action.kind == "bid":
        return f"Bid card {action.args[0]} (face down)"
    if action == DRAW:
        return f"Draw a card ({len(state.deck)} left)"  # type: ignore[attr-defined]
    return "Pass"


def narrate(before: State, action: Action, seat: int, after: State, names: Sequence[str] | None) -> list[LogLine]:
    lines: list[LogLine] = []
    assert isinstance(before, WebToy) and isinstance(after, WebToy)
    if action.kind == "bid" and before.phase == "bid" and after.phase != "bid":
        shown = ", ".join(f"{seat_name(names, s)} {b}" for s, b in enumerate(after.revealed))
        best = after.revealed.index(max(after.revealed))
        lines.append(LogLine(f"The bids are revealed: {shown}; {seat_name(names, best)} scores {sum(after.revealed)}"))
    if action == DRAW:
        (card,) = set(after.hands[seat]) - set(before.hands[seat])
        lines.append(LogLine(f"{seat_name(names, seat)} drew card {card}", (seat,)))
    if after.is_over:
        lines.append(LogLine("The last round is over"))
    return lines


def summarize(state: State, names: Sequence[str] | None) -> EndSummary:
    assert isinstance(state, WebToy)
    winners = tuple(state.winners)
    who = " and ".join(seat_name(names, s) for s in winners)
    return EndSummary(
        reason=f"After round {state.round - 1}, {who} had the most points from winning bids",
        seats=tuple(
            SeatResult(s, float(p), (ScoreLine("Winning bids", float(p)), ScoreLine("Cards left", len(h))))
            for s, (p, h) in enumerate(zip(state.points, state.hands, strict=True))
        ),
        winners=winners,
    )


def reveals(before: State, action: Action, seat: int, after: State) -> bool:
    """A draw shows the drawer a card; the last bid reveals every bid."""
    assert isinstance(after, WebToy)
    return action == DRAW or (action.kind == "bid" and after.phase != "bid")


INFO = register(
    GameInfo(
        id="webtoy",
        title="Web Toy Bids",
        min_players=2,
        max_players=4,
        default_players=2,
        options=(
            Option("rounds", 2, int, "rounds to play", minimum=1, maximum=4),
            Option("fast", False, bool, "an option that does nothing"),
        ),
        state_class=WebToy,
        action_space=(*BIDS, DRAW, PASS),
        svg_view=svg,
        labeler=label,
        narrator=narrate,
        summarizer=summarize,
        undo_barrier=reveals,
    )
)
