"""Games that end off the board: a clock with "lose", a resignation, abandonment (through the API)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.core.record import Record
from meeple.web.app import create_app
from tests.web.conftest import make_client
from tests.web.helpers import auth, create, tokens_of, wait_until
from tests.web.server_process import ServerProcess
from tests.web.test_tables import move, view

ABANDON_AFTER_S = 1.0


@pytest.fixture
def quick_client(db_url: str) -> Iterator[Any]:
    """The in-process app, with games that may be abandoned after a second without a move."""
    app = create_app(db_url, bot_mode="thread", bot_workers=2, abandon_after=ABANDON_AFTER_S)
    with make_client(app) as c:
        yield c


def assert_over_everywhere(client: Any, match_id: str, ended_by: str, winners: list[int], token: str) -> None:
    """Over for the API, the seat's view, the record and the rematch, all alike."""
    for seen in (view(client, match_id), view(client, match_id, token)):
        assert seen["is_over"] and seen["match"]["is_over"] and seen["match"]["status"] == "over"
        assert seen["ended_by"] == seen["match"]["ended_by"] == ended_by
        assert seen["to_move"] == [] and seen["legal"] == [] and seen["actions"] == []
        assert seen["winners"] == winners
        assert seen["summary"]["reason"] == seen["ended"] and seen["summary"]["winners"] == winners
    record = client.get(f"/api/matches/{match_id}/record")
    assert record.status_code == 200, record.text
    assert record.headers["x-meeple-ended-by"] == ended_by
    assert len(Record.from_json(record.text).moves) == view(client, match_id)["move_number"]
    rematch = client.post(f"/api/matches/{match_id}/rematch", headers=auth(token))
    assert rematch.status_code == 201, rematch.text
    refused = client.post(f"/api/matches/{match_id}/resign", headers=auth(token))
    assert refused.status_code == 409 and "over" in refused.json()["error"]


def test_a_seat_that_resigns_loses_and_the_game_is_over_everywhere(client: Any) -> None:
    made = create(client)
    tokens = tokens_of(made)
    assert move(client, made["id"], tokens[0]).status_code == 200
    resigned = client.post(f"/api/matches/{made['id']}/resign", headers=auth(tokens[1]))
    assert resigned.status_code == 200, resigned.text
    assert resigned.json() == {"ended_by": "resigned", "seat": 1, "winners": [0]}
    assert view(client, made["id"])["ended"] == "Seat 1 resigned"
    assert_over_everywhere(client, made["id"], "resigned", [0], tokens[0])
    seen = view(client, made["id"], tokens[1])
    assert move_refused(client, made["id"], tokens[1], seen) == 409


def move_refused(client: Any, match_id: str, token: str, seen: dict[str, Any]) -> int:
    answer = client.post(
        f"/api/matches/{match_id}/moves",
        headers=auth(token),
        json={"action": "pass", "move_number": seen["move_number"]},
    )
    return int(answer.status_code)


def test_with_three_seats_a_resignation_ends_the_game_and_the_others_share_the_win(client: Any) -> None:
    made = create(client, players=3)
    tokens = tokens_of(made)
    assert client.post(f"/api/matches/{made['id']}/resign", headers=auth(tokens[2])).status_code == 200
    assert_over_everywhere(client, made["id"], "resigned", [0, 1], tokens[0])


def test_resigning_is_refused_to_a_spectator_a_bot_seat_and_a_waiting_table(client: Any) -> None:
    made = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    path = f"/api/matches/{made['id']}/resign"
    spectator = client.post(path)
    assert spectator.status_code == 401 and "token" in spectator.json()["error"]
    stranger = client.post(path, headers=auth("not-a-seat"))
    assert stranger.status_code == 403
    assert view(client, made["id"])["match"]["status"] == "running"  # nothing changed
    # A bot seat has no token of its own: a seat link cannot resign for it, only for itself.
    hub = client.app.state.hub
    live = hub._matches[made["id"]]
    assert live.seats[1].kind == "bot" and live.seats[1].token_hash is None
    host = client.post("/api/players", json={"name": "Host"}).json()
    table = client.post(
        "/api/matches",
        json={"game": "webtoy", "players": 2, "seats": [{"kind": "player"}, {"kind": "open"}]},
        headers={"X-Player-Key": host["key"]},
    ).json()
    waiting = client.post(f"/api/matches/{table['id']}/resign", headers=auth(table["seats"][0]["token"]))
    assert waiting.status_code == 409 and "not started" in waiting.json()["error"]


