"""Seat links claimed by player keys: an online game played through its private links is rated
for the keys that played it (real server processes, SQLite and PostgreSQL)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select

from meeple.web.storage import Store, seats
from tests.web.helpers import auth
from tests.web.server_process import ServerProcess
from tests.web.test_ratings import board, counted, new_player, rating_of, start_game, view

LINKS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def holders(url: str, match_id: str) -> list[str | None]:
    """Who each seat of a match is bound to, as stored."""
    store = Store(url, run_migrations=False)
    try:
        with store.engine.connect() as conn:
            query = select(seats.c.player_id).where(seats.c.match_id == match_id).order_by(seats.c.seat)
            return [r.player_id for r in conn.execute(query)]
    finally:
        store.close()


def play_through_links(
    client: httpx.Client, match_id: str, players: list[tuple[str, dict[str, str]]], rng: random.Random
) -> tuple[dict[str, Any], list[Any]]:
    """Random legal moves, each seat through its link (``players``: its token and the headers sent
    with it: a key, an address, or nothing) to the end; the last view and every move's ``counts_for``."""
    said: list[Any] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        seen = [view(client, match_id, token) for token, _ in players]
        if seen[0]["is_over"]:
            return seen[0], said
        for (token, headers), mine in zip(players, seen, strict=True):
            if mine["legal"]:
                move = {"action": rng.choice(mine["legal"]), "move_number": mine["move_number"]}
                answer = client.post(f"/api/matches/{match_id}/moves", headers={**headers, **auth(token)}, json=move)
                assert answer.status_code == 200, answer.text
                said.append(answer.json().get("counts_for", "not said"))
                break
    raise AssertionError("the game did not end")


def test_an_online_game_played_through_its_links_by_two_keys_is_rated_once(any_db_url: str, tmp_path: Path) -> None:
    server = ServerProcess(any_db_url, "--no-bots", log_path=tmp_path / "server.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            ann = new_player(client, "Ann", "10.0.0.1")
            bob = new_player(client, "Bob", "10.0.0.2")
            carol = new_player(client, "Carol", "10.0.0.3")
            made = start_game(client, ann, LINKS)  # the lobby's "online" game: two private links
            link_ann, link_bob = (s["token"] for s in made["seats"])
            # Opening a link claims nothing: Ann looks at Bob's seat with her key.
            opened = client.get(f"/api/matches/{made['id']}", headers={**ann["headers"], **auth(link_bob)})
            assert opened.status_code == 200 and opened.json()["seat"] == 1
            assert holders(any_db_url, made["id"]) == [None, None]

            # Ann's first move binds seat 0 to her key, Bob's seat 1 to his.
            over, said = play_through_links(
                client, made["id"], [(link_ann, ann["headers"]), (link_bob, bob["headers"])], random.Random(5)
            )
            assert set(said) == {"you"} and holders(any_db_url, made["id"]) == [ann["id"], bob["id"]]
            # Nobody else is told who holds a seat: neither a spectator nor the other seat.
            for token in (None, link_ann):
                answer = client.get(f"/api/matches/{made['id']}", headers=auth(token) if token else {})
                assert bob["key"] not in answer.text and ann["key"] not in answer.text
                assert answer.json()["match"]["creator_seat"] is None  # not even that Ann (the creator) claimed one
            rating = rating_of(client, made["id"])
            assert rating["rated"] and rating["verdict"] == "rated", rating
            assert [s["id"] for s in rating["seats"]] == [ann["id"], bob["id"]]
            assert counted(any_db_url, made["id"]) == 2  # one change a seat, once
            rows = board(client)
            assert rows[ann["id"]]["games"] == rows[bob["id"]]["games"] == 1
            assert sorted(s["place"] for s in rating["seats"]) == sorted(
                1 if seat in over["winners"] else 2 for seat in (0, 1)
            )
            # Bob's "My games" link (his key's own token) opens the seat he claimed, in any browser.
            mine = client.get("/api/players/me/games", headers=bob["headers"]).json()["games"]
            link = next(g["url"] for g in mine if g["id"] == made["id"])
            assert view(client, made["id"], link.split("#t=")[1])["seat"] == 1

            # Carol plays Ann's link first: the seat is Carol's. Ann's key then plays it on: her moves
            # are played and told that the game counts for another player; the seat stays Carol's.
            taken = start_game(client, ann, LINKS)
            first, second = (s["token"] for s in taken["seats"])
            bid = {"action": view(client, taken["id"], first)["legal"][0], "move_number": 0}
            answer = client.post(
                f"/api/matches/{taken['id']}/moves", headers={**carol["headers"], **auth(first)}, json=bid
            )
            assert answer.status_code == 200 and answer.json()["counts_for"] == "you"
            # While the game runs, nobody else learns who claimed the seat: not its key, not its player.
            for token in (None, second):
                shown = client.get(f"/api/matches/{taken['id']}", headers=auth(token) if token else {}).text
                assert carol["key"] not in shown and carol["id"] not in shown
            _, said = play_through_links(
                client, taken["id"], [(first, ann["headers"]), (second, bob["headers"])], random.Random(7)
            )
            assert "another player" in said and holders(any_db_url, taken["id"]) == [carol["id"], bob["id"]]
            rating = rating_of(client, taken["id"])
            assert rating["rated"] and [s["id"] for s in rating["seats"]] == [carol["id"], bob["id"]]
    finally:
        server.stop()


def test_link_games_stay_unrated_with_one_key_at_both_seats_or_a_seat_nobody_claimed(
    any_db_url: str, tmp_path: Path
) -> None:
    server = ServerProcess(any_db_url, "--no-bots", log_path=tmp_path / "server.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            ann = new_player(client, "Ann", "10.0.0.1")
            # One key plays both links (the lobby's creator holds them all): both seats its, unrated.
            both = start_game(client, ann, LINKS)
            tokens = [s["token"] for s in both["seats"]]
            play_through_links(client, both["id"], [(t, ann["headers"]) for t in tokens], random.Random(2))
            assert holders(any_db_url, both["id"]) == [ann["id"], ann["id"]]
            assert rating_of(client, both["id"])["verdict"] == "not rated: one player key sat at two seats"
            # Seat 1 played by a browser without a key: nobody claimed it, unrated.
            lone = start_game(client, ann, LINKS)
            tokens = [s["token"] for s in lone["seats"]]
            _, said = play_through_links(
                client, lone["id"], [(tokens[0], ann["headers"]), (tokens[1], {})], random.Random(3)
            )
            assert holders(any_db_url, lone["id"]) == [ann["id"], None] and "not said" in said
            verdict = rating_of(client, lone["id"])["verdict"]
            assert verdict == "not rated: a seat was played through a link, without a player key"
            # Pass and play (created unrated): a key playing its seats claims none of them.
            local = start_game(client, ann, LINKS, rated=False)
            tokens = [s["token"] for s in local["seats"]]
            _, said = play_through_links(client, local["id"], [(t, ann["headers"]) for t in tokens], random.Random(4))
            assert holders(any_db_url, local["id"]) == [None, None] and set(said) == {None}
            assert ann["id"] not in board(client)
    finally:
        server.stop()
