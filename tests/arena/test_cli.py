"""``meeple arena`` from the command line: runs, reports, clear errors, Ctrl-C and --resume in a real process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from meeple import cli
from meeple.arena import ArenaFolder, SerialRunner, run_arena
from tests.arena.common import outcomes, small_config

SRC = Path(__file__).resolve().parents[2] / "src"


def arena(words: str, *more: str) -> int:
    """``meeple arena`` with ``words`` (split at spaces) and then ``more`` as they are (paths)."""
    return cli.main(["arena", *words.split(), *more])


def test_an_arena_prints_its_tables_and_writes_rows_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a"
    assert arena("bayon --players 2 --bots random,greedy -n 6 --seed 3 --jobs 1 --out", str(out)) == 0
    text = capsys.readouterr().out
    for expected in ("ratings after 6 games", "head to head", "win share by seat", "median length", "report:"):
        assert expected in text
    folder = ArenaFolder(out)
    assert sorted(folder.read_rows()) == list(range(6)) and folder.report_path.exists()
    expected = run_arena(
        small_config(games=6, seed=3, bots=("random", "greedy")), ArenaFolder(tmp_path / "b"), SerialRunner()
    )
    assert outcomes(folder.read_rows()) == outcomes(expected)

    folder.report_path.unlink()
    assert arena("--report", str(out)) == 0
    assert folder.report_path.read_text().startswith("<!DOCTYPE html>")
    assert "ratings after 6 games" in capsys.readouterr().out


def test_resume_can_extend_an_arena_and_keeps_its_settings(tmp_path: Path) -> None:
    out = str(tmp_path)
    assert arena("bayon --players 2 --bots random,greedy -n 4 --seed 9 --jobs 1 --out", out) == 0
    assert arena("--resume -n 8 --jobs 1 --out", out) == 0
    assert sorted(ArenaFolder(tmp_path).read_rows()) == list(range(8))
    assert json.loads((tmp_path / "arena.json").read_text())["games"] == 8
    # the same settings given again are fine; other ones are refused
    assert arena("bayon --players 2 --bots random,greedy --seed 9 --resume --jobs 1 --out", out) == 0
    with pytest.raises(
        SystemExit, match=r"holds another arena \(bots: \('random', 'greedy'\) here, \('random', 'ismcts'\)"
    ):
        arena("bayon --bots random,ismcts --players 2 --resume --out", out)
    with pytest.raises(SystemExit, match="already holds an arena: add --resume"):
        arena("bayon --bots random,greedy --out", out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--bots", "random"], "unknown game 'chess'"),
        ([], "name the game"),
        (["bayon"], "--bots is needed"),
        (["bayon", "--bots", "random,genius"], "unknown bot 'genius'"),
        (["bayon", "--bots", "random,,greedy"], "empty spec"),
        (["bayon", "--bots", "random,random"], r"list each bot once \(repeated: random\)"),
        (["bayon", "--bots", "ismcts:lots"], "bad budget .lots. in .ismcts:lots."),
        (["bayon", "--bots", "random", "--players", "9"], "2 to 4 players, not 9"),
        (["bayon", "--bots", "random", "--option", "colour=red"], "no option 'colour'"),
        (["bayon", "--bots", "random", "--option", "target"], "an option is NAME=VALUE"),
        (["bayon", "--bots", "random", "-n", "0"], "-n must be at least 1"),
        (["bayon", "--bots", "random", "--jobs", "0"], "--jobs must be at least 1"),
        (["--resume"], "--resume continues the arena in --out DIR"),
    ],
)
def test_bad_command_lines_say_what_is_wrong(args: list[str], message: str, tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=message):
        arena(" ".join(args), *(["--out", str(tmp_path / "x")] if args and args[0] != "--resume" else []))
    assert not (tmp_path / "x").exists()


def test_folders_without_an_arena_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="holds no arena"):
        arena("--report", str(tmp_path))
    with pytest.raises(SystemExit, match="holds no arena"):
        arena("--resume --out", str(tmp_path))
    (tmp_path / "arena.json").write_text("{")
    with pytest.raises(SystemExit, match="not valid JSON"):
        arena("--report", str(tmp_path))


def test_jobs_and_ray_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arena("bayon --bots random --jobs 2 --ray")
    assert "not allowed with argument" in capsys.readouterr().err


def test_simulate_is_gone_the_arena_does_its_job() -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "bayon"])


def _sigint_as_at_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _signal_status() -> str:
    """This process's ignored and blocked signals, for a failure's message."""
    lines = Path("/proc/self/status").read_text().splitlines() if Path("/proc/self/status").exists() else []
    return " ".join(line for line in lines if line.startswith(("SigIgn", "SigBlk")))


@pytest.mark.slow  # a real process with two spawned workers, stopped by a real SIGINT
def test_ctrl_c_stops_cleanly_keeps_finished_games_and_resume_finishes_the_same_arena(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-m", "meeple.cli", "arena", "bayon", "--players", "2", "--bots", "random,greedy"]
    command += ["-n", "20000", "--seed", "5", "--jobs", "2", "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    # its own process group, like a terminal's foreground job: Ctrl-C reaches it and its workers
    # Ctrl-C reaches it as at a terminal, whatever this test process inherited: an ignored or
    # blocked SIGINT passes on to a child, which would then never see the signal.
    process = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    results = out / "games.jsonl"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and process.poll() is None:
        if results.exists() and results.read_text().count("\n") >= 30:
            break
        time.sleep(0.1)
    assert process.poll() is None, process.communicate()
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, (_signal_status(), stdout.decode(errors="replace")[:800], stderr)
    assert b"Traceback" not in stderr and b"continue with: meeple arena --resume --out" in stdout

    lines = results.read_text().splitlines()
    kept = [json.loads(line) for line in lines]  # every line whole
    done = len(kept)
    assert done >= 30 and len({row["index"] for row in kept}) == done

    # Two workers play games in chunks, so a finished game's index can lie beyond the count done:
    # extend the arena past the furthest finished game.
    total = max(row["index"] for row in kept) + 11
    assert arena(f"--resume -n {total} --jobs 1 --out", str(out)) == 0
    after = ArenaFolder(out).read_rows()
    assert sorted(after) == list(range(total))
    assert len(results.read_text().splitlines()) == len(after)  # no finished game was played again
    expected = run_arena(
        small_config(games=total, seed=5, bots=("random", "greedy")), ArenaFolder(tmp_path / "b"), SerialRunner()
    )
    assert outcomes(after) == outcomes(expected)


def test_bots_that_think_by_the_clock_are_pointed_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert arena("bayon --players 2 --bots random,ismcts:0.001s,ismcts:3 -n 1 --jobs 1 --out", str(tmp_path)) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and notes[0].startswith("note: ismcts:0.001s think by the clock")


def test_ray_without_ray_installed_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what an install without the extra looks like to import
    with pytest.raises(SystemExit, match=r"--ray needs Ray: pip install 'meeple\[ray\]'"):
        arena("bayon --bots random --ray --out", str(tmp_path / "x"))


def test_a_ray_address_where_nothing_listens_is_refused_at_once(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(SystemExit, match=f"cannot reach a Ray cluster at 127.0.0.1:{port}: Connection refused"):
        arena("bayon --bots random -n 2 --ray", f"127.0.0.1:{port}", "--out", str(tmp_path / "x"))
    assert not (tmp_path / "x" / "games.jsonl").read_text()
