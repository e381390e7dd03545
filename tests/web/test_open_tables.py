"""Open tables that never start, through the API: the creator cancels one, one nobody fills
expires, and the list says how long each has waited and when it closes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from meeple.web.app import create_app
from meeple.web.storage import MatchRow, SeatRow, Store
from meeple.web.tablestore import TableStore
from tests.web.conftest import make_client
from tests.web.helpers import auth, wait_until
from tests.web.test_tables import key, open_table, player, token_in, view


def cancel(client: Any, match_id: str, who: dict[str, str] | None) -> Any:
    return client.post(f"/api/matches/{match_id}/cancel", headers=key(who) if who else {})


def test_the_creator_cancels_a_table_that_has_not_started_and_it_is_closed_everywhere(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann, players=3)
    assert client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob)).status_code == 200
    assert cancel(client, table["id"], None).status_code == 401
    refused = cancel(client, table["id"], bob)  # sitting at a table is not opening it
    assert refused.status_code == 403 and "only the player who opened" in refused.json()["error"]
    assert view(client, table["id"])["match"]["status"] == "waiting"

    answer = cancel(client, table["id"], ann)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"cancelled": True, "ended": "Ann cancelled the table before it started"}
    seen = view(client, table["id"])
    assert seen["is_over"] and seen["match"]["status"] == "over"
    assert seen["ended_by"] == "cancelled" and seen["ended"] == "Ann cancelled the table before it started"
    assert seen["winners"] == [] and seen["to_move"] == [] and seen["legal"] == []
    assert {s["note"] for s in seen["summary"]["seats"]} == {"no result: the game never started"}
    assert client.get("/api/tables").json()["tables"] == []
    mine = client.get("/api/players/me/games", headers=key(ann)).json()["games"]
    assert [(g["status"], g["ended_by"]) for g in mine] == [("over", "cancelled")]

    # Nothing more happens at a closed table, and each refusal says why.
    carl = player(client, "Carl")
    sit = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 2}, headers=key(carl))
    assert sit.status_code == 409 and "this table was closed: Ann cancelled" in sit.json()["error"]
    start = client.post(f"/api/matches/{table['id']}/start", json={"bot": "random"}, headers=key(ann))
    assert start.status_code == 409 and "closed" in start.json()["error"]
    again = cancel(client, table["id"], ann)
    assert again.status_code == 409 and "only a table that waits" in again.json()["error"]
    ann_token = token_in(table["seats"][0]["url"])
    played = client.post(
        f"/api/matches/{table['id']}/moves", headers=auth(ann_token), json={"action": "pass", "move_number": 0}
    )
    assert played.status_code == 409 and "Ann cancelled the table" in played.json()["error"]
    rematch = client.post(f"/api/matches/{table['id']}/rematch", headers={**auth(ann_token), **key(ann)})
    assert rematch.status_code == 409 and "never started" in rematch.json()["error"]


def test_a_table_that_started_cannot_be_cancelled(client: Any) -> None:
    ann, bob = player(client, "Ann"), player(client, "Bob")
    table = open_table(client, ann)
    assert client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=key(bob)).status_code == 200
    refused = cancel(client, table["id"], ann)
    assert refused.status_code == 409 and "started" in refused.json()["error"]
    seen = view(client, table["id"])
    assert seen["match"]["status"] == "running" and seen["ended_by"] is None


@pytest.fixture
def expiring_client(db_url: str) -> Iterator[Any]:
    app = create_app(db_url, bot_mode="thread", bot_workers=1, expire_tables_after=1.5)
    with make_client(app) as c:
        yield c


def test_a_table_nobody_fills_expires_and_the_list_says_how_long_it_waited(expiring_client: Any) -> None:
    client = expiring_client
    ann, bob = player(client, "Ann"), player(client, "Bob")
    waiting = open_table(client, ann)
    filled = open_table(client, bob)
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert 0 <= listed[waiting["id"]]["waiting_s"] < 1.5
    assert 0 < listed[waiting["id"]]["expires_in_s"] <= 1.5
    assert client.post(f"/api/matches/{filled['id']}/sit", json={"seat": 1}, headers=key(ann)).status_code == 200

    expired = wait_until(lambda: view(client, waiting["id"])["ended_by"] == "expired", 10, "the table to expire")
    assert expired
    seen = view(client, waiting["id"])
    assert seen["is_over"] and seen["winners"] == []
    assert seen["ended"] == "nobody sat down within 2 s: the table closed by itself"
    assert client.get("/api/tables").json()["tables"] == []
    time.sleep(1.0)  # a started table is never expired, however old
    assert view(client, filled["id"])["match"]["status"] == "running"


def test_closing_a_table_is_conditional_on_it_still_waiting(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        seats = [SeatRow(0, "Ann", "human"), SeatRow(1, "Open seat", "open")]
        for match_id, status in (("waits", "waiting"), ("runs", "running")):
            store.create_match(MatchRow(match_id, "webtoy", 2, 1, {}, "live", status, [*seats]))
        tables = TableStore(store)
        assert tables.waiting_since(time.time() - 3600) == []
        assert tables.waiting_since(time.time() + 1) == ["waits"]
        assert tables.close_table("runs", '{"by": "cancelled", "seats": [], "text": "x"}') is False
        assert tables.close_table("waits", '{"by": "cancelled", "seats": [], "text": "x"}') is True
        assert tables.close_table("waits", '{"by": "expired", "seats": [], "text": "y"}') is False  # once
        row = store.load_match("waits")
        assert row is not None and row.status == "over" and row.ended is not None and '"cancelled"' in row.ended
        assert tables.waiting_since(time.time() + 1) == []
    finally:
        store.close()
