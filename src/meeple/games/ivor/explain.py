"""Ivor the Engine: why an action is refused, in plain words.

Called only for actions of the game that are not legal now; the reasons read
the state but never change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.games.ivor.actions import MoveAction
from meeple.games.ivor.data import DATA
from meeple.games.ivor.routes import MAIN_LINE_COAL

if TYPE_CHECKING:
    from meeple.games.ivor.rules import IvorState

LOCS = DATA.locations
LOC_INDEX = {loc.id: loc.index for loc in LOCS}
JOBS = {job.id: job for job in DATA.jobs}
COAL_PER_GOLD: int = DATA.components["coal_per_gold"]

# The kinds of action each phase of the turn takes (by phase number, see rules.PHASE_NAMES).
EXPECTED: tuple[tuple[str, ...], ...] = (
    ("place",),
    ("move", "buy", "job", "special", "end"),
    ("idris",),
    ("runaway",),
    ("take",),
    ("take",),
    ("discard",),
    (),
)


def route_text(steps: int, coal: int, main: bool) -> str:
    """A route's cost in words: ``"2 lines, 1 coal"`` or ``"main line + 1 line, 2 coal"``."""
    lines = f"{steps} line{'s' if steps != 1 else ''}"
    return f"{'main line + ' if main else ''}{lines}, {coal} coal"


def _move(state: IvorState, action: Action, seat: int) -> str:
    assert isinstance(action, MoveAction)
    arg = action.destination
    dest = LOC_INDEX[arg]
    if dest == state.pos[seat]:
        return f"your wagon is already at {arg}"
    if state.wagon_at[dest] >= 0:
        return f"seat {state.wagon_at[dest]}'s wagon is at {arg}: you may pass through it but not stop there"
    if state.idris_at[dest] >= 0:
        return f"Idris is asleep at {arg}: no wagon may enter it"
    offered = state.move_options().get(dest)
    if offered:
        ways = " or ".join(f"{spend} coal" for _steps, spend in offered)
        return f"{arg} is reached for {ways} now, not {action.coal} coal"
    return (f"{arg} is out of reach: you have {state.moves_left} move(s) left and {state.coal[seat]} coal "
            f"(1 coal a move, {MAIN_LINE_COAL} for the main line)")


def _buy(state: IvorState, action: Action, seat: int) -> str:
    if state.gold[seat] == 0:
        return "you have no gold to buy coal with"
    return f"the stock has only {state.supply_coal} coal; buying takes {COAL_PER_GOLD}"


def _card_in_hand(state: IvorState, action: Action, seat: int) -> str:
    arg = action.args[0]
    assert isinstance(arg, int)
    hand = state.hands[seat]
    if arg not in hand:
        return f"card {arg} is not in your hand (hand: {', '.join(map(str, hand)) or 'empty'})"
    job = JOBS[arg]
    if action.kind == "job":
        here = state.pos[seat]
        if job.location != here:
            return f"job {arg} is done at {LOCS[job.location].id}, your wagon is at {LOCS[here].id}"
        if state.loc_sheep[here] > 0:
            return f"{LOCS[here].id} still has {state.loc_sheep[here]} sheep; jobs need an empty location"
        return f"you already completed a job at {LOCS[here].id} this turn"
    if job.special == "sleeping_idris":
        return "all the Sleeping Idris tokens are on the board"
    if job.special == "runaway_sheep":
        return f"no location within {job.amount} lines of your wagon has a sheep to run away"
    return "there is no card in the line you could take"


def _take(state: IvorState, action: Action, seat: int) -> str:
    arg = action.args[0]
    if arg not in state.line:
        return f"card {arg} is not in the card line ({', '.join(map(str, state.line)) or 'empty'})"
    return f"card {arg} is an event: taking it costs 1 gold and you have none"


REASONS = {
    "place": lambda state, action, seat: f"a wagon already stands at {action.args[0]}; only one wagon per location",
    "move": _move,
    "buy": _buy,
    "job": _card_in_hand,
    "special": _card_in_hand,
    "discard": _card_in_hand,
    "idris": lambda state, action, seat: f"Idris cannot sleep at {action.args[0]}: a wagon or another Idris is there",
    "runaway": lambda state, action, seat: (
        f"no sheep can run from {action.args[0]}: it has none, Idris guards it, or it is too far"
    ),
    "take": _take,
}


def explain_illegal(state: IvorState, action: Action, seat: int, phase_name: str) -> str | None:
    """Why ``action`` is refused to ``seat`` now; ``None`` when no reason here applies."""
    expected = EXPECTED[state.phase]
    if action.kind not in expected:
        return f"now is the time to {phase_name} ({' / '.join(expected)}), not {action.kind}"
    reason = REASONS.get(action.kind)
    return reason(state, action, seat) if reason else None
