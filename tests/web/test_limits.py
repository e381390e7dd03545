"""Hostile input on every parse path: deep JSON, huge integers, big bodies; seats numbered from 0."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

import meeple
from meeple.core import Record
from tests.web.helpers import auth, create, live_match, play_random_move, tokens_of

DEEP = b"[" * 1500 + b"]" * 1500
DEEP_OBJECT = b'{"game": "webtoy", "options": ' + b'{"a": ' * 100 + b"1" + b"}" * 100 + b"}"
HUGE_PLAYERS = b'{"game": "webtoy", "players": ' + b"9" * 5000 + b"}"
HUGE_MOVE_NUMBER = b'{"action": "pass", "move_number": ' + b"1" * 5000 + b"}"
BAD = [DEEP, DEEP_OBJECT, HUGE_PLAYERS, b'{"game": "webtoy", "players": 1e999999}', b"\xff\xfe{", b"{"]


def _assert_refused(response: Any) -> None:
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:200])
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["error"]


@pytest.mark.parametrize("body", BAD, ids=["deep-list", "deep-object", "huge-int", "huge-float", "utf8", "cut"])
def test_hostile_match_requests_are_refused_with_a_reason(client: Any, body: bytes) -> None:
    _assert_refused(client.post("/api/matches", content=body, headers={"Content-Type": "application/json"}))
    assert client.app.state.hub._matches == {}


@pytest.mark.parametrize("body", [DEEP, HUGE_MOVE_NUMBER, b'{"action": ' + b"[" * 900 + b"]" * 900 + b"}"])
def test_hostile_moves_are_refused_and_change_nothing(client: Any, body: bytes) -> None:
    match = create(client)
    token = tokens_of(match)[0]
    _assert_refused(client.post(f"/api/matches/{match['id']}/moves", content=body, headers=auth(token)))
    assert client.get(f"/api/matches/{match['id']}").json()["move_number"] == 0


@pytest.mark.parametrize(
    "body",
    [
        DEEP,
        b'{"format": 1, "game": "webtoy", "players": 2, "seed": ' + b"7" * 5000 + b', "moves": []}',
        b'{"format": 1, "game": "webtoy", "players": 2, "seed": 1, "moves": ' + b"[" * 1200 + b"]" * 1200 + b"}",
    ],
    ids=["deep", "huge-seed", "deep-moves"],
)
def test_hostile_records_are_refused(client: Any, body: bytes) -> None:
    _assert_refused(client.post("/api/records", content=body))


def test_record_reader_turns_deep_nesting_into_a_value_error() -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        Record.from_json(DEEP)
    with pytest.raises(ValueError, match="must be JSON"):
        Record.from_json(b'{"seed": ' + b"1" * 5000 + b"}")


def test_records_longer_than_the_move_cap_are_refused(client: Any) -> None:
    cap = client.app.state.hub.max_moves
    record = Record(game="webtoy", players=2, seed=1, moves=[(0, "pass")] * (cap + 1))
    response = client.post("/api/records", content=record.to_json())
    assert response.status_code == 413 and str(cap) in response.json()["error"]


@pytest.mark.parametrize(
    "hello",
    [DEEP.decode(), '{"token": ' + "1" * 5000 + "}", '{"token": "' + "x" * 5000 + '"}'],
    ids=["deep", "huge-int", "too-long"],
)
def test_a_hostile_websocket_hello_is_closed_with_a_code_and_reason(client: Any, hello: str) -> None:
    match = create(client)
    with client.websocket_connect(f"/api/matches/{match['id']}/live") as ws:
        ws.send_text(hello)
        message = ws.receive_json()
        assert message["type"] == "error" and 400 <= message["status"] < 500 and message["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4000 + message["status"] and closed.value.reason


def test_seats_are_numbered_from_0_in_refusals(client: Any) -> None:
    response = client.post(
        "/api/matches", json={"game": "webtoy", "players": 2, "seats": [{"kind": "human"}, {"kind": "robot"}]}
    )
    assert response.status_code == 422 and response.json()["error"].startswith("seat 1:")
    response = client.post("/api/matches", json={"game": "webtoy", "players": 2, "seats": [5, {}]})
    assert response.json()["error"].startswith("seat 0 ")
    match = create(client)
    tokens = tokens_of(match)
    rng = random.Random(3)
    while live_match(client, match["id"]).state.observation(None)["phase"] == "bid":
        play_random_move(client, match, rng)
    state = live_match(client, match["id"]).state
    assert state.to_move == (0,)  # the draw phase: seat 0 first
    response = client.post(
        f"/api/matches/{match['id']}/moves",
        headers=auth(tokens[1]),
        json={"action": "pass", "move_number": state.move_number},
    )
    assert response.status_code == 409
    assert response.json()["error"] == "it is not your turn (to move: seat 0)"


def test_a_server_error_is_json_with_a_message(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = client.app.state.hub

    def broken(*_args: Any) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(hub.store, "create_match", broken)
    from starlette.testclient import TestClient

    quiet = TestClient(client.app, raise_server_exceptions=False)  # answers as a real server would
    response = quiet.post("/api/matches", json={"game": "webtoy", "players": 2})
    assert response.status_code == 500
    assert response.headers["content-type"].startswith("application/json")
    assert "the server failed" in response.json()["error"] and "disk" not in response.json()["error"]


def test_random_json_never_gets_a_server_error(client: Any) -> None:
    rng = random.Random(13)
    pieces = [b"[", b"]", b"{", b"}", b'"game"', b":", b",", b"1" * 50, b"-", b"1e400", b'"webtoy"', b"null"]
    for _ in range(200):
        body = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        response = client.post("/api/matches", content=body)
        assert response.status_code < 500, body
    assert meeple.GAMES["webtoy"]


def test_the_log_filter_blanks_tokens_in_messages_and_arguments() -> None:
    import logging

    from meeple.web.logsafe import SecretFilter

    def filtered(msg: str, *args: object) -> str:
        record = logging.LogRecord("t", logging.INFO, __file__, 1, msg, args or None, None)
        SecretFilter().filter(record)
        return record.getMessage()

    assert filtered('< TEXT \'{"token": "abcDEF_-1", "svg": true}\'') == '< TEXT \'{"token": "<hidden>", "svg": true}\''
    assert filtered("%s - %s", "1.2.3.4", "Authorization: Bearer abc.def") == "1.2.3.4 - Authorization: Bearer <hidden>"
    assert filtered("open %s", "/m/x#t=abc,def") == "open /m/x#t=<hidden>"
    assert filtered("nothing %d here", 5) == "nothing 5 here"
