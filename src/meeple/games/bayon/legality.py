"""Why a Bayon action is refused, in plain words.

``explain(state, action)`` is called only for an action of the game that is
not legal now; one small function per kind of operation (:data:`REASONS`)
names what stands in the way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.games.bayon.actions import (
    DECODE,
    KINDS_OF_PHASE,
    MAIN,
    OP_EXPEDITION,
    OP_GIVEUP,
    OP_GOLD,
    OP_HIRE,
    OP_HIRE_STACK,
    OP_INTERPRETER,
    OP_LOSE,
    OP_PAY_GOLD,
    OP_PAY_SITE,
    OP_TEAM,
    OP_TEAM_DONE,
    OP_TRAVEL,
    OP_WITHDRAW,
    PENDING_STEP,
)
from meeple.games.bayon.data import COSTS, DATA, SITES, continent_title
from meeple.games.bayon.teams import minimal_completion, superfluous_member, team_meets

if TYPE_CHECKING:
    from meeple.games.bayon.rules import BayonState

Reason = Callable[["BayonState", int, int, int], str]


def explain(state: BayonState, action: Action) -> str:
    """Why ``action`` (an action of Bayon) is not legal for the seat to move."""
    op, x, c = DECODE.get(action, (-1, 0, -1))
    if op < 0:
        return f"{action} is not an action of Bayon"
    if action.kind not in KINDS_OF_PHASE[state.phase]:
        if state.phase == MAIN:
            return f"{action}: nothing is pending that this would answer"
        return PENDING_STEP[state.phase]
    return REASONS[op](state, state.current, x, c)


def _explorer(state: BayonState, p: int, explorer: int) -> str:
    """Why ``explorer`` cannot act for ``p``, or ``""`` if it can."""
    if explorer not in state.hands[p]:
        return f"explorer {explorer} is not yours"
    if state.used >> explorer & 1:
        return f"explorer {explorer} has already acted this turn"
    return ""


def _gold(state: BayonState, p: int, x: int, c: int) -> str:
    if state.acted:
        return f"taking {DATA.take_gold} gold must be the whole turn, and you have already acted this turn"
    return "the bank has no gold left"


def _hire(state: BayonState, p: int, explorer: int, c: int) -> str:
    money = state.gold[p]
    if state.hired:
        return "you have already hired an explorer this turn"
    if explorer == 0 and not state.camp:
        return "the basecamp has no face-down explorers left"
    if explorer == 0 or explorer in state.faceup:
        return f"you have {money} gold, hiring from the basecamp costs {DATA.hire_from_basecamp}"
    owner = state.owner_of(explorer)
    if owner == p:
        return f"explorer {explorer} is already yours"
    if owner < 0:
        return f"explorer {explorer} is neither face up in the basecamp nor with another player"
    if len(state.hands[owner]) < 2:
        return f"seat {owner} has only one explorer, which cannot be hired away"
    return f"you have {money} gold, hiring from another player costs {DATA.hire_from_player}"


def _travel(state: BayonState, p: int, explorer: int, c: int) -> str:
    reason = _explorer(state, p, explorer)
    if reason:
        return reason
    if c == state.interpreter:
        return f"{continent_title(c)} is blocked by the interpreter"
    return f"{continent_title(c)} has no card left to look at (its stack holds {len(state.stacks[c])})"


def _interpreter(state: BayonState, p: int, explorer: int, c: int) -> str:
    return _explorer(state, p, explorer) or f"the interpreter is already on {continent_title(c)}"


def _expedition(state: BayonState, p: int, x: int, c: int) -> str:
    if c == state.interpreter:
        return f"{continent_title(c)} is blocked by the interpreter"
    if not state.stacks[c]:
        return f"{continent_title(c)} has no sites left"
    if not state.unused_explorers(p):
        return "none of your explorers is free to form a team"
    money = state.gold[p]
    payable = state.means(p) - money
    if payable != state.worth[p]:
        return (
            f"you have {money} gold and sites worth {payable} from earlier turns, the expedition costs "
            f"{COSTS[c]} (sites won this turn cannot pay until your next turn)"
        )
    if state.worth[p]:
        return f"you have {money} gold and sites worth {state.worth[p]}, the expedition costs {COSTS[c]}"
    return f"you have {money} gold, the expedition costs {COSTS[c]}"


def _pay_gold(state: BayonState, p: int, x: int, c: int) -> str:
    return f"you have {state.gold[p]} gold, {state.owed} is still owed"


def _pay_site(state: BayonState, p: int, site: int, c: int) -> str:
    if site in state.owned[p]:
        return f"site {site} ({SITES[site].name}) was won this turn: only sites from earlier turns can pay"
    return f"site {site} ({SITES[site].name}) is not yours"


def _team(state: BayonState, p: int, explorer: int, c: int) -> str:
    if explorer in state.team:
        return f"explorer {explorer} is already in the team"
    reason = _explorer(state, p, explorer)
    if reason:
        return reason
    bigger = [*state.team, explorer]
    site = state.revealed
    if team_meets(bigger, site):
        spare = superfluous_member(bigger, site)
        return (
            f"with explorer {explorer} the team would succeed without explorer {spare}: "
            "no extra explorer may join a successful team"
        )
    free = state.unused_explorers(p)
    best = minimal_completion(state.team, free, site) or []
    team = " and ".join(f"explorer {e}" for e in sorted([*state.team, *best]))
    return (
        f"with explorer {explorer} the team could no longer succeed without a member it does not need, "
        f"but {team} would succeed: choose a member of a team that can succeed"
    )


def _team_done(state: BayonState, p: int, x: int, c: int) -> str:
    return "the team is empty: choose at least one explorer"


def _participant(state: BayonState, p: int, explorer: int, c: int) -> str:
    return f"explorer {explorer} did not take part in the expedition"


def _giveup(state: BayonState, p: int, explorer: int, c: int) -> str:
    return f"explorer {explorer} is not yours"


REASONS: dict[int, Reason] = {
    OP_GOLD: _gold,
    OP_HIRE: _hire,
    OP_HIRE_STACK: _hire,
    OP_TRAVEL: _travel,
    OP_INTERPRETER: _interpreter,
    OP_EXPEDITION: _expedition,
    OP_PAY_GOLD: _pay_gold,
    OP_PAY_SITE: _pay_site,
    OP_TEAM: _team,
    OP_TEAM_DONE: _team_done,
    OP_WITHDRAW: _participant,
    OP_LOSE: _participant,
    OP_GIVEUP: _giveup,
}
