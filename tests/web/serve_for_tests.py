"""Run ``meeple serve`` with the test-only toy game registered too.

The kill-and-restart and browser tests start real server processes with
this: ``python -m tests.web.serve_for_tests --db URL --port 0``.

For the memory tests it also counts the connection objects still in memory:
``SIGUSR1`` makes it print ``live connection objects: <n>`` on stderr (a
count of weak references, so asking collects nothing and keeps nothing alive;
only numbers are printed), and the count of frozen objects;
``MEEPLE_TEST_GC_TICK_S`` shortens the collection policy's tick.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import weakref
from collections import Counter
from types import FrameType
from typing import Any

import meeple
from meeple.web.cli import main
from tests.web.webtoy import INFO

LIVE_CONNECTIONS_LINE = "live connection objects:"
_connections: weakref.WeakSet[Any] = weakref.WeakSet()


def _count_connection_objects() -> None:
    """Remember, weakly, every object a WebSocket connection is made of: uvicorn's HTTP protocol
    (which answers the upgrade) and WebSocket protocol, the websockets library's connection
    state and Starlette's WebSocket."""
    from starlette.websockets import WebSocket
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.server import ServerProtocol

    for cls in (H11Protocol, HttpToolsProtocol, WebSocketsSansIOProtocol, ServerProtocol, WebSocket):
        original = cls.__init__

        def counted(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            _original(self, *args, **kwargs)
            _connections.add(self)

        cls.__init__ = counted  # type: ignore[method-assign]

    def report(_signum: int, _frame: FrameType | None) -> None:
        kinds = Counter(type(obj).__name__ for obj in list(_connections))
        detail = ", ".join(f"{name} {n}" for name, n in sorted(kinds.items()))
        frozen = gc.get_freeze_count()
        line = f"{LIVE_CONNECTIONS_LINE} {len(_connections)} ({detail}; frozen objects: {frozen})"
        print(line, file=sys.stderr, flush=True)

    signal.signal(signal.SIGUSR1, report)


def _shorter_collection_tick() -> None:
    """``MEEPLE_TEST_GC_TICK_S``: the policy's freeze tick, shortened so a test sees many ticks."""
    tick = os.environ.get("MEEPLE_TEST_GC_TICK_S")
    if tick is None:
        return
    from meeple.web import gcpolicy

    def start() -> asyncio.Task[None]:
        return asyncio.create_task(gcpolicy.keep_collections_short(freeze_s=float(tick)))

    gcpolicy.start = start


if __name__ == "__main__":
    meeple.GAMES[INFO.id] = INFO
    _count_connection_objects()
    _shorter_collection_tick()
    sys.exit(main(sys.argv[1:]))
