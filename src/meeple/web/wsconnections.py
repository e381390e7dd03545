"""The protocols ``meeple serve`` runs for WebSockets: uvicorn's, made to free a closed connection at once.

A WebSocket connection is served by two protocol objects, and each is a
reference cycle:

* uvicorn's HTTP protocol (httptools) reads the upgrade request, hands the
  connection to the WebSocket protocol and is dropped; it holds its HTTP
  parser, which holds the protocol's callbacks. uvicorn breaks that cycle
  when a connection is lost, but after an upgrade that is never called;
* the websockets library's connection state (``ServerProtocol``) holds its
  frame parser, a generator whose frame holds the connection.

Reference counting never frees a cycle; only the cycle collector does. Under
:mod:`meeple.web.gcpolicy` an object that is alive at a freeze tick is frozen
(a page open across a tick, a connection still in its handshake), so once
it became garbage it waited for the ten-minute reclaim, with its
compression buffers (tens of kB a connection): under connection churn the
server's memory grew with every connection.

So each cycle is broken where its object's work ends: the HTTP protocol
drops its parser once it handed the connection over, the WebSocket protocol
closes the connection's parser once the connection is lost. Reference
counting then frees both as soon as nothing else holds them, frozen or not.
Neither parser has anything left to parse, so nothing else changes.
"""

from __future__ import annotations

from typing import Any

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # an uvicorn without it (before 0.35), or without the websockets library
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]
try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # no httptools: uvicorn's h11 protocol, which has no such cycle
    HttpToolsProtocol = None  # type: ignore[assignment,misc]


def release_connection_state(connection: Any) -> None:
    """Close a websockets ``Protocol``'s parser generator, which refers back to the connection."""
    parser = getattr(connection, "parser", None)
    if parser is not None and hasattr(parser, "close"):
        parser.close()


def websocket_protocol() -> Any:
    """What ``uvicorn.Config(ws=...)`` gets: the protocol below, or ``"auto"`` where uvicorn lacks its base."""
    return FreeingWebSocketProtocol if WebSocketsSansIOProtocol is not None else "auto"


def http_protocol() -> Any:
    """What ``uvicorn.Config(http=...)`` gets: the protocol below, or ``"auto"`` without httptools."""
    return FreeingHttpProtocol if HttpToolsProtocol is not None else "auto"


if WebSocketsSansIOProtocol is not None:

    class FreeingWebSocketProtocol(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol that breaks the connection's reference cycle once it is lost."""

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            release_connection_state(self.conn)


if HttpToolsProtocol is not None:

    class FreeingHttpProtocol(HttpToolsProtocol):
        """uvicorn's HTTP protocol that drops its parser once it handed a connection to a WebSocket."""

        def handle_websocket_upgrade(self) -> None:
            super().handle_websocket_upgrade()
            self.parser = None  # type: ignore[assignment]  # as uvicorn does when a connection is lost
