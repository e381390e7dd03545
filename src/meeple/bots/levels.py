"""Bot levels: ``easy``, ``medium`` and ``hard``, defined once per game.

A level is a guided ISMCTS (see ``ismcts.py``) or, where a game sets
``search="rollout"``, a policy rollout (``rollout.py``); most levels of the
four games are rollouts (each game's ``levels.py`` says why), and the ISMCTS
defaults below also serve a game that sets nothing.
A level has an iteration (playout) budget, what makes it reproducible with a
seed, and a time cap, the ceiling that keeps it inside its budget on one core
(easy 0.3 s a move, medium 1 s, hard 2 s). The budget is a target, not a
ceiling: a rollout's sequential halving plays at least one sample of each move
still in every round, so a position with more legal moves than the budget can
share out spends a few more playouts. Budgets are set so that a typical move
ends well before the cap; only on a slow or loaded machine does the cap cut a
move short, and then that move may differ from run to run.

``LEVELS`` holds the defaults; each game declares its changes to them on its
``GameInfo.levels`` (the game's ``levels.py``), where it needs other budgets
(its iterations cost more or less) or knobs. ``level_descriptions(game)`` is
what a lobby shows a player.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from meeple.core import GameInfo

LEVEL_NAMES = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Level:
    """How one level searches.

    ``rollout_limit`` cuts each playout after that many moves (``evaluate()``
    then judges it) in a game that declares an evaluator (in one that does
    not, the game's own ``GameInfo.rollout_limit`` applies); ``epsilon`` is the share of random moves in the guided
    playouts; ``widening`` turns on progressive widening (``None``: every
    action is opened); ``prior_weight`` is the share of the iterations given
    as extra visits to the game's heuristic bot's move (0: no prior).
    """

    iterations: int
    seconds: float
    rollout_limit: int
    epsilon: float
    widening: float | None
    prior_weight: float
    description: str
    search: str = "ismcts"  # or "rollout": PolicyRollout, ``iterations`` then counts playouts
    horizon: int = 36  # rollout only: moves a playout runs before it stops at the seat's next turn
    margin: float = 0.02  # rollout only: win share a move must gain over the heuristic's to replace it
    confidence: float = 0.0  # rollout only: and by this many standard errors (paired over the samples)
    blunder: float = 0.0  # rollout only: share of decisions played as a random legal move, unsearched
    # rollout only: who plays the playouts: "game" (the game's rollout_policy) or "heuristic"
    # (the game's heuristic bot itself: dearer a move, but no noise of its own)
    policy: str = "game"
    width: int | None = None  # rollout only: candidates kept (the heuristic's move and the best one step ahead)
    # rollout only: the action kinds searched; other decisions play the heuristic's move (None: all)
    searched: tuple[str, ...] | None = None
    # rollout only: (players, playouts) pairs: a smaller budget where a playout costs more,
    # so a move stays inside the level's time cap at that player count
    playouts_by_players: tuple[tuple[int, int], ...] = ()


# Measured: see each game's RULES.md ("How the bots think", levels), with the commands
# (benchmarks/bots_ladder.py with iteration budgets, so load does not change a figure).
LEVELS: dict[str, Level] = {
    "easy": Level(
        iterations=60,
        seconds=0.25,
        rollout_limit=8,
        epsilon=0.5,
        widening=None,
        prior_weight=0.0,
        description="Easy: moves quickly and plays sensible moves, but looks only a little ahead "
        "and often misses the best one. A good first opponent.",
    ),
    "medium": Level(
        iterations=400,
        seconds=0.9,
        rollout_limit=16,
        epsilon=0.2,
        widening=None,
        prior_weight=0.1,
        description="Medium: follows the game's sound habits and looks several turns ahead, "
        "thinking up to about a second a move.",
    ),
    "hard": Level(
        iterations=1200,
        seconds=1.8,
        rollout_limit=24,
        epsilon=0.15,
        widening=None,
        prior_weight=0.1,
        description="Hard: thinks longest, up to two seconds a move, weighing many possible "
        "futures, and only leaves the game's sound habits when it finds something better.",
    ),
}


def _changes(game: str | GameInfo | None, name: str) -> dict[str, object]:
    """What ``game`` changes of the default level ``name`` (its ``GameInfo.levels``).

    A misspelt id would quietly get the defaults, so an id no game is
    registered under is refused."""
    if game is None:
        return {}
    if not isinstance(game, GameInfo):
        import meeple  # here, not at the top: meeple imports the bots package

        info = meeple.GAMES.get(game)
        if info is None:
            raise ValueError(f"unknown game {game!r} (games: {', '.join(meeple.GAMES)})")
        game = info
    return dict(game.levels.get(name, {}))


def level(game: str | GameInfo | None, name: str) -> Level:
    """The level ``name`` as ``game`` defines it (the defaults where it changes nothing).

    ``game`` is a registered game's id or a ``GameInfo`` (``None``: the
    defaults); any other id raises ``ValueError``, as does an unknown level."""
    if name not in LEVELS:
        raise ValueError(f"unknown level {name!r} (levels: {', '.join(LEVEL_NAMES)})")
    return dataclasses.replace(LEVELS[name], **_changes(game, name))  # type: ignore[arg-type]


def level_descriptions(game: str | GameInfo) -> dict[str, str]:
    """``{"easy": "...", "medium": "...", "hard": "..."}`` in words a player understands,
    for a lobby to show beside the choice of opponent."""
    return {name: level(game, name).description for name in LEVEL_NAMES}
