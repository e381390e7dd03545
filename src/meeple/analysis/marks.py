"""How large a drop in win share earns a mark, and the per-seat summary of the marks.

A decision's drop is the mover's estimated share of the win after the move the
search prefers minus after the move played, both measured before the move on
the same determinized worlds and the same playout seeds (so the drop is the
difference a choice made, never the luck of a later draw).
"""

from __future__ import annotations

from collections.abc import Iterable

# Drops in win share (0 to 1). Why these sizes:
# * 0.05 is about what the search can tell apart: the standard error of a measured
#   drop (paired over the measuring samples) is typically 0.04 at the default budgets
#   (median over a game of Bayon; below 0.01 where every line plays alike, as in most
#   Isle of Skye decisions); a move within 0.05 of the best is as good as the search
#   can tell, and "accuracy" draws its line there;
# * 0.10 is one game in ten given away, what a player notices over an evening;
# * 0.20 is one game in five: a move a player would take back at once.
# benchmarks/analysis_quality.py measures how often the search marks the moves of the
# hard bots (rare: under 3% mistake or worse in Bayon, Isle of Skye and Ivor; about 6%
# in Ibyron) and a planted bad move (Bayon, Ivor: every one; Isle of Skye: 10 of 12;
# Ibyron: seldom; the analysis README says why).
INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20

# And a drop earns a mark only where it stands this many standard errors (of the paired
# differences over the measuring samples) clear of zero: a few playouts that happen to
# go badly must not brand a move. Two standard errors: about one sound move in forty
# would otherwise pass for worse by chance alone.
CONFIDENCE = 2.0

MARKS = ("inaccuracy", "mistake", "blunder")  # from the mildest
PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def mark_for(drop: float, standard_error: float = 0.0) -> str | None:
    """The mark a drop in win share earns (``None``: within ``INACCURACY`` of the best,
    or not ``CONFIDENCE`` standard errors clear of no drop at all)."""
    if drop <= CONFIDENCE * standard_error:
        return None
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return None


def at_least(mark: str | None, floor: str) -> bool:
    """Is ``mark`` ``floor`` or worse (``at_least("blunder", "mistake")`` is true)?"""
    return mark is not None and MARKS.index(mark) >= MARKS.index(floor)


def accuracy(marks: Iterable[str | None]) -> float | None:
    """The share of decisions left unmarked (within ``INACCURACY`` of the best);
    ``None`` without any decision."""
    listed = list(marks)
    if not listed:
        return None
    return sum(1 for m in listed if m is None) / len(listed)


def mark_counts(marks: Iterable[str | None]) -> dict[str, int]:
    """How many of each mark, every mark listed (``{"inaccuracy": 2, "mistake": 0, ...}``)."""
    counts = dict.fromkeys(MARKS, 0)
    for m in marks:
        if m is not None:
            counts[m] += 1
    return counts
