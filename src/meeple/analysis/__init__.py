"""Analysis of a game move by move, fair to hidden information.

>>> from meeple.analysis import analyse
>>> result = analyse(record)            # every seat, the game's default budget
>>> result.summary(0).accuracy, [d.mark for d in result.decisions if d.mark]

Each decision is judged only from what its mover knew: the search plays it on
worlds the mover could not tell from the real one (``State.determinize``), never
on the real hidden cards or anything revealed later. ``judge.py`` estimates the
shares, ``marks.py`` turns drops into marks, ``review.py`` walks the record,
``result.py`` holds the result, ``report.py`` draws the HTML page and ``cli.py``
is ``meeple analyse``.
"""

from __future__ import annotations

from meeple.analysis.marks import BLUNDER, INACCURACY, MARKS, MISTAKE
from meeple.analysis.result import SKIP_REASONS, Analysis, Decision, SeatSummary, Skipped
from meeple.analysis.review import CPU_SECONDS, MAX_DECISIONS, analyse, default_budget

__all__ = [
    "BLUNDER",
    "CPU_SECONDS",
    "INACCURACY",
    "MARKS",
    "MAX_DECISIONS",
    "MISTAKE",
    "SKIP_REASONS",
    "Analysis",
    "Decision",
    "SeatSummary",
    "Skipped",
    "analyse",
    "default_budget",
]
