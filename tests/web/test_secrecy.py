"""No page shows a seat anything it may not know, for every game.

The check: whatever a seat cannot know can be re-drawn (``determinize``)
without the seat being able to tell. So the page the server sends a seat
must be exactly the page it would send for any such re-drawn state; the
spectator's page must not change whatever any seat's hidden information is.
A page that leaked a hidden card would differ.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import meeple
from meeple.web.page_views import seat_view
from tests.web.conftest import all_game_ids
from tests.web.helpers import auth, create, live_match, play_random_move, tokens_of

MOVES_CHECKED = 40
FIELDS = ("svg", "legal", "log", "to_move", "is_over", "winners", "scores", "observation")


def _page(view: dict[str, Any]) -> dict[str, Any]:
    return {key: view.get(key) for key in FIELDS}


@pytest.mark.parametrize("game", all_game_ids())
def test_pages_show_each_seat_only_what_it_may_know(client: Any, game: str) -> None:
    info = meeple.GAMES[game]
    rng = random.Random(17)
    match = create(client, game=game, players=info.max_players)
    tokens = tokens_of(match)
    secrets_of_others = set(tokens.values())
    for _ in range(MOVES_CHECKED):
        state = live_match(client, match["id"]).state
        seed_text = str(state.seed)
        worlds = {seat: [state.determinize(seat, random.Random(k)) for k in range(2)] for seat in tokens}
        for seat, token in tokens.items():
            response = client.get(f"/api/matches/{match['id']}?observation=1", headers=auth(token))
            assert seed_text not in response.text
            assert not any(other in response.text for other in secrets_of_others - {token})
            sent = _page(response.json())
            for world in worlds[seat]:
                assert _page(seat_view(world, seat, observation=True)) == sent, (
                    f"seat {seat} at move {state.move_number}"
                )
        spectator = client.get(f"/api/matches/{match['id']}?observation=1")
        assert seed_text not in spectator.text and not any(t in spectator.text for t in secrets_of_others)
        for seat_worlds in worlds.values():
            for world in seat_worlds:
                assert _page(seat_view(world, None, observation=True)) == _page(spectator.json())
        if not play_random_move(client, match, rng):
            break


def test_the_toy_games_hidden_hands_never_reach_another_seats_page(client: Any) -> None:
    """A concrete check of the property above on a game whose secrets are easy to name."""
    match = create(client, players=2)
    tokens = tokens_of(match)
    state = live_match(client, match["id"]).state
    hands = {seat: state.observation(seat)["hand"] for seat in tokens}
    page = client.get(f"/api/matches/{match['id']}?observation=1", headers=auth(tokens[0])).json()
    assert page["observation"]["hand"] == hands[0]
    text = json.dumps(page)
    assert not any(re.search(rf"bid {card}\b", text) for card in hands[1])
    assert not any(f">{card}<" in page["svg"] for card in hands[1])
