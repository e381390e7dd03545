"""Ratings, win rates and the other figures of an arena, from hand-made rows."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.arena.stats import (
    finishing_ranks,
    head_to_head,
    ms_per_move,
    ratings,
    seat_balance,
    summarize,
    wilson_interval,
    win_shares,
)


def row(index: int, lineup: list[str], scores: list[float], winners: list[int], **extra: Any) -> dict[str, Any]:
    base = {
        "index": index,
        "lineup": lineup,
        "scores": scores,
        "winners": winners,
        "moves": 10,
        "rounds": None,
        "end_reason": "target",
        "seat_moves": [5] * len(lineup),
        "think_ms": [1.0] * len(lineup),
    }
    return {**base, **extra}


def test_winners_come_first_then_scores_and_ties_share_a_place() -> None:
    assert finishing_ranks([10, 30, 20], [1]) == [3, 1, 2]
    assert finishing_ranks([30, 30, 5], [0, 1]) == [1, 1, 3]
    assert finishing_ranks([5, 8, 8, 1], [0]) == [1, 2, 2, 4]  # a tie-break winner with the lower score
    assert finishing_ranks([4, 4], [0, 1]) == [1, 1]


def test_a_winner_gains_rating_and_a_loser_loses_it() -> None:
    rated = ratings([row(0, ["a", "b"], [3, 1], [0])], ["a", "b"])
    assert rated["a"].mu > 25 > rated["b"].mu
    assert rated["a"].sigma < 25 / 3 and rated["a"].ordinal == pytest.approx(rated["a"].mu - 3 * rated["a"].sigma)


def test_tied_bots_share_a_place_and_keep_equal_ratings() -> None:
    rows = [row(i, ["a", "b", "c"][i % 3 :] + ["a", "b", "c"][: i % 3], [5, 5, 5], [0, 1, 2]) for i in range(6)]
    rated = ratings(rows, ["a", "b", "c"])
    assert rated["a"].mu == pytest.approx(25) and rated["b"].mu == pytest.approx(25)
    shared = ratings([row(0, ["a", "b", "c"], [9, 9, 1], [0, 1])], ["a", "b", "c"])
    assert shared["a"].mu == pytest.approx(shared["b"].mu)
    assert shared["a"].mu > 25 > shared["c"].mu


def test_ratings_do_not_depend_on_the_order_rows_arrive_in() -> None:
    rows = [row(i, ["a", "b"] if i % 2 else ["b", "a"], [i % 3, 1], [0] if i % 3 > 1 else [1]) for i in range(20)]
    assert ratings(rows, ["a", "b"]) == ratings(rows[::-1], ["a", "b"])


def test_a_bot_in_two_seats_gets_the_mean_of_its_seats() -> None:
    rated = ratings([row(0, ["a", "b", "a"], [3, 2, 1], [0])], ["a", "b"])
    alone = ratings([row(0, ["a", "b", "c"], [3, 2, 1], [0])], ["a", "b", "c"])
    assert alone["c"].mu < rated["a"].mu < alone["a"].mu


def test_win_shares_split_shared_wins_and_count_games_played() -> None:
    rows = [row(0, ["a", "b"], [1, 1], [0, 1]), row(1, ["a", "c"], [2, 1], [0]), row(2, ["b", "c"], [0, 1], [1])]
    shares = win_shares(rows, ["a", "b", "c"])
    assert (shares["a"].wins, shares["a"].games) == (1.5, 2)
    assert (shares["b"].wins, shares["b"].games) == (0.5, 2)
    assert (shares["c"].wins, shares["c"].games) == (1.0, 2)


def test_head_to_head_is_the_share_of_finishes_ahead_with_ties_half() -> None:
    rows = [row(0, ["a", "b", "c"], [3, 2, 2], [0]), row(1, ["b", "a", "c"], [3, 2, 1], [0])]
    h2h = head_to_head(rows, ["a", "b", "c"])
    assert (h2h["a", "b"].wins, h2h["a", "b"].games) == (1, 2)
    assert (h2h["b", "c"].wins, h2h["b", "c"].games) == (1.5, 2)
    for a, b in [("a", "b"), ("a", "c"), ("b", "c")]:
        assert h2h[a, b].wins + h2h[b, a].wins == h2h[a, b].games


def test_seat_balance_counts_wins_by_seat_whoever_sat_there() -> None:
    rows = [row(0, ["a", "b"], [2, 1], [0]), row(1, ["b", "a"], [2, 1], [0]), row(2, ["a", "b"], [1, 1], [0, 1])]
    seats = seat_balance(rows, 2)
    assert [s.wins for s in seats] == [2.5, 0.5] and all(s.games == 3 for s in seats)


def test_time_per_move_weights_each_game_by_its_moves() -> None:
    rows = [
        row(0, ["a", "b"], [1, 0], [0], seat_moves=[10, 10], think_ms=[1.0, 3.0]),
        row(1, ["b", "a"], [1, 0], [0], seat_moves=[30, 30], think_ms=[1.0, 3.0]),
    ]
    times = ms_per_move(rows, ["a", "b"])
    assert times["a"] == pytest.approx((10 * 1 + 30 * 3) / 40) and times["b"] == pytest.approx((10 * 3 + 30 * 1) / 40)


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(90, 100)
    assert 0.82 < lo < 0.84 and 0.94 < hi < 0.95
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(0, 20)
    assert lo == 0.0 and 0.1 < hi < 0.2


def test_summary_medians_and_end_reasons() -> None:
    rows = [
        row(0, ["a", "b"], [1, 0], [0], moves=10, rounds=3),
        row(1, ["b", "a"], [1, 0], [0], moves=20, rounds=5, end_reason="safety_cap"),
        row(2, ["a", "b"], [1, 0], [0], moves=40, rounds=None, end_reason=None),
    ]
    s = summarize("toy", 2, ["a", "b"], rows)
    assert s.median_moves == 20 and s.median_rounds == 4
    assert s.end_reasons == [("not reported", 1), ("safety_cap", 1), ("target", 1)]
    assert s.leaders[0] == "a" and s.games == 3


def test_score_table_gives_each_bots_spread() -> None:
    from meeple.arena.result_tables import score_cells

    rows = [row(i, ["a", "b"], [float(i), 10.0], [1]) for i in range(5)]
    header, cells = score_cells(summarize("toy", 2, ["a", "b"], rows))
    table = {line[0]: dict(zip(header, line, strict=True)) for line in cells}
    assert table["a"]["seats played"] == "5" and table["a"]["median"] == "2" and table["a"]["max"] == "4"
    assert table["b"]["sd"] == "0.0" and table["b"]["min"] == "10"
