"""Seeded randomness.

All randomness in rules code comes from a :class:`random.Random` owned by
the state. ``random.Random`` seeded with an ``int`` gives the same sequence on
every platform (Mersenne Twister), so the same seed and moves give the same
state byte for byte.
"""

from __future__ import annotations

import random as stdlib_random  # the one sanctioned import: only its generator class is used

# Rules and bots import the generator class from here, never the module-level
# functions of ``random`` (which would share one global, unseeded stream).
Random = stdlib_random.Random


def make_rng(seed: int) -> Random:
    """A new generator for ``seed`` (any int; negative and huge seeds are fine)."""
    return Random(seed)


def fresh_seed(rng: Random | None = None) -> int:
    """A seed for a new game when the user gave none (64 random bits)."""
    source = rng if rng is not None else stdlib_random.SystemRandom()
    return source.getrandbits(63)
