"""Reading what clients send: bounded JSON, numbers, seats.

Every function here either returns clean data or raises :class:`ApiError`
with a 4xx status and a reason; none lets a parser error (deep nesting, an
integer of thousands of digits, bad UTF-8) escape as a server error.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from meeple.web.botworker import BOT_LEVELS, LEARNED
from meeple.web.errors import ApiError

if TYPE_CHECKING:
    from starlette.requests import Request

DIGITS = re.compile(r"[0-9]{1,12}")
# JSON a client sends is small and flat: a match request is two levels deep, a
# record three. Deeper nesting or longer integers are refused before use.
MAX_DEPTH = 16
MAX_INT_DIGITS = 40
MAX_NAME = 40


class _TooLong(ValueError):
    pass


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _TooLong(f"an integer has at most {MAX_INT_DIGITS} digits")
    return int(text)


def _too_deep(data: Any, limit: int) -> bool:
    """Whether ``data`` nests lists/objects more than ``limit`` levels (no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def parse_json(body: bytes | str, what: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """``body`` as JSON, or a 400 saying what is wrong with it."""
    try:
        data = json.loads(body, parse_int=_bounded_int)
    except RecursionError:
        raise ApiError(400, f"{what} is nested too deeply (at most {max_depth} levels)") from None
    except _TooLong as exc:
        raise ApiError(400, f"{what} has a number that is too long: {exc}") from None
    except ValueError:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ApiError(400, f"{what} must be JSON") from None
    if _too_deep(data, max_depth):
        raise ApiError(400, f"{what} is nested too deeply (at most {max_depth} levels)")
    return data


def number(text: str) -> int | None:
    """A plain non-negative decimal (ASCII digits only: ``"²".isdigit()`` is true)."""
    return int(text) if DIGITS.fullmatch(text) else None


def json_object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ApiError(400, f"{what} must be a JSON object")
    return data


def integer(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        shown = repr(value)
        raise ApiError(422, f"{what} must be an integer, got {shown if len(shown) <= 40 else shown[:40] + '...'}")
    return value


def parse_seats(raw: Any, players: int) -> list[dict[str, Any]]:
    """The seats of a new match; seats are numbered from 0, as everywhere."""
    if raw is None:
        return [{"kind": "human", "name": f"Seat {n}"} for n in range(players)]
    if not isinstance(raw, list) or len(raw) != players:
        raise ApiError(422, f"'seats' must be a list of {players} seats, one per player")
    return [_parse_seat(number, spec) for number, spec in enumerate(raw)]


def _parse_seat(number: int, spec: Any) -> dict[str, Any]:
    if not isinstance(spec, dict):
        raise ApiError(422, f'seat {number} must be an object like {{"kind": "human"}}')
    unknown = set(spec) - {"kind", "bot", "name"}
    if unknown:
        raise ApiError(422, f"seat {number} has unknown fields: {', '.join(sorted(map(str, unknown)))}")
    kind = spec.get("kind", "human")
    if kind not in ("human", "bot", "open", "player"):
        raise ApiError(
            422, f"seat {number}: kind must be 'human', 'bot', 'open' (free) or 'player' (you), got {kind!r}"
        )
    bot = spec.get("bot")
    if kind == "bot":
        bot = "random" if bot is None else bot
        if not isinstance(bot, str) or (bot not in BOT_LEVELS and bot != LEARNED):
            levels = ", ".join([*BOT_LEVELS, LEARNED])
            raise ApiError(422, f"seat {number}: bot must be one of {levels}, got {bot!r}")
    elif bot is not None:
        raise ApiError(422, f"seat {number} is human and cannot have a bot level")
    name = spec.get("name")
    if name is None or (isinstance(name, str) and not name.strip()):
        name = f"Bot {number} ({bot})" if kind == "bot" else f"Seat {number}"
    if not isinstance(name, str):
        raise ApiError(422, f"seat {number}: name must be text")
    name = " ".join(name.split())
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ApiError(422, f"seat {number}: a name cannot hold control characters")
    if len(name) > MAX_NAME:
        raise ApiError(422, f"seat {number}: a name has at most {MAX_NAME} characters")
    return {"kind": kind, "bot": bot, "name": name}


# What a client typed, quoted back in a refusal at most this long: a message must stay readable.
QUOTE_MAX = 40


def short_quote(message: str, typed: str, limit: int = QUOTE_MAX) -> str:
    """``message`` with the quotation of ``typed`` in it (its ``repr``) cut to ``limit`` characters."""
    if len(typed) <= limit:
        return message
    cut = repr(typed[:limit])
    return message.replace(repr(typed), f"{cut[:-1]}…{cut[-1]}")


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; ``None`` without one or in another form."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None
