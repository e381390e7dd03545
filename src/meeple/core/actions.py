"""Actions: small, immutable, hashable choices with a text notation.

Every game expresses its moves as :class:`Action` values. An action is a
*kind* (a short word such as ``"hire"``) and a tuple of integer or string
arguments. ``str(action)`` is its notation; a game may override
:meth:`Action.__str__` through a subclass when a friendlier notation reads
better, as long as the notation stays unique among the legal actions and
``State.parse_action`` reads it back.
"""

from __future__ import annotations

from typing import TypeAlias

Arg: TypeAlias = int | str


class Action:
    """One small decision: ``kind`` plus positional ``args``.

    Actions compare and hash by value, so ``action in state.legal_actions()``
    works and actions can key dictionaries (search trees, RL tables).
    """

    __slots__ = ("_hash", "args", "kind")

    kind: str
    args: tuple[Arg, ...]

    def __init__(self, kind: str, *args: Arg) -> None:
        self.kind = kind
        self.args = args
        self._hash = hash((kind, args))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __lt__(self, other: Action) -> bool:
        return (self.kind, tuple(map(str, self.args))) < (other.kind, tuple(map(str, other.args)))


def normalize_notation(text: str) -> str:
    """Lower-case and collapse whitespace so that ``"Hire  3"`` reads as ``"hire 3"``."""
    return " ".join(text.lower().split())
