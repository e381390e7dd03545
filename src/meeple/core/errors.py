"""Errors raised by the public API."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow right now.

    The message says why in plain words. The state that rejected the action
    is left exactly as it was.
    """
