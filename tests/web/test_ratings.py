"""Ratings: who counts, updated once in the transaction that ends a game (SQLite and PostgreSQL,
two servers racing), leaderboards and player pages through HTTP, and bad input refused."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from meeple.web.app import create_app
from meeple.web.ratings import match_results, player_ratings, rated_matches, rating_events
from meeple.web.storage import MatchRow, SeatRow, Store
from tests.web.conftest import make_client
from tests.web.helpers import auth, wait_until
from tests.web.server_process import ServerProcess, WorkerProcess
from tests.web.webtoy import INFO as WEBTOY

VS_BOT = [{"kind": "player"}, {"kind": "bot", "bot": "random"}]
BOT = "bot:webtoy:random"


def new_player(client: Any, name: str, address: str | None = None) -> dict[str, Any]:
    """A player; ``address``: the client address its requests come from (X-Forwarded-For, real servers)."""
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    player: dict[str, Any] = made.json()
    player["headers"] = {"X-Player-Key": player["key"], **({"X-Forwarded-For": address} if address else {})}
    return player


def start_game(client: Any, player: dict[str, Any], seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "webtoy", "players": len(seats), "seats": seats, **extra}
    made = client.post("/api/matches", json=body, headers=player["headers"])
    assert made.status_code == 201, made.text
    return made.json()  # type: ignore[no-any-return]


def view(client: Any, match_id: str, token: str | None = None) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}?svg=0&observation=1", headers=auth(token) if token else {})
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def play_out(client: Any, match_id: str, tokens: list[str], rng: random.Random, stop_before_last: bool = False) -> Any:
    """Random legal moves for the seats of ``tokens`` until the game is over (bots move by themselves);
    with ``stop_before_last``, the last move is not played but answered: (token, action, move number)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        views = [(token, view(client, match_id, token)) for token in tokens]
        if views[0][1]["is_over"]:
            return views[0][1]
        for token, seen in views:
            if not seen["legal"]:
                continue
            action = rng.choice(seen["legal"])
            # The toy game's last move: the second seat's draw or pass of its last round.
            played = seen["observation"]
            if stop_before_last and played["phase"] == "draw" and played["round"] == 2 and seen["seat"] == 1:
                return token, action, seen["move_number"]
            answer = client.post(
                f"/api/matches/{match_id}/moves",
                headers=auth(token),
                json={"action": action, "move_number": seen["move_number"]},
            )
            assert answer.status_code in (200, 409), answer.text  # 409: a bot of a bid phase moved first
            break
        else:
            time.sleep(0.02)  # a bot is to move
    raise AssertionError("the game did not end")


def rating_of(client: Any, match_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}/rating")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def board(client: Any) -> dict[str, dict[str, Any]]:
    answer = client.get("/api/leaderboard/webtoy")
    assert answer.status_code == 200, answer.text
    return {row["id"]: row for row in answer.json()["players"]}


def counted(url: str, match_id: str, table: Any = rating_events) -> int:
    """The rows of one match in a ratings table (rating changes: one per seat once it was rated)."""
    store = Store(url, run_migrations=False)
    try:
        with store.engine.connect() as conn:
            query = select(func.count()).select_from(table).where(table.c.match_id == match_id)
            return int(conn.execute(query).scalar() or 0)
    finally:
        store.close()


@pytest.fixture
def any_client(any_db_url: str) -> Iterator[Any]:
    with make_client(create_app(any_db_url, bot_mode="thread")) as client:
        yield client


