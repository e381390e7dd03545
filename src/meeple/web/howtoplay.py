"""How to play: each game's rules for players, as a page with pictures of its board.

* ``GET /how-to-play`` lists the games that have such a page.
* ``GET /how-to-play/{game}`` renders the game's HOW_TO_PLAY.md (beside its
  rules module, shipped as package data). A line of the form
  ``[[picture: WHERE | caption]]`` becomes a figure: the board of a seeded game,
  drawn by the game's own SVG view from the spectator's observation, so a
  picture never shows anything hidden. WHERE is ``start``, ``move N`` (the
  position after N moves) or ``end`` (the last position of the game).
* ``GET /how-to-play/{game}/pictures/{n}`` is the page's picture n alone, at full size.

The seeded game is played by the game's heuristic bot, so the pictures are the
same on every server and every request; each page is built once and kept.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from meeple.core import GameInfo, State
from meeple.web import gamepictures
from meeple.web.gamepictures import MAX_MOVES
from meeple.web.hub import Hub
from meeple.web.matchpage import game_document
from meeple.web.page_views import board_svg

FILE_NAME = "HOW_TO_PLAY.md"
PICTURE = re.compile(r"^\[\[picture:\s*(?P<where>[^|\]]+?)\s*(?:\|\s*(?P<caption>[^\]]*?)\s*)?\]\]\s*$", re.MULTILINE)
WHERE = re.compile(r"^(start|end|move (\d{1,4}))$")


class PictureError(ValueError):
    """A picture marker that names no position (a mistake in a HOW_TO_PLAY.md)."""


@dataclass(frozen=True)
class Picture:
    where: str
    caption: str


def how_to_play_markdown(info: GameInfo) -> str | None:
    """The game's HOW_TO_PLAY.md, or ``None`` when it has none."""
    return game_document(info, FILE_NAME)


def pictures_of(markdown: str) -> list[Picture]:
    """The picture markers of a page, in order; a marker naming no position raises :class:`PictureError`."""
    out = []
    for match in PICTURE.finditer(markdown):
        where = " ".join(match["where"].split())
        if WHERE.match(where) is None:
            raise PictureError(f"picture {where!r}: say start, end or move N")
        out.append(Picture(where, match["caption"] or ""))
    return out


def position(info: GameInfo, where: str) -> State:
    """The position a picture shows (see the module's docstring): the lobby pictures' seeded game
    at its start, its end or after a number of moves."""
    count = 0 if where == "start" else MAX_MOVES if where == "end" else int(where.split()[1])
    return gamepictures.position(info, count)


def picture_svg(info: GameInfo, where: str, prefix: str) -> str:
    """The board at ``where`` as the spectator sees it. Ids inside the drawing get
    ``prefix`` so that two drawings on one page never borrow each other's patterns."""
    state = position(info, where)
    svg = board_svg(state, state.observation(None), None, gamepictures.seat_names(state.players))
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    if ids:
        pattern = re.compile(r'(\bid="|url\(#|href="#)(' + "|".join(re.escape(i) for i in ids) + r')(?=[")])')
        svg = pattern.sub(lambda m: f"{m[1]}{prefix}{m[2]}", svg)
    return svg


def markdown_html(markdown: str) -> str:
    """Markdown to HTML: headings, paragraphs, lists, emphasis; any HTML in it is escaped."""
    import markdown_it  # rich's own Markdown parser, already used for the rules pages

    rendered: str = markdown_it.MarkdownIt("commonmark", {"html": False}).render(markdown)
    return rendered


