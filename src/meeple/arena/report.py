"""``report.html``: one self-contained page (tables, and plots embedded as PNG) from an arena's rows.

The page refers to nothing outside itself (no scripts, styles, fonts or
images to fetch), so it can be mailed, archived or opened offline.
Plots are drawn with matplotlib's object API (``Figure``, no ``pyplot``),
which keeps no global state and needs no display.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from meeple.arena.result_tables import Cells, games_cells, head_to_head_cells, ratings_cells, score_cells, seat_cells
from meeple.arena.stats import Summary
from meeple.arena.store import ArenaConfig

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 0.5em 0 1.5em; }
.note { color: #555; }
"""


def _png(draw: Callable[[Figure, Axes], None], size: tuple[float, float] = (7.0, 3.6)) -> str:
    """Draw on a fresh figure; the PNG as a ``data:`` URI."""
    fig = Figure(figsize=size, layout="constrained")
    draw(fig, fig.subplots())
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _ratings_plot(s: Summary) -> Callable[[Figure, Axes], None]:
    def draw(fig: Figure, ax: Axes) -> None:
        bots = s.leaders[::-1]
        mus = [s.ratings[b].mu for b in bots]
        sigmas = [2 * s.ratings[b].sigma for b in bots]
        ax.errorbar(mus, range(len(bots)), xerr=sigmas, fmt="o", capsize=4, label="μ ± 2σ")
        ax.scatter(
            [s.ratings[b].ordinal for b in bots],
            range(len(bots)),
            marker="|",
            s=200,
            color="C3",
            label="ordinal μ − 3σ",
        )
        ax.set_yticks(range(len(bots)), bots)
        ax.set_xlabel("rating")
        ax.legend(loc="best", fontsize="small")

    return draw


def _head_to_head_plot(s: Summary) -> Callable[[Figure, Axes], None]:
    def draw(fig: Figure, ax: Axes) -> None:
        bots = s.leaders
        grid = [
            [s.head_to_head[a, b].rate if a != b and s.head_to_head[a, b].games else float("nan") for b in bots]
            for a in bots
        ]
        image = ax.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
        for i, row in enumerate(grid):
            for j, value in enumerate(row):
                if value == value:  # not NaN
                    ax.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize="small")
        ax.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
        ax.set_yticks(range(len(bots)), bots)
        ax.set_xlabel("column")
        ax.set_ylabel("row finished ahead of column")
        fig.colorbar(image, ax=ax)

    return draw


def _scores_plot(s: Summary) -> Callable[[Figure, Axes], None]:
    def draw(fig: Figure, ax: Axes) -> None:
        bots = [b for b in s.leaders if s.scores[b]]
        ax.boxplot([s.scores[b] for b in bots], orientation="horizontal")
        ax.set_yticks(range(1, len(bots) + 1), bots)
        ax.set_xlabel("final score")

    return draw


def _seats_plot(s: Summary) -> Callable[[Figure, Axes], None]:
    def draw(fig: Figure, ax: Axes) -> None:
        rates = [share.rate for share in s.seats]
        below = [share.rate - share.interval[0] for share in s.seats]
        above = [share.interval[1] - share.rate for share in s.seats]
        ax.bar(range(s.players), rates, yerr=[below, above], capsize=4)
        ax.axhline(1 / s.players, linestyle="--", color="grey", label="fair share")
        ax.set_xticks(range(s.players), [f"seat {i}" for i in range(s.players)])
        ax.set_ylabel("win share (95% interval)")
        ax.legend(loc="best", fontsize="small")

    return draw


def _lengths_plot(s: Summary) -> Callable[[Figure, Axes], None]:
    def draw(fig: Figure, ax: Axes) -> None:
        ax.hist(s.moves, bins=min(30, max(1, len(set(s.moves)))))
        ax.set_xlabel("moves per game")
        ax.set_ylabel("games")

    return draw


def _table(cells: Cells) -> str:
    head, rows = cells
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{header}</tr>{body}</table>"


def build_html(config: ArenaConfig, summary: Summary, title: str) -> str:
    s = summary
    options = ", ".join(f"{k}={v}" for k, v in sorted(config.options.items())) or "defaults"
    sections = [
        f"<h1>{html.escape(title)}: arena</h1>",
        f"<p class='note'>{s.games} of {config.games} games, {s.players} players, options: {html.escape(options)}, "
        f"arena seed {config.seed}, meeple {html.escape(config.version)} (rules version {config.rules_version}). "
        f"Bots: {html.escape(', '.join(config.bots))}; their time limits measured on the "
        f"{'CPU time of their thread' if config.clock == 'cpu' else 'wall clock'}.</p>",
        "<h2>Ratings</h2>",
        "<p class='note'>OpenSkill Plackett–Luce over each game's finishing order (winners first, "
        "then by score; ties share a place). The ordinal μ − 3σ orders the table.</p>",
        _table(ratings_cells(s)),
    ]
    sections += [
        _img("ratings", _ratings_plot(s), s.games),
        "<h2>Head to head</h2>",
        "<p class='note'>How often the row's bot finished ahead of the column's in games both played "
        "(ties count half), with the 95% Wilson interval. In two-player games it is the win rate.</p>",
        _table(head_to_head_cells(s)),
        _img("head to head", _head_to_head_plot(s), s.games, (6.0, 4.6)),
        "<h2>Scores</h2>",
        _table(score_cells(s)),
        _img("scores", _scores_plot(s), s.games),
        f"<h2>Seat balance</h2><p class='note'>Win share by seat, whoever sat there; a fair seat gets "
        f"{1 / s.players:.1%}.</p>",
        _table(seat_cells(s)),
        _img("seat balance", _seats_plot(s), s.games),
        "<h2>Game lengths and endings</h2>",
        _table(games_cells(s)),
        _img("game lengths", _lengths_plot(s), s.games),
    ]
    body = "\n".join(section for section in sections if section)
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)} arena</title><style>{STYLE}</style></head>\n<body>\n{body}\n</body></html>\n"
    )


def _img(alt: str, draw: Callable[[Figure, Axes], None], games: int, size: tuple[float, float] = (7.0, 3.6)) -> str:
    """The plot as an embedded image; nothing while there are no games to plot."""
    return f"<img alt='{alt}' src='{_png(draw, size)}'>" if games else ""
