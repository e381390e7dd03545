"""Bayon's action space, its notation, and the steps of a turn.

Every action is built once here; the rules hand out these objects, so that
``legal_actions`` is a few list extensions and ``_apply`` decodes an action
with one dict look-up (:data:`DECODE`). ``ACTION_SPACE`` fixes each action's
stable index.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from meeple.core import Action
from meeple.games.bayon.data import CONTINENTS, COSTS, EXPLORER_IDS, SITE_IDS

T = TypeVar("T", Action, int)


def _build_actions() -> dict[str, Any]:
    names = CONTINENTS
    return {
        "gold": Action("gold"),
        "end": Action("end"),
        "hire_stack": Action("hire", "stack"),
        "hire": [Action("hire", e) if e else None for e in range(18)],
        "giveup": [Action("giveup", e) if e else None for e in range(18)],
        "travel": [[Action("travel", e, names[c]) for c in range(5)] if e else [] for e in range(18)],
        "interpreter": [[Action("interpreter", e, names[c]) for c in range(5)] if e else [] for e in range(18)],
        "expedition": [Action("expedition", names[c]) for c in range(5)],
        "pay_gold": Action("pay", "gold"),
        "pay_site": [Action("pay", "site", s) if s else None for s in range(31)],
        "team": [Action("team", e) if e else None for e in range(18)],
        "team_done": Action("team", "done"),
        "withdraw": [Action("withdraw", e) if e else None for e in range(18)],
        "lose": [Action("lose", e) if e else None for e in range(18)],
    }


_A = _build_actions()
A_GOLD: Action = _A["gold"]
A_END: Action = _A["end"]
A_HIRE_STACK: Action = _A["hire_stack"]
A_HIRE: list[Action] = _A["hire"]
A_GIVEUP: list[Action] = _A["giveup"]
A_TRAVEL: list[list[Action]] = _A["travel"]
A_INTERPRETER: list[list[Action]] = _A["interpreter"]
A_EXPEDITION: list[Action] = _A["expedition"]
A_PAY_GOLD: Action = _A["pay_gold"]
A_PAY_SITE: list[Action] = _A["pay_site"]
A_TEAM: list[Action] = _A["team"]
A_TEAM_DONE: Action = _A["team_done"]
A_WITHDRAW: list[Action] = _A["withdraw"]
A_LOSE: list[Action] = _A["lose"]

ACTION_SPACE: tuple[Action, ...] = (
    A_GOLD,
    A_END,
    A_HIRE_STACK,
    *A_HIRE[1:],
    *A_GIVEUP[1:],
    *(a for e in EXPLORER_IDS for a in A_TRAVEL[e]),
    *(a for e in EXPLORER_IDS for a in A_INTERPRETER[e]),
    *A_EXPEDITION,
    A_PAY_GOLD,
    *A_PAY_SITE[1:],
    *A_TEAM[1:],
    A_TEAM_DONE,
    *A_WITHDRAW[1:],
    *A_LOSE[1:],
)

# Per explorer and blocked continent: travelling to / moving the interpreter to each other continent.
TRAVEL_OPEN: list[list[tuple[Action, ...]]] = [
    [tuple(A_TRAVEL[e][c] for c in range(5) if c != blocked) for blocked in range(5)] if e else [] for e in range(18)
]
INTERPRETER_MOVES: list[list[tuple[Action, ...]]] = [
    [tuple(A_INTERPRETER[e][c] for c in range(5) if c != blocked) for blocked in range(5)] if e else []
    for e in range(18)
]

# Each action decoded once into (operation, explorer-or-site, continent) for _apply.
(
    OP_GOLD,
    OP_END,
    OP_HIRE_STACK,
    OP_HIRE,
    OP_GIVEUP,
    OP_TRAVEL,
    OP_INTERPRETER,
    OP_EXPEDITION,
    OP_PAY_GOLD,
    OP_PAY_SITE,
    OP_TEAM,
    OP_TEAM_DONE,
    OP_WITHDRAW,
    OP_LOSE,
) = range(14)
DECODE: dict[Action, tuple[int, int, int]] = {
    A_GOLD: (OP_GOLD, 0, -1),
    A_END: (OP_END, 0, -1),
    A_HIRE_STACK: (OP_HIRE_STACK, 0, -1),
    A_PAY_GOLD: (OP_PAY_GOLD, 0, -1),
    A_TEAM_DONE: (OP_TEAM_DONE, 0, -1),
}
for _e in EXPLORER_IDS:
    DECODE[A_HIRE[_e]] = (OP_HIRE, _e, -1)
    DECODE[A_GIVEUP[_e]] = (OP_GIVEUP, _e, -1)
    DECODE[A_TEAM[_e]] = (OP_TEAM, _e, -1)
    DECODE[A_WITHDRAW[_e]] = (OP_WITHDRAW, _e, -1)
    DECODE[A_LOSE[_e]] = (OP_LOSE, _e, -1)
    for _c in range(5):
        DECODE[A_TRAVEL[_e][_c]] = (OP_TRAVEL, _e, _c)
        DECODE[A_INTERPRETER[_e][_c]] = (OP_INTERPRETER, _e, _c)
for _c in range(5):
    DECODE[A_EXPEDITION[_c]] = (OP_EXPEDITION, 0, _c)
for _s in SITE_IDS:
    DECODE[A_PAY_SITE[_s]] = (OP_PAY_SITE, _s, -1)

# Steps of a turn. MAIN is the open choice; the others are the parts of a
# compound decision that must be finished before anything else happens.
MAIN, GIVEUP, PAY, TEAM, WITHDRAW, LOSE, OVER = range(7)
PHASE_NAMES = ("main", "giveup", "pay", "team", "withdraw", "lose", "over")
PENDING_STEP = {
    GIVEUP: "you hold five explorers: first give one up (giveup N)",
    PAY: "an expedition is being paid for: pay the rest first (pay gold / pay site N)",
    TEAM: "an expedition site is revealed: assemble the team first (team N / team done)",
    WITHDRAW: "the expedition succeeded: first choose the participant who withdraws (withdraw N)",
    LOSE: "the expedition failed: first choose the participant you lose (lose N)",
}
KINDS_OF_PHASE = {
    MAIN: {"gold", "end", "hire", "travel", "interpreter", "expedition"},
    GIVEUP: {"giveup"},
    PAY: {"pay"},
    TEAM: {"team"},
    WITHDRAW: {"withdraw"},
    LOSE: {"lose"},
}


PRICIEST = max(COSTS)  # the dearest expedition: no amount above it pays for more
MOVES_MEMO = 2048  # Rows.explorer_moves: the bound of each blocked continent's memo (full: some 3.4 MB a Rows)


class Rows(Generic[T]):
    """Every table the legal-action generator lists from, as actions (:data:`ACTION_ROWS`) or as their
    indices in :data:`ACTION_SPACE` (:data:`INDEX_ROWS`): one generator, run over either, gives the legal
    actions or their indices in the same order (``BayonState._legal_indices``, what the RL environments
    build their masks from without hashing an action per legal move)."""

    __slots__ = (
        "affordable", "end", "expedition", "explorer_moves", "giveup", "gold", "hire", "hire_stack",
        "interpreter_moves", "lose", "pay_gold", "pay_site", "team", "team_done", "travel", "travel_open", "withdraw",
    )  # fmt: skip

    gold: T
    end: T
    hire_stack: T
    pay_gold: T
    team_done: T
    # per explorer number (or site id): slot 0, no explorer (no site), is never read
    hire: list[T]
    giveup: list[T]
    team: list[T]
    withdraw: list[T]
    lose: list[T]
    pay_site: list[T]
    expedition: list[T]  # per continent
    travel: list[list[T]]  # per explorer, per continent
    travel_open: list[list[tuple[T, ...]]]  # per explorer, per blocked continent (see TRAVEL_OPEN)
    interpreter_moves: list[list[tuple[T, ...]]]
    # per blocked continent, per amount 0 ... PRICIEST: the expeditions that amount pays for, to the open
    # continents, in continent order (an amount above PRICIEST pays for what PRICIEST does)
    affordable: list[list[tuple[T, ...]]]
    # per blocked continent: the free explorers (in hand order) -> what they may do when every open continent
    # has a card left to look at: each one's travels, then each one's interpreter moves (see moves_of)
    explorer_moves: list[dict[tuple[int, ...], tuple[T, ...]]]

    def __init__(self, to: Callable[[Action], T]) -> None:
        def row(actions: list[Action | None]) -> list[T]:
            return cast("list[T]", [None if a is None else to(a) for a in actions])

        self.gold, self.end, self.hire_stack = to(A_GOLD), to(A_END), to(A_HIRE_STACK)
        self.pay_gold, self.team_done = to(A_PAY_GOLD), to(A_TEAM_DONE)
        self.hire, self.giveup, self.team = row(A_HIRE), row(A_GIVEUP), row(A_TEAM)  # type: ignore[arg-type]
        self.withdraw, self.lose, self.pay_site = row(A_WITHDRAW), row(A_LOSE), row(A_PAY_SITE)  # type: ignore[arg-type]
        self.expedition = [to(a) for a in A_EXPEDITION]
        self.travel = [[to(a) for a in per] for per in A_TRAVEL]
        self.travel_open = [[tuple(map(to, t)) for t in per] for per in TRAVEL_OPEN]
        self.interpreter_moves = [[tuple(map(to, t)) for t in per] for per in INTERPRETER_MOVES]
        self.affordable = [
            [tuple(self.expedition[c] for c in range(5) if c != blocked and amount >= COSTS[c])
             for amount in range(PRICIEST + 1)]
            for blocked in range(5)
        ]  # fmt: skip
        self.explorer_moves = [{} for _ in range(5)]

    def moves_of(self, blocked: int, free: tuple[int, ...]) -> tuple[T, ...]:
        """``explorer_moves[blocked][free]``, worked out and remembered. Hands are small, so a few thousand
        keys recur (100,000 steps of the 2-player Gymnasium env against random bots met some 6,400 in
        188,000 lists); past ``MOVES_MEMO`` keys for one blocked continent its memo starts again, so it
        stays small whatever is played."""
        travels: tuple[T, ...] = ()
        interpreter: tuple[T, ...] = ()
        for e in free:
            travels += self.travel_open[e][blocked]
            interpreter += self.interpreter_moves[e][blocked]
        moves = travels + interpreter
        memo = self.explorer_moves[blocked]
        if len(memo) >= MOVES_MEMO:
            memo.clear()
        memo[free] = moves
        return moves


_INDEX = {a: i for i, a in enumerate(ACTION_SPACE)}
ACTION_ROWS: Rows[Action] = Rows(lambda a: a)
INDEX_ROWS: Rows[int] = Rows(_INDEX.__getitem__)
