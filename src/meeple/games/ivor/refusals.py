"""Ivor the Engine: the checks that make an action legal, each with its refusal in plain words.

Each ``*_refusal`` function is one rule's check: it returns why the action is
refused, or ``None`` when the rule allows it. ``rules.py`` builds the legal
actions from these very checks (where a step asks one check of every location,
the same test made for all of them in one pass), and :func:`explain_illegal`
answers with their words, so a refusal never says something the legal actions
disagree with (the suite checks every action of the game against both).
They run while the legal actions are built, so the legal path is cheap: the
words are looked up in tables made once here, never formatted there.

A move's legality is decided for every place at once by ``routes.move_options``;
its refusal says which part of that search rules the place out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.games.ivor.actions import (
    DISCARD,
    EXTRA_CARD,
    IDRIS,
    MOVE,
    OVER,
    PHASE_NAMES,
    PLACE,
    RUNAWAY,
    TAKE,
    MoveAction,
)
from meeple.games.ivor.data import DATA
from meeple.games.ivor.routes import DIST, MAIN_LINE_COAL, WITHIN

if TYPE_CHECKING:
    from meeple.games.ivor.rules import IvorState

LOCS = DATA.locations
N_LOCS = len(LOCS)
LOC_INDEX = {loc.id: loc.index for loc in LOCS}
JOBS = {job.id: job for job in DATA.jobs}
N_JOBS = len(DATA.jobs)
N_CARDS = N_JOBS + len(DATA.events)
COAL_PER_GOLD: int = DATA.components["coal_per_gold"]
IDRIS_TOKENS: int = DATA.components["sleeping_idris_tokens"]

# The kinds of action each phase of the turn takes.
EXPECTED: dict[int, tuple[str, ...]] = {
    PLACE: ("place",),
    MOVE: ("move", "buy", "job", "special", "end"),
    IDRIS: ("idris",),
    RUNAWAY: ("runaway",),
    EXTRA_CARD: ("take",),
    TAKE: ("take",),
    DISCARD: ("discard",),
    OVER: (),
}

# The refusals, worded once (by location index or card id).
NO_GOLD_FOR_COAL = "you have no gold to buy coal with"
NO_IDRIS_LEFT = "all the Sleeping Idris tokens are on the board"
NO_CARD_TO_TAKE = "there is no card in the line you could take"
WAGON_THERE = tuple(f"a wagon already stands at {loc.id}; only one wagon per location" for loc in LOCS)
IDRIS_BARRED = tuple(f"Idris cannot sleep at {loc.id}: a wagon or another Idris is there" for loc in LOCS)
NO_RUNAWAY_FROM = tuple(
    f"no sheep can run from {loc.id}: it has none, Idris guards it, or it is too far" for loc in LOCS
)
EVENT_NEEDS_GOLD: tuple[str | None, ...] = tuple(
    f"card {card} is an event: taking it costs 1 gold and you have none" if card > N_JOBS else None
    for card in range(N_CARDS + 1)
)
SPECIAL_KIND = ("", *(JOBS[card].special for card in range(1, N_JOBS + 1)))  # by card id
RUNAWAY_REACH = (0, *(JOBS[card].amount for card in range(1, N_JOBS + 1)))  # by card id
NO_RUNAWAY_IN_REACH = ("", *(
    f"no location within {JOBS[card].amount} lines of your wagon has a sheep to run away"
    for card in range(1, N_JOBS + 1)
))
JOB_DONE_HERE = tuple(f"you already completed a job at {loc.id} this turn" for loc in LOCS)


# ------------------------------------------------------------ the checks
def place_refusal(state: IvorState, loc: int) -> str | None:
    """A wagon is placed where no wagon stands yet."""
    return WAGON_THERE[loc] if state.wagon_at[loc] >= 0 else None


def buy_refusal(state: IvorState, seat: int) -> str | None:
    """Coal is bought for a gold, while the stock has the coal."""
    if state.gold[seat] == 0:
        return NO_GOLD_FOR_COAL
    if state.supply_coal < COAL_PER_GOLD:
        return f"the stock has only {state.supply_coal} coal; buying takes {COAL_PER_GOLD}"
    return None


def job_site_refusal(state: IvorState, here: int) -> str | None:
    """A job is done at its own location (the card says where), once that location has no
    sheep left, and one job a turn at each location."""
    if state.loc_sheep[here] > 0:
        return f"{LOCS[here].id} still has {state.loc_sheep[here]} sheep; jobs need an empty location"
    if state.jobs_here >> here & 1:
        return JOB_DONE_HERE[here]
    return None


def special_refusal(state: IvorState, seat: int, card: int) -> str | None:
    """A card's special action is played anywhere, as long as it has something to act on."""
    kind = SPECIAL_KIND[card]
    if kind == "extra_moves":
        return None
    if kind == "sleeping_idris":
        # Wagons and Idris never share a location, so this counts the occupied ones exactly.
        if state.idris_free > 0 and state.players + IDRIS_TOKENS - state.idris_free < N_LOCS:
            return None
        return NO_IDRIS_LEFT
    if kind == "runaway_sheep":
        sheep, idris = state.loc_sheep, state.idris_at
        for i in WITHIN[state.pos[seat]][RUNAWAY_REACH[card]]:  # a loop, not any() of a generator: asked often
            if sheep[i] > 0 and idris[i] < 0:
                return None
        return NO_RUNAWAY_IN_REACH[card]
    # extra_card: a card in the line this player may take
    if state.gold[seat] > 0:  # take_refusal refuses nothing to a player with gold
        return None if state.line else NO_CARD_TO_TAKE
    for other in state.line:
        if take_refusal(state, seat, other) is None:
            return None
    return NO_CARD_TO_TAKE


