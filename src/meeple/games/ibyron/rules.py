"""Ibyron: Island of Discovery — the state: legality, transitions and the end, put together.

A round: every player takes Outside turns (one action each, a leader move
may come first) until their colonist supply is empty or they forfeit; they
then take Village turns, one village action each, until their village box
is empty or they leave; then they take a bonus resource. When everyone is
done the round ends: cleanup, feeding, rehiring, paying for extra workers,
losing coins over the limit, re-rolling market dice, passing the start
player (who may buy a $2 tile). See RULES.md for every decision.

The fields and queries are in ``position.py``; which actions are legal in
``legal.py``; what each action does in ``outside.py``, ``village.py`` and
``turns.py``, reached through the ``APPLY`` table below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core import Action
from meeple.core.rng import Random
from meeple.core.state import OFFERED_MAX as CORE_OFFERED_MAX
from meeple.games.ibyron import outside, turns, village
from meeple.games.ibyron.actions import INDEX
from meeple.games.ibyron.data import (
    COINS,
    MAT_BUILDINGS,
    S_EXTRA,
    S_HIRE,
    S_HOME,
    S_MARKET,
    S_PLACE,
    S_TURN,
    SOLO_EXTRA_COINS,
    START_TILE_PRICE,
    VILLAGE,
)
from meeple.games.ibyron.legal import (
    STEP_CHOICES,
    find_refusal,
    outside_actions,
    outside_indices,
    refusal,
    village_actions,
)
from meeple.games.ibyron.moves import MOVE_TARGET, move_refusal
from meeple.games.ibyron.observe import IbyronObservation, determinize, observation
from meeple.games.ibyron.position import IbyronPosition

# Why a game ends: a player housed all but 3 workers (the rulebook's end), the beginner/solo game's last
# round, or the standard game's designed round limit (a safeguard, not a rule of the game).
END_REASONS = ("workers", "rounds", "safety_cap")


def _do_done(s: IbyronPosition, p: int, action: Action) -> None:
    """``done`` closes a market visit, or stops placing overseers on a new tile."""
    if s.step == S_MARKET:
        village.after_village_action(s, p)
    else:
        turns.end_turn(s)


def _do_hire(s: IbyronPosition, p: int, action: Action) -> None:
    n = int(action[1])
    s.res[p][COINS] -= n
    s.rest[p] -= n
    s.supply[p] += n
    if s.extra_tile:  # hiring with a solo extra tile's $3
        _after_extra_tile(s)
    else:
        turns.next_hire(s)


def _do_buy(s: IbyronPosition, p: int, action: Action) -> None:
    k = int(action[1])
    s.res[p][COINS] -= START_TILE_PRICE
    s.tiles.remove(k)
    s.pending_tile = k
    s.step = S_PLACE


def _do_decline(s: IbyronPosition, p: int, action: Action) -> None:
    # coins are capped at the round's end; only the solo game's extra tiles can have added some since
    turns.cap_coins(s)
    turns.begin_round(s)


def _may_add_extra_tile(s: IbyronPosition) -> bool:
    """Solo: another tile may be added while one is left, it fits, and a round would still be played."""
    return s.solo and bool(s.tiles) and s.round_limit - 1 > s.round and s._any_anchor()


def _after_extra_tile(s: IbyronPosition) -> None:
    if _may_add_extra_tile(s):
        s.step = S_EXTRA
    else:
        turns.cap_coins(s)
        turns.begin_round(s)


def _do_place(s: IbyronPosition, p: int, action: Action) -> None:
    s.lay_tile(s.pending_tile, int(action[1]), int(action[2]), int(action[3]))
    s.pending_tile = -1
    if s.extra_tile:
        # the $3 may be spent at once on hiring; only what the player may keep carries over
        turns.add(s.res[p], COINS, SOLO_EXTRA_COINS)
        s.round_limit -= 1
        if s.rest[p] > 0 and s.res[p][COINS] > 0:
            s.step = S_HIRE
        else:
            _after_extra_tile(s)
    elif _may_add_extra_tile(s):
        s.step = S_EXTRA
    else:
        turns.begin_round(s)


def _do_extra(s: IbyronPosition, p: int, action: Action) -> None:
    s.extra_tile = True
    turns.draw_and_place(s)


def _do_start(s: IbyronPosition, p: int, action: Action) -> None:
    turns.choose_start(s, p, MAT_BUILDINGS.index(str(action[1])))
    s.step = S_HOME


def _do_home(s: IbyronPosition, p: int, action: Action) -> None:
    tile = "center" if action[1] == "center" else f"seat{p}"
    turns.settle_home(s, p, s.tile_corners(tile)[int(action[-1])])


# What each kind of action does (the action is already known to be legal).
APPLY: dict[int | str, Callable[[IbyronPosition, int, Action], None]] = {
    "move": outside.do_move,
    "end": outside.do_end,
    "explore": outside.do_explore,
    "oversee": outside.do_oversee,
    "done": _do_done,
    "camp": outside.do_camp,
    "gather": outside.do_gather,
    "hurry": outside.do_hurry,
    "ship": outside.do_ship,
    "build": outside.do_build,
    "forfeit": outside.do_forfeit,
    "visit": village.do_visit,
    "sell": village.do_sell,
    "trade": village.do_trade,
    "retrieve": village.do_retrieve,
    "take": village.do_take,
    "leave": village.do_leave,
    "bonus": village.do_bonus,
    "hire": _do_hire,
    "buy": _do_buy,
    "decline": _do_decline,
    "place": _do_place,
    "extra": _do_extra,
    "start": _do_start,
    "home": _do_home,
}


OFFERED_MAX = 24  # the longest legal list kept for apply's check
_INDEX_OF = INDEX.__getitem__


class IbyronState(IbyronPosition):
    # The legal actions last listed and their seat, kept (not game state) so that ``apply``'s check of the
    # action chosen from them is one lookup instead of the rules asked again. Dropped by every ``_apply``;
    # a clone starts without. Code that edits the fields directly (tests) lists the actions again afterwards.
    __slots__ = ("__offered",)

    __offered: tuple[int, tuple[Action, ...]] | None

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.__offered = None
        super().__init__(players, seed, options)

    def _legal_actions(self, seat: int) -> list[Action]:
        # legal.legal_actions, with a call less: a turn's list (over half the steps) is picked here
        step = self.step
        if step == S_TURN:
            actions = village_actions(self, seat) if self.phase[seat] == VILLAGE else outside_actions(self, seat, True)
        else:
            actions = STEP_CHOICES[step](self, seat)
        # A copy (the caller may change the list it is given). A long list is searched more slowly than the rules
        # answer for one action, so it is not kept; nor is a list the core keeps for ``apply`` itself
        # (``State.legal_actions``), up to ``CORE_OFFERED_MAX``: copying it twice would be wasted.
        n = len(actions)
        self.__offered = (seat, tuple(actions)) if CORE_OFFERED_MAX < n <= OFFERED_MAX else None
        return actions

    def _legal_indices(self, seat: int) -> list[int]:
        """The indices in the action space of ``_legal_actions(seat)``, in its order (what the RL environments
        build masks from): a turn's moves and village visits listed by index from tables, the rest looked up.
        A new list each call; nothing is kept for ``apply``."""
        step = self.step
        if step == S_TURN:
            if self.phase[seat] == VILLAGE:
                return village_actions(self, seat, True)
            return outside_indices(self, seat, True)
        return list(map(_INDEX_OF, STEP_CHOICES[step](self, seat)))

    def _is_legal(self, action: Action, seat: int) -> bool:
        offered = self.__offered
        if offered is not None and offered[0] == seat:
            return action in offered[1]
        target = MOVE_TARGET.get(action)
        if target is not None:  # a move (find_refusal's test for one, on the hot path of an Outside turn)
            return self.step == S_TURN and self.phase[seat] != VILLAGE and move_refusal(self, seat, *target) is None
        # an action built by hand may have any kind or arguments: only real actions reach the quick tests
        return action in self._indices() and find_refusal(self, seat, action) is None

    def _apply(self, action: Action, seat: int) -> None:
        self.__offered = None
        APPLY[action[0]](self, seat, action)  # action[0] is its kind, read without the property

    def _explain_illegal(self, action: Action, seat: int) -> str:
        return refusal(self, seat, action) or f"{action} is legal now"  # asked only of a refused action

    # Typed, so that the views and words reading it get every key checked; a TypedDict is not a subtype of
    # ``dict[str, Any]`` for mypy, hence the ignore (at runtime it is that very dict).
    def observation(self, seat: int | None) -> IbyronObservation:  # type: ignore[override]
        return observation(self, seat)

    def determinize(self, seat: int, rng: Random) -> IbyronState:
        copy = self.clone()
        determinize(copy, rng)
        return copy

    def clone(self) -> IbyronState:
        new = IbyronState.__new__(IbyronState)
        new.__offered = None
        self._copy_into(new)
        return new