def test_a_game_against_a_bot_rates_the_player_and_the_bot_level_once(any_client: Any, any_db_url: str) -> None:
    client = any_client
    ann = new_player(client, "Ann")
    made = start_game(client, ann, VS_BOT)
    over = play_out(client, made["id"], [made["seats"][0]["token"]], random.Random(3))
    rating = rating_of(client, made["id"])
    assert rating["created_rated"] and rating["settled"] and rating["rated"] and rating["verdict"] == "rated"
    places = {s["id"]: s["place"] for s in rating["seats"]}
    assert places == {ann["id"]: 1 if 0 in over["winners"] else 2, BOT: 1 if 1 in over["winners"] else 2}
    rows = board(client)
    assert rows[ann["id"]]["games"] == rows[BOT]["games"] == 1
    assert rows[ann["id"]]["name"] == "Ann" and rows[BOT]["name"] == "Bot (random)" and rows[BOT]["kind"] == "bot"
    if places[ann["id"]] != places[BOT]:
        winner, loser = (ann["id"], BOT) if places[ann["id"]] == 1 else (BOT, ann["id"])
        assert rows[winner]["ordinal"] > rows[loser]["ordinal"]
        assert [r["id"] for r in client.get("/api/leaderboard/webtoy").json()["players"]] == [winner, loser]
    page = client.get(f"/api/players/{ann['id']}")
    assert page.status_code == 200 and ann["key"] not in page.text
    mine = page.json()
    assert mine["name"] == "Ann" and mine["ratings"][0]["games"] == 1 and mine["ratings"][0]["like_bot"] == "random"
    assert [p["match"] for p in mine["history"]["webtoy"]] == [made["id"]]
    assert mine["recent"][0]["url"] == f"/m/{made['id']}" and len(mine["recent"][0]["seats"]) == 2
    bots = {
        b["level"]: b for b in next(g for g in client.get("/api/games").json()["games"] if g["id"] == "webtoy")["bots"]
    }
    assert bots["random"]["id"] == BOT and bots["random"]["rating"]["games"] == 1 and bots["easy"]["rating"] is None
    # Ending the same game a second time (its end hook run again) counts nothing more.
    store = client.app.state.hub.store
    with store.engine.begin() as conn:
        store.ended(conn, made["id"])
    assert board(client)[ann["id"]]["games"] == 1 and counted(any_db_url, made["id"]) == 2
    assert counted(any_db_url, made["id"], match_results) == 1  # its last move stored the result: no replay
    # Two resignations of one game sent at once: one ends it, it counts once.
    again = start_game(client, ann, VS_BOT)
    path, token = f"/api/matches/{again['id']}/resign", again["seats"][0]["token"]
    assert sorted(_at_once(*[lambda: client.post(path, headers=auth(token))] * 2)) == [200, 409]
    assert rating_of(client, again["id"])["rated"] and counted(any_db_url, again["id"]) == 2
    assert board(client)[ann["id"]]["games"] == board(client)[BOT]["games"] == 2


def test_one_bot_level_at_two_seats_is_one_player(any_client: Any) -> None:
    ann = new_player(any_client, "Ann")
    made = start_game(any_client, ann, [VS_BOT[0], VS_BOT[1], VS_BOT[1]])
    play_out(any_client, made["id"], [made["seats"][0]["token"]], random.Random(4))
    assert rating_of(any_client, made["id"])["rated"]
    assert [s["id"] for s in rating_of(any_client, made["id"])["seats"]] == [ann["id"], BOT, BOT]
    rows = board(any_client)
    assert set(rows) == {ann["id"], BOT} and rows[BOT]["games"] == 1


def test_pass_and_play_and_games_created_unrated_do_not_count(client: Any) -> None:
    pass_and_play = client.post("/api/matches", json={"game": "webtoy", "players": 2}).json()
    tokens = [s["token"] for s in pass_and_play["seats"]]
    play_out(client, pass_and_play["id"], tokens, random.Random(5))
    verdict = rating_of(client, pass_and_play["id"])
    assert verdict["created_rated"] and not verdict["rated"] and "without a player key" in verdict["verdict"]
    ann = new_player(client, "Ann")
    unrated = start_game(client, ann, VS_BOT, rated=False)
    play_out(client, unrated["id"], [unrated["seats"][0]["token"]], random.Random(6))
    assert rating_of(client, unrated["id"]) == {
        "match": unrated["id"],
        "created_rated": False,
        "settled": False,
        "rated": False,
        "verdict": None,
        "seats": [],
    }
    assert board(client) == {}
    refused = client.post("/api/matches", json={"game": "webtoy", "players": 2, "rated": "yes"})
    assert refused.status_code == 422 and "'rated'" in refused.json()["error"]


def test_two_keys_used_from_one_address_play_unrated(client: Any) -> None:
    """The in-process client is one address: a game between its two keys is one person's."""
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    table = start_game(client, ann, [{"kind": "player"}, {"kind": "open"}], public=True)
    sat = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=bob["headers"])
    assert sat.status_code == 200, sat.text
    play_out(client, table["id"], [table["seats"][0]["token"], sat.json()["token"]], random.Random(7))
    assert "one address" in rating_of(client, table["id"])["verdict"] and board(client) == {}


def test_an_abandoned_game_and_one_stopped_at_the_move_cap_do_not_count(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'r.db'}", bot_mode="thread", abandon_after=0.3, max_moves=5)
    with make_client(app) as client:
        ann = new_player(client, "Ann")
        capped = start_game(client, ann, VS_BOT)
        seen = play_out(client, capped["id"], [capped["seats"][0]["token"]], random.Random(8))
        assert seen["stopped"] and "limit of 5 moves" in seen["stopped"]
        assert rating_of(client, capped["id"])["verdict"] == "not rated: stopped at the server's move cap"
        bob = new_player(client, "Bob")
        table = start_game(client, ann, [{"kind": "player"}, {"kind": "open"}])
        sat = client.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=bob["headers"]).json()
        host = table["seats"][0]["token"]
        bid = view(client, table["id"], host)["legal"][0]
        played = client.post(
            f"/api/matches/{table['id']}/moves", headers=auth(host), json={"action": bid, "move_number": 0}
        )
        assert played.status_code == 200, played.text
        time.sleep(0.4)
        abandoned = client.post(f"/api/matches/{table['id']}/abandon", headers=auth(host))
        assert abandoned.status_code == 200, abandoned.text
        assert rating_of(client, table["id"])["verdict"] == "not rated: abandoned"
        assert view(client, table["id"], sat["token"])["is_over"] and board(client) == {}


