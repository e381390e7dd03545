"""Boards drawn from kept fragments are the boards drawn from nothing, byte for byte.

Each game keeps the pieces of its SVG board that recur (the map, the legend,
cards, tiles, text at a place) as finished text, keyed on what they are
drawn from (``meeple.core.svg.fragment``). A key that missed something a
piece depends on would hand one position's piece to another: so every seat's
board (and the spectator's, with and without names, and as a game ended off
the board) is drawn along a random game with the fragments kept from all the
drawings before it, then again after :func:`clear_fragments`, and the two
must be equal.
"""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.core import GameInfo
from meeple.core.svg import clear_fragments
from meeple.web.page_views import ended_board
from tests.conformance.playout import seats_of, states_along

# Names that need escaping, one name twice (initials and colours must still be told apart).
NAME_SETS: tuple[list[str] | None, ...] = (None, ["Ann <&>", "Bob", "Ann <&>", "Dai \"D\"", "Eve"])
SETUPS = [
    pytest.param((info, players, {}), id=f"{info.id}-{players}p")
    for info in meeple.GAMES.values()
    for players in info.player_counts
]


def _draw(info: GameInfo, obs: Any, legal: list[str] | None, names: list[str] | None, players: int) -> str:
    render = info.svg_view
    assert render is not None
    drawn: str = render(obs, legal) if names is None else render(obs, legal, names=names[:players])
    return drawn


@pytest.mark.parametrize("setup", SETUPS)
def test_every_board_drawn_from_kept_fragments_is_the_board_drawn_from_nothing(setup: Any) -> None:
    info, players, _options = setup
    drawings = []
    for number, state in enumerate(states_along(setup, seed=3, count=8)):
        for index, seat in enumerate(seats_of(state)):
            obs = state.observation(seat)
            movers = seat is not None and seat in state.to_move and not state.is_over
            legal = [str(a) for a in state.legal_actions(seat)] if movers else None
            names = NAME_SETS[(number + index) % 2]
            drawings.append((obs, legal, names, _draw(info, obs, legal, names, players)))
        ended = ended_board(obs, [number % players])  # the spectator's board of a game resigned now
        drawings.append((ended, None, NAME_SETS[1], _draw(info, ended, None, NAME_SETS[1], players)))
    for obs, legal, names, kept in drawings:
        clear_fragments()
        assert _draw(info, obs, legal, names, players) == kept, f"seat {obs.get('seat')}: {kept[:200]}"
