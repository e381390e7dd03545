"""The bot levels' ratings measured between bots: a yardstick from a server's first game.

A web server rates people and its bot levels on one OpenSkill scale (the
arena's model). A level starts from the rating measured for it in an arena
between the game's levels, kept in the game's folder as ``level_ratings.json``,
so a player's first game against ``hard`` already counts as a game against a
strong player, and the lobby shows what each level is worth before anyone has
played it. Written by this module from an arena's folder:

    meeple arena GAME --players P --bots random,easy,medium,hard,learned -n 60 --seed 1 --clock cpu --jobs 1 --out DIR
    python -m meeple.arena.yardstick DIR > src/meeple/games/GAME/level_ratings.json

``--clock cpu``: each level gets its whole thinking budget on one core, so the
figures do not depend on how loaded the measuring machine was. The file keeps
the command, the game count and each level's μ and σ after the arena's games.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

import meeple
from meeple.arena.stats import ratings
from meeple.arena.store import ArenaFolder

FILE_NAME = "level_ratings.json"
# The bot levels a server seats (``learned`` only where a game ships a policy).
SEATED_LEVELS = ("random", "easy", "medium", "hard", "learned")


@dataclass(frozen=True)
class MeasuredRating:
    mu: float
    sigma: float


def _finite(value: Any) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def parse(text: str, source: str = FILE_NAME) -> dict[str, MeasuredRating]:
    """The levels' ratings in a ``level_ratings.json`` text; ``ValueError`` says what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{source} is not JSON ({exc})") from None
    found = data.get("ratings") if isinstance(data, dict) else None
    if not isinstance(found, dict):
        raise ValueError(f"{source} has no 'ratings' object")
    measured = {}
    for level, entry in found.items():
        if level not in SEATED_LEVELS:
            raise ValueError(f"{source} rates {level!r}, which is not a bot level ({', '.join(SEATED_LEVELS)})")
        mu, sigma = (entry.get(name) if isinstance(entry, dict) else None for name in ("mu", "sigma"))
        if not (_finite(mu) and _finite(sigma) and sigma > 0):
            raise ValueError(f"{source}: {level!r} needs a finite 'mu' and a positive 'sigma'")
        measured[level] = MeasuredRating(float(mu), float(sigma))
    return measured


def measured_ratings(game: str) -> dict[str, MeasuredRating]:
    """``game``'s levels as measured between bots, from the ``level_ratings.json`` in the game's own
    package; ``{}`` for a game without one (its levels then start as a newcomer does)."""
    info = meeple.GAMES.get(game)
    if info is None:
        return {}
    package = info.state_class.__module__.rpartition(".")[0]
    try:
        text = resources.files(package).joinpath(FILE_NAME).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
        return {}
    return parse(text, f"{package}/{FILE_NAME}")


def from_arena(folder: Path) -> dict[str, Any]:
    """A ``level_ratings.json`` object from an arena's folder: its levels' ratings after its finished games."""
    arena = ArenaFolder(folder)
    config = arena.read_config()
    rows = [row for index, row in arena.read_rows().items() if index < config.games]
    if not rows:
        raise ValueError(f"{folder} holds no finished game")
    unknown = [bot for bot in config.bots if bot not in SEATED_LEVELS]
    if unknown:
        raise ValueError(f"{folder} rates bots that are not levels: {', '.join(unknown)}")
    command = (
        f"meeple arena {config.game} --players {config.players} --bots {','.join(config.bots)} -n {config.games} "
        f"--seed {config.seed} --clock {config.clock} --jobs 1"
    )
    found = ratings(rows, config.bots)
    return {
        "game": config.game,
        "players": config.players,
        "games": len(rows),
        "clock": config.clock,
        "command": command,
        "ratings": {bot: {"mu": round(found[bot].mu, 3), "sigma": round(found[bot].sigma, 3)} for bot in config.bots},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m meeple.arena.yardstick", description=__doc__.split("\n\n")[0])
    parser.add_argument("arena", type=Path, help="an arena's folder (its --out) whose bots are the game's levels")
    args = parser.parse_args(argv)
    try:
        data = from_arena(args.arena)
    except (OSError, ValueError) as exc:
        print(f"python -m meeple.arena.yardstick: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(data, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