def take_refusal(state: IvorState, seat: int, card: int) -> str | None:
    """A card of the line is taken; an event costs a gold."""
    return EVENT_NEEDS_GOLD[card] if state.gold[seat] == 0 else None


def idris_refusal(state: IvorState, loc: int) -> str | None:
    """Sleeping Idris lies down where no wagon and no other Idris is."""
    return IDRIS_BARRED[loc] if state.wagon_at[loc] >= 0 or state.idris_at[loc] >= 0 else None


def runaway_refusal(state: IvorState, seat: int, loc: int, reach: int) -> str | None:
    """A runaway sheep comes from a location within ``reach`` lines that has a sheep and no Idris."""
    if DIST[state.pos[seat]][loc] <= reach and state.loc_sheep[loc] > 0 and state.idris_at[loc] < 0:
        return None
    return NO_RUNAWAY_FROM[loc]


# ------------------------------------------------------- explaining an action
def route_text(steps: int, coal: int, main: bool) -> str:
    """A route's cost in words: ``"2 lines, 1 coal"`` or ``"main line + 1 line, 2 coal"``."""
    lines = f"{steps} line{'s' if steps != 1 else ''}"
    return f"{'main line + ' if main else ''}{lines}, {coal} coal"


def _move(state: IvorState, action: Action, seat: int) -> str | None:
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


def _card_in_hand(state: IvorState, action: Action, seat: int) -> str | None:
    arg = action.args[0]
    assert isinstance(arg, int)
    hand = state.hands[seat]
    if arg not in hand:
        return f"card {arg} is not in your hand (hand: {', '.join(map(str, hand)) or 'empty'})"
    if action.kind == "job":
        here, where = state.pos[seat], JOBS[arg].location
        if where != here:
            return f"job {arg} is done at {LOCS[where].id}, your wagon is at {LOCS[here].id}"
        return job_site_refusal(state, here)
    if action.kind == "special":
        return special_refusal(state, seat, arg)
    return None  # any card in hand may be discarded


def _take(state: IvorState, action: Action, seat: int) -> str | None:
    arg = action.args[0]
    if arg not in state.line:
        return f"card {arg} is not in the card line ({', '.join(map(str, state.line)) or 'empty'})"
    assert isinstance(arg, int)
    return take_refusal(state, seat, arg)


def _runaway(state: IvorState, action: Action, seat: int) -> str | None:
    return runaway_refusal(state, seat, LOC_INDEX[str(action.args[0])], state.runaway_reach)


REASONS = {
    "place": lambda state, action, seat: place_refusal(state, LOC_INDEX[str(action.args[0])]),
    "move": _move,
    "buy": lambda state, action, seat: buy_refusal(state, seat),
    "job": _card_in_hand,
    "special": _card_in_hand,
    "discard": _card_in_hand,
    "idris": lambda state, action, seat: idris_refusal(state, LOC_INDEX[str(action.args[0])]),
    "runaway": _runaway,
    "take": _take,
}


def explain_illegal(state: IvorState, action: Action, seat: int) -> str | None:
    """Why ``action`` is refused to ``seat`` now; ``None`` when no reason here applies."""
    expected = EXPECTED[state.phase]
    if action.kind not in expected:
        return f"now is the time to {PHASE_NAMES[state.phase]} ({' / '.join(expected)}), not {action.kind}"
    reason = REASONS.get(action.kind)
    return reason(state, action, seat) if reason else None
