"""``GET /api/games/{game}/picture``: a picture of the game's board for the lobby's cards.

The picture is the game's own SVG view of a real position: a game set up at
its default player count with a fixed seed, a few moves in (each the game's
fast heuristic move where it has one, else a seeded random legal move), drawn
for a spectator, so it shows nothing any seat keeps secret. A position and its
drawing depend only on the game's code, so each is drawn once per process and
kept; the answer may be cached by the browser for an hour.
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

from meeple.core import GameInfo, State
from meeple.web.page_views import board_svg

if TYPE_CHECKING:
    from meeple.web.hub import Hub

SEED = 7
MOVES = 40  # pieces on every part of the board, yet still early in the game
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Emma")  # plain names: the picture's seats are nobody's
CACHE_CONTROL = "public, max-age=3600"
# The part of each game's drawing a card shows (x, y, width, height in the drawing's own units,
# 4:3 like the card's frame): the whole board shrunk to a card is too small to read, so a card
# shows where the play is — Bayon's first continents and camp, Ivor's railway map, the Isle of Skye's
# first territories, Ibyron's island. A game not listed shows its whole drawing.
CROPS: dict[str, tuple[int, int, int, int]] = {
    "bayon": (0, 40, 840, 630),
    "ivor": (0, 0, 1000, 750),
    "isle_of_skye": (0, 195, 800, 600),
    "ibyron": (0, 30, 560, 420),
}
SVG_TAG = re.compile(r"<svg\b[^>]*>")
SIZE_ATTRIBUTES = re.compile(r'\s(?:width|height|viewBox)="[^"]*"')

_drawn: dict[str, str] = {}
_lock = threading.Lock()


def opening(info: GameInfo, moves: int = MOVES, seed: int = SEED) -> State:
    """The game at its default player count, ``moves`` moves in (fewer if it ends first)."""
    state = info.new(info.default_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over or not state.to_move:
            break
        seat = state.to_move[0]
        if info.rollout_policy is not None:
            action = info.rollout_policy(state, seat, rng)
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply(action, seat)
    return state


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
    state = opening(info)
    names = NAMES[: state.players] if len(NAMES) >= state.players else None
    drawn = cropped(board_svg(state, state.observation(None), None, names), CROPS.get(info.id))
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
