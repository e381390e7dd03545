"""Bot levels: ``easy``, ``medium`` and ``hard``, defined once per game.

A level is a guided ISMCTS (see ``ismcts.py``) or, where a game sets
``search="rollout"``, a policy rollout (``rollout.py``); today every level of
the four games is a rollout but Isle of Skye's ``easy`` (the defaults' 60
iterations), each game's RULES.md ("Levels") says why, and the ISMCTS
defaults below also serve a game that sets nothing (a new game, the toy).
A level has an iteration (playout) budget, what makes it reproducible with a
seed, and a time cap, the ceiling that keeps it inside its budget on one core
(easy 0.3 s a move, medium 1 s, hard 2 s). The budget is a target, not a
ceiling: a rollout's sequential halving plays at least one sample of each move
still in every round, so a position with more legal moves than the budget can
share out spends a few more playouts. Budgets are set so that a typical move
ends well before the cap; only on a slow or loaded machine does the cap cut a
move short, and then that move may differ from run to run.

``LEVELS`` holds the defaults; ``GAME_LEVELS`` a game's changes to them,
where a game needs other budgets (its iterations cost more or less) or
knobs. ``level_descriptions(game)`` is what a lobby shows a player.
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

# Progressive widening (``widening=2.0``) lost to no widening in Bayon, 4 of 10 against 6
# of 10 games on the same deals against the heuristic bot, so no level turns it on by default;
# a game with long action lists can turn it on here once a measurement shows it helps.
# Per game, the fields that differ from ``LEVELS`` (measured: benchmarks/bots_ladder.py,
# benchmarks/bots_timing.py). Iteration budgets follow how long one iteration takes there.
# An easy level that still plays to the end: a cheap rollout that nearly always keeps the
# heuristic's move (paired test, 8 playouts), with one decision in ten a random legal move.
CARELESS_ROLLOUT: dict[str, object] = {
    "search": "rollout",
    "iterations": 8,
    "epsilon": 0.0,
    "confidence": 1.0,
    "blunder": 0.1,
}
GAME_LEVELS: dict[str, dict[str, dict[str, object]]] = {
    # Ibyron: the tree search cost about 200 CPU seconds a game, and playouts cut after a
    # few dozen moves and judged by evaluate() chose worse than the heuristic (RULES.md,
    # "Levels"). Hard plays its few most promising moves out to the end of the game with
    # the heuristic bot itself; medium is the heuristic bot and easy the heuristic with slips.
    "ibyron": {
        # Easy is the heuristic bot making a random move about one decision in seven (0.15): the
        # old easy (a tree search of 60 iterations) hit the round limit in 10 of 10 two-player
        # games; with one in ten the heuristic (now medium) won only 66% of 200 games against it.
        "easy": {
            "search": "rollout",
            "iterations": 1,
            "epsilon": 0.0,
            "policy": "heuristic",
            "horizon": 0,
            "width": 1,
            "blunder": 0.15,
            "description": "Easy: plays the game's sound habits without looking ahead, and about one move "
            "in seven is a careless one picked at random. A good first opponent.",
        },
        # Medium is the heuristic bot itself (one candidate, the heuristic's move, so nothing is
        # played out). The earlier medium (3 candidates, 6 playouts to the end) was about as
        # strong as the earlier hard (6 candidates, 16 playouts): hard won 16 of 29, so the
        # ladder had no step there. That medium is now hard, at a third of the old hard's cost.
        "medium": {
            "search": "rollout",
            "iterations": 1,
            "epsilon": 0.0,
            "horizon": 0,
            "width": 1,
            "description": "Medium: plays the game's sound habits without looking ahead: builds what it "
            "can, works toward the building worth most for what it still lacks, and ships its reserve "
            "discs home in time. Moves in a blink.",
        },
        "hard": {
            "search": "rollout",
            "iterations": 6,
            "epsilon": 0.0,
            "policy": "heuristic",
            "horizon": 0,
            "width": 3,
            "confidence": 1.0,
            "description": "Hard: plays the game's sound habits, but before each choice plays the game "
            "out to the end with its two or three most promising moves, over a few possible dice rolls "
            "and tile draws, and changes its mind only when another move clearly wins more often. "
            "Usually well under a second a move.",
        },
    },
    # Isle of Skye: the tree search won 3 of 6 against the heuristic bot; policy rollouts do
    # better (RULES.md, "Levels"). Medium is the heuristic bot itself (one candidate, the
    # heuristic's move, so nothing is played out): the earlier medium, a rollout over the
    # fast policy, won 5 of 7 against this hard, whose playouts take every rival to play as
    # the heuristic bot does, so it could not sit below hard.
    "isle_of_skye": {
        "medium": {
            "search": "rollout",
            "iterations": 1,
            "epsilon": 0.0,
            "horizon": 0,
            "width": 1,
            "description": "Medium: plays the game's sound habits without looking ahead: places each tile "
            "where it adds most to its scoring, and prices and buys by what the tiles are worth to each "
            "player. Moves in a blink.",
        },
        # Hard searches only the discard, the prices and the purchases, with the heuristic bot
        # itself playing every seat of the playouts (so the rivals buy and price as the
        # heuristic would), about a round ahead; tiles are placed as the heuristic places them.
        # Measured stronger and cheaper than the fast policy's playouts (RULES.md, "Levels").
        "hard": {
            "search": "rollout",
            "iterations": 24,
            "epsilon": 0.0,
            "policy": "heuristic",
            "horizon": 20,
            "width": 4,
            "searched": ("discard", "price", "buy"),
            # With more players a round, so a playout, is longer. At 5 players 24 playouts hit
            # the 1.8 s cap on 2 of 16 timed positions; with 12 none did, p95 0.9 CPU s. At 4
            # players, once the heuristic bot bought more (2026-12-06), 24 hit it on 1 of 30; 16
            # keep the move well inside it (RULES.md, "Levels").
            "playouts_by_players": ((4, 16), (5, 12)),
            "description": "Hard: places its tiles by the game's sound habits, and before each discard, "
            "price and purchase plays the round out a couple of dozen ways (fewer with 4 or 5 players), "
            "with every player playing "
            "those habits, and keeps what comes out best. Usually well under a second a move.",
        },
    },
    # Bayon: the tree search lost to the heuristic bot (RULES.md, "How the bots think"); a
    # policy rollout beats it. Medium is the rollout with few playouts, and with a paired
    # test before it overrules the heuristic (without it, lucky playouts fooled it). Easy is
    # the heuristic without lookahead, one open-step decision in five a careless move drawn
    # from bot.careless_moves: the 8-playout rollout with uniformly random slips (the old
    # easy) let 2-player games run into the round limit (19 of 130); its slips that ruined a
    # game were expeditions paid with sites and pending steps answered at random.
    "bayon": {
        "easy": {
            "search": "rollout",
            "iterations": 1,
            "epsilon": 0.0,
            "width": 1,
            "blunder": 0.2,
            "description": "Easy: plays the game's sound habits without looking ahead, but about one move "
            "in five is a careless one picked at random (it may end its turn early, hire or send an "
            "explorer where it is of little use, or dig unprepared). A good first opponent.",
        },
        "medium": {
            "search": "rollout",
            "iterations": 24,
            "epsilon": 0.0,
            "confidence": 1.0,
            "description": "Medium: plays the game's sound habits and checks each move with a couple of "
            "dozen quick plays of the next few turns, changing plan only when another move is clearly "
            "better. Moves in well under a second.",
        },
        "hard": {
            "search": "rollout",
            "iterations": 200,
            "epsilon": 0.0,
            "description": "Hard: tries every move open to it, plays each a few turns ahead, a couple of "
            "hundred plays in all, and leaves the game's sound habits only for a move that comes out "
            "better by a clear margin. Usually well under a second a move.",
        },
    },
    # Ivor: three rollouts (measured stronger per CPU second than the tree search: RULES.md).
    "ivor": {
        "easy": {
            **CARELESS_ROLLOUT,
            "description": "Easy: plays the game's sound habits, but about one action in ten is a careless "
            "one picked at random. A good first opponent.",
        },
        "medium": {
            "search": "rollout",
            "iterations": 40,
            "epsilon": 0.0,
            "confidence": 1.0,
            "description": "Medium: plays the game's sound habits and checks each action with a few dozen "
            "quick plays of the next few turns, changing plan only when another action is clearly "
            "better. Moves in well under a second.",
        },
        # Hard plays its playouts with the heuristic bot itself and asks for the paired test: the
        # 300-playout rollout over the fast playout policy, without the test, lost to two mediums.
        "hard": {
            "search": "rollout",
            "iterations": 300,
            "epsilon": 0.0,
            "policy": "heuristic",
            "confidence": 1.0,
            "description": "Hard: tries every action open to it, playing each a few turns ahead a few "
            "hundred times in all the way a sound player would, and leaves the game's sound habits only "
            "when another action clearly comes out better. Usually under a second a move.",
        },
    },
}


def _game_id(game: str | GameInfo | None) -> str:
    """The id whose changes apply; a misspelt id would quietly get the defaults, so an
    id no game is registered under is refused (a ``GameInfo`` is taken as it is)."""
    if game is None:
        return ""
    if isinstance(game, GameInfo):
        return game.id
    import meeple  # here, not at the top: meeple imports the bots package

    if game not in GAME_LEVELS and game not in meeple.GAMES:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(meeple.GAMES)})")
    return game


def level(game: str | GameInfo | None, name: str) -> Level:
    """The level ``name`` as ``game`` defines it (the defaults where it changes nothing).

    ``game`` is a registered game's id or a ``GameInfo`` (``None``: the
    defaults); any other id raises ``ValueError``, as does an unknown level."""
    if name not in LEVELS:
        raise ValueError(f"unknown level {name!r} (levels: {', '.join(LEVEL_NAMES)})")
    changes = GAME_LEVELS.get(_game_id(game), {}).get(name, {})
    return dataclasses.replace(LEVELS[name], **changes)  # type: ignore[arg-type]


def level_descriptions(game: str) -> dict[str, str]:
    """``{"easy": "...", "medium": "...", "hard": "..."}`` in words a player understands,
    for a lobby to show beside the choice of opponent."""
    return {name: level(game, name).description for name in LEVEL_NAMES}
