"""Playing together through the API: players, open tables, rematches, chat, clocks."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from meeple.web.errors import ApiError
from tests.web.helpers import auth, wait_until
from tests.web.server_process import ServerProcess


def player(client: Any, name: str) -> dict[str, str]:
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 201, response.text
    body: dict[str, str] = response.json()
    return body


def key(p: dict[str, str]) -> dict[str, str]:
    return {"X-Player-Key": p["key"]}


def open_table(client: Any, host: dict[str, str], players: int = 2, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "player"}] + [{"kind": "open"}] * (players - 1)
    body = {"game": "webtoy", "players": players, "seats": seats, "public": True, **extra}
    response = client.post("/api/matches", json=body, headers=key(host))
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def view(client: Any, match_id: str, token: str | None = None) -> dict[str, Any]:
    headers = auth(token) if token else {}
    response = client.get(f"/api/matches/{match_id}?svg=0", headers=headers)
    assert response.status_code == 200, response.text
    seen: dict[str, Any] = response.json()
    return seen


def move(client: Any, match_id: str, token: str) -> httpx.Response:
    seen = view(client, match_id, token)
    response: httpx.Response = client.post(
        f"/api/matches/{match_id}/moves",
        headers=auth(token),
        json={"action": seen["legal"][0], "move_number": seen["move_number"]},
    )
    return response


def token_in(url: str) -> str:
    return url.split("#t=")[1]


# ------------------------------------------------------------------ players
def test_a_player_has_a_private_key_and_a_name_it_can_change(client: Any) -> None:
    ann = player(client, "Ann")
    assert len(ann["key"]) >= 30 and ann["name"] == "Ann"
    assert client.get("/api/players/me", headers=key(ann)).json() == {"id": ann["id"], "name": "Ann"}
    assert client.post("/api/players/me", json={"name": "  Ann  B "}, headers=key(ann)).json()["name"] == "Ann B"
    assert client.get("/api/players/me", headers={"X-Player-Key": "nope"}).status_code == 403
    assert client.get("/api/players/me").status_code == 401
    for bad in ["", "x" * 41, "a\x00b", 5]:
        refused = client.post("/api/players", json={"name": bad})
        assert refused.status_code == 422 and refused.json()["error"]


# ------------------------------------------------------------------ tables
def test_an_open_table_is_listed_joined_and_starts_when_full(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann)
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    assert listed[0]["free"] == 1 and listed[0]["seats"][0]["name"] == "Ann" and listed[0]["seats"][1]["kind"] == "open"
    ann_token = table["seats"][0]["token"]
    refused = client.post(
        f"/api/matches/{table['id']}/moves", headers=auth(ann_token), json={"action": "pass", "move_number": 0}
    )
    assert refused.status_code == 409 and "not started" in refused.json()["error"]

    taken = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 0}, headers=key(bob))
    assert taken.status_code == 409 and "not free" in taken.json()["error"]  # Ann's seat
    sat = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob))
    assert sat.status_code == 200, sat.text
    assert client.get("/api/tables").json()["tables"] == []  # full: started, no longer listed
    seen = view(client, table["id"], sat.json()["token"])
    assert seen["match"]["status"] == "running" and seen["match"]["seats"][1]["name"] == "Bob"
    assert move(client, table["id"], ann_token).status_code == 200
    carl = player(client, "Carl")
    late = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(carl))
    assert late.status_code == 409 and "started" in late.json()["error"]


def test_a_private_table_is_not_listed_and_the_creator_fills_it_with_bots(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann, players=3, public=False)
    assert client.get("/api/tables").json()["tables"] == []
    not_creator = client.post(f"/api/matches/{table['id']}/start", json={"bot": "random"}, headers=key(bob))
    assert not_creator.status_code == 403
    started = client.post(f"/api/matches/{table['id']}/start", json={"bot": "random"}, headers=key(ann))
    assert started.status_code == 200, started.text
    seats = view(client, table["id"])["match"]["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
    again = client.post(f"/api/matches/{table['id']}/start", json={"bot": "random"}, headers=key(ann))
    assert again.status_code == 409


def test_a_seat_link_or_player_key_opens_only_its_own_seat(client: Any) -> None:
    ann, bob, carl = player(client, "Ann"), player(client, "Bob"), player(client, "Carl")
    table = open_table(client, ann)
    bob_sat = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob)).json()
    ann_token = table["seats"][0]["token"]
    assert view(client, table["id"], ann_token)["seat"] == 0
    assert view(client, table["id"], bob_sat["token"])["seat"] == 1
    # Seat 0's link cannot look at seat 1's hand, and Carl's key opens no seat here.
    assert client.get(f"/api/matches/{table['id']}?seat=1", headers=auth(ann_token)).status_code == 403
    games = client.get("/api/players/me/games", headers=key(carl)).json()["games"]
    assert games == []
    # Bob's key lists the game with his own seat's link: the same link in any browser.
    bobs = client.get("/api/players/me/games", headers=key(bob)).json()["games"]
    assert [(g["id"], g["seat"]) for g in bobs] == [(table["id"], 1)]
    assert token_in(bobs[0]["url"]) == bob_sat["token"]


def test_my_games_marks_the_players_turn_and_the_time_since_the_last_move(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann)
    bob_token = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob)).json()["token"]
    ann_games = client.get("/api/players/me/games", headers=key(ann)).json()["games"]
    assert ann_games[0]["your_turn"] and ann_games[0]["status"] == "running"  # both bid at once
    assert move(client, table["id"], table["seats"][0]["token"]).status_code == 200
    ann_games = client.get("/api/players/me/games", headers=key(ann)).json()["games"]
    bob_games = client.get("/api/players/me/games", headers=key(bob)).json()["games"]
    assert not ann_games[0]["your_turn"] and bob_games[0]["your_turn"]
    assert 0 <= bob_games[0]["since_last_move"] < 30
    assert move(client, table["id"], bob_token).status_code == 200


# ----------------------------------------------------------------- rematch
def _finish(client: Any, match_id: str, tokens: list[str]) -> None:
    while not view(client, match_id)["is_over"]:
        for token in tokens:
            seen = view(client, match_id, token)
            if seen["legal"] and not seen["is_over"]:
                move(client, match_id, token)


def test_a_rematch_invites_the_players_keeps_bots_and_a_declined_seat_opens(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann, players=3, options={"rounds": 1})
    bob_token = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob)).json()["token"]
    client.post(f"/api/matches/{table['id']}/start", json={"bot": "random"}, headers=key(ann))
    ann_token = table["seats"][0]["token"]
    early = client.post(f"/api/matches/{table['id']}/rematch", headers=auth(ann_token))
    assert early.status_code == 409
    _finish(client, table["id"], [ann_token, bob_token])
    asked = client.post(f"/api/matches/{table['id']}/rematch", headers={**auth(ann_token), **key(ann)})
    assert asked.status_code == 201, asked.text
    new_id = asked.json()["id"]
    old = view(client, table["id"], bob_token)
    assert old["match"]["rematch"] == new_id  # the notice on Bob's page
    bobs = {g["id"]: g for g in client.get("/api/players/me/games", headers=key(bob)).json()["games"]}
    assert bobs[new_id]["invited"]
    fresh = view(client, new_id)
    assert [s["kind"] for s in fresh["match"]["seats"]] == ["human", "invited", "bot"]
    assert fresh["match"]["status"] == "waiting" and fresh["match"]["options"] == old["match"]["options"]
    # Asked twice: the same rematch.
    assert client.post(f"/api/matches/{table['id']}/rematch", headers=auth(bob_token)).json()["id"] == new_id
    declined = client.post(f"/api/matches/{new_id}/invite", json={"accept": False}, headers=key(bob))
    assert declined.status_code == 200 and declined.json()["declined"]
    assert client.post(f"/api/matches/{new_id}/invite", json={"accept": True}, headers=key(bob)).status_code == 409
    assert view(client, new_id)["match"]["seats"][1]["kind"] == "open"
    started = client.post(f"/api/matches/{new_id}/start", json={"bot": "random"}, headers=key(ann))
    assert started.status_code == 200
    assert [s["kind"] for s in view(client, new_id)["match"]["seats"]] == ["human", "bot", "bot"]


def test_an_accepted_rematch_starts_with_the_same_players(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann, options={"rounds": 1})
    bob_token = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob)).json()["token"]
    _finish(client, table["id"], [table["seats"][0]["token"], bob_token])
    new_id = client.post(f"/api/matches/{table['id']}/rematch", headers={**auth(bob_token), **key(bob)}).json()["id"]
    accepted = client.post(f"/api/matches/{new_id}/invite", json={"accept": True}, headers=key(ann))
    assert accepted.status_code == 200
    seen = view(client, new_id, token_in(accepted.json()["url"]))
    assert seen["match"]["status"] == "running" and seen["seat"] == 0
    assert [s["name"] for s in seen["match"]["seats"]] == ["Ann", "Bob"]


# -------------------------------------------------------------------- chat
def test_chat_is_for_seats_limited_and_stored_as_plain_text(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann, chat_spectators=False)
    bob_token = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob)).json()["token"]
    url = f"/api/matches/{table['id']}/chat"
    markup = '<b>hi</b><script>alert(1)</script> & "you"'
    sent = client.post(url, json={"text": markup}, headers=auth(bob_token))
    assert sent.status_code == 201 and sent.json()["text"] == markup and sent.json()["name"] == "Bob"
    assert client.get(url, headers=auth(table["seats"][0]["token"])).json()["messages"][0]["text"] == markup
    assert client.get(url).status_code == 403  # spectators may not read this one
    assert client.post(url, json={"text": "hello"}).status_code == 401
    too_long = client.post(url, json={"text": "x" * 501}, headers=auth(bob_token))
    assert too_long.status_code == 422 and "500" in too_long.json()["error"]
    for bad in ["", "  ", "a\x07b", 3]:
        assert client.post(url, json={"text": bad}, headers=auth(bob_token)).status_code == 422
    answers = [client.post(url, json={"text": f"m{i}"}, headers=auth(bob_token)).status_code for i in range(6)]
    assert answers[:4] == [201] * 4 and answers[-1] == 429  # five at once, then wait
    with client.websocket_connect(f"/api/matches/{table['id']}/chat/live") as ws:
        ws.send_json({"token": table["seats"][0]["token"]})
        history = ws.receive_json()["messages"]
        assert [m["text"] for m in history][:2] == [markup, "m0"]
        client.post(url, json={"text": "live"}, headers=auth(table["seats"][0]["token"]))
        assert ws.receive_json()["messages"][0]["text"] == "live"
    # Where the creator allows it (the default), spectators read the chat, and only read it.
    other = open_table(client, ann)
    client.post(f"/api/matches/{other['id']}/chat", json={"text": "hi all"}, headers=auth(other["seats"][0]["token"]))
    assert [m["text"] for m in client.get(f"/api/matches/{other['id']}/chat").json()["messages"]] == ["hi all"]
    assert client.post(f"/api/matches/{other['id']}/chat", json={"text": "me too"}).status_code == 401


# ------------------------------------------------------------------ clocks
@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "sand"},
        {"kind": "turn"},
        {"kind": "turn", "per_move": 0},
        {"kind": "realtime", "bank": 60, "x": 1},
        {"kind": "turn", "per_move": 60, "on_timeout": "bot:nobody"},
    ],
)
def test_bad_clocks_are_refused(client: Any, clock: dict[str, Any]) -> None:
    response = client.post("/api/matches", json={"game": "webtoy", "players": 2, "clock": clock})
    assert response.status_code == 422 and response.json()["error"]


def test_a_real_time_clock_charges_the_mover_and_adds_the_increment(client: Any) -> None:
    clock = {"kind": "realtime", "bank": 600, "increment": 5}
    made = client.post("/api/matches", json={"game": "webtoy", "players": 2, "clock": clock}).json()
    tokens = [s["token"] for s in made["seats"]]
    shown = view(client, made["id"])["clock"]
    assert [s["running"] for s in shown["seats"]] == [True, True]  # both bid at once
    time.sleep(0.3)
    assert move(client, made["id"], tokens[0]).status_code == 200
    seats = view(client, made["id"])["clock"]["seats"]
    assert not seats[0]["running"] and 604 < seats[0]["left"] < 604.8  # 600 - 0.3 s + 5
    assert seats[1]["running"] and seats[1]["left"] < 599.8


def test_a_turn_clock_running_out_hands_the_seat_to_a_bot_until_the_player_is_back(client: Any) -> None:
    clock = {"kind": "turn", "per_move": 1, "on_timeout": "bot:random"}
    made = client.post("/api/matches", json={"game": "webtoy", "players": 2, "clock": clock}).json()
    tokens = [s["token"] for s in made["seats"]]
    assert move(client, made["id"], tokens[0]).status_code == 200
    seen = wait_until(lambda: (v := view(client, made["id"]))["match"]["seats"][1]["away"] and v, 10, "a stand-in")
    assert seen["match"]["seats"][1]["away"] == "random" and not seen["match"]["seats"][1]["lost"]
    wait_until(lambda: view(client, made["id"])["move_number"] >= 2, 10, "the stand-in bot to move")
    back = client.post(f"/api/matches/{made['id']}/back", headers=auth(tokens[1]))
    assert back.status_code == 200
    assert view(client, made["id"])["match"]["seats"][1]["away"] is None


def test_a_clock_that_runs_out_while_the_server_is_down_is_enforced_after_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'clock.db'}"
    server = ServerProcess(db, "--bot-threads", log_path=tmp_path / "s.log").start()
    clock = {"kind": "turn", "per_move": 2, "on_timeout": "lose"}
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            made = client.post("/api/matches", json={"game": "webtoy", "players": 2, "clock": clock}).json()
            tokens = [s["token"] for s in made["seats"]]
            assert move(client, made["id"], tokens[0]).status_code == 200
        server.kill()  # seat 1's two seconds run out while nobody is serving
        time.sleep(2.5)
        server = ServerProcess(db, "--bot-threads", log_path=tmp_path / "s.log").start()
        with httpx.Client(base_url=server.url, timeout=30) as client:
            seen = wait_until(lambda: (v := view(client, made["id"]))["stopped"] and v, 10, "the loss on time")
            assert seen["match"]["seats"][1]["lost"] and "ran out of time" in seen["stopped"]
            assert seen["winners"] == [0]
            assert seen["match"]["status"] == "over"
            refused = move(client, made["id"], tokens[0]) if view(client, made["id"], tokens[0])["legal"] else None
            assert refused is None or refused.status_code == 409
    finally:
        server.stop()


def test_two_players_racing_for_the_last_seat_one_wins_on_each_database(any_db_url: str) -> None:
    """Sitting is one conditional UPDATE: of two players taking the same seat at once, exactly one sits."""
    import asyncio

    from meeple.web.app import create_app
    from tests.web.conftest import make_client

    app = create_app(any_db_url, bot_mode="thread", bot_workers=1)
    with make_client(app) as client:
        ann, bob, carl = player(client, "Ann"), player(client, "Bob"), player(client, "Carl")
        table = open_table(client, ann)
        tables = client.app.state.tables
        match = client.app.state.hub._matches[table["id"]]
        values = {"kind": "human", "player_id": None}

        async def both() -> list[bool]:
            hub = tables.hub
            return list(
                await asyncio.gather(
                    hub.db(tables.store.take_seat, match.id, 1, ("open",), {**values, "name": "Bob"}),
                    hub.db(tables.store.take_seat, match.id, 1, ("open",), {**values, "name": "Carl"}),
                )
            )

        results = client.portal.call(both)
        assert sorted(results) == [False, True]
        del bob, carl
        # Through the API, a seat that is taken says so.
        dan = player(client, "Dan")
        refused = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(dan))
        assert refused.status_code == 409


def test_a_table_joined_on_one_server_starts_on_the_other(postgres_url: str, tmp_path: Path) -> None:
    """Seats taken through server B reach server A's page (NOTIFY), and A plays the started game."""
    a = ServerProcess(postgres_url, "--bot-threads", log_path=tmp_path / "a.log").start()
    b = ServerProcess(postgres_url, "--bot-threads", log_path=tmp_path / "b.log").start()
    try:
        with httpx.Client(base_url=a.url, timeout=30) as on_a, httpx.Client(base_url=b.url, timeout=30) as on_b:
            ann, bob = player(on_a, "Ann"), player(on_b, "Bob")
            table = open_table(on_a, ann)
            assert view(on_a, table["id"])["match"]["status"] == "waiting"
            assert [t["id"] for t in on_b.get("/api/tables").json()["tables"]] == [table["id"]]
            sat = on_b.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob))
            assert sat.status_code == 200, sat.text
            seen = wait_until(
                lambda: (v := view(on_a, table["id"]))["match"]["status"] == "running" and v, 5, "A to hear of it"
            )
            assert seen["match"]["seats"][1]["name"] == "Bob"
            assert move(on_a, table["id"], table["seats"][0]["token"]).status_code == 200
            assert move(on_a, table["id"], sat.json()["token"]).status_code == 200
            # A chat line posted through B reaches a chat page on A (NOTIFY, then read from the database).
            with connect(a.url.replace("http", "ws") + f"/api/matches/{table['id']}/chat/live") as ws:
                ws.send(json.dumps({"token": table["seats"][0]["token"]}))
                assert json.loads(ws.recv(timeout=5))["messages"] == []
                said = on_b.post(
                    f"/api/matches/{table['id']}/chat", json={"text": "from B"}, headers=auth(sat.json()["token"])
                )
                assert said.status_code == 201
                assert [m["text"] for m in json.loads(ws.recv(timeout=2))["messages"]] == ["from B"]
    finally:
        a.stop()
        b.stop()


