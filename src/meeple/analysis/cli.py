"""``meeple analyse``: judge a finished game move by move from the command line.

meeple analyse GAME.meeple.json [--seat N ...] [--budget N] [-o report.html] [--json FILE]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from meeple.analysis.marks import MARKS, PLURALS
from meeple.analysis.result import Analysis
from meeple.analysis.review import CPU_SECONDS, MAX_DECISIONS, analyse
from meeple.core import Record


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "analyse",
        aliases=["analyze"],
        help="judge a finished game move by move: win shares, mistakes, a report",
        description="Judge each decision of a recorded game from what its player knew then: the "
        "estimated share of the win after the move played and after the move the search prefers, "
        "marked inaccuracy, mistake or blunder by the drop; write an HTML report.",
    )
    parser.add_argument("record", type=Path, help="a record (GAME-SEED.meeple.json)")
    parser.add_argument(
        "--seat", type=int, action="append", help="a seat to analyse (repeat for more; default: every seat)"
    )
    parser.add_argument("--budget", type=int, help="playouts a decision (default: the game's, a minute a game)")
    parser.add_argument(
        "--cpu-seconds",
        type=float,
        default=CPU_SECONDS,
        help=f"cap on one decision's CPU time (default {CPU_SECONDS:g}; 0: no cap)",
    )
    parser.add_argument(
        "--max-decisions", type=int, default=MAX_DECISIONS, help=f"decisions judged at most (default {MAX_DECISIONS})"
    )
    parser.add_argument("-o", "--output", type=Path, help="HTML report (default: RECORD with .analysis.html)")
    parser.add_argument("--json", type=Path, help="also write the analysis as JSON here")
    parser.set_defaults(func=run)
    return parser


def default_output(record_path: Path) -> Path:
    name = record_path.name.removesuffix(".json").removesuffix(".meeple")
    return record_path.with_name(f"{name}.analysis.html")


def _fail(message: str) -> SystemExit:
    return SystemExit(f"meeple analyse: {message}")


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        print(f"\ranalysing move {done + 1}/{total}", end="", file=sys.stderr, flush=True)


def summary_lines(result: Analysis) -> list[str]:
    """One line a seat: decisions, accuracy and marks."""
    lines = []
    for summary in result.summaries:
        accuracy = "–" if summary.accuracy is None else f"{summary.accuracy:.0%}"
        marks = ", ".join(
            f"{summary.marks.get(m, 0)} {m if summary.marks.get(m, 0) == 1 else PLURALS[m]}" for m in MARKS
        )
        lines.append(f"{result.seat_name(summary.seat)}: {summary.decisions} decisions, accuracy {accuracy}; {marks}")
    if result.capped:
        lines.append(f"(only the first {result.max_decisions} decisions were judged)")
    return lines


def run(args: argparse.Namespace) -> int:
    try:
        record = Record.from_json(args.record.read_bytes())
    except OSError as exc:
        raise _fail(f"cannot read {args.record}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise _fail(f"{args.record} is not a meeple record: {exc}") from None
    if args.budget is not None and args.budget < 1:
        raise _fail("--budget is a number of playouts a decision, at least 1")
    cpu_seconds = args.cpu_seconds if args.cpu_seconds and args.cpu_seconds > 0 else None
    try:
        result = analyse(
            record,
            seats=args.seat,
            budget=args.budget,  # None: the game's default for this record (review.default_budget)
            cpu_seconds=cpu_seconds,
            max_decisions=args.max_decisions if args.max_decisions and args.max_decisions > 0 else None,
            progress=_progress,
        )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    if sys.stderr.isatty():
        print(file=sys.stderr)
    from meeple.analysis.report import render_html  # here: matplotlib loads only when a report is drawn

    output = args.output if args.output is not None else default_output(args.record)
    output.write_text(render_html(result), encoding="utf-8")
    if args.json is not None:
        args.json.write_text(result.to_json(indent=1), encoding="utf-8")
    for line in summary_lines(result):
        print(line)
    print(f"wrote {output}" + (f" and {args.json}" if args.json is not None else ""))
    return 0
