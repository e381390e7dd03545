"""Ivor the Engine: the action space, its notation and the phases of a turn.

Every action is built once here; the legal-action lists hand out these very
objects, and ``ACTION_SPACE`` fixes their order (their RL indices).

A move names its destination and the coal it spends: ``move capel-isaf 2 coal``.
The coal tells the routes to one place apart (two routes there that spend the
same coal are never both worth offering), so ``(destination, coal)`` is a fixed,
finite set of actions however the board changes; the free moves a route uses
are the rest of its length (see ``routes.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from meeple.core import Action
from meeple.games.ivor.data import DATA

# The phases of a turn: ``IvorState.phase`` holds one of these numbers, and
# ``PHASE_NAMES[phase]`` is how observations, views and refusals name it.
PLACE, MOVE, IDRIS, RUNAWAY, EXTRA_CARD, TAKE, DISCARD, OVER = range(8)
PHASE_NAMES: tuple[str, ...] = (
    "place wagons",
    "move and play",
    "choose where Idris sleeps",
    "choose where a sheep runs from",
    "take an extra card",
    "take a card",
    "discard down to the hand limit",
    "game over",
)

LOCS = DATA.locations
N_JOBS = len(DATA.jobs)
N_CARDS = N_JOBS + len(DATA.events)
# A player never holds more coal than the game has, so no move can spend more.
MAX_COAL: int = DATA.components["coal"]


class MoveAction(Action):
    """``move <location> <coal> coal``: the tuple is ``("move", location, coal)``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"move {self[1]} {self[2]} coal"

    @property
    def destination(self) -> str:
        return str(self[1])

    @property
    def coal(self) -> int:
        return int(self[2])


PLACE_ACT = tuple(Action("place", loc.id) for loc in LOCS)
# MOVE_ACT[location][coal spent]
MOVE_ACT = tuple(tuple(MoveAction("move", loc.id, c) for c in range(MAX_COAL + 1)) for loc in LOCS)
BUY_COAL = Action("buy", "coal")
_NO_CARD = Action("no-card")  # fills index 0 so that card ids index these tuples directly; never offered
JOB_ACT = (_NO_CARD, *(Action("job", c) for c in range(1, N_JOBS + 1)))
SPECIAL_ACT = (_NO_CARD, *(Action("special", c) for c in range(1, N_JOBS + 1)))
IDRIS_ACT = tuple(Action("idris", loc.id) for loc in LOCS)
RUNAWAY_ACT = tuple(Action("runaway", loc.id) for loc in LOCS)
TAKE_ACT = (_NO_CARD, *(Action("take", c) for c in range(1, N_CARDS + 1)))
DISCARD_ACT = (_NO_CARD, *(Action("discard", c) for c in range(1, N_JOBS + 1)))
END = Action("end")

ACTION_SPACE: tuple[Action, ...] = (
    *PLACE_ACT, *(a for row in MOVE_ACT for a in row), BUY_COAL, *JOB_ACT[1:], *SPECIAL_ACT[1:], *IDRIS_ACT,
    *RUNAWAY_ACT, *TAKE_ACT[1:], *DISCARD_ACT[1:], END,
)

T = TypeVar("T", Action, int)


class Rows(Generic[T]):
    """Every table the legal-action generator (``IvorState._listed``) lists from, as actions
    (:data:`ACTION_ROWS`) or as their indices in :data:`ACTION_SPACE` (:data:`INDEX_ROWS`): one generator,
    run over either, gives the legal actions or their indices in the same order
    (``IvorState._legal_indices``, what the RL environments build their masks from without hashing an
    action per legal move). Tables by card id keep slot 0 (no card) unused, as ``JOB_ACT`` does."""

    __slots__ = ("buy", "discard", "end", "idris", "job", "moves", "place", "runaway", "special", "take")

    buy: T
    end: T
    place: tuple[T, ...]  # by location index
    idris: tuple[T, ...]
    runaway: tuple[T, ...]
    job: tuple[T, ...]  # by card id
    special: tuple[T, ...]
    take: tuple[T, ...]
    discard: tuple[T, ...]
    moves: int  # which list of a move table (``routes.MoveTable``) to read: its actions or their indices

    def __init__(self, to: Callable[[Action], T], moves: int) -> None:
        def row(actions: tuple[Action, ...]) -> tuple[T, ...]:
            return tuple(to(a) for a in actions)

        self.buy, self.end, self.moves = to(BUY_COAL), to(END), moves
        self.place, self.idris, self.runaway = row(PLACE_ACT), row(IDRIS_ACT), row(RUNAWAY_ACT)
        self.job, self.special = row(JOB_ACT), row(SPECIAL_ACT)
        self.take, self.discard = row(TAKE_ACT), row(DISCARD_ACT)


INDEX: dict[Action, int] = {a: i for i, a in enumerate(ACTION_SPACE)}  # as State.action_index numbers them
ACTION_ROWS: Rows[Action] = Rows(lambda a: a, 0)
INDEX_ROWS: Rows[int] = Rows(lambda a: INDEX.get(a, -1), 3)  # -1: slot 0 of the card tables, never read
# MOVE_INDEX[location][coal spent]: the index of MOVE_ACT[location][coal spent]
MOVE_INDEX = tuple(tuple(INDEX[a] for a in row) for row in MOVE_ACT)
