"""The marks: fixed drops in win share, and only where the drop is clear of the search's noise."""

from __future__ import annotations

from meeple.analysis.marks import BLUNDER, CONFIDENCE, INACCURACY, MISTAKE, accuracy, at_least, mark_counts, mark_for


def test_each_threshold_starts_its_mark() -> None:
    assert mark_for(INACCURACY - 0.001) is None
    assert mark_for(INACCURACY) == "inaccuracy"
    assert mark_for(MISTAKE) == "mistake"
    assert mark_for(BLUNDER) == "blunder"
    assert INACCURACY < MISTAKE < BLUNDER


def test_a_drop_within_the_noise_is_not_marked() -> None:
    noise = BLUNDER / CONFIDENCE  # the drop is exactly CONFIDENCE standard errors: not clear of them
    assert mark_for(BLUNDER, standard_error=noise) is None
    assert mark_for(BLUNDER, standard_error=noise * 0.9) == "blunder"


def test_accuracy_is_the_share_left_unmarked() -> None:
    marks = [None, "inaccuracy", None, "blunder"]
    assert accuracy(marks) == 0.5
    assert accuracy([]) is None
    assert mark_counts(marks) == {"inaccuracy": 1, "mistake": 0, "blunder": 1}
    assert at_least("blunder", "mistake") and not at_least("inaccuracy", "mistake") and not at_least(None, "inaccuracy")
