"""Small helpers shared by the web tests."""

from __future__ import annotations

import random
from typing import Any

from meeple.web.hub import Hub, LiveMatch


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(
    client: Any, game: str = "webtoy", players: int = 2, seats: list[dict[str, Any]] | None = None, **extra: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": players, **extra}
    if seats is not None:
        body["seats"] = seats
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def tokens_of(match: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in match["seats"] if "token" in s}


def live_match(client: Any, match_id: str) -> LiveMatch:
    """The server's own match object (tests only: pages never see it)."""
    hub: Hub = client.app.state.hub
    return hub._matches[match_id]


def play_random_move(client: Any, match: dict[str, Any], rng: random.Random) -> bool:
    """Play one random legal move for some seat to move through the API; False once over."""
    tokens = tokens_of(match)
    for seat in rng.sample(sorted(tokens), len(tokens)):
        view = client.get(f"/api/matches/{match['id']}?svg=0", headers=auth(tokens[seat])).json()
        if view["is_over"]:
            return False
        if view["legal"]:
            action = rng.choice(view["legal"])
            response = client.post(
                f"/api/matches/{match['id']}/moves",
                headers=auth(tokens[seat]),
                json={"action": action, "move_number": view["move_number"]},
            )
            assert response.status_code == 200, response.text
            return True
    raise AssertionError("nobody can move, but the game is not over")


def wait_until(predicate: Any, timeout: float = 30.0, what: str = "a condition") -> Any:
    """Poll ``predicate`` until it returns something true (returned); an HTTP error counts as not yet."""
    import time

    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
        except httpx.HTTPError:
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
