"""What a page is sent: a seat's view, drawn from ``observation(seat)`` alone.

Nothing here reads a state's fields directly: the board comes from the
game's SVG view of the observation, the log from the match's
:class:`~meeple.core.log.GameLog` (or ``State.move_text`` for a position
without one), and the legal actions are the seat's own, each with its
notation (what is typed and stored) and its label (what a person reads). A
spectator (``seat=None``) gets the public observation and no actions.
"""

from __future__ import annotations

import functools
import html
import inspect
import json
from collections.abc import Callable, Sequence
from typing import Any

from meeple.core import State


def move_log(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """The moves as ``viewer`` reads them, for a position without a GameLog (a
    secret move reads ``None``); the same shape as ``GameLog.lines``, without words."""
    move_text = getattr(state, "move_text", None)
    out: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(state.history):
        if move_text is not None:
            text = move_text(index, viewer)
        else:
            text = str(action) if viewer == seat or state.is_over else None
        out.append(
            {
                "number": index + 1,
                "seat": seat,
                "text": text,
                "notation": str(action) if text == str(action) else None,
                "consequences": [],
            }
        )
    return out


def notation_log(lines: Sequence[dict[str, Any]]) -> list[list[Any]]:
    """``[[seat, text], ...]``: each move's notation where ``viewer`` may see it,
    else its neutral text (or ``None``) — the API's compact log."""
    return [[line["seat"], line["notation"] if line["notation"] is not None else line["text"]] for line in lines]


def fallback_svg(observation: dict[str, Any]) -> str:
    """A plain listing of the observation, for a game without an SVG view."""
    lines = json.dumps(observation, indent=1, sort_keys=True).splitlines()[:80]
    rows = "".join(
        f'<text x="8" y="{16 * (i + 1)}" font-family="monospace" font-size="12">{html.escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    height = 16 * (len(lines) + 1)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{height}">{rows}</svg>'


@functools.cache
def takes_names(render: Callable[..., str]) -> bool:
    """Does this SVG view accept the ``names`` keyword (the words contract)?
    Views written before it do not, and are called without."""
    try:
        parameters = inspect.signature(render).parameters
    except (TypeError, ValueError):
        return False
    return "names" in parameters or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


def ended_board(obs: dict[str, Any], winners: Sequence[int]) -> dict[str, Any]:
    """The observation a board is drawn from when the server ended the game off the board
    (a resignation, a clock, abandonment, the move cap): the rules' state goes on, but the
    board must read as over, with the server's winners and nobody to move."""
    return {**obs, "is_over": True, "winners": list(winners)}


def board_svg(state: State, obs: dict[str, Any], legal: list[str] | None, names: Sequence[str] | None) -> str:
    render = state.info.svg_view
    if render is None:
        return fallback_svg(obs)
    if names is not None and takes_names(render):
        return render(obs, legal, names=list(names))
    return render(obs, legal)


def labelled_actions(state: State, seat: int) -> list[dict[str, str]]:
    """The seat's legal actions, each ``{"notation", "label"}``, in the rules' order."""
    return [{"notation": n, "label": label} for n, label in state.labelled_actions(seat)]


def end_summary(state: State, names: Sequence[str] | None) -> dict[str, Any] | None:
    summary = state.end_summary(names)
    return summary.to_json(names) if summary is not None else None


def seat_view(
    state: State,
    seat: int | None,
    *,
    svg: bool = True,
    observation: bool = False,
    actionable: bool = True,
    names: Sequence[str] | None = None,
    moves: Sequence[dict[str, Any]] | None = None,
    undo: int = 0,
    ended: Sequence[int] | None = None,
    boards: dict[Any, str] | None = None,
) -> dict[str, Any]:
    """The view of ``seat`` (``None``: spectator) of ``state``.

    ``actionable`` is false for a replayed past position: no legal actions are
    offered and the board marks nothing clickable. ``moves`` is the log as the
    seat reads it (``GameLog.lines``); without it the log has no words.
    ``undo`` is how many of its own moves the seat may take back now.
    ``ended``: the winners of a game the server ended off the board; its
    board is drawn over (see :func:`ended_board`). ``boards``: boards drawn
    before for this same position and names, kept by the caller (who empties
    it when either changes), keyed on what else a board depends on.
    """
    obs = state.observation(seat)
    over = state.is_over
    actions: list[dict[str, str]] = []
    if actionable and seat is not None and not over and seat in state.to_move:
        actions = labelled_actions(state, seat)
    legal = [a["notation"] for a in actions]
    lines = list(moves) if moves is not None else move_log(state, seat)
    view: dict[str, Any] = {
        "seat": seat,
        "move_number": state.move_number,
        "to_move": list(state.to_move),
        "is_over": over,
        "winners": list(state.winners) if over else [],
        "scores": list(state.scores) if over else None,
        "legal": legal,
        "actions": actions,
        "log": notation_log(lines),
        "moves": lines,
        "undo": undo if actionable else 0,
        "summary": end_summary(state, names) if over else None,
    }
    if svg:
        clickable = legal if actionable and seat is not None else None
        key = (seat, None if clickable is None else tuple(clickable), None if ended is None else tuple(ended))
        drawn = boards.get(key) if boards is not None else None
        if drawn is None:
            drawn = board_svg(state, obs if ended is None else ended_board(obs, ended), clickable, names)
            if boards is not None:
                boards[key] = drawn
        view["svg"] = drawn
    if observation:
        view["observation"] = obs
    return view
