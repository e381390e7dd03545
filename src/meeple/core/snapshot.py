"""A canonical dump of any state, for tests that compare states exactly."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.rng import Random


def snapshot(obj: Any) -> Any:
    """Turn ``obj`` into nested tuples of plain values, slots and all.

    Two states with equal snapshots are the same position, hidden
    information and generator included. Slow; for tests only.
    """
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, Action):
        return ("Action", str(obj))
    if isinstance(obj, Random):
        return ("Random", obj.getstate())
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, tuple(snapshot(x) for x in obj))
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted((snapshot(x) for x in obj), key=repr)))
    if isinstance(obj, dict):
        return ("dict", tuple(sorted(((snapshot(k), snapshot(v)) for k, v in obj.items()), key=repr)))
    fields: dict[str, Any] = {}
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name.startswith("__") or name in fields or name == "_rng_shared":
                continue  # whether a generator is shared with a clone is bookkeeping, not position
            if hasattr(obj, name):
                fields[name] = snapshot(getattr(obj, name))
    if hasattr(obj, "__dict__"):
        for name, value in vars(obj).items():
            if name not in fields:
                fields[name] = snapshot(value)
    return (type(obj).__name__, tuple(sorted(fields.items())))
