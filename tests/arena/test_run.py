"""Running arenas through the library: the same results on every runner, rows kept, resumes."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
from pathlib import Path

import pytest

from meeple.arena import (
    ArenaConfig,
    ArenaFolder,
    GameFailed,
    GameJob,
    ProcessRunner,
    SerialRunner,
    run_arena,
    summary_of,
    write_report,
)
from meeple.arena.play import play_chunk
from meeple.arena.runners import chunk_size
from tests.arena.common import outcomes, small_config


def test_one_process_and_two_workers_play_the_same_games(tmp_path: Path) -> None:
    config = small_config()
    serial = run_arena(config, ArenaFolder(tmp_path / "serial"), SerialRunner())
    parallel = run_arena(config, ArenaFolder(tmp_path / "parallel"), ProcessRunner(2))
    assert sorted(serial) == list(range(config.games))
    assert outcomes(serial) == outcomes(parallel)
    lineups = [tuple(serial[i]["lineup"]) for i in range(config.games)]
    assert len(set(lineups)) == 6  # every ordered pair of the three bots
    assert len({serial[i]["seed"] for i in serial}) == config.games


def test_another_arena_seed_plays_other_games(tmp_path: Path) -> None:
    first = run_arena(
        small_config(games=4, seed=1, bots=("random", "greedy")), ArenaFolder(tmp_path / "a"), SerialRunner()
    )
    second = run_arena(
        small_config(games=4, seed=2, bots=("random", "greedy")), ArenaFolder(tmp_path / "b"), SerialRunner()
    )
    assert [first[i]["seed"] for i in range(4)] != [second[i]["seed"] for i in range(4)]


def test_a_row_holds_the_whole_result_of_its_game(tmp_path: Path) -> None:
    folder = ArenaFolder(tmp_path)
    rows = run_arena(small_config(games=2, bots=("random", "greedy")), folder, SerialRunner())
    stored = [json.loads(line) for line in folder.results_path.read_text().splitlines()]
    assert {r["index"]: r for r in stored} == rows
    row = rows[0]
    assert row["lineup"] == ["random", "greedy"] and len(row["scores"]) == 2 and row["winners"]
    assert row["moves"] == sum(row["seat_moves"]) > 0 and isinstance(row["rounds"], int)
    assert "end_reason" in row and all(ms >= 0 for ms in row["think_ms"])
    assert json.loads(folder.config_path.read_text())["bots"] == ["random", "greedy"]


def test_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    config = small_config(games=10, bots=("random", "greedy"))
    folder = ArenaFolder(tmp_path)
    whole = run_arena(config, ArenaFolder(tmp_path / "whole"), SerialRunner())
    folder.create(config)
    for index in (0, 3, 4):
        folder.append({**whole[index], "marker": "played before"})
    folder.close()
    resumed = run_arena(config, folder, ProcessRunner(2))
    assert outcomes(resumed) == outcomes(whole)
    assert [resumed[i].get("marker") for i in (0, 3, 4)] == ["played before"] * 3
    assert len(folder.results_path.read_text().splitlines()) == 10


def test_a_line_cut_short_by_a_kill_is_played_again(tmp_path: Path) -> None:
    config = small_config(games=3, bots=("random", "greedy"))
    folder = ArenaFolder(tmp_path)
    run_arena(config, folder, SerialRunner())
    text = folder.results_path.read_text().splitlines()
    folder.results_path.write_text("\n".join(text[:2]) + "\n" + text[2][:25])  # the kill hit mid-write
    assert sorted(folder.read_rows()) == [0, 1]
    rows = run_arena(config, folder, SerialRunner())
    assert sorted(rows) == [0, 1, 2] and sorted(ArenaFolder(tmp_path).read_rows()) == [0, 1, 2]


def test_stopping_early_keeps_the_finished_games(tmp_path: Path) -> None:
    config = small_config(games=50, bots=("random", "greedy"))
    folder = ArenaFolder(tmp_path)

    def stop_after_five(row: dict[str, object]) -> None:
        if len(folder.read_rows()) >= 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_arena(config, folder, ProcessRunner(2), on_row=stop_after_five)
    assert len(folder.read_rows()) == 5
    assert len(run_arena(config, folder, SerialRunner())) == 50


def test_a_failing_game_says_which_game_and_why() -> None:
    job = GameJob("bayon", 2, {}, index=4, seed=1, lineup=("random", "genius"), bot_seeds=(1, 2))
    with pytest.raises(GameFailed, match=r"game 4 \(random, genius\) failed: ValueError: unknown bot 'genius'"):
        play_chunk([job])


def test_a_failing_game_in_a_worker_stops_the_arena_with_the_reason(tmp_path: Path) -> None:
    config = ArenaConfig(game="bayon", players=2, bots=("random", "genius"), games=4, seed=1)
    with pytest.raises(GameFailed, match="unknown bot 'genius'"):
        run_arena(config, ArenaFolder(tmp_path), ProcessRunner(2))


def test_tasks_grow_for_quick_games_but_leave_work_for_every_worker() -> None:
    assert chunk_size(None, 0.05, 1000, 2) == 1  # nothing measured yet
    assert chunk_size(0.001, 0.05, 1000, 2) == 50
    assert chunk_size(0.001, 0.05, 40, 2) == 10  # a fair share of what is left
    assert chunk_size(2.0, 0.05, 1000, 2) == 1  # slow games go one by one


def test_the_report_is_one_self_contained_page(tmp_path: Path) -> None:
    config = small_config(games=6, bots=("random", "greedy", "ismcts:2"))
    folder = ArenaFolder(tmp_path)
    summary = summary_of(config, run_arena(config, folder, SerialRunner()))
    page = write_report(config, folder, summary).read_text()
    assert page.startswith("<!DOCTYPE html>") and page.count("<img ") == 5
    assert page.count("src='data:image/png;base64,") == 5
    for outside in ("http://", "https://", "<script", "<link", "url(", "@import", "src='/", 'src="', "href="):
        assert outside not in page
    for heading in ("Ratings", "Head to head", "Scores", "Seat balance", "Game lengths and endings"):
        assert f"<h2>{heading}</h2>" in page
    assert "greedy" in page and "ismcts:2" in page


def test_a_report_of_no_games_still_builds(tmp_path: Path) -> None:
    config = small_config(games=3)
    folder = ArenaFolder(tmp_path)
    folder.create(config)
    page = write_report(config, folder, summary_of(config, {})).read_text()
    assert "0 of 3 games" in page and "<img" not in page


def test_a_worker_that_dies_stops_the_arena_instead_of_stalling_it(tmp_path: Path) -> None:
    config = small_config(games=400, bots=("random", "greedy"))
    folder = ArenaFolder(tmp_path)

    killed: list[int] = []

    def kill_a_worker(row: dict[str, object]) -> None:
        workers = multiprocessing.active_children()
        if workers and not killed and len(folder.read_rows()) >= 3:
            killed.append(workers[0].pid or 0)
            os.kill(killed[0], signal.SIGKILL)

    with pytest.raises(GameFailed, match="a worker process stopped unexpectedly"):
        run_arena(config, folder, ProcessRunner(2), on_row=kill_a_worker)
    assert 3 <= len(folder.read_rows()) < 400
