"""Analysis jobs in real processes: two workers on one PostgreSQL (the job claimed once; kill -9 of
its worker, and the other takes it over), and a hard bot's turns beside a running analysis."""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.analysis_records import job_row, random_record, wait_for_status
from tests.web.helpers import auth, wait_until
from tests.web.server_process import ServerProcess, WorkerProcess


def _path(match_id: str) -> str:
    return f"/api/matches/{match_id}/analysis"


def _upload(client: httpx.Client, game: str, seed: int) -> str:
    response = client.post("/api/records", content=random_record(game, seed).to_json())
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def _running(db_url: str, match_id: str) -> dict[str, Any] | None:
    """The job's row once a process works on it and has saved some progress."""
    row = job_row(db_url, match_id)
    return row if row is not None and row["status"] == "running" and row["next_move"] > 0 else None


@pytest.mark.slow
def test_a_job_is_claimed_once_and_taken_over_after_its_worker_is_killed(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # About 2 s of CPU (Bayon, 32 playouts a decision, 64 decisions): time to kill its worker midway.
    monkeypatch.setenv("MEEPLE_ANALYSIS_BUDGET", "32")
    monkeypatch.setenv("MEEPLE_ANALYSIS_MAX_DECISIONS", "64")
    log = tmp_path / "analysis.log"
    server = ServerProcess(postgres_url, "--no-bots", log_path=log).start()  # first: it makes the schema
    workers = [WorkerProcess(postgres_url, "--bot-delay", "0", log_path=log) for _ in range(2)]
    try:
        with ThreadPoolExecutor(2) as starting:  # side by side: each takes seconds to be ready
            list(starting.map(lambda worker: worker.start(), workers))
        with httpx.Client(base_url=server.url, timeout=30) as client:
            match_id = _upload(client, "bayon", 3)
            assert client.post(_path(match_id)).status_code == 202
            row = wait_until(lambda: _running(postgres_url, match_id), 60, "a worker to work on the job")
            assert row["claims"] == 1 and row["takeovers"] == 0  # two workers looked; one claimed it
            holder = next(w for w in workers if w.proc is not None and f":{w.proc.pid}:" in row["claimed_by"])
            holder.kill()  # kill -9 of the worker (and its bot pool) in the middle of the job

            done = wait_for_status(lambda: client.get(_path(match_id)).json(), ("done", "failed"), 120)
            assert done["status"] == "done", done.get("failure")
            analysis = done["analysis"]
            assert analysis["game"] == "bayon" and len(analysis["decisions"]) == 64 and analysis["capped"]
            row = job_row(postgres_url, match_id)
            assert row is not None and row["claims"] == 2 and row["takeovers"] == 1 and row["claimed_by"] is None

            # Shown on a second request, from any process, without starting anything.
            again = client.post(_path(match_id))
            assert again.status_code == 200 and again.json()["analysis"] == analysis
            assert job_row(postgres_url, match_id)["claims"] == 2  # type: ignore[index]
    finally:
        for process in (server, *workers):
            process.stop()


@pytest.mark.slow
def test_a_hard_bots_turns_are_not_held_up_by_a_running_analysis(tmp_path: Path) -> None:
    """One bot worker process, shared: the analysis (a long one, Bayon at its default budget) goes
    in slices between the hard bot's turns, which wait for one slice at most, not for the analysis."""
    db = f"sqlite:///{tmp_path / 'fair.db'}"
    server = ServerProcess(db, "--bot-workers", "1", "--bot-delay", "0", log_path=tmp_path / "s.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as client:
            analysed = _upload(client, "bayon", 3)
            assert client.post(_path(analysed)).status_code == 202
            started = wait_until(lambda: _running(db, analysed), 60, "the analysis to start")

            body = {"game": "bayon", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "hard"}]}
            match = client.post("/api/matches", json=body).json()
            token = match["seats"][0]["token"]
            rng = random.Random(1)
            waits: list[float] = []
            while len(waits) < 4:
                seen = client.get(f"/api/matches/{match['id']}?svg=0", headers=auth(token)).json()
                assert not seen["is_over"]
                if not seen["legal"]:  # the hard bot is to move: how long until it has?
                    began = time.monotonic()
                    while client.get(f"/api/matches/{match['id']}?svg=0").json()["move_number"] == seen["move_number"]:
                        assert time.monotonic() - began < 30, "the hard bot waited 30 s"
                        time.sleep(0.02)
                    waits.append(time.monotonic() - began)
                    continue
                time.sleep(0.5)  # a person looks at the board: the analysis takes slices meanwhile
                played = client.post(
                    f"/api/matches/{match['id']}/moves",
                    headers=auth(token),
                    json={"action": rng.choice(seen["legal"]), "move_number": seen["move_number"]},
                )
                assert played.status_code == 200, played.text
            after = client.get(_path(analysed)).json()
        print(f"the hard bot's turns took {[round(w, 2) for w in waits]} s; analysis {after['progress']}")
        # The analysis went on meanwhile, and is far from done: the bot turns were not queued behind it.
        assert after["status"] == "running" and after["progress"]["done"] > started["next_move"]
        # A hard move thinks up to 2 s; at most one slice (a decision: 1 s of CPU at most) comes first.
        assert max(waits) < 8.0
    finally:
        server.stop()
