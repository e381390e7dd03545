"""Two tiny games whose right moves are known, for testing the search.

* Pile: a pile of stones; on a turn a seat takes 1 or 2; whoever takes the
  last stone wins. From a pile of 3k+1 or 3k+2 the mover wins by leaving a
  multiple of 3. No hidden information.
* Bid: every seat to move at once (as in Isle of Skye's pricing) secretly
  bids 1, 2 or 3; the highest bid wins, ties share. Bidding 3 is never worse.

Neither is registered in ``meeple.GAMES``: each ties its own ``GameInfo``
to its state class, with whatever rollout policy or evaluator a test gives.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from meeple.core import Action, GameInfo, State
from meeple.core.rng import Random

TAKE = {1: Action("take", 1), 2: Action("take", 2)}
BID = {n: Action("bid", n) for n in (1, 2, 3)}


class PileState(State):
    __slots__ = ("current", "last", "pile")

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.pile = options["pile"]
        self.current = 0
        self.last = -1

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.pile == 0 else (self.current,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [TAKE[n] for n in (1, 2) if n <= self.pile]

    def _apply(self, action: Action, seat: int) -> None:
        self.pile -= int(action.args[0])
        self.last = seat
        self.current = (seat + 1) % self.players

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(1.0 if s == self.last and self.is_over else 0.0 for s in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.last,) if self.is_over else ()

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {**self.base_observation(seat), "pile": self.pile}

    def determinize(self, seat: int, rng: Random) -> PileState:
        new = self.clone()
        new._reseed_from(rng)
        return new

    def clone(self) -> PileState:
        new = PileState.__new__(PileState)
        self._copy_base_into(new)
        new.pile, new.current, new.last = self.pile, self.current, self.last
        return new


class BidState(State):
    __slots__ = ("bids",)

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.bids = [0] * players

    @property
    def to_move(self) -> tuple[int, ...]:
        return tuple(s for s, b in enumerate(self.bids) if b == 0)

    def _legal_actions(self, seat: int) -> list[Action]:
        return list(BID.values())

    def _apply(self, action: Action, seat: int) -> None:
        self.bids[seat] = int(action.args[0])

    @property
    def is_over(self) -> bool:
        return all(self.bids)

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(b) for b in self.bids) if self.is_over else (0.0,) * self.players

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.bids)
        return tuple(s for s, b in enumerate(self.bids) if b == best)

    def observation(self, seat: int | None) -> dict[str, Any]:
        shown = self.bids if self.is_over else [b if s == seat else None for s, b in enumerate(self.bids)]
        return {**self.base_observation(seat), "bids": list(shown)}

    def determinize(self, seat: int, rng: Random) -> BidState:
        new = self.clone()
        new._reseed_from(rng)
        for s in range(new.players):
            if s != seat and new.bids[s]:
                new.bids[s] = rng.choice([1, 2, 3])
        return new

    def clone(self) -> BidState:
        new = BidState.__new__(BidState)
        self._copy_base_into(new)
        new.bids = self.bids.copy()
        return new


def _info(game: str, state_class: type[State], actions: tuple[Action, ...], **extra: Any) -> GameInfo:
    return GameInfo(
        id=game,
        title=game.title(),
        min_players=2,
        max_players=3,
        default_players=2,
        options=(),
        state_class=state_class,
        action_space=actions,
        end_reasons=("over",),
        **extra,
    )


def pile(stones: int, players: int = 2, **info: Any) -> PileState:
    """A pile game at ``stones``; ``info`` sets GameInfo fields such as ``rollout_policy``."""
    PileState.info = dataclasses.replace(_info("pile", PileState, tuple(TAKE.values())), **info)
    PileState._index_cache = PileState._notation_cache = None
    return PileState(players, 1, {"pile": stones})


def bid(players: int = 2) -> BidState:
    BidState.info = _info("bid", BidState, tuple(BID.values()))
    BidState._index_cache = BidState._notation_cache = None
    return BidState(players, 1, {})
