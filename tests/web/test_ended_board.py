"""A game the server ends off the board (here a resignation) shows an ended board to every page.

The rules' state of such a game goes on (nobody won by the rules), so each
game's board is drawn from an observation marked over with the server's
winners: no page's board may still say whose turn it is.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import meeple
from tests.web.helpers import auth, create, play_random_move, tokens_of

# What a board of a running game says and an ended one must not: a seat to move, "Your turn",
# "Ann's turn" (Bayon), "Ann to take" (Ivor), a mover marked on a mat (Ibyron).
TURN_WORDS = re.compile(r"\bto move\b|Your turn|'s turn|Round \d+: \S+ to |▶")


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_a_resigned_games_board_reads_as_over_for_every_page(client: Any, game: str) -> None:
    info = meeple.GAMES[game]
    players = max(2, info.min_players)
    made = create(client, game=game, players=players)
    tokens = tokens_of(made)
    rng = random.Random(5)
    for _ in range(3):
        assert play_random_move(client, made, rng)
    resigned = client.post(f"/api/matches/{made['id']}/resign", headers=auth(tokens[1]))
    assert resigned.status_code == 200, resigned.text
    winners = resigned.json()["winners"]
    for headers in [auth(token) for token in tokens.values()] + [{}]:
        page = client.get(f"/api/matches/{made['id']}", headers=headers).json()
        assert page["is_over"] and page["winners"] == winners
        board = page["svg"]
        assert "game over" in board.lower(), f"{game}: the board of a resigned game does not say it is over"
        said = TURN_WORDS.findall(board)
        assert not said, f"{game}: the board of a resigned game still says {said}"
        for seat in winners:  # the board names the winners the server decided
            assert f"Seat {seat}" in board
