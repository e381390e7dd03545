"""Leaderboards and player pages: the ratings of :mod:`meeple.web.ratings`, read (JSON API and pages).

Routes (a refusal is a 4xx with ``{"error"}``)
  GET /leaderboard[/{game}]              the leaderboard page (the first game's without one)
  GET /players/{id}                      a player's page (a public player id, or ``bot:<game>:<level>``)
  GET /api/leaderboard/{game}            ``?limit=`` (1-500, default 100) ``&offset=``: the players by
                                         rating (the ordinal, mu - 3 sigma), their games, last played
  GET /api/players/{id}                  a player's ratings, rating over time and recent rated games
  GET /api/matches/{id}/rating           whether a game counts, why not, and each seat's change

A player is named by its public id (what ``/api/players/me`` answers), never by
its key. Besides these, ``/api/games`` gives each bot level's rating and
``/api/tables`` each seated player's rating for the table's game.
"""

from __future__ import annotations

import contextlib
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from meeple.web.botworker import BOT_LEVELS, LEARNED
from meeple.web.errors import ApiError
from meeple.web.parsing import number
from meeple.web.ratings import (
    BOT_ID,
    BOT_PREFIX,
    PLAYER_ID,
    RATED,
    bot_identity,
    player_ratings,
    rated_matches,
    rating_events,
)
from meeple.web.storage import matches
from meeple.web.tablestore import players

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from meeple.web.hub import Hub

STATIC = Path(__file__).parent / "static"
MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_LIMIT = 500
HISTORY = 300  # the points of a player's rating chart, per game
RECENT = 20  # the recent games on a player's page
MAX_SEATS = 8  # more seats than any game has


def rating_json(mu: float, sigma: float, games: int | None = None, last_played: float | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"ordinal": round(mu - 3 * sigma, 2), "mu": round(mu, 2), "sigma": round(sigma, 2)}
    if games is not None:
        found.update(games=games, last_played=last_played)
    return found


def bot_name(level: str) -> str:
    return f"Bot ({level})"


