"""The learned bot (a game's shipped policy) in the lobby and at the table: offered only where it plays."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.rl.policy import load_policy, shipped_path
from tests.web.helpers import create

SHIPPING = [game for game in ("bayon", "isle_of_skye", "ivor", "ibyron") if shipped_path(game).is_file()]


def test_each_game_with_a_shipped_policy_offers_it_at_its_one_player_count(client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert SHIPPING, "the games ship policies"
    for game in SHIPPING:
        learned = [b for b in games[game]["bots"] if b["level"] == "learned"]
        assert len(learned) == 1, game
        players = load_policy(shipped_path(game)).players
        assert learned[0]["players"] == [players]
        assert f"Trained for {players}-player games" in learned[0]["label"]
    # The toy game ships none: no learned bot in its menu, and the other levels carry no player counts.
    assert [b["level"] for b in games["webtoy"]["bots"]] == ["random", "easy", "medium", "hard"]
    assert all("players" not in b for b in games["webtoy"]["bots"])


def _refused(client: Any, body: dict[str, Any]) -> str:
    before = len(client.app.state.hub.store.running_matches_with_bots())
    response = client.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    assert len(client.app.state.hub.store.running_matches_with_bots()) == before  # nothing was created
    return str(response.json()["error"])


def test_a_learned_bot_at_another_player_count_is_refused_with_the_count_it_plays(client: Any) -> None:
    trained_for = load_policy(shipped_path("bayon")).players
    other = 3 if trained_for != 3 else 2
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "learned"}] * (other - 1)
    error = _refused(client, {"game": "bayon", "players": other, "seats": seats})
    assert error == f"seat 1: the learned bot of bayon plays only {trained_for}-player games (this one has {other})"


def test_a_learned_bot_in_a_game_that_ships_none_is_refused(client: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "learned"}]
    error = _refused(client, {"game": "webtoy", "players": 2, "seats": seats})
    assert error == "seat 1: webtoy has no learned bot on this server"


@pytest.mark.parametrize("bad", ["Learned", "learned:2", "policy:/etc/passwd"])
def test_only_the_exact_level_name_seats_a_policy(client: Any, bad: str) -> None:
    # A file path must never reach the server's bot maker: only the shipped policy is offered.
    error = _refused(client, {"game": "bayon", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": bad}]})
    assert "bot must be one of random, easy, medium, hard, learned" in error


def test_a_learned_bot_plays_a_whole_game_against_a_random_bot(client: Any) -> None:
    players = load_policy(shipped_path("bayon")).players
    seats = [{"kind": "bot", "bot": "learned"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    match = create(client, game="bayon", players=players, seats=seats)
    assert match["seats"][0]["bot"] == "learned"
    with client.websocket_connect(f"/api/matches/{match['id']}/live") as ws:
        ws.send_json({"svg": False})
        view = ws.receive_json()["view"]
        while not view["is_over"]:
            view = ws.receive_json()["view"]
    record = meeple.Record.from_json(client.get(f"/api/matches/{match['id']}/record").text)
    assert meeple.replay(record).scores == tuple(view["scores"])
    assert any(seat == 0 for seat, _text in view["log"])  # the learned seat moved
