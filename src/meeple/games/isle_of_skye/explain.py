"""Why an Isle of Skye action is refused, in plain words (one function per phase)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.games.isle_of_skye.actions import BUILD, BUY, KNOWN_ACTIONS, PHASE_NAMES, PRICE
from meeple.games.isle_of_skye.data import FITS

if TYPE_CHECKING:
    from meeple.games.isle_of_skye.rules import IsleOfSkyeState

# Said when the placement fits but lowers the most received tiles still placeable (building.py);
# when no order places them all, "more of them" is still exact, "them all" would not be.
NO_ROOM = "it would leave no room for another of your tiles, and some other placement leaves room for more of them"


def explain(state: IsleOfSkyeState, action: Action, seat: int) -> str:
    """Why ``action`` is not legal for ``seat`` now."""
    if action not in KNOWN_ACTIONS:
        # Checked first: the explanations below read the arguments of well-formed actions.
        return f"{action} is not an action of Isle of Skye (see help for the notation)"
    why = BY_PHASE.get(state.phase)
    if why is None:
        return f"the game is over; no {action.kind} ({PHASE_NAMES[state.phase]})"
    return why(state, action, seat)


def _pricing(state: IsleOfSkyeState, action: Action, seat: int) -> str:
    kind, args = action.kind, action.args
    if kind == "discard":
        if state.discarded[seat] >= 0:
            return f"you have already marked tile {state.discarded[seat]} to discard; now set prices"
        return f"tile {args[0]} is not one you drew (you drew {', '.join(map(str, state.drawn[seat]))})"
    if kind == "price":
        if state.discarded[seat] < 0:
            return "first mark one of your drawn tiles to discard"
        waiting = len(state._to_price(seat))
        top = state.gold[seat] - (waiting - 1)
        return f"a price is from 1 to {top} gold (you have {state.gold[seat]}, and each tile needs at least 1)"
    return f"now is the hidden pricing phase: discard a tile, then price the others, not {kind}"


def _buying(state: IsleOfSkyeState, action: Action, seat: int) -> str:
    if action.kind != "buy":
        return f"now is the buying phase: buy a tile on offer or pass, not {action.kind}"
    tid = int(action.args[0])
    for other in range(state.players):
        if tid in state.drawn[other]:
            i = state.drawn[other].index(tid)
            if other == seat:
                return "you cannot buy your own tile"
            if tid == state.discarded[other]:
                return f"tile {tid} was discarded"
            if state.sold_to[other][i] >= 0:
                return f"tile {tid} is already sold"
            return f"tile {tid} costs {state.prices[other][i]} gold and you have {state.gold[seat]}"
    return f"tile {tid} is not on offer"


def _building(state: IsleOfSkyeState, action: Action, seat: int) -> str:
    kind, args = action.kind, action.args
    tid = state.pick_tile
    if tid < 0:
        if kind != "place":
            return "choose a tile to place first (place T)"
        wanted = int(args[0])
        if wanted in state.received[seat] and state._can_place(seat, wanted):
            return f"tile {wanted} cannot be placed first: {NO_ROOM}"
        return f"tile {wanted} is not one of your tiles to place ({', '.join(map(str, state.received[seat]))})"
    spot = state.pick_spot
    if spot is None:
        if kind != "spot":
            return f"choose a spot for tile {tid} (spot X Y)"
        pos = (int(args[0]), int(args[1]))
        code = state.frontier[seat].get(pos)
        if code is not None and FITS[tid][code]:
            return f"tile {tid} cannot go at {args[0]} {args[1]}: {NO_ROOM}"
        return (
            f"tile {tid} cannot go at {args[0]} {args[1]}: it must touch your territory and "
            "match the terrain on every shared edge"
        )
    if kind != "rotate":
        return f"choose a rotation for tile {tid} (rotate 0/90/180/270)"
    rot = int(args[0]) // 90
    if rot in FITS[tid][state.frontier[seat][spot]]:
        return f"tile {tid} cannot be turned {args[0]} degrees there: {NO_ROOM}"
    return f"turned {args[0]} degrees, tile {tid} does not match its neighbours' terrain"


BY_PHASE: dict[int, Callable[[IsleOfSkyeState, Action, int], str]] = {
    PRICE: _pricing,
    BUY: _buying,
    BUILD: _building,
}
