"""The digest of a match's move list: a hash chain, extended in O(1) per move.

Two copies of a game with the same digest were built from the same moves.
Bot workers compare it to continue their own copy of a game (see
:mod:`meeple.web.botworker`); a process that took moves back tells the others
the digest of what it kept, so it can skip its own notice.
"""

from __future__ import annotations

import hashlib

START_DIGEST = b"\x00" * 16  # of no moves


def next_digest(digest: bytes, seat: int, notation: str) -> bytes:
    """The digest of a move list after one more move."""
    return hashlib.blake2b(digest + f"{seat}\x1f{notation}".encode(), digest_size=16).digest()
