"""The arena's tables as plain text cells: the terminal and the report draw the same ones."""

from __future__ import annotations

import statistics

from meeple.arena.stats import Share, Summary

Cells = tuple[list[str], list[list[str]]]  # header, rows

RATINGS_HEADER = ["#", "bot", "μ ± σ", "ordinal", "games", "win share (95%)", "mean score", "ms / move"]


def percent(share: Share) -> str:
    lo, hi = share.interval
    return f"{share.rate:.1%} ({lo:.1%}–{hi:.1%})"


def rating_row(place: int, bot: str, s: Summary) -> list[str]:
    r = s.ratings[bot]
    scores = s.scores[bot]
    mean = sum(scores) / len(scores) if scores else 0.0
    return [
        str(place),
        bot,
        f"{r.mu:.2f} ± {r.sigma:.2f}",
        f"{r.ordinal:.2f}",
        f"{s.wins[bot].games:g}",
        percent(s.wins[bot]),
        f"{mean:.1f}",
        f"{s.ms_per_move[bot]:.3g}",
    ]


def ratings_cells(s: Summary) -> Cells:
    return RATINGS_HEADER, [rating_row(place, bot, s) for place, bot in enumerate(s.leaders, 1)]


def head_to_head_cells(s: Summary) -> Cells:
    def cell(a: str, b: str) -> str:
        if a == b:
            return ""
        return percent(s.head_to_head[a, b]) if s.head_to_head[a, b].games else "–"

    return ["", *s.leaders], [[a, *(cell(a, b) for b in s.leaders)] for a in s.leaders]


def score_cells(s: Summary) -> Cells:
    """Each bot's final scores: spread as well as mean (a bot can win narrowly or by miles)."""
    rows = []
    for bot in s.leaders:
        scores = s.scores[bot]
        if not scores:
            continue
        spread = statistics.stdev(scores) if len(scores) > 1 else 0.0
        quartiles = statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3
        rows.append(
            [bot, str(len(scores)), f"{statistics.fmean(scores):.1f}", f"{spread:.1f}", f"{min(scores):g}"]
            + [f"{q:g}" for q in quartiles]
            + [f"{max(scores):g}"]
        )
    return ["bot", "seats played", "mean", "sd", "min", "25%", "median", "75%", "max"], rows


def seat_cells(s: Summary) -> Cells:
    return ["seat", "win share (95%)"], [[f"seat {i}", percent(share)] for i, share in enumerate(s.seats)]


def games_cells(s: Summary) -> Cells:
    rows = [["median length", f"{s.median_moves:g} moves" if s.median_moves is not None else "–"]]
    if s.median_rounds is not None:
        rows.append(["median rounds", f"{s.median_rounds:g}"])
    rows += [[f"ended by {reason}", str(count)] for reason, count in s.end_reasons]
    return ["", "games"], rows
