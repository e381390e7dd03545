"""The HTTP API and the WebSocket, in process, on the toy game."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.web.hub import Hub
from meeple.web.storage import Store
from tests.web.conftest import all_game_ids
from tests.web.helpers import auth, create, live_match, play_random_move, tokens_of, wait_until


def move_count(client: Any, match_id: str) -> int:
    store: Store = client.app.state.hub.store
    return store.move_count(match_id)


# --------------------------------------------------------------------- lobby
def test_games_lists_every_registered_game_with_options_and_bot_levels(client: Any) -> None:
    data = client.get("/api/games").json()
    ids = [g["id"] for g in data["games"]]
    assert ids == all_game_ids()
    toy = next(g for g in data["games"] if g["id"] == "webtoy")
    assert (toy["min_players"], toy["max_players"], toy["default_players"]) == (2, 4, 2)
    assert {o["name"]: (o["kind"], o["default"]) for o in toy["options"]} == {
        "rounds": ("int", 2),
        "fast": ("bool", False),
    }
    assert [b["level"] for b in data["bots"]] == ["random", "easy", "medium", "hard"]
    # Each game lists the levels with its own descriptions (Bayon's medium is not Skye's).
    from meeple.bots.levels import level_descriptions

    for game in data["games"]:
        # A game with a shipped policy adds its learned bot last (tests/web/test_learned_bot.py).
        levels = [b["level"] for b in game["bots"] if b["level"] != "learned"]
        assert levels == ["random", "easy", "medium", "hard"]
        assert {b["level"]: b["label"] for b in game["bots"][1:4]} == level_descriptions(game["id"])
    bayon = next(g for g in data["games"] if g["id"] == "bayon")
    assert "Moves in well under a second" in bayon["bots"][2]["label"]


def test_pages_are_served_with_a_strict_content_security_policy(client: Any) -> None:
    for path in ("/", "/m/anything", "/static/match.js", "/static/lobby.js", "/static/style.css"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]


def test_create_gives_a_private_link_to_each_human_seat_only(client: Any) -> None:
    match = create(client, players=3, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "human"}])
    seats = match["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert seats[0]["name"] == "Ann" and seats[2]["name"] == "Seat 2"
    assert "token" not in seats[1] and seats[1]["bot"] == "random"
    assert seats[0]["token"] != seats[2]["token"]
    assert seats[0]["url"] == f"/m/{match['id']}#t={seats[0]['token']}"
    # Only hashes are stored.
    row = client.app.state.hub.store.load_match(match["id"])
    assert all(seats[0]["token"] not in (s.token_hash or "") for s in row.seats)
    assert row.seats[0].token_hash is not None and len(row.seats[0].token_hash) == 64


BAD_MATCHES = [
    ("not json", 400, "JSON"),
    ("[1, 2]", 400, "object"),
    ('{"game": "chess"}', 422, "unknown game"),
    ('{"game": 7}', 422, "unknown game"),
    ('{"game": "webtoy", "players": 9}', 422, "2 to 4 players"),
    ('{"game": "webtoy", "players": "two"}', 422, "integer"),
    ('{"game": "webtoy", "players": true}', 422, "integer"),
    ('{"game": "webtoy", "seed": 1}', 422, "server draws the seed"),
    ('{"game": "webtoy", "colour": "red"}', 422, "unknown fields"),
    ('{"game": "webtoy", "options": {"rounds": 9}}', 422, "at most 4"),
    ('{"game": "webtoy", "options": {"speed": 1}}', 422, "no option"),
    ('{"game": "webtoy", "options": [1]}', 422, "object"),
    ('{"game": "webtoy", "seats": [{"kind": "human"}]}', 422, "list of 2 seats"),
    ('{"game": "webtoy", "seats": "all"}', 422, "list of 2 seats"),
    ('{"game": "webtoy", "seats": [{"kind": "alien"}, {}]}', 422, "kind must be 'human', 'bot'"),
    ('{"game": "webtoy", "seats": [{"kind": "bot", "bot": "godlike"}, {}]}', 422, "bot must be one of"),
    ('{"game": "webtoy", "seats": [{"kind": "human", "bot": "easy"}, {}]}', 422, "cannot have a bot"),
    ('{"game": "webtoy", "seats": [{"name": 5}, {}]}', 422, "name must be text"),
    ('{"game": "webtoy", "seats": [{"name": "' + "x" * 41 + '"}, {}]}', 422, "at most 40"),
    ('{"game": "webtoy", "seats": [3, {}]}', 422, "must be an object"),
    ('{"game": "webtoy", "seats": [{"name": "a\\u0000b"}, {}]}', 422, "control characters"),
    ('{"game": "webtoy", "seats": [{"token": "x"}, {}]}', 422, "unknown fields"),
]


@pytest.mark.parametrize(("body", "status", "reason"), BAD_MATCHES)
def test_bad_new_match_is_refused_with_a_reason_and_creates_nothing(
    client: Any, body: str, status: int, reason: str
) -> None:
    response = client.post("/api/matches", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == status
    assert reason in response.json()["error"]
    assert client.app.state.hub._matches == {}


def test_oversized_bodies_are_refused(client: Any) -> None:
    response = client.post("/api/matches", content=b"{" + b" " * 100_000 + b"}")
    assert response.status_code == 413
    response = client.post("/api/records", content=b" " * (3 * 1024 * 1024))
    assert response.status_code == 413


# --------------------------------------------------------------------- views
def test_each_seat_sees_its_own_hand_and_the_spectator_none(client: Any) -> None:
    match = create(client)
    tokens = tokens_of(match)
    state = live_match(client, match["id"]).state
    for seat, token in tokens.items():
        view = client.get(f"/api/matches/{match['id']}?observation=1", headers=auth(token)).json()
        assert view["seat"] == seat
        assert view["observation"] == state.observation(seat)
        assert view["legal"] == [str(a) for a in state.legal_actions(seat)]
        assert "svg" in view and "seed" not in json.dumps(view)
    spectator = client.get(f"/api/matches/{match['id']}?observation=1").json()
    assert spectator["seat"] is None and spectator["legal"] == []
    assert spectator["observation"]["hand"] is None


BAD_VIEWS = [
    ("/api/matches/nope", {}, 404),
    ("/api/matches/no%20such%20id", {}, 404),
    ("/api/matches/{id}", {"Authorization": "Bearer wrong"}, 403),
    ("/api/matches/{id}", {"Authorization": "Basic abc"}, 401),
    ("/api/matches/{id}", {"Authorization": "Bearer "}, 401),
    ("/api/matches/{id}?seat=1", {}, 403),
    ("/api/matches/{id}?seat=x", {}, 400),
    ("/api/matches/{id}?seat=7", {}, 400),
    ("/api/matches/{id}?at=99", {}, 400),
    ("/api/matches/{id}?at=-1", {}, 400),
    ("/api/matches/{id}?svg=maybe", {}, 400),
    ("/api/matches/{id}?at=%C2%B2", {}, 400),  # "²" counts as a digit for str.isdigit
    ("/api/matches/{id}?seat=%C2%B9", {}, 400),
    ("/api/matches/{id}?at=99999999999999999999", {}, 400),
    ("/api/matches/{id}/record", {}, 409),
    ("/api/nothing", {}, 404),
]


@pytest.mark.parametrize(("path", "headers", "status"), BAD_VIEWS)
def test_bad_view_requests_get_a_clear_4xx(client: Any, path: str, headers: dict[str, str], status: int) -> None:
    match = create(client)
    response = client.get(path.format(id=match["id"]), headers=headers)
    assert response.status_code == status
    assert response.json()["error"]


def test_a_seat_token_of_one_match_does_not_open_another(client: Any) -> None:
    first, second = create(client), create(client)
    response = client.get(f"/api/matches/{second['id']}", headers=auth(tokens_of(first)[0]))
    assert response.status_code == 403


# --------------------------------------------------------------------- moves
def _first_mover(client: Any, match: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    for seat, token in tokens_of(match).items():
        view = client.get(f"/api/matches/{match['id']}", headers=auth(token)).json()
        if view["legal"]:
            return seat, view
    raise AssertionError("nobody to move")


def test_a_move_is_played_stored_and_seen_by_everyone(client: Any) -> None:
    match = create(client)
    seat, view = _first_mover(client, match)
    token = tokens_of(match)[seat]
    response = client.post(
        f"/api/matches/{match['id']}/moves",
        headers=auth(token),
        json={"action": view["legal"][0], "move_number": view["move_number"]},
    )
    assert response.status_code == 200 and response.json() == {"move_number": 1}
    assert move_count(client, match["id"]) == 1
    other = client.get(f"/api/matches/{match['id']}", headers=auth(tokens_of(match)[1 - seat])).json()
    assert other["move_number"] == 1
    # A bid is a secret choice: the other seat's log does not say which card.
    assert other["log"] == [[seat, "bid (secret)"]]
    mine = client.get(f"/api/matches/{match['id']}", headers=auth(token)).json()
    assert mine["log"] == [[seat, view["legal"][0]]]


def test_rejected_moves_say_why_and_change_nothing(client: Any) -> None:
    match = create(client, players=2)
    state = live_match(client, match["id"]).state
    tokens = tokens_of(match)
    hand = state.observation(0)["hand"]
    not_held = next(c for c in range(1, 13) if c not in hand)
    url = f"/api/matches/{match['id']}/moves"
    cases: list[tuple[dict[str, str], Any, int, str]] = [
        ({}, {"action": f"bid {hand[0]}", "move_number": 0}, 401, "token"),
        (auth("forged"), {"action": f"bid {hand[0]}", "move_number": 0}, 403, "not a seat"),
        (auth(tokens[0]), {"action": f"bid {not_held}", "move_number": 0}, 422, f"you do not hold card {not_held}"),
        (auth(tokens[0]), {"action": "draw", "move_number": 0}, 422, "only bid"),
        (auth(tokens[0]), {"action": "castle e1", "move_number": 0}, 422, "not an action of"),
        (auth(tokens[0]), {"action": "", "move_number": 0}, 422, "notation"),
        (auth(tokens[0]), {"action": 12, "move_number": 0}, 422, "notation"),
        (auth(tokens[0]), {"action": "x" * 500, "move_number": 0}, 422, "too long"),
        (auth(tokens[0]), {"action": f"bid {hand[0]}"}, 422, "move_number"),
        (auth(tokens[0]), {"action": f"bid {hand[0]}", "move_number": "0"}, 422, "integer"),
        (auth(tokens[0]), {"action": f"bid {hand[0]}", "move_number": True}, 422, "integer"),
        (auth(tokens[0]), {"action": f"bid {hand[0]}", "move_number": 5}, 409, "no move 5"),
        (auth(tokens[0]), {"action": f"bid {hand[0]}", "move_number": 0, "extra": 1}, 422, "unknown fields"),
        (auth(tokens[0]), [1], 400, "object"),
    ]
    before = state.observation(0)
    for headers, body, status, reason in cases:
        response = client.post(url, headers=headers, json=body)
        assert response.status_code == status, (body, response.text)
        assert reason in response.json()["error"], (body, response.json())
    assert live_match(client, match["id"]).state.observation(0) == before
    assert move_count(client, match["id"]) == 0
    # Not JSON at all.
    response = client.post(url, headers=auth(tokens[0]), content=b"bid 1")
    assert response.status_code == 400


def test_a_stale_turn_is_rejected_clearly(client: Any) -> None:
    match = create(client, players=2)
    tokens = tokens_of(match)
    rng = random.Random(3)
    # Play through the bids to the sequential draw phase: seat 0 draws, then seat 1.
    while live_match(client, match["id"]).state.observation(None)["phase"] == "bid":
        play_random_move(client, match, rng)
    state = live_match(client, match["id"]).state
    assert state.to_move == (0,)
    seen = state.move_number
    response = client.post(
        f"/api/matches/{match['id']}/moves", headers=auth(tokens[0]), json={"action": "pass", "move_number": seen}
    )
    assert response.status_code == 200
    # Seat 0 replays its old view: its turn has passed.
    response = client.post(
        f"/api/matches/{match['id']}/moves", headers=auth(tokens[1]), json={"action": "pass", "move_number": seen}
    )
    assert response.status_code == 409
    assert "stale turn" in response.json()["error"]
    assert live_match(client, match["id"]).state.move_number == seen + 1
    # It is not seat 0's turn any more.
    response = client.post(
        f"/api/matches/{match['id']}/moves", headers=auth(tokens[0]), json={"action": "pass", "move_number": seen + 1}
    )
    assert response.status_code == 409 and "not your turn" in response.json()["error"]


def test_in_a_simultaneous_phase_another_seats_choice_does_not_make_a_view_stale(client: Any) -> None:
    match = create(client, players=3)
    tokens = tokens_of(match)
    views = {s: client.get(f"/api/matches/{match['id']}", headers=auth(t)).json() for s, t in tokens.items()}
    assert all(v["move_number"] == 0 and v["legal"] for v in views.values())
    for seat in (2, 0):
        response = client.post(
            f"/api/matches/{match['id']}/moves",
            headers=auth(tokens[seat]),
            json={"action": views[seat]["legal"][0], "move_number": 0},
        )
        assert response.status_code == 200, response.text
    # Seat 0 has bid: a second bid from its old view is stale.
    response = client.post(
        f"/api/matches/{match['id']}/moves",
        headers=auth(tokens[0]),
        json={"action": views[0]["legal"][1], "move_number": 0},
    )
    assert response.status_code == 409


def test_two_moves_racing_for_one_turn_cannot_both_land(tmp_path: Path) -> None:
    async def race() -> list[Any]:
        store = Store(f"sqlite:///{tmp_path / 'race.db'}")
        hub = Hub(store, bot_mode="thread")
        await hub.start()
        try:
            info = meeple.GAMES["webtoy"]
            match, _tokens = await hub.create(info, 2, info.resolve_options({}), [{"kind": "human", "name": "a"}] * 2)
            hand = match.state.observation(0)["hand"]
            results = await asyncio.gather(
                *(hub.play(match, 0, f"bid {card}", 0) for card in hand), return_exceptions=True
            )
            assert store.move_count(match.id) == 1
            assert match.state.move_number == 1
            return results
        finally:
            await hub.close()
            store.close()

    results = asyncio.run(race())
    assert sum(1 for r in results if r == 1) == 1
    refused = [r for r in results if r != 1]
    assert len(refused) == 2 and all(getattr(r, "status", None) == 409 for r in refused)


# ---------------------------------------------------------------- WebSocket
def test_websocket_sends_live_views_to_each_seat_and_the_spectator(client: Any) -> None:
    match = create(client, players=2)
    tokens = tokens_of(match)
    path = f"/api/matches/{match['id']}/live"
    with (
        client.websocket_connect(path) as spectator,
        client.websocket_connect(path) as seat1,
    ):
        spectator.send_json({"svg": False})
        seat1.send_json({"token": tokens[1], "svg": True})
        first = spectator.receive_json()["view"]
        assert first["seat"] is None and first["move_number"] == 0 and "svg" not in first
        mine = seat1.receive_json()["view"]
        assert mine["seat"] == 1 and mine["legal"] and mine["svg"].startswith("<svg")
        view0 = client.get(f"/api/matches/{match['id']}", headers=auth(tokens[0])).json()
        client.post(
            f"/api/matches/{match['id']}/moves",
            headers=auth(tokens[0]),
            json={"action": view0["legal"][0], "move_number": 0},
        )
        assert spectator.receive_json()["view"]["log"] == [[0, "bid (secret)"]]
        update = seat1.receive_json()["view"]
        assert update["move_number"] == 1 and update["log"] == [[0, "bid (secret)"]]
        assert update["legal"] == mine["legal"]


@pytest.mark.parametrize(
    ("hello", "status"),
    [({"token": "forged"}, 403), ({"token": 5}, 400), ([1], 400), ({"seat": 0}, 403)],
)
def test_websocket_refuses_a_bad_hello(client: Any, hello: Any, status: int) -> None:
    match = create(client)
    with client.websocket_connect(f"/api/matches/{match['id']}/live") as ws:
        ws.send_json(hello)
        message = ws.receive_json()
        assert message["type"] == "error" and message["status"] == status and message["error"]


def test_websocket_to_an_unknown_match_is_refused(client: Any) -> None:
    with client.websocket_connect("/api/matches/nope/live") as ws:
        ws.send_json({})
        assert ws.receive_json()["status"] == 404
    with client.websocket_connect("/api/matches/nope/live") as ws:
        ws.send_text("not json")
        assert ws.receive_json()["status"] == 400


# --------------------------------------------------------------- bots, end
def test_a_bots_only_match_plays_itself_to_the_end_and_its_record_replays(client: Any) -> None:
    match = create(client, players=3, seats=[{"kind": "bot", "bot": "random"}] * 2 + [{"kind": "bot", "bot": "easy"}])
    with client.websocket_connect(f"/api/matches/{match['id']}/live") as ws:
        ws.send_json({"svg": False})
        view = ws.receive_json()["view"]
        while not view["is_over"]:
            view = ws.receive_json()["view"]
    assert view["winners"] and view["scores"] is not None
    assert all(text is not None and "secret" not in text for _seat, text in view["log"])
    response = client.get(f"/api/matches/{match['id']}/record")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = meeple.Record.from_json(response.text)
    assert [text for _s, text in record.moves] == [text for _s, text in view["log"]]
    assert meeple.replay(record).scores == tuple(view["scores"])
    # Finished: every seat's view is open to anyone.
    assert client.get(f"/api/matches/{match['id']}?seat=1").json()["seat"] == 1


def test_a_slow_bot_is_shown_thinking(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.web import app as web_app
    from meeple.web import hub as web_hub
    from tests.web.conftest import make_client

    monkeypatch.setattr(web_hub, "THINKING_AFTER_S", 0.0)
    app = web_app.create_app(db_url, bot_mode="thread", bot_delay=0.3)
    with make_client(app) as client:
        match = create(client, players=2, seats=[{"kind": "human"}, {"kind": "bot"}])
        with client.websocket_connect(f"/api/matches/{match['id']}/live") as ws:
            ws.send_json({"token": tokens_of(match)[0], "svg": False})
            seen = [ws.receive_json()["view"]["thinking"] for _ in range(2)]
        assert [1] in seen


def test_past_positions_replay_each_seats_view(client: Any) -> None:
    match = create(client, players=2)
    tokens = tokens_of(match)
    rng = random.Random(5)
    history: list[dict[int, dict[str, Any]]] = []
    while True:
        history.append(
            {s: client.get(f"/api/matches/{match['id']}", headers=auth(t)).json() for s, t in tokens.items()}
        )
        if not play_random_move(client, match, rng):
            break
    for at, views in enumerate(history[:-1]):
        for seat, token in tokens.items():
            past = client.get(f"/api/matches/{match['id']}?at={at}", headers=auth(token)).json()
            assert past["replay"] == {"at": at, "of": len(history) - 1}
            assert past["log"] == views[seat]["log"]
            assert past["legal"] == []
            assert past["to_move"] == views[seat]["to_move"]


def test_records_upload_and_view_any_seat_and_bad_records_are_refused(client: Any) -> None:
    state = meeple.new_game("webtoy", 2, seed=11)
    bot = meeple.bots.RandomBot(2)
    for _ in range(5):
        seat = state.to_move[0]
        state.apply(bot.choose(state, seat), seat)
    text = state.record.to_json()
    response = client.post("/api/records", content=text)
    assert response.status_code == 201
    uploaded = response.json()
    view = client.get(f"/api/matches/{uploaded['id']}?seat=0&at=2&observation=1").json()
    replayed = meeple.new_game("webtoy", 2, seed=11)
    for seat, action in state.history[:2]:
        replayed.apply(action, seat)
    assert view["observation"] == replayed.observation(0)
    # Viewable, not playable.
    moves_url = f"/api/matches/{uploaded['id']}/moves"
    assert client.post(moves_url, json={"action": "pass", "move_number": 5}).status_code == 401
    assert client.get(f"/api/matches/{uploaded['id']}/record").json()["moves"] == json.loads(text)["moves"]
    data = json.loads(text)
    bad = [
        "not json",
        json.dumps({**data, "game": "chess"}),
        json.dumps({**data, "moves": [[0, "castle"]]}),
        json.dumps({**data, "moves": [[1, data["moves"][0][1]], *data["moves"][1:]]}),
        json.dumps({**data, "players": 12}),
        json.dumps({**data, "options": {"rounds": "many"}}),
        json.dumps({**data, "format": 99}),
    ]
    for body in bad:
        response = client.post("/api/records", content=body)
        assert response.status_code == 422, body
        assert response.json()["error"]


@pytest.mark.parametrize("game", all_game_ids())
def test_every_game_can_be_started_viewed_and_played_through_the_api(client: Any, game: str) -> None:
    info = meeple.GAMES[game]
    match = create(client, game=game, players=info.default_players)
    rng = random.Random(1)
    for _ in range(30):
        if not play_random_move(client, match, rng):
            break
    for token in tokens_of(match).values():
        view = client.get(f"/api/matches/{match['id']}", headers=auth(token)).json()
        assert view["svg"].lstrip().startswith("<svg") or view["svg"].lstrip().startswith("<?xml")
        assert len(view["log"]) == view["move_number"]


def test_a_failing_bot_or_a_broken_worker_pool_does_not_stall_the_game(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concurrent.futures import BrokenExecutor

    calls = {"n": 0}

    def unreliable(job: Any) -> str:
        calls["n"] += 1
        if calls["n"] == 1:
            raise BrokenExecutor("a worker died")
        raise RuntimeError("the bot crashed")

    hub = client.app.state.hub
    monkeypatch.setattr(hub.runner, "choose", unreliable)
    pool_before = hub.runner.heavy
    match = create(client, players=2, seats=[{"kind": "bot"}, {"kind": "bot"}])
    with client.websocket_connect(f"/api/matches/{match['id']}/live") as ws:
        ws.send_json({"svg": False})
        view = ws.receive_json()["view"]
        while not view["is_over"]:
            view = ws.receive_json()["view"]
    assert calls["n"] > 2
    assert hub.runner.heavy is not pool_before  # restarted after the broken pool


def test_a_match_of_another_rules_version_is_refused_by_name_not_replayed(db_url: str) -> None:
    """A stored match keeps the rules version it was played under; a server
    with other rules says so (409 with both versions) instead of replaying the
    moves into a different game, and a record of another version is not uploaded."""
    from sqlalchemy import update

    from meeple.web import app as web_app
    from meeple.web.storage import matches
    from tests.web.conftest import make_client

    app = web_app.create_app(db_url, bot_mode="thread", bot_workers=1)
    with make_client(app) as first:
        match = create(first, seats=[{"kind": "human"}, {"kind": "human"}])
        store: Store = first.app.state.hub.store
        assert store.load_match(match["id"]).rules_version == meeple.GAMES["webtoy"].rules_version
        with store.engine.begin() as conn:
            conn.execute(update(matches).where(matches.c.id == match["id"]).values(rules_version=99))
        record = meeple.new_game("webtoy", 2, seed=5).record
        stale = json.dumps({**json.loads(record.to_json()), "rules_version": 99})
        refused = first.post("/api/records", content=stale)
        assert refused.status_code == 422 and "rules version 99" in refused.json()["error"]
    again = web_app.create_app(db_url, bot_mode="thread", bot_workers=1)  # a fresh server: nothing in memory
    with make_client(again) as second:
        response = second.get(f"/api/matches/{match['id']}")
        assert response.status_code == 409
        message = response.json()["error"]
        assert "rules version 99" in message and f"version {meeple.GAMES['webtoy'].rules_version}" in message


def test_a_bot_match_of_another_rules_version_is_set_aside_not_retried(db_url: str) -> None:
    """The bot sweep finds a bot turn it cannot replay: the match is marked set aside (both versions
    said), its bot turn is no longer due, and it no longer counts as running."""
    from sqlalchemy import select, update

    from meeple.web import app as web_app
    from meeple.web.storage import matches
    from tests.web.conftest import make_client

    store = Store(db_url)
    hub_app = web_app.create_app(db_url, bot_mode="thread", bot_workers=1, run_bots=False)
    with make_client(hub_app) as first:
        match = create(first, seats=[{"kind": "bot"}, {"kind": "bot"}])
    with store.engine.begin() as conn:
        conn.execute(update(matches).where(matches.c.id == match["id"]).values(rules_version=99))
    assert store.running_count() == 1
    again = web_app.create_app(db_url, bot_mode="thread", bot_workers=1)
    with make_client(again) as second:
        wait_until(lambda: not store.due_bot_matches(time.time() + 60, 10), 10, "the turn to be set aside")
        with store.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match["id"])).mappings().one()
        assert row["status"] == "set_aside" and not row["bot_due"]
        assert store.running_count() == 0
        response = second.get(f"/api/matches/{match['id']}")
        assert response.status_code == 409
        message = response.json()["error"]
        assert "set aside" in message and "rules version 99" in message
        assert f"version {meeple.GAMES['webtoy'].rules_version}" in message
    store.close()
