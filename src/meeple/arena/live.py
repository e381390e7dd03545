"""The arena on the terminal: a live progress bar and leader table, then the full tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from meeple.arena.stats import RatingBook, Share, Summary

Row = dict[str, Any]


class GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("– games/s" if speed is None else f"{speed:.1f} games/s", style="cyan")


def _percent(share: Share) -> str:
    lo, hi = share.interval
    return f"{share.rate:.1%} ({lo:.0%}–{hi:.0%})"


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
                _percent(share),
            )
        return table


class LiveView:
    """Progress bar (games done, games/s, time left) above the live leader table."""

    def __init__(self, console: Console, title: str, total: int, done: int, bots: Sequence[str]) -> None:
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            GamesPerSecond(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
        )
        self.task = self.progress.add_task(title, total=total, completed=done)
        self.standings = Standings(bots)
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
def summary_tables(summary: Summary) -> list[RenderableType]:
    return [_ratings_table(summary), _head_to_head_table(summary), _seat_table(summary), _games_table(summary)]


def _ratings_table(s: Summary) -> Table:
    table = Table(title=f"ratings after {s.games} games (OpenSkill Plackett–Luce)", title_justify="left")
    for column in ("#", "bot", "μ ± σ", "ordinal", "games", "win share (95%)", "mean score", "ms / move"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for place, bot in enumerate(s.leaders, 1):
        r = s.ratings[bot]
        scores = s.scores[bot]
        mean = sum(scores) / len(scores) if scores else 0.0
        table.add_row(
            str(place),
            bot,
            f"{r.mu:.1f} ± {r.sigma:.1f}",
            f"{r.ordinal:.1f}",
            f"{s.wins[bot].games:g}",
            _percent(s.wins[bot]),
            f"{mean:.1f}",
            f"{s.ms_per_move[bot]:.3g}",
        )
    return table


def _head_to_head_table(s: Summary) -> Table:
    table = Table(title="head to head: row finished ahead of column (95%)", title_justify="left")
    table.add_column("")
    for bot in s.leaders:
        table.add_column(bot, justify="right")
    for a in s.leaders:
        cells = [
            "" if a == b else _percent(s.head_to_head[a, b]) if s.head_to_head[a, b].games else "–" for b in s.leaders
        ]
        table.add_row(a, *cells)
    return table


def _seat_table(s: Summary) -> Table:
    table = Table(title=f"win share by seat (fair: {1 / s.players:.0%} each)", title_justify="left")
    table.add_column("seat")
    table.add_column("win share (95%)", justify="right")
    for seat, share in enumerate(s.seats):
        table.add_row(str(seat), _percent(share))
    return table


def _games_table(s: Summary) -> Table:
    table = Table(title="games", title_justify="left", show_header=False)
    table.add_column("")
    table.add_column("")
    table.add_row("median length", f"{s.median_moves:g} moves" if s.median_moves is not None else "–")
    if s.median_rounds is not None:
        table.add_row("median rounds", f"{s.median_rounds:g}")
    for reason, count in s.end_reasons:
        table.add_row(f"ended by {reason}", str(count))
    return table
