"""What the match page needs beyond moves: taking moves back, and the rules at hand.

* ``POST /api/matches/{id}/undo`` (the app's route calls :func:`undo`): take
  back some of the seat's own moves of its current turn (Board Game Arena's
  policy, see :class:`meeple.core.log.GameLog`);
* ``GET /rules/{game}`` (:func:`rules_route`): the game's RULES.md as a page.

Undo changes the stored game: the moves taken back are deleted from the
database in one transaction (refused if a move was stored meanwhile), every
open page is sent its new view, and other processes sharing a PostgreSQL
database are told to read the match anew.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from meeple.core import GameInfo, IllegalAction
from meeple.core.log import GameLog
from meeple.web.errors import ApiError
from meeple.web.hub import Hub, LiveMatch
from meeple.web.movedigest import START_DIGEST, next_digest
from meeple.web.storage import StaleMove


def undo_refusal(log: GameLog, seat: int) -> str:
    """Why ``seat`` may take nothing back now, in words (``undo_points`` is 0)."""
    state = log.state
    if state.is_over:
        return "the game is over"
    if seat not in state.to_move:
        return "it is not your turn: a move can be taken back only during your own turn"
    if not log.entries or log.entries[-1].seat != seat:
        return "you have made no move in this turn yet (another seat acted since your last move)"
    return "your last move revealed something or involved chance, so it stands"


def digest_of(notations: list[tuple[int, str]]) -> bytes:
    digest = START_DIGEST
    for seat, notation in notations:
        digest = next_digest(digest, seat, notation)
    return digest


async def undo(hub: Hub, match: LiveMatch, seat: int, moves: int, seen: int) -> int:
    """Take back ``seat``'s last ``moves`` moves, chosen from the view of move
    ``seen``; returns the move number after. :class:`ApiError` 409 says why not."""
    match = hub.current(match)
    async with match.lock:
        if match.kind != "live":
            raise ApiError(409, "this is an uploaded record: it can be viewed, not played")
        if match.stopped:
            raise ApiError(409, match.stopped)
        count = match.state.move_number
        if seen != count:
            raise ApiError(409, f"stale turn: you looked at move {seen}, the game is at move {count}; look again")
        allowed = match.log.undo_points(seat)
        if allowed == 0:
            raise ApiError(409, f"cannot undo: {undo_refusal(match.log, seat)}")
        try:
            match.log.undo(seat, moves)
        except IllegalAction as exc:
            raise ApiError(409, f"cannot undo: {exc}") from None
        keep = count - moves
        match.forget_lines(keep)
        match.turns, match.notations = match.turns[:keep], match.notations[:keep]
        match.digest = digest_of(match.notations)
        due = hub.bot_to_move(match) is not None
        try:
            await hub.db(hub.store.take_back, match.id, count, keep, due, match.digest.hex())
        except StaleMove:
            await hub.reload_locked(match)
            raise ApiError(409, "stale turn: another move was stored first; look at the board again") from None
        except BaseException:
            await hub.reload_locked(match)  # the database kept the moves: so does the match
            raise
        hub.forget_past(match.id, keep)
    match.changed()
    if due:
        hub.poke(match.id)
    return keep


def rules_markdown(info: GameInfo) -> str | None:
    """The game's RULES.md (beside its rules module, shipped as package data), or ``None``."""
    return game_document(info, "RULES.md")


def game_document(info: GameInfo, file_name: str) -> str | None:
    """A document the game ships in its folder (``RULES.md``, ``HOW_TO_PLAY.md``), or ``None``."""
    return _document_of(info.state_class, file_name)


@cache
def _document_of(state_class: type, file_name: str) -> str | None:
    module = sys.modules.get(state_class.__module__)
    path = Path(module.__file__).parent if module is not None and module.__file__ else None
    for folder in (path, path.parent if path else None):
        if folder is not None and (folder / file_name).is_file():
            return (folder / file_name).read_text(encoding="utf-8")
    return None


def rules_page(info: GameInfo, markdown: str) -> str:
    import markdown_it

    body = markdown_it.MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    title = html.escape(info.title)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{title} rules — meeple</title><link rel="stylesheet" href="/static/style.css">'
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head><body>'
        f'<header class="top"><a class="brand" href="/">meeple</a><h1>{title}: the rules</h1></header>'
        f'<main class="rules">{body}</main></body></html>'
    )


def rules_route(hub: Callable[[], Hub]) -> Route:
    """``GET /rules/{game}``: the game's RULES.md as a page."""

    async def rules_endpoint(request: Request) -> Response:
        game = request.path_params["game"]
        info = hub().games.get(game)
        markdown = rules_markdown(info) if info is not None else None
        if info is None or markdown is None:
            return Response(f"there is no rules page for {game!r}", status_code=404, media_type="text/plain")
        return HTMLResponse(rules_page(info, markdown))

    return Route("/rules/{game}", rules_endpoint)
