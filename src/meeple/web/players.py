"""Players: a display name and a private key kept in the browser (no password, no e-mail).

The key is sent as the ``X-Player-Key`` header; only its SHA-256 is stored.
A player's seat token is derived from the key (an HMAC of the match and the
seat), so the same key opens the player's seats in any browser, while the
seat link (``/m/<id>#t=<token>``) keeps working alone, as before.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass

KEY_HEADER = "x-player-key"
MAX_NAME = 40


@dataclass(frozen=True)
class Player:
    id: str
    name: str


def new_key() -> str:
    return secrets.token_urlsafe(24)


def new_player_id() -> str:
    return secrets.token_urlsafe(9)


def key_hash(key: str) -> str:
    return hashlib.sha256(b"player:" + key.encode()).hexdigest()


def seat_token(key: str, match_id: str, seat: int) -> str:
    """The seat token of the player with ``key`` at ``seat`` of ``match_id`` (the same in every browser)."""
    mac = hmac.new(key.encode(), f"seat:{match_id}:{seat}".encode(), hashlib.sha256).digest()[:24]
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def clean_name(raw: object, what: str = "a name") -> str:
    """A display name: text, one line, no control characters, 1 to 40 characters; ``ValueError`` otherwise."""
    if not isinstance(raw, str) or not raw.strip():
        raise ValueError(f"{what} must be some text")
    name = " ".join(raw.split())
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ValueError(f"{what} cannot hold control characters")
    if len(name) > MAX_NAME:
        raise ValueError(f"{what} has at most {MAX_NAME} characters")
    return name