def test_a_waiting_table_offers_no_moves_and_the_lobby_knows_your_own_table(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann)
    assert view(client, table["id"], table["seats"][0]["token"])["legal"] == []
    assert client.get("/api/tables", headers=key(ann)).json()["tables"][0]["yours"]
    assert not client.get("/api/tables", headers=key(bob)).json()["tables"][0]["yours"]
    assert not client.get("/api/tables").json()["tables"][0]["yours"]


def test_with_three_players_a_seat_lost_on_time_is_played_by_a_bot_and_never_wins(client: Any) -> None:
    clock = {"kind": "turn", "per_move": 3, "on_timeout": "lose"}
    body = {"game": "webtoy", "players": 3, "clock": clock, "options": {"rounds": 1}}
    made = client.post("/api/matches", json=body).json()
    tokens = [s["token"] for s in made["seats"]]
    for seat in (0, 1):
        assert move(client, made["id"], tokens[seat]).status_code == 200
    seen = wait_until(lambda: (v := view(client, made["id"]))["match"]["seats"][2]["lost"] and v, 10, "a loss")
    assert seen["match"]["seats"][2]["away"] == "random" and seen["stopped"] is None  # the others play on
    # Its player cannot take it back: a move of theirs is refused (the stand-in's are not).
    tables = client.app.state.tables
    match = client.app.state.hub._matches[made["id"]]
    with pytest.raises(ApiError, match="lost on time"):
        tables.move_effects(match, 2, match.state, False)
    tables.move_effects(match, 2, match.state, True)
    _finish(client, made["id"], tokens[:2])
    final = view(client, made["id"])
    assert final["is_over"] and final["winners"] and 2 not in final["winners"]
