"""Tournaments between bots: a fair schedule, per-game seeds, ratings, reports; local or on Ray.

    from meeple.arena import ArenaConfig, ArenaFolder, ProcessRunner, run_arena, summary_of
    config = ArenaConfig(game="bayon", players=2, bots=("random", "greedy"), games=100, seed=1)
    rows = run_arena(config, ArenaFolder(Path("arena/demo")), ProcessRunner(2))
    summary_of(config, rows).ratings

``meeple arena`` (``meeple.arena.cli``) is the same from the command line.
"""

from meeple.arena.play import OUTCOME_FIELDS, GameFailed, GameJob, play_game
from meeple.arena.run import run_arena, summary_of, write_report
from meeple.arena.runners import ProcessRunner, RayRunner, SerialRunner
from meeple.arena.schedule import bot_seed, game_seed, lineups
from meeple.arena.stats import Summary, summarize
from meeple.arena.store import ArenaConfig, ArenaFolder

__all__ = [
    "OUTCOME_FIELDS",
    "ArenaConfig",
    "ArenaFolder",
    "GameFailed",
    "GameJob",
    "ProcessRunner",
    "RayRunner",
    "SerialRunner",
    "Summary",
    "bot_seed",
    "game_seed",
    "lineups",
    "play_game",
    "run_arena",
    "summarize",
    "summary_of",
    "write_report",
]
