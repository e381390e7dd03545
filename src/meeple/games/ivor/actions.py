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
