"""A server killed hard with games in progress resumes every game exactly, bots included."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx

import meeple
from meeple.web.storage import Store
from tests.web.conftest import all_game_ids
from tests.web.helpers import auth, create, play_random_move, tokens_of
from tests.web.server_process import ServerProcess


def _views(client: httpx.Client, match: dict[str, Any]) -> dict[Any, Any]:
    views: dict[Any, Any] = {
        s: client.get(f"/api/matches/{match['id']}", headers=auth(t)).json() for s, t in tokens_of(match).items()
    }
    views["spectator"] = client.get(f"/api/matches/{match['id']}").json()
    return views


def _wait_for(predicate: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_killed_server_resumes_every_game_from_its_stored_moves(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'restart.db'}"
    real_game = all_game_ids()[0]  # bots run in worker processes, which know only the registered games
    rng = random.Random(4)
    server = ServerProcess(db_url, "--bot-workers", "1", "--bot-delay", "0.05", log_path=tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            people = create(client, players=3)
            for _ in range(5):
                play_random_move(client, people, rng)
            versus = create(client, game=real_game, players=2, seats=[{"kind": "human"}, {"kind": "bot"}])
            token = tokens_of(versus)[0]
            for _ in range(3):
                _wait_for(lambda: bool(client.get(f"/api/matches/{versus['id']}", headers=auth(token)).json()["legal"]))
                play_random_move(client, versus, rng)
            bots = create(client, game=real_game, players=2, seats=[{"kind": "bot"}, {"kind": "bot"}])
            _wait_for(lambda: client.get(f"/api/matches/{bots['id']}").json()["move_number"] >= 5)
            _wait_for(lambda: bool(client.get(f"/api/matches/{versus['id']}", headers=auth(token)).json()["legal"]))
            before = {m["id"]: _views(client, m) for m in (people, versus)}
            bots_before = client.get(f"/api/matches/{bots['id']}").json()
        server.kill()

        # Nothing acknowledged was lost.
        store = Store(db_url, run_migrations=False)
        stored = store.load_match(bots["id"])
        store.close()
        assert stored is not None and len(stored.moves) >= bots_before["move_number"]

        server = ServerProcess(db_url, "--bot-workers", "1", "--bot-delay", "0.05", log_path=tmp_path / "server.log")
        server.start()
        with httpx.Client(base_url=server.url, timeout=30) as client:
            for match in (people, versus):
                assert _views(client, match) == before[match["id"]]
            # The all-bot game goes on by itself from where it was.
            _wait_for(lambda: client.get(f"/api/matches/{bots['id']}").json()["move_number"] > len(stored.moves))
            bots_after = client.get(f"/api/matches/{bots['id']}").json()
            assert bots_after["log"][: len(bots_before["log"])] == bots_before["log"]
            # The human-vs-bot game: the human plays on, and the bot answers.
            seen = before[versus["id"]][0]["move_number"]

            def bot_answered() -> bool:
                view = client.get(f"/api/matches/{versus['id']}", headers=auth(token)).json()
                if view["is_over"] or any(s == 1 for s, _text in view["log"][seen:]):
                    return True
                if view["legal"]:
                    play_random_move(client, versus, rng)
                return False

            _wait_for(bot_answered)
            # The people's game plays on to the end.
            while play_random_move(client, people, rng):
                pass
            final = client.get(f"/api/matches/{people['id']}/record")
            assert final.status_code == 200
            recorded = meeple.Record.from_json(final.text).moves
            for seat, view in before[people["id"]].items():
                if seat == "spectator":
                    continue
                # Each seat's own moves before the kill are exactly the recorded ones.
                assert [(s, t) for s, t in view["log"] if s == seat] == [(s, t) for s, t in recorded[:5] if s == seat]
    finally:
        server.kill()
