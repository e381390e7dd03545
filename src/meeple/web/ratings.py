"""Ratings: an OpenSkill rating per player and game, updated in the transaction that ends a rated game.

The model is the arena's (:class:`meeple.arena.stats.RatingBook`): Plackett–Luce
over each game's finishing order, one team per seat, a player in two seats
given the mean of its seats' new ratings. Leaderboards sort by the
conservative ordinal μ − 3σ (0 for a newcomer). A person is rated as its
public player id, never its key; a bot is one player per game and level,
``bot:<game>:<level>``, so the levels' ratings are a yardstick on the
players' own scale.

Which games count (the web README, "Ratings", says why): one created rated
whose every seat is a bot or a person sitting with a player key, with at
least one person, no key at two seats and no two keys used from one address
(a game against one's own other key), ended by its rules, a clock or a
resignation: not abandoned, not stopped at the move cap.

Exactly once: :func:`settle` runs inside the transaction whose conditional
UPDATE of the match's status ended the game (of two processes ending the same
game, only one changes that row and gets here), and first claims the match's
row of ``rated_matches`` with a conditional UPDATE of its own. Rating rows are
locked in one order (sorted by player), so end transactions never deadlock on
them. Everything it writes sits in a savepoint: a failure to rate is logged
and never keeps a game from ending.

The tables are defined here and made by the schema's migrations (revision
``0006``), like every other table.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    cast,
    delete,
    distinct,
    exists,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from meeple.arena.stats import Rating, RatingBook
from meeple.web import clocks, endings
from meeple.web.storage import MatchRow, SeatRow, matches, moves, seats

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

    from meeple.core import GameInfo, State
    from meeple.web.storage import Store

log = logging.getLogger("meeple.web")

metadata = MetaData()

player_ratings = Table(
    "player_ratings",
    metadata,
    Column("game", String(64), primary_key=True),
    # A player's public id, or "bot:<game>:<level>".
    Column("player", String(80), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False),  # mu - 3 sigma, what a leaderboard sorts by
    Column("games", Integer, nullable=False),
    Column("last_played", Float, nullable=False),
    Index("ix_player_ratings_board", "game", "ordinal"),
)

# One row per seat of every rated game: who sat there, its place, its rating before and after.
rating_events = Table(
    "rating_events",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("game", String(64), nullable=False),
    Column("player", String(80), nullable=False),
    Column("name", String(40), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_rating_events_player", "player", "at"),
)

# A row for every match created rated; ``settled_at`` set (once) when its end was judged.
rated_matches = Table(
    "rated_matches",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("settled_at", Float, nullable=True),
    Column("verdict", Text, nullable=True),  # "rated", or why the game did not count
)

# The result of a rated game that ended by its rules, written with its last move by the server that
# held the game (so its rating needs no replay); a process without the game replays the moves instead.
match_results = Table(
    "match_results",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("scores", Text, nullable=False),  # JSON lists
    Column("winners", Text, nullable=False),
)

# Where each key was used from (a keyed hash of the address, never the address), for a while.
player_origins = Table(
    "player_origins",
    metadata,
    Column("player_id", String(32), primary_key=True),
    Column("origin", String(64), primary_key=True),
    Column("last_seen", Float, nullable=False),
    Index("ix_player_origins_origin", "origin"),
)

ratings_meta = Table(
    "ratings_meta",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

RATED = "rated"
# Two keys used from one address within this long are taken for one person.
ORIGIN_WINDOW_S = 30 * 24 * 3600.0
BOT_PREFIX = "bot:"
PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{12}$")  # players.new_player_id: 9 random bytes, URL-safe
BOT_ID = re.compile(r"^bot:([a-z0-9_]{1,64}):([a-z0-9_]{1,32})$")
_salts: dict[str, bytes] = {}


def bot_identity(game: str, level: str) -> str:
    return f"{BOT_PREFIX}{game}:{level}"


def seat_identity(game: str, seat: SeatRow) -> str | None:
    """Who is rated for a seat: a person's public id, a bot level's identity, or ``None``."""
    if seat.kind == "bot" and seat.bot:
        return bot_identity(game, seat.bot)
    if seat.kind == "human":
        return seat.player_id
    return None


# ------------------------------------------------------------------- set-up
def install(store: Store) -> None:
    """Hook the ratings into ``store``: flag a match created rated, settle each game's end
    (replayed with the games of ``meeple.GAMES``, as the server plays them)."""
    import meeple

    store.on_create.append(flag_rated)
    store.on_end.append(lambda conn, match_id: settle(conn, match_id, meeple.GAMES))


def seed_bot_levels(engine: Engine, games: Mapping[str, GameInfo]) -> None:
    """Give each bot level that has no rating on this server yet the one measured for it between
    bots (``meeple.arena.yardstick``, the game's ``level_ratings.json``), as a row of no games, so
    the levels are a yardstick from the first game on. A level's row that exists is kept as it is:
    the games played here moved it. A game without the file leaves its levels to start as a
    newcomer does. Never stops the server: a failure is logged."""
    from meeple.arena.yardstick import measured_ratings
    from meeple.web.botworker import LEARNED, learned_players

    rows = []
    for game in games:
        try:
            measured = measured_ratings(game)
        except ValueError:
            log.exception("ratings: the bot levels' ratings of %s are unreadable; they start as newcomers", game)
            continue
        for level, rating in measured.items():
            if level == LEARNED and learned_players(game) is None:
                continue  # not seated on this server
            rows.append(
                {
                    "game": game,
                    "player": bot_identity(game, level),
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "ordinal": rating.mu - 3 * rating.sigma,
                    "games": 0,
                    "last_played": 0.0,  # with no games: never played here
                }
            )
    if not rows:
        return
    try:
        with engine.begin() as conn:
            conn.execute(
                _upsert(conn)(player_ratings).values(rows).on_conflict_do_nothing(index_elements=["game", "player"])
            )
    except SQLAlchemyError:
        log.exception("ratings: could not write the bot levels' measured ratings (they start as newcomers)")


def created_rated(engine: Engine, match_id: str) -> bool:
    with engine.connect() as conn:
        return (
            conn.execute(select(rated_matches.c.match_id).where(rated_matches.c.match_id == match_id)).first()
            is not None
        )


def store_result(conn: Connection, match_id: str, state: State) -> None:
    """(In the transaction of the move that ended the game ``state``.) Its scores and winners, if it was
    created rated: an insert of a new row, which locks nothing another ending waits for. In a savepoint:
    a failure here only costs the replay."""
    found = select(
        cast(literal(match_id), Text),
        cast(literal(json.dumps([float(v) for v in state.scores])), Text),
        cast(literal(json.dumps(list(state.winners))), Text),
    ).where(exists().where(rated_matches.c.match_id == match_id))
    try:
        with conn.begin_nested():
            conn.execute(insert(match_results).from_select(["match_id", "scores", "winners"], found))
    except SQLAlchemyError:
        log.exception("ratings: could not store the result of match %s (its rating replays it)", match_id)


def flag_rated(conn: Connection, row: MatchRow) -> None:
    """(In the transaction that creates ``row``.) Remember that it was created rated."""
    if row.rated and row.kind == "live":
        conn.execute(insert(rated_matches).values(match_id=row.id))


# ------------------------------------------------------------- the verdict
@dataclass(frozen=True)
class Outcome:
    """A rated game's result: who sat at each seat (identity, name) and each seat's place (1 = first)."""

    game: str
    players: list[str]
    names: list[str]
    places: list[int]


def places(scores: list[float], winners: Iterable[int], lost: Iterable[int]) -> list[int]:
    """Each seat's place: seats that lost on time last, then the winners, then by score; ties share a place.
    (The arena's ``finishing_ranks`` with the web's clocks: a seat that ran out of time is ranked last.)"""
    won, out = set(winners), set(lost)
    key = [(seat not in out, seat in won, scores[seat]) for seat in range(len(scores))]
    return [1 + sum(other > mine for other in key) for mine in key]


def judge(conn: Connection, match_id: str, games: Mapping[str, GameInfo], now: float) -> Outcome | str:
    """The outcome to rate, or why the ended match ``match_id`` does not count (read in ``conn``)."""
    m = conn.execute(
        select(
            matches.c.game,
            matches.c.players,
            matches.c.seed,
            matches.c.options,
            matches.c.kind,
            matches.c.ended,
            matches.c.rules_version,
        ).where(matches.c.id == match_id)
    ).one()
    rows = [
        SeatRow(r.seat, r.name, r.kind, bot=r.bot, player_id=r.player_id, lost=bool(r.lost))
        for r in conn.execute(
            select(seats.c.seat, seats.c.name, seats.c.kind, seats.c.bot, seats.c.player_id, seats.c.lost)
            .where(seats.c.match_id == match_id)
            .order_by(seats.c.seat)
        )
    ]
    if m.kind != "live":
        return "not rated: an uploaded record"
    if len(rows) < 2:
        return "not rated: a game of one seat"
    ending = endings.parse_ended(m.ended, rows) if m.ended else None
    if ending is not None and ending.by == "abandoned":
        return "not rated: abandoned"
    if ending is not None and ending.by not in ("timeout", "resigned"):
        return f"not rated: ended by the server ({ending.by})"
    who = [seat_identity(m.game, s) for s in rows]
    if any(i is None for i in who):
        return "not rated: a seat was played through a link, without a player key"
    people = [s.player_id for s in rows if s.kind == "human" and s.player_id]
    if not people:
        return "not rated: no person played"
    if len(set(people)) < len(people):
        return "not rated: one player key sat at two seats"
    if len(people) > 1 and shared_origin(conn, people, now):
        return "not rated: two of its players' keys were used from one address (one person's two keys?)"
    if ending is not None:
        won = endings.winners(ending, rows)
        order = places([0.0] * len(rows), won, [s.seat for s in rows if s.lost])
    else:
        result = rules_result(conn, match_id, m, games)
        if isinstance(result, str):
            return result
        scores, state_winners = result
        won = clocks.winners(state_winners, scores, rows, False)
        order = places(scores, won, [s.seat for s in rows if s.lost])
    return Outcome(m.game, [str(i) for i in who], [s.name for s in rows], order)


def rules_result(
    conn: Connection, match_id: str, m: Any, games: Mapping[str, GameInfo]
) -> tuple[list[float], list[int]] | str:
    """The scores and winners of a game over by its rules: as its last move stored them, else from
    a replay of its moves; or why there are none (the move cap stopped it, rules unknown here)."""
    stored = conn.execute(
        select(match_results.c.scores, match_results.c.winners).where(match_results.c.match_id == match_id)
    ).first()
    if stored is not None:
        return [float(v) for v in json.loads(stored.scores)], [int(s) for s in json.loads(stored.winners)]
    info = games.get(m.game)
    if info is None or info.rules_version != m.rules_version:
        return "not rated: this server does not play these rules"
    state = info.new(m.players, int(m.seed), **json.loads(m.options))
    for seat, notation in conn.execute(
        select(moves.c.seat, moves.c.notation).where(moves.c.match_id == match_id).order_by(moves.c.number)
    ):
        state.apply(state.parse_action(notation, seat), seat)
    if not state.is_over:
        return "not rated: stopped at the server's move cap"
    return [float(v) for v in state.scores], list(state.winners)


def shared_origin(conn: Connection, people: list[str], now: float) -> bool:
    """Whether two of these players' keys were used from one address lately."""
    query = (
        select(player_origins.c.origin)
        .where(player_origins.c.player_id.in_(people), player_origins.c.last_seen >= now - ORIGIN_WINDOW_S)
        .group_by(player_origins.c.origin)
        .having(func.count(distinct(player_origins.c.player_id)) > 1)
        .limit(1)
    )
    return conn.execute(query).first() is not None


def new_ratings(before: Mapping[str, Rating], outcome: Outcome) -> dict[str, Rating]:
    """The players' ratings after ``outcome``, by the arena's own rating book."""
    book = RatingBook([])
    for player, rating in before.items():
        book.current[player] = book.model.rating(mu=rating.mu, sigma=rating.sigma, name=player)
    # The book ranks by score, winners first: a place is a score of minus the place, nobody a winner.
    book.add({"lineup": outcome.players, "scores": [-float(p) for p in outcome.places], "winners": []})
    return book.ratings()


# ------------------------------------------------------------ the update
def settle(conn: Connection, match_id: str, games: Mapping[str, GameInfo]) -> None:
    """(Inside the transaction that just ended the match.) Rate the game once, or note why not."""
    try:
        with conn.begin_nested():
            _settle(conn, match_id, games)
    except Exception:  # the game still ends, unrated; the log says why
        log.exception("ratings: match %s ended but could not be rated", match_id)


def _settle(conn: Connection, match_id: str, games: Mapping[str, GameInfo]) -> None:
    now = time.time()
    claim = (
        update(rated_matches)
        .where(rated_matches.c.match_id == match_id, rated_matches.c.settled_at.is_(None))
        .values(settled_at=now)
    )
    if conn.execute(claim).rowcount != 1:
        return  # created unrated, or its end was judged already
    outcome = judge(conn, match_id, games, now)
    if isinstance(outcome, Outcome):
        rate(conn, match_id, outcome, now)
        verdict = RATED
    else:
        verdict = outcome
    conn.execute(update(rated_matches).where(rated_matches.c.match_id == match_id).values(verdict=verdict))


def _upsert(conn: Connection) -> Any:
    return postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert


def rate(conn: Connection, match_id: str, outcome: Outcome, now: float) -> None:
    """Lock (creating if new) each player's rating row in sorted order, then write the new ratings."""
    start = RatingBook([]).model
    table = player_ratings.c
    before: dict[str, Rating] = {}
    for player in sorted(set(outcome.players)):
        # An upsert that changes nothing but takes the row's lock, and answers the row as it is.
        row = conn.execute(
            _upsert(conn)(player_ratings)
            .values(
                game=outcome.game,
                player=player,
                mu=start.mu,
                sigma=start.sigma,
                ordinal=start.mu - 3 * start.sigma,
                games=0,
                last_played=now,
            )
            .on_conflict_do_update(index_elements=["game", "player"], set_={"games": table.games})
            .returning(table.mu, table.sigma)
        ).one()
        before[player] = Rating(row.mu, row.sigma)
    after = new_ratings(before, outcome)
    for player in sorted(before):
        new = after[player]
        conn.execute(
            update(player_ratings)
            .where(table.game == outcome.game, table.player == player)
            .values(mu=new.mu, sigma=new.sigma, ordinal=new.ordinal, games=table.games + 1, last_played=now)
        )
    conn.execute(
        insert(rating_events),
        [
            {
                "match_id": match_id,
                "seat": seat,
                "game": outcome.game,
                "player": player,
                "name": outcome.names[seat],
                "place": outcome.places[seat],
                "mu_before": before[player].mu,
                "sigma_before": before[player].sigma,
                "mu": after[player].mu,
                "sigma": after[player].sigma,
                "at": now,
            }
            for seat, player in enumerate(outcome.players)
        ],
    )


# ------------------------------------------------------------- origins
def _network(address: str) -> str:
    """An address as one person's: IPv4 whole, IPv6 by its /64 (one home's or phone's prefix)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _salt(store: Store) -> bytes | None:
    """The database's secret for hashing addresses (``None`` if the ratings' tables could not be made)."""
    found = _salts.get(store.url)
    if found is None:
        try:
            with store.engine.connect() as conn:
                value = conn.execute(select(ratings_meta.c.value).where(ratings_meta.c.name == "origin_salt")).scalar()
        except SQLAlchemyError:
            return None
        if value is None:
            return None
        found = _salts[store.url] = bytes.fromhex(value)
    return found


def note_origin(store: Store, player_id: str, address: str | None) -> None:
    """Remember (as a keyed hash, for :data:`ORIGIN_WINDOW_S`) that ``player_id``'s key was used from ``address``."""
    salt = _salt(store)
    if not address or salt is None:
        return
    origin = hmac.new(salt, _network(address).encode(), hashlib.sha256).hexdigest()[:32]
    now = time.time()
    with store._write() as conn:
        conn.execute(
            _upsert(conn)(player_origins)
            .values(player_id=player_id, origin=origin, last_seen=now)
            .on_conflict_do_update(index_elements=["player_id", "origin"], set_={"last_seen": now})
        )
        conn.execute(
            delete(player_origins).where(
                player_origins.c.player_id == player_id, player_origins.c.last_seen < now - ORIGIN_WINDOW_S
            )
        )