def test_a_game_whose_other_players_are_gone_can_be_abandoned_after_the_wait(quick_client: Any) -> None:
    client = quick_client
    made = create(client)
    tokens = tokens_of(made)
    path = f"/api/matches/{made['id']}/abandon"
    # Seat 0 must move too (a simultaneous bid): nobody waits on others yet.
    early = client.post(path, headers=auth(tokens[0]))
    assert early.status_code == 409 and "waits for other players" in early.json()["error"]
    assert move(client, made["id"], tokens[0]).status_code == 200
    too_soon = client.post(path, headers=auth(tokens[0]))
    assert too_soon.status_code == 409 and "after 1 s without a move" in too_soon.json()["error"]
    idle_seat = client.post(path, headers=auth(tokens[1]))  # the seat to move cannot abandon itself
    assert idle_seat.status_code == 409
    time.sleep(ABANDON_AFTER_S + 0.2)
    abandoned = client.post(path, headers=auth(tokens[0]))
    assert abandoned.status_code == 200, abandoned.text
    assert abandoned.json()["seats"] == [1] and abandoned.json()["winners"] == [0]
    assert "Seat 1 left" in view(client, made["id"])["ended"]
    assert_over_everywhere(client, made["id"], "abandoned", [0], tokens[0])


def test_a_game_with_a_clock_is_left_to_its_clock_not_abandoned(quick_client: Any) -> None:
    clock = {"kind": "turn", "per_move": 3600, "on_timeout": "lose"}
    made = create(quick_client, clock=clock)
    tokens = tokens_of(made)
    assert move(quick_client, made["id"], tokens[0]).status_code == 200
    time.sleep(ABANDON_AFTER_S + 0.2)
    refused = quick_client.post(f"/api/matches/{made['id']}/abandon", headers=auth(tokens[0]))
    assert refused.status_code == 409 and "clock" in refused.json()["error"]


def test_a_real_time_clock_running_out_with_lose_ends_the_game_everywhere(client: Any) -> None:
    clock = {"kind": "realtime", "bank": 1, "increment": 0, "on_timeout": "lose"}
    made = create(client, clock=clock)
    tokens = tokens_of(made)
    assert move(client, made["id"], tokens[0]).status_code == 200  # seat 1 is left to move, and runs out
    seen = wait_until(lambda: (v := view(client, made["id"]))["is_over"] and v, 10, "the loss on time")
    assert seen["ended"] == "Seat 1 ran out of time and lost" and seen["stopped"] == seen["ended"]
    shown = {s["seat"]: s for s in seen["clock"]["seats"]}
    assert shown[1]["left"] == 0 and not shown[1]["running"] and shown[1]["lost"]  # the final time, plainly
    assert not shown[0]["running"]
    assert_over_everywhere(client, made["id"], "timeout", [0], tokens[0])


def test_a_resignation_on_one_server_ends_the_game_on_the_other(postgres_url: str, tmp_path: Path) -> None:
    a = ServerProcess(postgres_url, "--bot-threads", log_path=tmp_path / "a.log").start()
    b = ServerProcess(postgres_url, "--bot-threads", log_path=tmp_path / "b.log").start()
    try:
        with httpx.Client(base_url=a.url, timeout=30) as on_a, httpx.Client(base_url=b.url, timeout=30) as on_b:
            made = create(on_a)
            tokens = tokens_of(made)
            assert view(on_b, made["id"])["match"]["status"] == "running"  # B holds the match in memory
            assert on_a.post(f"/api/matches/{made['id']}/resign", headers=auth(tokens[0])).status_code == 200
            seen = wait_until(lambda: (v := view(on_b, made["id"]))["is_over"] and v, 5, "B to hear of it")
            assert seen["ended_by"] == "resigned" and seen["winners"] == [1]
            assert move_refused(on_b, made["id"], tokens[1], seen) == 409
    finally:
        a.stop()
        b.stop()


def test_a_move_racing_a_resignation_is_not_stored_after_it(any_db_url: str) -> None:
    """A move in flight (judged on a copy that has not heard of the end) is refused by the database."""
    from meeple.web.storage import MatchEnded

    with make_client(create_app(any_db_url, bot_mode="thread")) as client:
        made = create(client)
        tokens = tokens_of(made)
        bid = view(client, made["id"], tokens[0])["legal"][0]
        assert client.post(f"/api/matches/{made['id']}/resign", headers=auth(tokens[1])).status_code == 200
        store = client.app.state.hub.store
        with pytest.raises(MatchEnded):
            store.append_move(made["id"], 0, 0, bid)
        assert store.move_count(made["id"]) == 0
