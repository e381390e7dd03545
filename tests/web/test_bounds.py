"""Bounded resources: creation limits (429), a move cap, per-move work, fair bot turns."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from meeple.web import botworker
from meeple.web.app import create_app
from meeple.web.botworker import NEED_ALL_MOVES, BotJob
from meeple.web.limits import Limits, RateLimit
from meeple.web.movedigest import START_DIGEST, next_digest
from tests.web.conftest import make_client
from tests.web.helpers import auth, create, live_match, tokens_of, wait_until


def test_creation_is_rate_limited_per_client_with_a_clear_429(tmp_path: Path) -> None:
    limits = Limits(create_per_minute=60, create_burst=3, max_running=0)
    app = create_app(f"sqlite:///{tmp_path / 'rate.db'}", bot_mode="thread", limits=limits)
    with make_client(app) as client:
        for _ in range(3):
            create(client)
        response = client.post("/api/matches", json={"game": "webtoy", "players": 2})
        assert response.status_code == 429
        assert "at most 60 a minute" in response.json()["error"] and "try again in 1 s" in response.json()["error"]
        assert client.post("/api/records", content=b"{}").status_code == 429  # uploads count too


def test_the_rate_limit_refills_and_keeps_clients_apart() -> None:
    limit = RateLimit(per_minute=60, burst=2)
    assert [limit.wait("a", now=0.0), limit.wait("a", now=0.0)] == [0.0, 0.0]
    assert limit.wait("a", now=0.0) == pytest.approx(1.0)
    assert limit.wait("b", now=0.0) == 0.0
    assert limit.wait("a", now=1.0) == 0.0
    assert RateLimit(per_minute=0, burst=1).wait("a") == 0.0  # off


def test_running_matches_are_capped_with_a_clear_429(tmp_path: Path) -> None:
    limits = Limits(create_per_minute=0, max_running=2)
    app = create_app(f"sqlite:///{tmp_path / 'cap.db'}", bot_mode="thread", limits=limits)
    with make_client(app) as client:
        create(client)
        create(client)
        response = client.post("/api/matches", json={"game": "webtoy", "players": 2})
        assert response.status_code == 429 and "limit of 2 matches" in response.json()["error"]


def test_a_game_stops_at_the_servers_move_cap(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'moves.db'}", bot_mode="thread", max_moves=5)
    with make_client(app) as client:
        bots = create(client, players=2, seats=[{"kind": "bot"}] * 2, options={"rounds": 4})
        wait_until(lambda: client.get(f"/api/matches/{bots['id']}?svg=0").json()["stopped"])
        view = client.get(f"/api/matches/{bots['id']}?svg=0").json()
        assert view["move_number"] == 5 and "limit of 5 moves" in view["stopped"]
        # Over everywhere, by the cap and not by the rules: no winner, nobody to move.
        assert view["is_over"] and view["ended_by"] == "stopped" and view["ended"] == view["stopped"]
        assert view["winners"] == [] and view["to_move"] == [] and view["match"]["status"] == "over"
        time.sleep(0.3)
        assert client.get(f"/api/matches/{bots['id']}?svg=0").json()["move_number"] == 5
        assert client.app.state.hub.store.load_match(bots["id"]).status == "over"
        people = create(client, players=2, options={"rounds": 4})
        tokens = tokens_of(people)
        for _ in range(5):
            match = live_match(client, people["id"])
            seat = match.state.to_move[0]
            view = client.get(f"/api/matches/{people['id']}?svg=0", headers=auth(tokens[seat])).json()
            response = client.post(
                f"/api/matches/{people['id']}/moves",
                headers=auth(tokens[seat]),
                json={"action": view["legal"][0], "move_number": view["move_number"]},
            )
            assert response.status_code == 200
        response = client.post(
            f"/api/matches/{people['id']}/moves",
            headers=auth(tokens[0]),
            json={"action": "pass", "move_number": 5},
        )
        assert response.status_code == 409 and "limit of 5 moves" in response.json()["error"]


def _job(moves: list[tuple[int, str]], first: int, seat: int = 0) -> BotJob:
    digest = START_DIGEST
    for mover, notation in moves:
        digest = next_digest(digest, mover, notation)
    return BotJob("m", "webtoy", 2, 5, {}, len(moves), digest, tuple(moves[first:]), first, seat, "random", 1)


def test_a_bot_job_carries_only_the_last_moves_and_a_worker_asks_for_all_when_it_must() -> None:
    import meeple

    state = meeple.new_game("webtoy", 2, seed=5)
    moves: list[tuple[int, str]] = []
    movers = [state.to_move[0]]  # movers[n]: a seat to move after n moves
    for _ in range(4):
        seat = state.to_move[0]
        action = state.legal_actions(seat)[0]
        state.apply(action, seat)
        moves.append((seat, str(action)))
        movers.append(state.to_move[0])
    botworker._CACHE.clear()
    assert botworker.choose_move(_job(moves, 2, movers[4])) == NEED_ALL_MOVES  # no copy to continue from
    assert botworker.choose_move(_job(moves[:3], 0, movers[3])) != NEED_ALL_MOVES  # all moves: a copy is kept
    assert botworker.choose_move(_job(moves, 3, movers[4])) != NEED_ALL_MOVES  # from that copy, one move on
    botworker._CACHE.clear()
    botworker.choose_move(_job(moves[:3], 0, movers[3]))
    forged = BotJob(**{**_job(moves, 3, movers[4]).__dict__, "moves": ((moves[3][0], "bid 99"),)})
    assert botworker.choose_move(forged) == NEED_ALL_MOVES  # another history than the copy's


def test_a_quick_bot_never_waits_behind_thinking_bots(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'fair.db'}", bot_mode="thread", bot_workers=1)
    with make_client(app) as client:
        runner = client.app.state.hub.runner
        real = runner.choose

        def slow_thinker(job: BotJob) -> str:
            if job.level != "random":
                time.sleep(1.0)  # a hard bot holding the only worker
            return real(job)

        runner.choose = slow_thinker
        for _ in range(4):
            create(client, players=2, seats=[{"kind": "bot", "bot": "hard"}] * 2, options={"rounds": 4})
        quick = create(client, players=2, seats=[{"kind": "bot"}] * 2)
        started = time.monotonic()
        wait_until(lambda: client.get(f"/api/matches/{quick['id']}?svg=0").json()["is_over"], 10)
        assert time.monotonic() - started < 3.0  # four thinkers queued 4+ s of work meanwhile
