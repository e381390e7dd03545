"""The terminal view: the live bar and leader table, and the final tables."""

from __future__ import annotations

import io

from rich.console import Console

from meeple.arena.progress import LiveView, Standings, summary_tables
from meeple.arena.stats import summarize
from tests.arena.test_stats import row


def rendered(*renderables: object) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    for item in renderables:
        console.print(item)
    return out.getvalue()


def test_the_leader_table_follows_the_games_as_they_finish() -> None:
    standings = Standings(["a", "b"])
    standings.add(row(3, ["b", "a"], [2, 1], [0]))
    standings.add(row(0, ["a", "b"], [3, 1], [1]))  # a tie-break win with the lower score
    text = rendered(standings.table())
    assert text.index(" b ") < text.index(" a ")  # b won both: first
    assert "100.0%" in text and "0.0%" in text and "games" in text


def test_the_live_view_shows_progress_speed_time_left_and_leaders() -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True)
    resumed = [row(0, ["b", "a"], [2, 1], [0])]
    with LiveView(console, "Toy", total=4, done=resumed, bots=["a", "b"]) as view:
        view.add(row(1, ["a", "b"], [2, 1], [0]))
        view.live.refresh()
    text = out.getvalue()
    assert "2/4" in text and "games/s" in text and "ETA" in text and "leaders so far" in text
    assert view.standings.games == {"a": 2, "b": 2}  # the games played before the resume count too


def test_the_final_tables_cover_ratings_pairs_seats_and_games() -> None:
    rows = [row(0, ["a", "b"], [2, 1], [0], rounds=4), row(1, ["b", "a"], [2, 1], [1], rounds=6)]
    text = rendered(*summary_tables(summarize("toy", 2, ["a", "b"], rows)))
    for expected in ("ratings after 2 games", "head to head", "win share by seat", "median rounds", "ended by target"):
        assert expected in text
    assert "final scores" in text and "seats played" in text
