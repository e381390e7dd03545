"""Per-game observation encoders, each drawn only from ``state.observation(seat)``."""

from __future__ import annotations

from meeple.rl.encoders.base import Encoder
from meeple.rl.encoders.bayon import BayonEncoder
from meeple.rl.encoders.ibyron import IbyronEncoder
from meeple.rl.encoders.isle_of_skye import IsleOfSkyeEncoder
from meeple.rl.encoders.ivor import IvorEncoder

ENCODERS: dict[str, type[Encoder]] = {
    "bayon": BayonEncoder,
    "isle_of_skye": IsleOfSkyeEncoder,
    "ivor": IvorEncoder,
    "ibyron": IbyronEncoder,
}

__all__ = ["ENCODERS", "Encoder"]
