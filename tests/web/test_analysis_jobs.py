"""Analysis of finished games through the API, in process (SQLite): one job a game, stored and
shown to everyone, the library's own analysis, refusals that start nothing, one job at a time
per player, the rate limit, the cap, a job taken over from the work a dead process saved, and the
settings as ``meeple serve`` flags."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any

import pytest

from meeple.analysis import analyse
from meeple.analysis.review import start, step
from meeple.core import Record
from meeple.web.analysisjobs import AnalysisSettings
from meeple.web.analysisstore import AnalysisStore
from meeple.web.app import create_app
from meeple.web.storage import Store
from tests.web.analysis_records import job_row, planted_record, random_record, wait_for_status
from tests.web.conftest import make_client
from tests.web.helpers import auth, create, tokens_of, wait_until

FAST = AnalysisSettings(budget=64, per_minute=0)  # no rate limit unless a test sets one


def _path(match_id: str) -> str:
    return f"/api/matches/{match_id}/analysis"


def _upload(client: Any, record: Record) -> str:
    response = client.post("/api/records", content=record.to_json())
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def _player(client: Any, name: str) -> dict[str, str]:
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 201, response.text
    return {"X-Player-Key": response.json()["key"]}


def _same_judgements(stored: dict[str, Any], expected: dict[str, Any]) -> None:
    for part in ("decisions", "skipped", "summaries", "capped", "moves", "budget", "max_decisions", "thresholds"):
        assert stored[part] == expected[part], part


def test_a_finished_game_is_analysed_once_stored_and_shown_to_everyone(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'done.db'}"
    with make_client(create_app(db, bot_mode="thread", bot_workers=1, analysis=FAST)) as client:
        match = create(client, seats=[{"kind": "bot"}] * 2, options={"rounds": 3})
        wait_until(lambda: client.get(f"/api/matches/{match['id']}?svg=0").json()["is_over"], 30, "the bots' game")
        before = client.get(_path(match["id"])).json()
        assert before["status"] == "none" and before["limits"] == {
            "budget": 64,
            "cpu_seconds": 1.0,
            "max_decisions": 400,
        }
        assert "only from what its mover knew" in before["fairness"]

        started = client.post(_path(match["id"]))
        assert started.status_code == 202 and started.json()["status"] == "queued"
        done = wait_for_status(lambda: client.get(_path(match["id"])).json(), ("done", "failed"))
        assert done["status"] == "done" and done["progress"]["done"] == done["progress"]["total"] > 0

        # The stored analysis is the library's own analysis of the game's record, with the same settings.
        record = Record.from_json(client.get(f"/api/matches/{match['id']}/record").text)
        expected = json.loads(analyse(record, budget=64, cpu_seconds=1.0).to_json())
        _same_judgements(done["analysis"], expected)
        assert done["analysis"]["names"] == ["Bot 0 (random)", "Bot 1 (random)"]

        # Asked again (by anyone): the stored result, nothing started.
        again = client.post(_path(match["id"]), headers=_player(client, "Someone else"))
        assert again.status_code == 200 and again.json()["analysis"] == done["analysis"]
        time.sleep(0.3)
    row = job_row(db, match["id"])
    assert row is not None and row["status"] == "done" and row["claims"] == 1 and row["takeovers"] == 0


def test_requests_for_unknown_running_or_unstarted_games_are_refused_and_start_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'refused.db'}"
    with make_client(create_app(db, bot_mode="thread", analysis=FAST)) as client:
        running = create(client, options={"rounds": 1})
        key = _player(client, "Ann")
        table = {"game": "webtoy", "players": 2, "seats": [{"kind": "player"}, {"kind": "open"}]}
        waiting = client.post("/api/matches", json=table, headers=key).json()
        resigned = create(client)
        tokens = tokens_of(resigned)
        assert client.post(f"/api/matches/{resigned['id']}/resign", headers=auth(tokens[0])).status_code == 200
        refusals = {
            "nosuchmatch": (404, "there is no match"),
            "x" * 40: (404, "so long an id"),
            running["id"]: (409, "only a finished game is analysed"),
            waiting["id"]: (409, "has not started"),
            resigned["id"]: (409, "before its first move"),
        }
        for match_id, (status, reason) in refusals.items():
            for method in ("GET", "POST"):
                response = client.request(method, _path(match_id))
                assert response.status_code == status, (match_id, method, response.text)
                assert reason in response.json()["error"]
        assert AnalysisStore(client.app.state.hub.store).active_count() == 0  # type: ignore[attr-defined]
    for match_id in refusals:
        assert job_row(db, match_id) is None  # nothing was started, or stored


def test_a_player_has_one_analysis_under_way_at_a_time(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'one.db'}"
    # No process runs bots here, so no job is worked on: every job stays queued.
    with make_client(create_app(db, run_bots=False, analysis=FAST)) as client:
        first, second, third = (_upload(client, random_record("webtoy", seed, rounds=2)) for seed in (1, 2, 3))
        ann, bob = _player(client, "Ann"), _player(client, "Bob")
        assert client.post(_path(first), headers=ann).status_code == 202
        refused = client.post(_path(second), headers=ann)
        assert refused.status_code == 429
        assert "one at a time" in refused.json()["error"] and first in refused.json()["error"]
        assert client.get(_path(second)).json()["status"] == "none"
        assert client.post(_path(second), headers=bob).status_code == 202  # another player's own
        same = client.post(_path(first), headers=bob)  # a job asked for already: answered, not doubled
        assert same.status_code == 200 and same.json()["status"] == "queued"
        assert client.get(_path(second)).json()["ahead"] == 1
        assert client.post(_path(third), headers={"X-Player-Key": "nobody's"}).status_code == 403
        assert client.get(_path(third)).json()["status"] == "none"
    row = job_row(db, first)
    assert row is not None and row["requester"].startswith("player:") and row["claims"] == 0


def test_a_flood_of_analysis_requests_is_rate_limited_per_client(tmp_path: Path) -> None:
    settings = dataclasses.replace(FAST, per_minute=60, burst=3)
    with make_client(create_app(f"sqlite:///{tmp_path / 'flood.db'}", run_bots=False, analysis=settings)) as client:
        match_id = _upload(client, random_record("webtoy", 3, rounds=1))
        answers = [client.post(_path(match_id)).status_code for _ in range(3)]
        assert answers == [202, 200, 200]
        flooded = client.post(_path(match_id))
        assert flooded.status_code == 429
        assert "at most 60 a minute" in flooded.json()["error"] and "try again in 1 s" in flooded.json()["error"]
        assert client.get(_path(match_id)).status_code == 200  # reading the progress is not limited


def test_a_long_game_is_judged_up_to_the_cap_the_answer_states(tmp_path: Path) -> None:
    settings = dataclasses.replace(FAST, max_decisions=3)
    with make_client(create_app(f"sqlite:///{tmp_path / 'cap.db'}", bot_mode="thread", analysis=settings)) as client:
        match_id = _upload(client, random_record("webtoy", 4, rounds=4))
        assert client.get(_path(match_id)).json()["limits"]["max_decisions"] == 3
        client.post(_path(match_id))
        done = wait_for_status(lambda: client.get(_path(match_id)).json(), ("done", "failed"))
    analysis = done["analysis"]
    assert done["limits"]["max_decisions"] == 3 and analysis["capped"] and len(analysis["decisions"]) == 3
    assert any(s["reason"] == "cap" for s in analysis["skipped"])


def test_a_job_whose_process_died_is_taken_over_from_the_work_it_saved(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'takeover.db'}"
    record = planted_record()
    with make_client(create_app(db, run_bots=False, analysis=FAST)) as client:
        match_id = _upload(client, record)
        assert client.post(_path(match_id)).status_code == 202
    # A process claimed the job, judged the first four moves, saved them, and died: its lease ran out.
    store = Store(db, run_migrations=False)
    jobs = AnalysisStore(store)
    try:
        now = time.time()
        claimed = jobs.claim_next("dead process", now - 60, 1.0)
        assert claimed is not None and claimed.claims == 1
        state, partial = start(record, budget=64, cpu_seconds=1.0)
        for number, (seat, notation) in enumerate(record.moves[:4]):
            step(state, number, seat, notation, partial)
        assert len(partial.decisions) == 3
        # Marked, so the test can tell the saved judgement from one made anew.
        partial.decisions[0] = dataclasses.replace(partial.decisions[0], played_label="saved by the dead process")
        assert jobs.save(match_id, "dead process", 4, partial.to_json(), now - 50)
    finally:
        store.close()
    with make_client(create_app(db, bot_mode="thread", bot_workers=1, analysis=FAST)) as client:
        done = wait_for_status(lambda: client.get(_path(match_id)).json(), ("done", "failed"))
    assert done["status"] == "done"
    expected = json.loads(analyse(record, budget=64, cpu_seconds=1.0).to_json())
    stored = done["analysis"]["decisions"]
    assert stored[0]["played_label"] == "saved by the dead process"  # the saved work was kept, not redone...
    assert stored[1:] == expected["decisions"][1:]  # ...and the rest judged as the library judges it
    assert done["analysis"]["skipped"] == expected["skipped"]
    row = job_row(db, match_id)
    assert row is not None and row["claims"] == 2 and row["takeovers"] == 1


def test_a_failed_analysis_says_why_and_can_be_asked_for_again(tmp_path: Path) -> None:
    from sqlalchemy import update

    from meeple.web.storage import moves

    db = f"sqlite:///{tmp_path / 'failed.db'}"
    with make_client(create_app(db, bot_mode="thread", bot_workers=1, analysis=FAST)) as client:
        record = random_record("webtoy", 5, rounds=2)
        match_id = _upload(client, record)
        store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
        # The stored moves no longer replay (a damaged row): the job fails, and says so.
        with store.engine.begin() as conn:
            conn.execute(update(moves).where(moves.c.match_id == match_id, moves.c.number == 2).values(notation="x"))
        assert client.post(_path(match_id)).status_code == 202
        failed = wait_for_status(lambda: client.get(_path(match_id)).json(), ("done", "failed"))
        assert failed["status"] == "failed" and "does not replay" in failed["failure"] and "analysis" not in failed
        # Repaired, and asked for again: it runs anew.
        with store.engine.begin() as conn:
            repaired = record.moves[2][1]
            conn.execute(
                update(moves).where(moves.c.match_id == match_id, moves.c.number == 2).values(notation=repaired)
            )
        again = client.post(_path(match_id))
        assert again.status_code == 202 and again.json()["status"] == "queued"
        done = wait_for_status(lambda: client.get(_path(match_id)).json(), ("done", "failed"))
        assert done["status"] == "done" and done["analysis"]["moves"] == done["progress"]["total"]


def test_the_servers_analysis_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("BUDGET", "CPU_SECONDS", "MAX_DECISIONS", "PER_MINUTE", "BURST", "MAX_ACTIVE"):
        monkeypatch.delenv(f"MEEPLE_ANALYSIS_{name}", raising=False)
    assert AnalysisSettings.from_env() == AnalysisSettings()
    monkeypatch.setenv("MEEPLE_ANALYSIS_BUDGET", "300")
    monkeypatch.setenv("MEEPLE_ANALYSIS_MAX_DECISIONS", "50")
    monkeypatch.setenv("MEEPLE_ANALYSIS_CPU_SECONDS", "0.5")
    settings = AnalysisSettings.from_env()
    assert (settings.budget, settings.max_decisions, settings.cpu_seconds) == (300, 50, 0.5)
    monkeypatch.setenv("MEEPLE_ANALYSIS_BURST", "many")
    with pytest.raises(ValueError, match="MEEPLE_ANALYSIS_BURST must be a number"):
        AnalysisSettings.from_env()
    monkeypatch.setenv("MEEPLE_ANALYSIS_BURST", "0")
    with pytest.raises(ValueError, match="must be positive"):
        AnalysisSettings.from_env()


def test_meeple_serve_flags_set_the_analysis_settings_over_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real ``meeple serve`` with ``--analysis-*`` flags: they bound the jobs it starts and its
    requests; a setting without a flag still comes from its variable; a bad flag is refused."""
    import httpx

    from meeple.web.cli import main
    from tests.web.server_process import ServerProcess

    for name in ("BUDGET", "CPU_SECONDS", "MAX_DECISIONS", "PER_MINUTE", "BURST", "MAX_ACTIVE"):
        monkeypatch.delenv(f"MEEPLE_ANALYSIS_{name}", raising=False)
    monkeypatch.setenv("MEEPLE_ANALYSIS_CPU_SECONDS", "0.5")  # no flag: the variable holds
    monkeypatch.setenv("MEEPLE_ANALYSIS_MAX_DECISIONS", "50")  # the flag wins
    db = f"sqlite:///{tmp_path / 'flags.db'}"
    flags = ("--analysis-budget", "12", "--analysis-max-decisions", "7")
    limits = ("--analysis-per-minute", "1", "--analysis-burst", "1")
    server = ServerProcess(db, "--no-bots", *flags, *limits, log_path=tmp_path / "server.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            match_id = _upload(client, random_record("webtoy", 4, rounds=2))
            shown = client.get(_path(match_id)).json()
            assert shown["status"] == "none"
            assert shown["limits"] == {"budget": 12, "cpu_seconds": 0.5, "max_decisions": 7}
            started = client.post(_path(match_id))
            assert started.status_code == 202, started.text
            assert started.json()["limits"] == {"budget": 12, "cpu_seconds": 0.5, "max_decisions": 7}
            stored = job_row(db, match_id)
            assert stored is not None and (stored["budget"], stored["max_decisions"]) == (12, 7)
            again = client.post(_path(match_id))  # --analysis-burst 1: the second request at once waits
            assert again.status_code == 429, again.text
    finally:
        server.stop()
    assert main(["--db", db, "--port", "0", "--analysis-cpu-seconds", "0"]) == 2
    assert "--analysis-cpu-seconds must be positive" in capsys.readouterr().err
