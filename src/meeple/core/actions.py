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


class Action(tuple[Arg, ...]):
    """One small decision: ``kind`` plus positional ``args``.

    An action is a tuple ``(kind, *args)``, so equality, hashing and
    ``action in state.legal_actions()`` run at C speed (the hot path of
    search), and actions key dictionaries (search trees, RL tables).
    """

    __slots__ = ()

    def __new__(cls, kind: str, *args: Arg) -> Action:
        return tuple.__new__(cls, (kind, *args))

    def __getnewargs__(self) -> tuple[Arg, ...]:
        # pickle and copy rebuild a tuple subclass by calling ``__new__`` with
        # these arguments; tuple's own version would pass the whole tuple as
        # ``kind`` and turn ``gold`` into ``('gold',)``.
        return tuple(self)

    @property
    def kind(self) -> str:
        return str(self[0])

    @property
    def args(self) -> tuple[Arg, ...]:
        return self[1:]

    def __str__(self) -> str:
        return " ".join(str(part) for part in self)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __lt__(self, other: tuple[Arg, ...]) -> bool:
        return tuple(map(str, self)) < tuple(map(str, other))


def normalize_notation(text: str) -> str:
    """Lower-case and collapse whitespace so that ``"Hire  3"`` reads as ``"hire 3"``."""
    return " ".join(text.lower().split())
