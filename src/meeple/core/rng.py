"""Seeded randomness.

All randomness in rules code comes from a :class:`random.Random` owned by
the state. ``random.Random`` seeded with an ``int`` gives the same sequence on
every platform (Mersenne Twister), so the same seed and moves give the same
state byte for byte.
"""

from __future__ import annotations

import random


def make_rng(seed: int) -> random.Random:
    """A new generator for ``seed`` (any int; negative and huge seeds are fine)."""
    return random.Random(seed)


def fresh_seed(rng: random.Random | None = None) -> int:
    """A seed for a new game when the user gave none (64 random bits)."""
    source = rng if rng is not None else random.SystemRandom()
    return source.getrandbits(63)
