"""The game-independent core: state protocol, actions, records, randomness, errors, registry."""

from meeple.core.actions import Action, normalize_notation
from meeple.core.errors import IllegalAction
from meeple.core.info import GameInfo, Option, RLSpec
from meeple.core.record import Record
from meeple.core.registry import register
from meeple.core.rng import make_rng
from meeple.core.snapshot import snapshot
from meeple.core.state import State

__all__ = [
    "Action",
    "GameInfo",
    "IllegalAction",
    "Option",
    "RLSpec",
    "Record",
    "State",
    "make_rng",
    "normalize_notation",
    "register",
    "snapshot",
]
