"""The one error a request handler raises to refuse a request (answered as ``{"error": reason}``)."""

from __future__ import annotations


class ApiError(Exception):
    """A request the server refuses: ``status`` (4xx) and a reason in plain words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
