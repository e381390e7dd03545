"""The arena on the terminal: a live progress bar and leader table, then the full tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from meeple.arena.result_tables import (
    Cells,
    games_cells,
    head_to_head_cells,
    percent,
    ratings_cells,
    score_cells,
    seat_cells,
)
from meeple.arena.stats import RatingBook, Share, Summary

Row = dict[str, Any]


class GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("– games/s" if speed is None else f"{speed:.1f} games/s", style="cyan")


class Standings:
    """Ratings and win shares kept up to date game by game, in the order games finish."""

    def __init__(self, bots: Sequence[str]) -> None:
        self.bots = list(bots)
        self.book = RatingBook(bots)
        self.wins = dict.fromkeys(bots, 0.0)
        self.games = dict.fromkeys(bots, 0)

    def add(self, row: Row) -> None:
        self.book.add(row)
        for bot in set(row["lineup"]):
            self.games[bot] += 1
        for seat in row["winners"]:
            self.wins[row["lineup"][seat]] += 1 / len(row["winners"])

    def table(self) -> Table:
        ratings = self.book.ratings()
        table = Table(title="leaders so far", title_justify="left")
        for column in ("#", "bot", "μ ± σ", "ordinal", "games", "win share (95%)"):
            table.add_column(column, justify="left" if column == "bot" else "right")
        ordered = sorted(self.bots, key=lambda b: (-ratings[b].ordinal, b))
        for place, bot in enumerate(ordered, 1):
            r = ratings[bot]
            share = Share(self.wins[bot], self.games[bot])
            table.add_row(
                str(place),
                bot,
                f"{r.mu:.1f} ± {r.sigma:.1f}",
                f"{r.ordinal:.1f}",
                str(self.games[bot]),
                percent(share),
            )
        return table


class LiveView:
    """Progress bar (games done, games/s, time left) above the live leader table."""

    def __init__(self, console: Console, title: str, total: int, done: Sequence[Row], bots: Sequence[str]) -> None:
        """``done``: the rows of the games already played (a resumed arena), which the table starts from."""
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            GamesPerSecond(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
        )
        self.task = self.progress.add_task(title, total=total, completed=len(done))
        self.standings = Standings(bots)
        for row in sorted(done, key=lambda r: r["index"]):
            self.standings.add(row)
        # Drawn at each refresh (4 a second), not at each game: quick games
        # finish by the thousand a second and drawing is the costly part.
        self.live = Live(get_renderable=self._render, console=console, refresh_per_second=4, transient=True)

    def _render(self) -> RenderableType:
        return Group(self.progress, self.standings.table())

    def __enter__(self) -> LiveView:
        self.live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.live.__exit__(None, None, None)

    def add(self, row: Row) -> None:
        self.standings.add(row)
        self.progress.advance(self.task)


# ------------------------------------------------------------ final tables
def summary_tables(s: Summary) -> list[RenderableType]:
    return [
        _table(f"ratings after {s.games} games (OpenSkill Plackett–Luce)", ratings_cells(s)),
        _table("head to head: row finished ahead of column (95%)", head_to_head_cells(s)),
        _table("final scores", score_cells(s)),
        _table(f"win share by seat (fair: {1 / s.players:.0%} each)", seat_cells(s)),
        _table("games", games_cells(s)),
    ]


def _table(title: str, cells: Cells) -> Table:
    header, rows = cells
    table = Table(title=title, title_justify="left")
    for i, column in enumerate(header):
        table.add_column(column, justify="right" if i and column != "bot" else "left")
    for row in rows:
        table.add_row(*row)
    return table
