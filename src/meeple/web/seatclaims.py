"""Seat links claimed by player keys, so that games played through private links can be rated.

A link seat (the lobby's "online" links, any ``{"kind": "human"}`` seat) names
nobody: its token is all it is. The first move (or resignation) made through
the link by a browser that sends its player key (``X-Player-Key``) binds the
seat to that key's player: one conditional ``UPDATE`` (only while the seat is
still nobody's, the token is the seat's link, the game runs and was created
rated and not yet judged), so of two keys the first wins on every process,
and a seat is bound once and never again. Opening a link binds nothing: the
person who made the links may look at every seat without taking it.

Once bound, the seat counts for its player as if they had sat down at an
open table (``meeple.web.ratings`` judges it so: distinct keys at every human
seat, the address rule). Its link still opens it for whoever holds it, and
the claiming key's own token for the seat (``players.seat_token``) opens it
too, so "My games" hands the player a working link in any browser. Who holds
a seat is never shown to other viewers: a move's answer says only whether the
seat counts for the key that sent it (``"you"``), for ``"another player"``, or
for nobody (``null``).
"""

from __future__ import annotations

import hmac
import weakref
from typing import TYPE_CHECKING, Any

from sqlalchemy import exists, select, update

from meeple.web.errors import ApiError
from meeple.web.live import hash_token
from meeple.web.players import KEY_HEADER, seat_token
from meeple.web.ratings import rated_matches
from meeple.web.storage import matches, seats

if TYPE_CHECKING:
    from starlette.requests import Request

    from meeple.web.live import LiveMatch
    from meeple.web.storage import Store
    from meeple.web.tables import Tables

YOU, OTHER = "you", "another player"

# Seats this process found unclaimable (a game created unrated, or over): not asked again at every move.
_settled: weakref.WeakKeyDictionary[LiveMatch, set[int]] = weakref.WeakKeyDictionary()


def claim(store: Store, match_id: str, seat: int, link_hash: str, player_id: str, claim_hash: str) -> Any:
    """(A database thread.) Bind the link seat to ``player_id`` if nobody holds it yet; the seat's
    ``(player_id, claim_hash)`` afterwards (the winner's, if another key was first)."""
    where = (seats.c.match_id == match_id, seats.c.seat == seat)
    with store._write() as conn:
        conn.execute(
            update(seats)
            .where(
                *where,
                seats.c.kind == "human",
                seats.c.player_id.is_(None),
                seats.c.token_hash == link_hash,
                exists().where(matches.c.id == match_id, matches.c.status == "running"),
                exists().where(rated_matches.c.match_id == match_id, rated_matches.c.settled_at.is_(None)),
            )
            .values(player_id=player_id, claim_hash=claim_hash)
        )
        return conn.execute(select(seats.c.player_id, seats.c.claim_hash).where(*where)).one()


async def claim_link_seat(tables: Tables, request: Request, match: LiveMatch, seat: int, token: str) -> str | None:
    """Before a seat's move or resignation: bind its link to the sender's key if it is the first.
    Whom the seat counts for, told to the sender: ``"you"``, ``"another player"`` or ``None``."""
    key = request.headers.get(KEY_HEADER)
    row = match.seats[seat]
    if not key or row.kind != "human":
        return None
    own = hash_token(seat_token(key, match.id, seat))
    if row.player_id is None and seat not in _settled.get(match, ()):
        try:
            found = await tables.player(request, required=False)  # notes where the key is used from
        except ApiError:  # a key this server does not know: the move is played, nothing is claimed
            return None
        if found is None:
            return None
        link = hash_token(token)
        holder, claim_hash = await tables.hub.db(claim, tables.hub.store, match.id, seat, link, found[0].id, own)
        if holder is None:
            _settled.setdefault(match, set()).add(seat)
            return None
        await tables._changed(match)  # every process reads the seat anew (and opens it with the key's token)
        row = match.seats[seat]
        if row.player_id is None:  # read back before the claim reached this copy: use what was stored
            row.player_id, row.claim_hash = holder, claim_hash
    if row.player_id is None:
        return None
    mine = any(h is not None and hmac.compare_digest(own, h) for h in (row.token_hash, row.claim_hash))
    return YOU if mine else OTHER
