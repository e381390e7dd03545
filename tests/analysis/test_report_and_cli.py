"""``meeple analyse`` (``meeple.analysis.cli``) and its HTML report."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import meeple
from meeple.analysis import Analysis, analyse
from meeple.analysis import cli as analysis_cli
from meeple.analysis.report import render_html
from tests.toygame import TOY


@pytest.fixture
def toy_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setitem(meeple.GAMES, TOY.id, TOY)
    state = meeple.new_game(TOY.id, players=2, seed=7)
    for text in ("swap", "keep", "swap", "keep"):
        state.apply(text)
    path = tmp_path / "toy-7.meeple.json"
    path.write_text(state.record.to_json())
    yield path


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="meeple")
    analysis_cli.add_parser(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(argv)


def test_cli_writes_a_self_contained_report_and_the_json(toy_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = toy_record.with_name("report.html")
    stored = toy_record.with_name("analysis.json")
    args = parse(["analyse", str(toy_record), "--budget", "30", "-o", str(report), "--json", str(stored)])
    assert args.func(args) == 0
    page = report.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    assert "only from what its player knew" in page
    assert "<script" not in page and "src=" not in page  # nothing to fetch beside the page
    result = Analysis.from_json(stored.read_text())
    assert result.budget == 30 and result.seats == [0, 1]
    out = capsys.readouterr().out
    assert "Seat 0:" in out and "Seat 1:" in out and str(report) in out


def test_cli_analyses_only_the_seat_asked_for(toy_record: Path) -> None:
    stored = toy_record.with_name("analysis.json")
    args = parse(["analyse", str(toy_record), "--seat", "1", "--budget", "20", "--json", str(stored)])
    args.func(args)
    assert {d["seat"] for d in json.loads(stored.read_text())["decisions"]} == {1}
    assert toy_record.with_name("toy-7.analysis.html").exists()  # the default report name


def test_cli_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    args = parse(["analyse", str(bad)])
    with pytest.raises(SystemExit, match="not a meeple record"):
        args.func(args)


def test_report_lists_each_marked_move_in_words(toy_record: Path) -> None:
    result = analyse(meeple.Record.from_json(toy_record.read_text()), budget=30)
    page = render_html(result)
    for decision in result.decisions:
        if decision.mark is not None:
            assert decision.played_label in page and decision.best_label in page
    assert render_html(result) == page  # the same analysis draws the same page


def test_meeple_analyse_is_a_subcommand_that_writes_the_report(tmp_path: Path) -> None:
    import subprocess
    import sys

    state = meeple.new_game("bayon", players=2, seed=5)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    record = tmp_path / "game.meeple.json"
    record.write_text(state.record.to_json(), encoding="utf-8")
    out = tmp_path / "report.html"
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "analyse", str(record), "--budget", "6", "--max-decisions", "3",
         "-o", str(out)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "only from what" in out.read_text(encoding="utf-8")
