"""Running an arena: play the games not yet in its folder, writing each row as it comes back."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from meeple.arena.runners import Runner
from meeple.arena.stats import Summary, summarize
from meeple.arena.store import ArenaConfig, ArenaFolder

Row = dict[str, Any]


def missing_games(config: ArenaConfig, rows: dict[int, Row]) -> list[int]:
    return [i for i in range(config.games) if i not in rows]


def run_arena(
    config: ArenaConfig,
    folder: ArenaFolder,
    runner: Runner,
    on_row: Callable[[Row], None] | None = None,
) -> dict[int, Row]:
    """Play every game of ``config`` that ``folder`` does not hold yet; returns all rows by index.

    Each row is appended to the folder before ``on_row`` sees it. An
    exception (Ctrl-C included) stops the games still running and leaves
    the folder holding every game that finished.
    """
    if not folder.exists():
        folder.create(config)
    else:
        folder.save_config(config)  # a resume may ask for more games
    rows = folder.read_rows()
    jobs = config.jobs(missing_games(config, rows))
    if not jobs:
        return rows  # nothing to play: no workers to start, no cluster to join
    try:
        with closing(runner.rows(jobs)) as stream:
            for row in stream:
                folder.append(row)
                rows[row["index"]] = row
                if on_row is not None:
                    on_row(row)
    finally:
        folder.close()
    return rows


def summary_of(config: ArenaConfig, rows: dict[int, Row]) -> Summary:
    """The figures over the arena's games (rows beyond its game count left out)."""
    return summarize(config.game, config.players, config.bots, [r for i, r in rows.items() if i < config.games])


def write_report(config: ArenaConfig, folder: ArenaFolder, summary: Summary) -> Path:
    from meeple import GAMES
    from meeple.arena.report import build_html

    info = GAMES.get(config.game)
    folder.report_path.write_text(build_html(config, summary, info.title if info else config.game), encoding="utf-8")
    return folder.report_path
