"""What a page is sent: a seat's view, drawn from ``observation(seat)`` alone.

Nothing here reads a state's fields directly: the board comes from the
game's SVG view of the observation, the log from ``State.move_text`` (which a
game overrides where a move can be secret), and the legal actions are the
seat's own. A spectator (``seat=None``) gets the public observation and no
actions.
"""

from __future__ import annotations

import html
import json
from typing import Any

from meeple.core import State


def move_log(state: State, viewer: int | None) -> list[list[Any]]:
    """``[[seat, text], ...]`` as the moves read to ``viewer``; a secret move reads ``None``."""
    move_text = getattr(state, "move_text", None)
    log: list[list[Any]] = []
    for index, (seat, action) in enumerate(state.history):
        if move_text is not None:
            text = move_text(index, viewer)
        else:
            text = str(action) if viewer == seat or state.is_over else None
        log.append([seat, text])
    return log


def fallback_svg(observation: dict[str, Any]) -> str:
    """A plain listing of the observation, for a game without an SVG view."""
    lines = json.dumps(observation, indent=1, sort_keys=True).splitlines()[:80]
    rows = "".join(
        f'<text x="8" y="{16 * (i + 1)}" font-family="monospace" font-size="12">{html.escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    height = 16 * (len(lines) + 1)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{height}">{rows}</svg>'


def seat_view(
    state: State,
    seat: int | None,
    *,
    svg: bool = True,
    observation: bool = False,
    actionable: bool = True,
) -> dict[str, Any]:
    """The view of ``seat`` (``None``: spectator) of ``state``.

    ``actionable`` is false for a replayed past position: no legal actions are
    offered and the board marks nothing clickable.
    """
    obs = state.observation(seat)
    over = state.is_over
    legal: list[str] = []
    if actionable and seat is not None and not over and seat in state.to_move:
        legal = [str(a) for a in state.legal_actions(seat)]
    view: dict[str, Any] = {
        "seat": seat,
        "move_number": state.move_number,
        "to_move": list(state.to_move),
        "is_over": over,
        "winners": list(state.winners) if over else [],
        "scores": list(state.scores) if over else None,
        "legal": legal,
        "log": move_log(state, seat),
    }
    if svg:
        render = state.info.svg_view
        view["svg"] = render(obs, legal if actionable and seat is not None else None) if render else fallback_svg(obs)
    if observation:
        view["observation"] = obs
    return view
