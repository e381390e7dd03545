"""The bot levels' measured ratings: written from an arena's games, read back, refused when malformed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.arena import ArenaConfig
from meeple.arena.stats import ratings
from meeple.arena.store import ArenaFolder
from meeple.arena.yardstick import SEATED_LEVELS, from_arena, main, measured_ratings, parse
from meeple.web.botworker import learned_players


def _arena(tmp_path: Path, bots: tuple[str, ...] = ("easy", "medium", "hard")) -> Path:
    """An arena folder with three finished games (rows written as a run would write them)."""
    folder = ArenaFolder(tmp_path / "arena")
    folder.create(ArenaConfig(game="bayon", players=2, bots=bots, games=4, seed=5, options={}, clock="cpu"))
    results = [((0, 1), [10.0, 40.0], [1]), ((1, 2), [50.0, 20.0], [0]), ((2, 0), [30.0, 30.0], [0, 1])]
    for index, (pair, scores, winners) in enumerate(results):
        folder.append({"index": index, "lineup": [bots[b] for b in pair], "scores": scores, "winners": winners})
    folder.close()
    return folder.path


def test_the_file_holds_the_arenas_ratings_of_its_finished_games_and_its_command(tmp_path: Path) -> None:
    path = _arena(tmp_path)
    data = from_arena(path)
    rows = list(ArenaFolder(path).read_rows().values())
    expected = ratings(rows, ("easy", "medium", "hard"))
    assert data["games"] == 3 and data["clock"] == "cpu"
    assert data["command"] == (
        "meeple arena bayon --players 2 --bots easy,medium,hard -n 4 --seed 5 --clock cpu --jobs 1"
    )
    read = parse(json.dumps(data))
    for level, rating in expected.items():
        assert read[level].mu == pytest.approx(rating.mu, abs=1e-3)
        assert read[level].sigma == pytest.approx(rating.sigma, abs=1e-3)
    assert read["medium"].mu > read["easy"].mu  # medium beat easy; hard lost to medium and drew easy


def test_an_arena_of_bots_that_are_not_levels_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _arena(tmp_path, bots=("easy", "ismcts:2", "hard"))
    assert main([str(path)]) == 2
    assert "not levels: ismcts:2" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "is not JSON"),
        ("[]", "no 'ratings' object"),
        ('{"ratings": {"grandmaster": {"mu": 30, "sigma": 2}}}', "'grandmaster', which is not a bot level"),
        ('{"ratings": {"easy": {"mu": 30, "sigma": 0}}}', "positive 'sigma'"),
        ('{"ratings": {"easy": {"mu": "high", "sigma": 2}}}', "finite 'mu'"),
        ('{"ratings": {"easy": {"mu": NaN, "sigma": 2}}}', "finite 'mu'"),
    ],
)
def test_a_malformed_file_is_refused_with_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse(text)


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_every_game_ships_a_measured_rating_for_each_level_it_seats(game: str) -> None:
    measured = measured_ratings(game)
    seated = [level for level in SEATED_LEVELS if level != "learned" or learned_players(game) is not None]
    assert sorted(measured) == sorted(seated)
    assert all(0 < r.sigma < 25 / 3 for r in measured.values())  # tighter than a newcomer's: they were measured
