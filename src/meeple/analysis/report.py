"""The analysis as one self-contained HTML page: a chart of each seat's estimated share
of the win along the game, the per-seat summary and the marked moves in words."""

from __future__ import annotations

import html
import io

import matplotlib
from matplotlib.figure import Figure

from meeple.analysis.marks import MARKS, PLURALS
from meeple.analysis.result import SKIP_REASONS, Analysis, Decision

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
MARK_SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }}
table {{ border-collapse: collapse; margin: 1rem 0; }}
th, td {{ border: 1px solid #ccc; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }}
th {{ background: #f3f3f3; }}
.blunder {{ color: #b00020; font-weight: bold; }} .mistake {{ color: #c05000; }} .inaccuracy {{ color: #806000; }}
.note {{ color: #555; }}
</style></head><body>
{body}
</body></html>
"""


def chart_svg(analysis: Analysis) -> str:
    """Each seat's estimated share of the win after each of its moves, as inline SVG."""
    figure = Figure(figsize=(9, 3.6))
    axes = figure.add_subplot()
    for seat in analysis.seats:
        own = [d for d in analysis.decisions if d.seat == seat]
        if not own:
            continue
        colour = COLOURS[seat % len(COLOURS)]
        axes.plot(
            [d.move_number for d in own],
            [d.played_share for d in own],
            color=colour,
            linewidth=1.2,
            label=analysis.seat_name(seat),
        )
        flagged = [d for d in own if d.mark in ("mistake", "blunder")]
        axes.scatter(
            [d.move_number for d in flagged], [d.played_share for d in flagged], color=colour, marker="v", zorder=3
        )
    axes.set_ylim(0, 1)
    axes.set_xlim(0, max(analysis.moves, 1))
    axes.set_xlabel("move")
    axes.set_ylabel("estimated share of the win")
    axes.grid(alpha=0.3)
    if analysis.decisions:
        axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    out = io.StringIO()
    # Text as text (smaller, searchable) and a fixed salt: the same analysis gives the same page.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "meeple-analysis"}):
        figure.savefig(out, format="svg", metadata={"Date": None})
    svg = out.getvalue()
    return svg[svg.index("<svg") :]


def _percent(share: float | None) -> str:
    return "–" if share is None else f"{share:.0%}"


def _summary_table(analysis: Analysis) -> str:
    head = "".join(f"<th>{PLURALS[m].capitalize()}</th>" for m in MARKS)
    rows = []
    for summary in analysis.summaries:
        counts = "".join(f"<td>{summary.marks.get(m, 0)}</td>" for m in MARKS)
        rows.append(
            f"<tr><td>{html.escape(analysis.seat_name(summary.seat))}</td><td>{summary.decisions}</td>"
            f"<td>{_percent(summary.accuracy)}</td>{counts}<td>{summary.mean_drop:.3f}</td></tr>"
        )
    return (
        f"<table><tr><th>Player</th><th>Decisions judged</th><th>Accuracy</th>{head}"
        f"<th>Mean drop</th></tr>{''.join(rows)}</table>"
    )


def _marked_row(analysis: Analysis, d: Decision) -> str:
    mark = d.mark or ""
    return (
        f"<tr><td>{d.move_number}</td><td>{html.escape(analysis.seat_name(d.seat))}</td>"
        f'<td class="{mark}">{mark} {MARK_SYMBOLS.get(mark, "")}</td>'
        f"<td>{html.escape(d.played_label or d.played)} ({_percent(d.played_share)})</td>"
        f"<td>{html.escape(d.best_label or d.best)} ({_percent(d.best_share)})</td>"
        f"<td>{d.drop:.2f}</td></tr>"
    )


def _marked_table(analysis: Analysis) -> str:
    marked = [d for d in analysis.decisions if d.mark is not None]
    if not marked:
        return "<p>No move was marked.</p>"
    rows = "".join(_marked_row(analysis, d) for d in marked)
    return (
        "<table><tr><th>Move</th><th>Player</th><th>Mark</th><th>Played (share after)</th>"
        f"<th>Preferred (share after)</th><th>Drop</th></tr>{rows}</table>"
    )


def _skipped_note(analysis: Analysis) -> str:
    counts: dict[str, int] = {}
    for skipped in analysis.skipped:
        counts[skipped.reason] = counts.get(skipped.reason, 0) + 1
    if not counts:
        return ""
    parts = [f"{n} ({SKIP_REASONS.get(reason, reason)})" for reason, n in sorted(counts.items())]
    return f"<p class='note'>Decisions not judged: {', '.join(parts)}.</p>"


def render_html(analysis: Analysis, title: str | None = None) -> str:
    """The whole page, with the chart inline: no file or script beside it is needed."""
    heading = title or f"Analysis of a game of {analysis.game} ({analysis.players} players, seed {analysis.seed})"
    thresholds = analysis.thresholds
    body = [
        f"<h1>{html.escape(heading)}</h1>",
        "<p>Each move is judged only from what its player knew when making it: the search plays "
        "the move on many possible versions of the game that agree with everything that player had "
        "seen, never on the real hidden cards or on anything revealed later. A drop in the estimated "
        "share of the win against the move the search prefers, both measured before the move on the "
        "same versions, earns a mark; luck in a later draw never does.</p>",
        f"<p class='note'>Marks: inaccuracy from a drop of {thresholds['inaccuracy']:.2f}, mistake from "
        f"{thresholds['mistake']:.2f}, blunder from {thresholds['blunder']:.2f} (shares of the win); accuracy "
        f"is the share of decisions within {thresholds['inaccuracy']:.2f} of the best. Search: "
        f"{analysis.budget} playouts a decision.</p>",
        "<h2>Estimated share of the win</h2>",
        chart_svg(analysis),
        "<h2>Summary</h2>",
        _summary_table(analysis),
        _skipped_note(analysis),
        "<h2>Marked moves</h2>",
        _marked_table(analysis),
    ]
    if analysis.capped:
        body.append(
            f"<p class='note'>Only the first {analysis.max_decisions} decisions were judged (the cap for one game).</p>"
        )
    return PAGE.format(title=html.escape(heading), body="\n".join(body))
