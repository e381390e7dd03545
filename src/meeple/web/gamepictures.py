"""``GET /api/games/{game}/picture``: a picture of the game's board for the lobby's cards.

The picture is the game's own SVG view of a real position: a game set up at
its default player count with a fixed seed and played by the game's heuristic
bot (a seeded random legal move where it has none), a few moves in, drawn for a
spectator, so it shows nothing any seat keeps secret. The how-to-play pages
draw their pictures from the same seeded game (:func:`position`). A position
and its drawing depend only on the game's code, so the game is played once per
process and each drawing kept; the answer may be cached by the browser for an
hour.
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meeple.bots import heuristic_policy
from meeple.core import Action, GameInfo, State
from meeple.web.page_views import board_svg

if TYPE_CHECKING:
    from meeple.web.hub import Hub

SEED = 7
MOVES = 40  # pieces on every part of the board, yet still early in the game
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Emma")  # plain names: the picture's seats are nobody's
MAX_MOVES = 5000  # safety net for a game whose bot never finishes (no game of ours comes near it)
CACHE_CONTROL = "public, max-age=3600"
# The part of each game's drawing a card shows (x, y, width, height in the drawing's own units,
# 4:3 like the card's frame): the whole board shrunk to a card is too small to read, so a card
# shows where the play is — Bayon's first continents and camp, Ivor's railway map, the Isle of Skye's
# first territories, Ibyron's island. A game not listed shows its whole drawing.
CROPS: dict[str, tuple[int, int, int, int]] = {
    "bayon": (0, 0, 948, 711),
    "ivor": (0, 225, 1000, 750),
    "isle_of_skye": (0, 245, 948, 711),
    "ibyron": (0, 40, 948, 711),
}
SVG_TAG = re.compile(r"<svg\b[^>]*>")
SIZE_ATTRIBUTES = re.compile(r'\s(?:width|height|viewBox)="[^"]*"')

_drawn: dict[str, str] = {}
_games: dict[str, list[tuple[int, Action]]] = {}
_lock = threading.Lock()


def seeded_moves(info: GameInfo) -> list[tuple[int, Action]]:
    """The moves of the pictures' game: ``info`` at its default player count with ``SEED``, played to
    the end by its heuristic bot (played once per process and kept)."""
    with _lock:
        found = _games.get(info.id)
    if found is not None:
        return found
    state = info.new(None, SEED)
    policy = heuristic_policy(info, SEED)
    rng = random.Random(SEED)
    while not state.is_over and len(state.history) < MAX_MOVES:
        seat = state.to_move[0]
        action = policy(state, seat, rng) if policy is not None else rng.choice(state.legal_actions(seat))
        state.apply(action, seat)
    moves = list(state.history)
    with _lock:
        _games[info.id] = moves
    return moves


def position(info: GameInfo, moves: int) -> State:
    """The pictures' game after its first ``moves`` moves (all of them if it ends sooner)."""
    state = info.new(None, SEED)
    for seat, action in seeded_moves(info)[:moves]:
        state.apply(action, seat)
    return state


def seat_names(players: int) -> list[str]:
    """Plain names for the pictures' seats, so a picture reads like a table of people."""
    return [NAMES[i % len(NAMES)] for i in range(players)]


def cropped(svg: str, crop: tuple[int, int, int, int] | None) -> str:
    """``svg`` showing only ``crop`` (its root's size and viewBox replaced); as it is without one."""
    tag = SVG_TAG.search(svg)
    if crop is None or tag is None:
        return svg
    x, y, width, height = crop
    root = SIZE_ATTRIBUTES.sub("", tag.group(0))
    root = root[:4] + f' width="{width}" height="{height}" viewBox="{x} {y} {width} {height}"' + root[4:]
    return svg[: tag.start()] + root + svg[tag.end() :]


def picture(info: GameInfo) -> str:
    """The lobby's picture of ``info``'s board (an SVG document), drawn once per process."""
    with _lock:
        found = _drawn.get(info.id)
    if found is not None:
        return found
    state = position(info, MOVES)
    drawn = cropped(board_svg(state, state.observation(None), None, seat_names(state.players)), CROPS.get(info.id))
    with _lock:
        _drawn[info.id] = drawn
    return drawn


def picture_route(hub: Callable[[], Hub]) -> Route:
    async def endpoint(request: Request) -> Response:
        game = request.path_params["game"]
        info = hub().games.get(game)
        if info is None:
            return JSONResponse({"error": f"there is no game {game!r}"}, status_code=404)
        svg = await run_in_threadpool(picture, info)  # a first drawing takes a moment: not on the event loop
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": CACHE_CONTROL})

    return Route("/api/games/{game}/picture", endpoint)
