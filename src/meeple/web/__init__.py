"""Play in the browser: ``meeple serve`` (an ASGI app on uvicorn, SQLite or PostgreSQL).

``create_app(db_url)`` builds the app; see :mod:`meeple.web.app` for the routes.
"""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    """Build the ASGI app (imported lazily: the web extras are optional)."""
    from meeple.web.app import create_app as build

    return build(*args, **kwargs)


__all__ = ["create_app"]
