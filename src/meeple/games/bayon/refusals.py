"""Bayon's legality checks, each with the reason it gives when it refuses.

A check answers why something may not be done now, in plain words, or
``None`` when it may. There is one check per kind of action (:data:`CHECKS`),
and :func:`refusal` asks the one of the action refused, after the step of the
turn (a pending payment, team or choice) has had its say.

The legal-action generator in ``rules.py`` asks the checks that decide a
whole group of actions at once, once per position: :func:`take_gold`,
:func:`hire_from_basecamp`, :func:`hire_from_player`, :func:`pay_gold`,
:func:`team_done`, and ``teams.joinable`` for the team. What is left to it is
listing where things lie (the explorers face up or in a hand that keeps one,
the continents open to a traveller), which it does with precomputed rows for
speed; ``test_legal_actions_are_exactly_the_actions_no_check_refuses``
(tests/bayon/test_refusals.py) compares the two over random games, action by
action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.games.bayon.actions import (
    DECODE,
    KINDS_OF_PHASE,
    MAIN,
    OP_END,
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
from meeple.games.bayon.teams import joinable, minimal_completion, superfluous_member, team_meets

if TYPE_CHECKING:
    from meeple.games.bayon.rules import BayonState

# (state, seat, explorer-or-site, continent) -> the reason, or None when the action is allowed
Check = Callable[["BayonState", int, int, int], "str | None"]

# Reasons that depend on the data alone are written once, so that a check that
# refuses in the generator's hot path costs no formatting.
GOLD_AFTER_ACTING = f"taking {DATA.take_gold} gold must be the whole turn, and you have already acted this turn"
BANK_EMPTY = "the bank has no gold left"
ALREADY_HIRED = "you have already hired an explorer this turn"
BLOCKED = tuple(f"{continent_title(c)} is blocked by the interpreter" for c in range(5))
EMPTY_TEAM = "the team is empty: choose at least one explorer"


def refusal(state: BayonState, action: Action) -> str | None:
    """Why the seat to move may not play ``action`` now, or ``None`` when it may."""
    op, x, c = DECODE.get(action, (-1, 0, -1))
    if op < 0:
        return f"{action} is not an action of Bayon"
    if action.kind not in KINDS_OF_PHASE[state.phase]:
        if state.phase == MAIN:
            return f"{action}: nothing is pending that this would answer"
        return PENDING_STEP[state.phase]
    return CHECKS[op](state, state.current, x, c)


def explain(state: BayonState, action: Action) -> str:
    """Why ``action``, which the rules did not offer, is not legal for the seat to move."""
    return refusal(state, action) or f"{action} is not legal now"


# ------------------------------------------------ checks the generator asks
def open_choices(state: BayonState, p: int) -> tuple[bool, bool, bool]:
    """``take_gold``, ``hire_from_basecamp`` and ``hire_from_player`` without their words, for the legal
    list: whether ``p`` may take gold, hire from the basecamp, hire from another player (asked together at
    every open step: one call where three cost some 400 instructions more in valgrind's count)."""
    gold = not state.acted and state.bank >= DATA.take_gold
    if state.hired:
        return gold, False, False
    money = state.gold[p]
    return gold, money >= DATA.hire_from_basecamp, money >= DATA.hire_from_player


def take_gold(state: BayonState) -> str | None:
    """Taking gold is the whole turn (nothing done before it) and needs gold in the bank."""
    if state.acted:
        return GOLD_AFTER_ACTING
    if state.bank < DATA.take_gold:
        return BANK_EMPTY
    return None


def _hire_fee(state: BayonState, p: int, fee: int, source: str) -> str | None:
    """One hire a turn, and its fee paid in gold only (sites never pay)."""
    if state.hired:
        return ALREADY_HIRED
    money = state.gold[p]
    if money < fee:
        return f"you have {money} gold, hiring from {source} costs {fee}"
    return None


def hire_from_basecamp(state: BayonState, p: int) -> str | None:
    """A hire from the basecamp costs the basecamp's fee."""
    return _hire_fee(state, p, DATA.hire_from_basecamp, "the basecamp")


def hire_from_player(state: BayonState, p: int) -> str | None:
    """A hire from another player costs that player's fee."""
    return _hire_fee(state, p, DATA.hire_from_player, "another player")


def pay_gold(state: BayonState, p: int) -> str | None:
    """Gold pays the rest of an expedition's price only if it covers all of it."""
    if state.gold[p] < state.owed:
        return f"you have {state.gold[p]} gold, {state.owed} is still owed"
    return None


def team_done(state: BayonState) -> str | None:
    """A team is sent out with at least one member."""
    return None if state.team else EMPTY_TEAM


# ------------------------------------------------------- one check per action
def _explorer(state: BayonState, p: int, explorer: int) -> str | None:
    """An explorer acts for its owner, once a turn."""
    if explorer not in state.hands[p]:
        return f"explorer {explorer} is not yours"
    if state.used >> explorer & 1:
        return f"explorer {explorer} has already acted this turn"
    return None


def _gold(state: BayonState, p: int, x: int, c: int) -> str | None:
    return take_gold(state)


def _end(state: BayonState, p: int, x: int, c: int) -> str | None:
    return None  # the open step may always be ended


def _hire(state: BayonState, p: int, explorer: int, c: int) -> str | None:
    if state.hired:
        return ALREADY_HIRED
    if explorer == 0:  # the top of the face-down stack
        if not state.camp:
            return "the basecamp has no face-down explorers left"
        return hire_from_basecamp(state, p)
    if explorer in state.faceup:
        return hire_from_basecamp(state, p)
    owner = state.owner_of(explorer)
    if owner == p:
        return f"explorer {explorer} is already yours"
    if owner < 0:
        return f"explorer {explorer} is neither face up in the basecamp nor with another player"
    if len(state.hands[owner]) < 2:
        return f"seat {owner} has only one explorer, which cannot be hired away"
    return hire_from_player(state, p)


def _hire_stack(state: BayonState, p: int, x: int, c: int) -> str | None:
    return _hire(state, p, 0, c)


def _travel(state: BayonState, p: int, explorer: int, c: int) -> str | None:
    reason = _explorer(state, p, explorer)
    if reason:
        return reason
    if c == state.interpreter:
        return BLOCKED[c]
    seen = state.travelled[c]  # this turn's travellers look one card deeper each
    if seen >= len(state.stacks[c]):
        return f"{continent_title(c)} has no card left to look at (its stack holds {len(state.stacks[c])})"
    return None


def _interpreter(state: BayonState, p: int, explorer: int, c: int) -> str | None:
    reason = _explorer(state, p, explorer)
    if reason:
        return reason
    if c == state.interpreter:
        return f"the interpreter is already on {continent_title(c)}"
    return None


def _expedition(state: BayonState, p: int, x: int, c: int) -> str | None:
    if c == state.interpreter:
        return BLOCKED[c]
    if not state.stacks[c]:
        return f"{continent_title(c)} has no sites left"
    if not state.unused_explorers(p):
        return "none of your explorers is free to form a team"
    money = state.gold[p]
    payable = state.means(p) - money
    if money + payable >= COSTS[c]:
        return None
    if payable != state.worth[p]:
        return (
            f"you have {money} gold and sites worth {payable} from earlier turns, the expedition costs "
            f"{COSTS[c]} (sites won this turn cannot pay until your next turn)"
        )
    if state.worth[p]:
        return f"you have {money} gold and sites worth {state.worth[p]}, the expedition costs {COSTS[c]}"
    return f"you have {money} gold, the expedition costs {COSTS[c]}"


def _pay_gold(state: BayonState, p: int, x: int, c: int) -> str | None:
    return pay_gold(state, p)


def _pay_site(state: BayonState, p: int, site: int, c: int) -> str | None:
    if site in state.payable_sites(p):
        return None
    if site in state.owned[p]:
        return f"site {site} ({SITES[site].name}) was won this turn: only sites from earlier turns can pay"
    return f"site {site} ({SITES[site].name}) is not yours"


def _team(state: BayonState, p: int, explorer: int, c: int) -> str | None:
    if explorer in state.team:
        return f"explorer {explorer} is already in the team"
    reason = _explorer(state, p, explorer)
    if reason:
        return reason
    free = state.unused_explorers(p)
    site = state.revealed
    if explorer in joinable(state.team, free, site):
        return None
    bigger = [*state.team, explorer]
    if team_meets(bigger, site):
        spare = superfluous_member(bigger, site)
        return (
            f"with explorer {explorer} the team would succeed without explorer {spare}: "
            "no extra explorer may join a successful team"
        )
    best = minimal_completion(state.team, free, site) or []
    team = " and ".join(f"explorer {e}" for e in sorted([*state.team, *best]))
    return (
        f"with explorer {explorer} the team could no longer succeed without a member it does not need, "
        f"but {team} would succeed: choose a member of a team that can succeed"
    )


def _team_done(state: BayonState, p: int, x: int, c: int) -> str | None:
    return team_done(state)


def _participant(state: BayonState, p: int, explorer: int, c: int) -> str | None:
    if explorer in state.team:
        return None
    return f"explorer {explorer} did not take part in the expedition"


def _giveup(state: BayonState, p: int, explorer: int, c: int) -> str | None:
    if explorer in state.hands[p]:
        return None
    return f"explorer {explorer} is not yours"


CHECKS: dict[int, Check] = {
    OP_GOLD: _gold,
    OP_END: _end,
    OP_HIRE: _hire,
    OP_HIRE_STACK: _hire_stack,
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
