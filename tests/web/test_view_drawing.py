"""A match draws each page's board once per position: a change a board does not show draws nothing.

Pages are sent :meth:`LiveMatch.view_message`; its text is kept until the next
change, and the board inside it until the position or the seats' names change.
What is sent stays exactly what a match rebuilt from the same moves sends.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeple
from meeple.web import page_views
from meeple.web.live import LiveMatch, replay_state
from meeple.web.storage import MatchRow, SeatRow

VIEWERS = (0, 1, None)


def _match(game: str, moves: list[tuple[int, str]]) -> LiveMatch:
    info = meeple.GAMES[game]
    players = max(2, info.min_players)
    seats = [SeatRow(s, f"P{s}", "human") for s in range(players)]
    row = MatchRow("m", game, players, 11, {}, "live", "running", seats)
    return LiveMatch(row, info, replay_state(info, players, 11, {}, moves, [s.name for s in seats]))


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_a_change_the_board_does_not_show_draws_no_board_and_a_move_draws_each_anew(
    monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    drawn: list[Any] = []
    draw = page_views.board_svg

    def counted(*args: Any) -> str:
        drawn.append(args)
        board: str = draw(*args)
        return board

    monkeypatch.setattr(page_views, "board_svg", counted)
    match, rng = _match(game, []), random.Random(3)
    played: list[tuple[int, str]] = []
    for _ in range(4):
        drawn.clear()
        first = [match.view_message(v) for v in VIEWERS]
        assert len(drawn) == len(VIEWERS)  # after a move: each viewer's board drawn anew, once
        assert [match.view_message(v) for v in VIEWERS] == first and len(drawn) == len(VIEWERS)
        bot = match.state.to_move[0]
        match.thinking.add(bot)  # a bot starts thinking: every page changes, no board does
        match.changed()
        thinking = [match.view_message(v) for v in VIEWERS]
        assert thinking != first and len(drawn) == len(VIEWERS)
        fresh = _match(game, played)  # the same match rebuilt from its moves, nothing kept
        fresh.thinking.add(bot)
        assert thinking == [fresh.view_message(v) for v in VIEWERS]
        match.thinking.clear()
        action = rng.choice(match.state.legal_actions(bot))
        after = match.state.clone()
        after.apply(action, bot)
        match.accept(after, bot, str(action))
        played.append((bot, str(action)))
        match.changed()