def how_to_play_page(info: GameInfo, markdown: str) -> str:
    """The whole page: the Markdown's text with each picture marker replaced by a drawn board."""
    pictures = pictures_of(markdown)
    numbered = iter(range(len(pictures)))
    body = markdown_html(PICTURE.sub(lambda m: f"\n\nPICTURE-{next(numbered)}\n\n", markdown))
    for index, picture in enumerate(pictures):
        svg = picture_svg(info, picture.where, f"p{index}-")
        # The board is drawn for a whole screen: a link opens it at full size, where its smallest text reads.
        enlarge = f'<a class="enlarge" href="/how-to-play/{html.escape(info.id)}/pictures/{index}">full size</a>'
        caption = f"<figcaption>{html.escape(picture.caption)} {enlarge}</figcaption>"
        figure = f'<figure class="board-picture" data-where="{html.escape(picture.where)}">{svg}{caption}</figure>'
        body = body.replace(f"<p>PICTURE-{index}</p>", figure, 1)
    title = html.escape(info.title)
    game = html.escape(info.id)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>How to play {title} — meeple</title>"
        '<link rel="stylesheet" href="/static/style.css"><link rel="stylesheet" href="/static/howtoplay.css">'
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head><body>'
        f'<header class="top"><a class="brand" href="/">meeple</a><span class="tagline">How to play {title}</span>'
        '<span class="top-tools"><a href="/how-to-play">All games</a></span></header>'
        f'<main class="how-to-play">{body}'
        f'<p class="more">The full rules as this program plays them, move by move: <a href="/rules/{game}">the rules'
        ' in detail</a>. Ready? <a href="/">Start a game from the lobby</a>.</p></main></body></html>'
    )


_pages: dict[tuple[str, int], str | None] = {}


def _page(info: GameInfo) -> str | None:
    """The game's page, built on first use and kept (the pictures cost a whole seeded game)."""
    key = (info.id, info.rules_version)
    if key not in _pages:
        markdown = how_to_play_markdown(info)
        _pages[key] = how_to_play_page(info, markdown) if markdown is not None else None
    return _pages[key]


def index_page(games: list[GameInfo]) -> str:
    items = "".join(
        f'<li><a href="/how-to-play/{html.escape(info.id)}">{html.escape(info.title)}</a>'
        f"{' — ' + html.escape(info.description) if info.description else ''}</li>"
        for info in games
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>How to play — meeple</title><link rel="stylesheet" href="/static/style.css">'
        '<link rel="stylesheet" href="/static/howtoplay.css">'
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head><body>'
        '<header class="top"><a class="brand" href="/">meeple</a><span class="tagline">How to play</span></header>'
        f'<main class="how-to-play"><h1>How to play</h1><ul class="game-list">{items}</ul></main></body></html>'
    )


def routes(hub: Callable[[], Hub]) -> list[Route]:
    """``GET /how-to-play``, ``/how-to-play/{game}`` and ``/how-to-play/{game}/pictures/{n}``."""

    async def index(request: Request) -> Response:
        games = [info for info in hub().games.values() if how_to_play_markdown(info) is not None]
        return HTMLResponse(index_page(games))

    async def game_page(request: Request) -> Response:
        game = request.path_params["game"]
        info = hub().games.get(game)
        if info is None:
            return Response(f"there is no game {game!r}, so no page on how to play it", 404, media_type="text/plain")
        page = await run_in_threadpool(_page, info)
        if page is None:
            return Response(f"{info.title} has no page on how to play it", 404, media_type="text/plain")
        return HTMLResponse(page)

    async def picture(request: Request) -> Response:
        game, number = request.path_params["game"], request.path_params["number"]
        info = hub().games.get(game)
        markdown = how_to_play_markdown(info) if info is not None else None
        pictures = pictures_of(markdown) if markdown is not None else []
        if info is None or not number.isdigit() or int(number) >= len(pictures):
            return Response(f"there is no picture {number!r} on how to play {game!r}", 404, media_type="text/plain")
        svg = await run_in_threadpool(picture_svg, info, pictures[int(number)].where, "")
        return Response(svg, media_type="image/svg+xml")

    return [
        Route("/how-to-play", index),
        Route("/how-to-play/{game}", game_page),
        Route("/how-to-play/{game}/pictures/{number}", picture),
    ]