# ------------------------------------------------------------------ reads
def leaderboard(engine: Engine, game: str, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
    """One page of a game's players, best ordinal first, and how many there are."""
    r = player_ratings.c
    query = (
        select(r.player, r.mu, r.sigma, r.games, r.last_played, players.c.name)
        .outerjoin(players, players.c.id == r.player)
        .where(r.game == game)
        .order_by(r.ordinal.desc(), r.player)
        .limit(limit)
        .offset(offset)
    )
    with engine.connect() as conn:
        total = int(conn.execute(select(func.count()).select_from(player_ratings).where(r.game == game)).scalar() or 0)
        rows = list(conn.execute(query))
    board = []
    for place, row in enumerate(rows, offset + 1):
        bot = BOT_ID.match(row.player)
        board.append(
            {
                "place": place,
                "id": row.player,
                "name": bot_name(bot.group(2)) if bot else row.name,
                "kind": "bot" if bot else "player",
                **rating_json(row.mu, row.sigma, row.games, row.last_played),
            }
        )
    return board, total


def player_name(engine: Engine, player_id: str) -> str | None:
    with engine.connect() as conn:
        found = conn.execute(select(players.c.name).where(players.c.id == player_id)).scalar()
    return None if found is None else str(found)


def profile(engine: Engine, player: str) -> dict[str, Any]:
    """A player's ratings per game, each game's rating after every rated game (the newest
    :data:`HISTORY`), and the newest :data:`RECENT` rated games with everyone's places."""
    r, e = player_ratings.c, rating_events.c
    with engine.connect() as conn:
        current = list(conn.execute(select(player_ratings).where(r.player == player).order_by(r.game)))
        history: dict[str, list[dict[str, Any]]] = {}
        for row in current:
            points = conn.execute(
                select(e.match_id, e.mu, e.sigma, e.at)
                .where(e.player == player, e.game == row.game)
                .order_by(e.at.desc(), e.match_id)
                .limit(HISTORY)
            )
            history[row.game] = [
                {"match": p.match_id, "at": p.at, **rating_json(p.mu, p.sigma)} for p in reversed(list(points))
            ]
        # The newest events by the (player, at) index, never all of a busy bot's: a player sits at
        # most MAX_SEATS seats of one game, so these hold the newest RECENT games.
        newest = conn.execute(
            select(e.match_id, e.at).where(e.player == player).order_by(e.at.desc()).limit(RECENT * MAX_SEATS)
        )
        first: dict[str, Any] = {}
        for row in newest:
            first.setdefault(row.match_id, row)
        mine = list(first.values())[:RECENT]
        ids = [m.match_id for m in mine]
        seated = list(conn.execute(select(rating_events).where(e.match_id.in_(ids)).order_by(e.seat))) if ids else []
        bots = list(conn.execute(select(player_ratings).where(r.player.like(f"{BOT_PREFIX}%"))))
    by_match: defaultdict[str, list[Any]] = defaultdict(list)
    for row in seated:
        by_match[row.match_id].append(row)
    recent = []
    for m in mine:
        rows = by_match[m.match_id]
        own = [row for row in rows if row.player == player]
        recent.append(
            {
                "match": m.match_id,
                "game": rows[0].game,
                "at": m.at,
                "place": min(row.place for row in own),
                "won": any(row.place == 1 for row in own),
                "before": rating_json(own[0].mu_before, own[0].sigma_before),
                "after": rating_json(own[-1].mu, own[-1].sigma),
                "seats": [{"seat": row.seat, "id": row.player, "name": row.name, "place": row.place} for row in rows],
                "url": f"/m/{m.match_id}",
            }
        )
    levels: defaultdict[str, dict[str, float]] = defaultdict(dict)
    for b in bots:
        found = BOT_ID.match(b.player)
        if found:
            levels[b.game][found.group(2)] = b.mu
    ratings = []
    for row in current:
        # The bot level whose mean (mu) is nearest: "about as strong as medium" (for people only).
        others = [] if BOT_ID.match(player) else levels[row.game].items()
        near = min(others, key=lambda item: abs(item[1] - row.mu), default=None)
        ratings.append(
            {
                "game": row.game,
                **rating_json(row.mu, row.sigma, row.games, row.last_played),
                "like_bot": None if near is None else near[0],
            }
        )
    return {"ratings": ratings, "history": history, "recent": recent}


def bot_ratings(engine: Engine) -> dict[tuple[str, str], dict[str, Any]]:
    """``(game, level)`` → that bot level's rating."""
    r = player_ratings.c
    with engine.connect() as conn:
        rows = list(conn.execute(select(player_ratings).where(r.player.like(f"{BOT_PREFIX}%"))))
    found = {}
    for row in rows:
        bot = BOT_ID.match(row.player)
        if bot and bot.group(1) == row.game:
            found[row.game, bot.group(2)] = rating_json(row.mu, row.sigma, row.games, row.last_played)
    return found


def ratings_of(
    engine: Engine, pairs: set[tuple[str, str]], match_ids: list[str]
) -> tuple[dict[tuple[str, str], dict[str, Any]], set[str]]:
    """The ratings of these ``(game, player)`` pairs, and which of ``match_ids`` were created rated."""
    r = player_ratings.c
    with engine.connect() as conn:
        rows = []
        if pairs:
            games, people = {g for g, _ in pairs}, {p for _, p in pairs}
            rows = list(conn.execute(select(player_ratings).where(r.game.in_(games), r.player.in_(people))))
        rated = set()
        if match_ids:
            query = select(rated_matches.c.match_id).where(rated_matches.c.match_id.in_(match_ids))
            rated = {row.match_id for row in conn.execute(query)}
    found = {
        (row.game, row.player): rating_json(row.mu, row.sigma, row.games, row.last_played)
        for row in rows
        if (row.game, row.player) in pairs
    }
    return found, rated


def match_rating(engine: Engine, match_id: str) -> dict[str, Any] | None:
    e = rating_events.c
    with engine.connect() as conn:
        status = conn.execute(select(matches.c.status).where(matches.c.id == match_id)).scalar()
        if status is None:
            return None
        flag = conn.execute(select(rated_matches).where(rated_matches.c.match_id == match_id)).first()
        rows = list(conn.execute(select(rating_events).where(e.match_id == match_id).order_by(e.seat)))
    return {
        "match": match_id,
        "created_rated": flag is not None,
        "settled": flag is not None and flag.settled_at is not None,
        "rated": flag is not None and flag.verdict == RATED,
        "verdict": None if flag is None else flag.verdict,
        "seats": [
            {
                "seat": row.seat,
                "id": row.player,
                "name": row.name,
                "place": row.place,
                "before": rating_json(row.mu_before, row.sigma_before),
                "after": rating_json(row.mu, row.sigma),
            }
            for row in rows
        ],
    }


# ------------------------------------------- ratings beside other answers
async def add_bot_ratings(hub: Hub, catalogue: list[dict[str, Any]]) -> None:
    """Give each game's bot levels in ``/api/games`` their rating (``null``: none yet, or the database is away)."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    with contextlib.suppress(SQLAlchemyError):  # the catalogue is served without the database too
        found = await hub.read(bot_ratings, hub.store.engine)
    for game in catalogue:
        for bot in game["bots"]:
            bot["id"] = bot_identity(game["id"], bot["level"])
            bot["rating"] = found.get((game["id"], bot["level"]))


async def add_seat_ratings(hub: Hub, tables: list[dict[str, Any]]) -> None:
    """Give each listed open table whether it is rated, and each seat with a ``player`` its rating there."""
    pairs = {(t["game"], s["player"]) for t in tables for s in t["seats"] if s.get("player")}
    found: dict[tuple[str, str], dict[str, Any]] = {}
    rated: set[str] = set()
    with contextlib.suppress(SQLAlchemyError):  # the tables are listed without their ratings then
        found, rated = await hub.read(ratings_of, hub.store.engine, pairs, [t["id"] for t in tables])
    for table in tables:
        table["rated"] = table["id"] in rated
        for seat in table["seats"]:
            seat["rating"] = found.get((table["game"], seat["player"])) if seat.get("player") else None


# ------------------------------------------------------------------ routes
class RatingsApi:
    """The routes above, for one request."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def _game(self, request: Request) -> str:
        game = str(request.path_params["game"])
        if game not in self.hub.games:
            raise ApiError(404, f"there is no game {game!r} (games: {', '.join(self.hub.games) or 'none'})")
        return game

    async def _player(self, request: Request) -> tuple[str, str, str | None]:
        """The player asked for: its id, name and kind, or a 404 that says why."""
        player = str(request.path_params["player_id"])
        bot = BOT_ID.match(player)
        if bot:
            game, level = bot.groups()
            if game not in self.hub.games or (level not in BOT_LEVELS and level != LEARNED):
                raise ApiError(404, f"there is no bot {player!r} (a bot is bot:<game>:<level>)")
            return player, bot_name(level), game
        if not PLAYER_ID.match(player):
            raise ApiError(404, "there is no such player: a player is named by its public id (12 characters)")
        name = await self.hub.read(player_name, self.hub.store.engine, player)
        if name is None:
            raise ApiError(404, f"there is no player {player!r}")
        return player, name, None

    @staticmethod
    def _count(request: Request, name: str, default: int, low: int, high: int) -> int:
        raw = request.query_params.get(name)
        if raw is None:
            return default
        value = number(raw)
        if value is None or not low <= value <= high:
            raise ApiError(400, f"{name} must be a number from {low} to {high}, got {raw[:20]!r}")
        return value

    async def leaderboard(self, request: Request) -> Response:
        game = self._game(request)
        limit = self._count(request, "limit", 100, 1, MAX_LIMIT)
        offset = self._count(request, "offset", 0, 0, 10**9)
        board, total = await self.hub.read(leaderboard, self.hub.store.engine, game, limit, offset)
        info = self.hub.games[game]
        return JSONResponse(
            {
                "game": game,
                "title": info.title,
                "rating": "ordinal = mu - 3 sigma (OpenSkill, Plackett-Luce): a cautious estimate of strength",
                "total": total,
                "players": board,
            }
        )

    async def player(self, request: Request) -> Response:
        player, name, bot_game = await self._player(request)
        found = await self.hub.read(profile, self.hub.store.engine, player)
        titles = {g: info.title for g, info in self.hub.games.items()}
        for rating in found["ratings"]:
            rating["title"] = titles.get(rating["game"], rating["game"])
        for game in found["recent"]:
            game["title"] = titles.get(game["game"], game["game"])
        return JSONResponse({"id": player, "name": name, "kind": "bot" if bot_game else "player", **found})

    async def match_rating(self, request: Request) -> Response:
        match_id = str(request.path_params["match_id"])
        found = await self.hub.read(match_rating, self.hub.store.engine, match_id) if MATCH_ID.match(match_id) else None
        if found is None:
            raise ApiError(404, f"there is no match {match_id[:40]!r}")
        return JSONResponse(found)

    async def leaderboard_page(self, request: Request) -> Response:
        if "game" not in request.path_params:
            first = next(iter(self.hub.games), None)
            if first is None:
                return PlainTextResponse("no games are installed", status_code=404)
            return RedirectResponse(f"/leaderboard/{first}", status_code=302)
        game = str(request.path_params["game"])
        if game not in self.hub.games:
            return PlainTextResponse(f"there is no game {game[:40]!r}", status_code=404)
        return FileResponse(STATIC / "leaderboard.html")

    async def player_page(self, request: Request) -> Response:
        try:
            await self._player(request)
        except ApiError as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)
        return FileResponse(STATIC / "player_page.html")


def routes(hub: Callable[[], Hub]) -> list[Route]:
    def endpoint(name: str) -> Callable[[Request], Any]:
        async def call(request: Request) -> Response:
            return await getattr(RatingsApi(hub()), name)(request)  # type: ignore[no-any-return]

        return call

    return [
        Route("/leaderboard", endpoint("leaderboard_page")),
        Route("/leaderboard/{game}", endpoint("leaderboard_page")),
        Route("/players/{player_id}", endpoint("player_page")),
        Route("/api/leaderboard/{game}", endpoint("leaderboard")),
        Route("/api/players/{player_id}", endpoint("player")),
        Route("/api/matches/{match_id}/rating", endpoint("match_rating")),
    ]