def _stored_game(store: Store, match_id: str, seats: list[SeatRow], seed: int) -> None:
    """A rated game stored move by move, as a server stores it, to its end by the rules."""
    state = WEBTOY.new(len(seats), seed)
    store.create_match(
        MatchRow(match_id, "webtoy", len(seats), seed, dict(state.options), "live", "running", seats, rated=True)
    )
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        number = state.move_number
        state.apply(action, seat)
        store.append_move(match_id, number, seat, str(action), state.is_over)


def test_one_key_at_two_seats_and_a_game_of_bots_only_do_not_count(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        twice = [
            SeatRow(0, "Ann", "human", player_id="annannann123"),
            SeatRow(1, "Ann", "human", player_id="annannann123"),
        ]
        _stored_game(store, "twice", twice, 1)
        _stored_game(store, "bots", [SeatRow(s, f"Bot {s}", "bot", bot="random") for s in range(2)], 2)
        people = [
            SeatRow(0, "Ann", "human", player_id="annannann123"),
            SeatRow(1, "Bob", "human", player_id="bobbobbob123"),
        ]
        _stored_game(store, "people", people, 3)  # the rules' end, stored as a server stores it, counts
        with store.engine.connect() as conn:
            verdicts = dict(conn.execute(select(rated_matches.c.match_id, rated_matches.c.verdict)).all())
            rated = {r.player: r.games for r in conn.execute(select(player_ratings)) if r.games}
        assert verdicts == {
            "twice": "not rated: one player key sat at two seats",
            "bots": "not rated: no person played",
            "people": "rated",
        }
        assert rated == {"annannann123": 1, "bobbobbob123": 1}
        assert counted(any_db_url, "people", match_results) == 0  # stored without a server's copy: replayed
    finally:
        store.close()


def test_leaderboard_and_player_pages_answer_and_refuse_bad_input(client: Any) -> None:
    ann = new_player(client, "Ann")
    made = start_game(client, ann, VS_BOT)
    play_out(client, made["id"], [made["seats"][0]["token"]], random.Random(9))
    redirect = client.get("/leaderboard", follow_redirects=False)
    assert redirect.status_code == 302 and redirect.headers["location"].startswith("/leaderboard/")
    for path in ("/leaderboard/webtoy", f"/players/{ann['id']}", f"/players/{BOT}"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html"), path
    refused = {
        "/leaderboard/chess": (404, "no game 'chess'"),
        "/players/nobody123456": (404, "no player"),
        "/api/leaderboard/chess": (404, "no game 'chess'"),
        "/api/leaderboard/webtoy?limit=0": (400, "limit must be a number from 1 to 500"),
        "/api/leaderboard/webtoy?offset=-1": (400, "offset must be a number"),
        "/api/players/nobody123456": (404, "no player 'nobody123456'"),
        f"/api/players/{ann['key']}": (404, "no such player"),  # a key names nobody: only public ids do
        "/api/players/bot:chess:easy": (404, "no bot"),
        "/api/players/bot:webtoy:grandmaster": (404, "no bot"),
        "/api/players/a%20b": (404, "public id"),
        "/api/matches/nomatch12345/rating": (404, "no match"),
    }
    for path, (status, reason) in refused.items():
        answer = client.get(path)
        assert answer.status_code == status and reason in answer.text, (path, answer.status_code, answer.text)
        assert ann["key"] not in answer.text
    paged = client.get("/api/leaderboard/webtoy?limit=1&offset=1").json()
    assert paged["total"] == 2 and [p["place"] for p in paged["players"]] == [2]
    bot_page = client.get(f"/api/players/{BOT}").json()
    assert (
        bot_page["kind"] == "bot"
        and bot_page["ratings"][0]["games"] == 1
        and bot_page["ratings"][0]["like_bot"] is None
    )


def test_open_tables_show_each_seated_players_rating(client: Any) -> None:
    ann = new_player(client, "Ann")
    made = start_game(client, ann, VS_BOT)
    play_out(client, made["id"], [made["seats"][0]["token"]], random.Random(10))
    table = start_game(client, ann, [{"kind": "player"}, VS_BOT[1], {"kind": "open"}], public=True)
    listed = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == table["id"])
    assert listed["rated"] is True
    seats = listed["seats"]
    assert [s["player"] for s in seats] == [ann["id"], BOT, None]
    assert seats[0]["rating"]["games"] == 1 and seats[1]["rating"]["games"] == 1 and seats[2]["rating"] is None
    assert seats[0]["rating"]["ordinal"] == board(client)[ann["id"]]["ordinal"]


# ------------------------------------------------------------ two servers
def _at_once(*calls: Any) -> list[int]:
    """Send the requests at the same moment from threads; their status codes."""
    barrier = threading.Barrier(len(calls))
    codes: list[int] = [0] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        codes[i] = calls[i]().status_code

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


def test_two_servers_ending_the_same_game_at_once_rate_it_once(postgres_url: str, tmp_path: Path) -> None:
    """Every way a game ends, raced between two servers; the bots' moves (a game's last one
    included) made by a ``meeple worker``, which rates what it ends too."""
    a = ServerProcess(postgres_url, "--no-bots", log_path=tmp_path / "a.log").start()  # makes the schema
    b = ServerProcess(postgres_url, "--no-bots", log_path=tmp_path / "b.log")
    worker = WorkerProcess(postgres_url, "--bot-threads", log_path=tmp_path / "worker.log")
    starting = [threading.Thread(target=process.start) for process in (b, worker)]  # the others at once
    for thread in starting:
        thread.start()
    for thread in starting:
        thread.join()
    try:
        assert b.url and worker.proc is not None and worker.proc.poll() is None, "a process did not start"
        with httpx.Client(base_url=a.url, timeout=30) as on_a, httpx.Client(base_url=b.url, timeout=30) as on_b:
            ann = new_player(on_a, "Ann", "10.0.0.1")
            bob = new_player(on_a, "Bob", "10.0.0.2")
            # Ann resigns on both servers at once: one ends the game, the other finds it over.
            resigned = []
            for _ in range(2):
                made = start_game(on_a, ann, VS_BOT)
                token = made["seats"][0]["token"]
                view(on_b, made["id"])  # B holds the match too
                path = f"/api/matches/{made['id']}/resign"
                codes = _at_once(
                    lambda p=path, t=token: on_a.post(p, headers=auth(t)),
                    lambda p=path, t=token: on_b.post(p, headers=auth(t)),
                )
                assert sorted(codes) == [200, 409], codes
                resigned.append(made["id"])
            # Both servers' clock sweeps find Ann out of time at once.
            clock = {"kind": "realtime", "bank": 1, "increment": 0, "on_timeout": "lose"}
            timed = start_game(on_a, ann, VS_BOT, clock=clock)
            view(on_b, timed["id"])
            wait_until(lambda: view(on_b, timed["id"])["ended_by"] == "timeout", 10, "the loss on time")
            # Bob's last move (the rules' end) on B, Ann's resignation on A, at once.
            table = start_game(on_a, ann, [{"kind": "player"}, {"kind": "open"}])
            sat = on_b.post(f"/api/matches/{table['id']}/sit", json={"seat": 1}, headers=bob["headers"]).json()
            ann_token = table["seats"][0]["token"]
            # A hears of Bob's seat (taken on B) through a notice; until then his link is not a seat there.
            wait_until(lambda: on_a.get(f"/api/matches/{table['id']}", headers=auth(sat["token"])).is_success, 5)
            token, action, number = play_out(on_a, table["id"], [ann_token, sat["token"]], random.Random(11), True)
            move = {"action": action, "move_number": number}
            codes = _at_once(
                lambda: on_b.post(f"/api/matches/{table['id']}/moves", headers=auth(token), json=move),
                lambda: on_a.post(f"/api/matches/{table['id']}/resign", headers=auth(ann_token)),
            )
            assert sorted(codes) == [200, 409], codes
            # Ann against the bot to the end: the bot (the worker) makes the last move.
            played = start_game(on_a, ann, VS_BOT)
            over = play_out(on_a, played["id"], [played["seats"][0]["token"]], random.Random(13))
            assert over["ended_by"] == "rules" and over["moves"][-1]["seat"] == 1
            assert counted(postgres_url, played["id"], match_results) == 0  # the worker holds no tables: a replay
            for match_id in [*resigned, timed["id"], table["id"], played["id"]]:
                wait_until(lambda m=match_id: rating_of(on_b, m)["settled"], 5, "the verdict")
                assert rating_of(on_b, match_id)["rated"] and counted(postgres_url, match_id) == 2
            rows = board(on_b)
            assert rows[ann["id"]]["games"] == 5 and rows[BOT]["games"] == 4 and rows[bob["id"]]["games"] == 1
            assert rows == board(on_a)
    finally:
        for process in (a, b, worker):
            process.stop()
