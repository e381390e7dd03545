"""Isle of Skye's legality tests that say why: each returns the reason an action is
refused, in plain words, or ``None`` when the rules allow it.

``rules.py`` asks these same tests whether an action is legal (``_is_legal``), so a
refusal's reason always comes from the test that refused it; its lists of legal actions
read the price cap from here and write the other tests out for speed, and
tests/isle_of_skye/test_fast_paths.py checks every list against ``_is_legal``. ``explain`` adds
what no single test covers: actions that are not the game's, the wrong kind of step
for the phase, and a placement that fits but that the build plan refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.games.isle_of_skye.actions import BUILD, BUY, KNOWN_ACTIONS, MAX_PRICE, PHASE_NAMES, PRICE
from meeple.games.isle_of_skye.data import FITS

if TYPE_CHECKING:
    from meeple.games.isle_of_skye.rules import IsleOfSkyeState

# Said when the placement fits but lowers the most received tiles still placeable (build_plan.py);
# when no order places them all, "more of them" is still exact, "them all" would not be.
NO_ROOM = "it would leave no room for another of your tiles, and some other placement leaves room for more of them"


# ------------------------------------------------------------------ pricing
def discard_refusal(state: IsleOfSkyeState, seat: int, tid: object) -> str | None:
    """Whether ``seat`` may mark ``tid`` to discard: once a round, one of the tiles it drew."""
    if state.discarded[seat] >= 0:
        return f"you have already marked tile {state.discarded[seat]} to discard; now set prices"
    if tid not in state.drawn[seat]:
        return f"tile {tid} is not one you drew (you drew {', '.join(map(str, state.drawn[seat]))})"
    return None


def price_cap(state: IsleOfSkyeState, seat: int) -> int:
    """The highest price ``seat`` may ask next: its gold, less 1 for each tile still waiting
    after this one. Once the discard is marked, the tiles waiting (``_to_price``) are those
    priced 0 but the discard: ``prices.count(0) - 1`` of them."""
    top = state.gold[seat] - state.prices[seat].count(0) + 2
    return top if top < MAX_PRICE else MAX_PRICE


def price_refusal(state: IsleOfSkyeState, seat: int, price: object) -> str | None:
    """Whether ``seat`` may ask ``price`` for its next tile: after the discard, 1 to ``price_cap``."""
    if state.discarded[seat] < 0:
        return "first mark one of your drawn tiles to discard"
    top = price_cap(state, seat)
    if price not in range(1, top + 1):
        return f"a price is from 1 to {top} gold (you have {state.gold[seat]}, and each tile needs at least 1)"
    return None


# ------------------------------------------------------------------- buying
def offer_refusal(state: IsleOfSkyeState, buyer: int, seller: int, index: int) -> str | None:
    """Whether ``buyer`` may buy the ``index``-th tile ``seller`` drew: another seat's tile,
    not its discard, not sold yet, and a price the buyer can pay."""
    tid = state.drawn[seller][index]
    if seller == buyer:
        return "you cannot buy your own tile"
    if tid == state.discarded[seller]:
        return f"tile {tid} was discarded"
    if state.sold_to[seller][index] >= 0:
        return f"tile {tid} is already sold"
    price = state.prices[seller][index]
    if price > state.gold[buyer]:
        return f"tile {tid} costs {price} gold and you have {state.gold[buyer]}"
    return None


def buy_refusal(state: IsleOfSkyeState, buyer: int, tid: object) -> str | None:
    """Whether ``buyer`` may buy ``tid``: ``offer_refusal`` of the seat that drew it (a tile is drawn once)."""
    for seller in range(state.players):
        drawn = state.drawn[seller]
        if tid in drawn:
            return offer_refusal(state, buyer, seller, drawn.index(tid))
    return f"tile {tid} is not on offer"


# ----------------------------------------------------------------- building
def fit_refusal(state: IsleOfSkyeState, seat: int, action: Action) -> str | None:
    """Whether ``action`` is the build step due now (a tile, then a square, then a turn) and
    fits by the placement rule alone: a tile received that fits somewhere, a square next to
    the territory where the tile matches every shared edge, a turn that matches them. Whether
    it also keeps the other received tiles placeable is the build plan's question (``rules.py``).
    Read from the action's items: an action built by hand may hold anything."""
    size = len(action)
    tid = state.pick_tile
    if tid < 0:
        if size != 2 or action[0] != "place":
            return "choose a tile to place first (place T)"
        wanted = action[1]
        for t in state.received[seat]:
            if t == wanted and state._can_place(seat, t):
                return None
        return f"tile {wanted} is not one of your tiles to place ({', '.join(map(str, state.received[seat]))})"
    frontier = state.frontier[seat]
    spot = state.pick_spot
    if spot is None:
        if size != 3 or action[0] != "spot":
            return f"choose a spot for tile {tid} (spot X Y)"
        code = frontier.get((action[1], action[2]))  # type: ignore[arg-type]  # (then simply not found)
        if code is not None and FITS[tid][code]:
            return None
        return (
            f"tile {tid} cannot go at {action[1]} {action[2]}: it must touch your territory and "
            "match the terrain on every shared edge"
        )
    if size != 2 or action[0] != "rotate":
        return f"choose a rotation for tile {tid} (rotate 0/90/180/270)"
    for r in FITS[tid][frontier[spot]]:
        if action[1] == 90 * r:
            return None
    return f"turned {action[1]} degrees, tile {tid} does not match its neighbours' terrain"


def _no_room(state: IsleOfSkyeState, action: Action) -> str:
    """Why a build step that fits is refused: the build plan keeps more tiles placeable."""
    tid = state.pick_tile
    if tid < 0:
        return f"tile {action[1]} cannot be placed first: {NO_ROOM}"
    if state.pick_spot is None:
        return f"tile {tid} cannot go at {action[1]} {action[2]}: {NO_ROOM}"
    return f"tile {tid} cannot be turned {action[1]} degrees there: {NO_ROOM}"


# ------------------------------------------------------------------ reasons
def explain(state: IsleOfSkyeState, action: Action, seat: int) -> str:
    """Why ``action`` is not legal for ``seat`` now."""
    if action not in KNOWN_ACTIONS:
        # Checked first: the reasons below read the arguments of well-formed actions.
        return f"{action} is not an action of Isle of Skye (see help for the notation)"
    why = BY_PHASE.get(state.phase)
    if why is None:
        return f"the game is over; no {action.kind} ({PHASE_NAMES[state.phase]})"
    reason = why(state, action, seat)
    assert reason is not None, f"{action} is legal: the tests here are the ones ``_is_legal`` asks"
    return reason


def _pricing(state: IsleOfSkyeState, action: Action, seat: int) -> str | None:
    kind = action.kind
    if kind == "discard":
        return discard_refusal(state, seat, action[1])
    if kind == "price":
        return price_refusal(state, seat, action[1])
    return f"now is the hidden pricing phase: discard a tile, then price the others, not {kind}"


def _buying(state: IsleOfSkyeState, action: Action, seat: int) -> str | None:
    if action.kind != "buy":
        return f"now is the buying phase: buy a tile on offer or pass, not {action.kind}"
    return buy_refusal(state, seat, action[1])


def _building(state: IsleOfSkyeState, action: Action, seat: int) -> str | None:
    # An illegal step that fits is one the build plan refuses.
    return fit_refusal(state, seat, action) or _no_room(state, action)


BY_PHASE: dict[int, Callable[[IsleOfSkyeState, Action, int], str | None]] = {
    PRICE: _pricing,
    BUY: _buying,
    BUILD: _building,
}
