"""No seat token reaches the server's log, at any level, however the bytes that carried it were spelled.

A real ``meeple serve --log-level debug`` process: at that level uvicorn and
the websockets library log every frame and handshake header. The hellos
below are the hostile spellings a filter on the token's text would miss
(JSON escapes in the key or in the value, a list instead of an object); two
of them are accepted as a seat, so the token in them is real.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.server_process import ServerProcess

SECRET_PIECE = 8  # no run of this many characters of a token may appear in the log


class LoggedServer:
    """A ``--log-level debug`` server whose whole log (stderr and the access log on stdout) is kept."""

    def __init__(self, base: Path) -> None:
        self.log_path = base / "server.log"
        self.process = ServerProcess(
            f"sqlite:///{base / 'log.db'}", "--bot-threads", "--log-level", "debug", log_path=self.log_path
        ).start()
        self.url = self.process.url
        self.stdout: list[str] = []
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()

    def _read_stdout(self) -> None:
        assert self.process.proc is not None and self.process.proc.stdout is not None
        self.stdout.extend(self.process.proc.stdout)

    def whole_log(self) -> str:
        """Stop the server (its log flushed and closed) and read everything it wrote."""
        self.process.stop()
        self._reader.join(timeout=10)
        return self.log_path.read_text(errors="replace") + "".join(self.stdout)


@pytest.fixture
def debug_server(tmp_path: Path) -> Iterator[LoggedServer]:
    server = LoggedServer(tmp_path)
    yield server
    server.process.stop()


def _ws_url(server: LoggedServer, match_id: str, what: str = "live") -> str:
    return server.url.replace("http://", "ws://") + f"/api/matches/{match_id}/{what}"


def _first_answer(ws: ClientConnection) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=10))  # type: ignore[no-any-return]


def _escaped(token: str, at: int) -> str:
    """The token as JSON text with its character ``at`` written as a ``\\uXXXX`` escape."""
    return token[:at] + f"\\u{ord(token[at]):04x}" + token[at + 1 :]


def _hello_text(key: str, value: str) -> str:
    """A hello written by hand: ``key`` and ``value`` go in as they are, JSON escapes included."""
    return '{"' + key + '": "' + value + '", "svg": false}'


def _secret_pieces(token: str) -> set[str]:
    return {token[i : i + SECRET_PIECE] for i in range(len(token) - SECRET_PIECE + 1)}


def _send_raw_request(server: LoggedServer, request: bytes) -> None:
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        sock.recv(65536)


def test_no_token_reaches_a_debug_log_whatever_its_spelling(debug_server: LoggedServer) -> None:
    server = debug_server
    created = httpx.post(f"{server.url}/api/matches", json={"game": "webtoy", "players": 2}, timeout=30)
    assert created.status_code == 201, created.text
    match = created.json()
    match_id = match["id"]
    tokens = [seat["token"] for seat in match["seats"]]
    first, second = tokens
    # Accepted as seat 0: the key spelled with an escape, then the value's first character escaped.
    for hello in (_hello_text("tok\\u0065n", first), _hello_text("token", _escaped(first, 0))):
        with connect(_ws_url(server, match_id)) as ws:
            ws.send(hello)
            assert _first_answer(ws)["view"]["seat"] == 0
    # Escapes in the middle and at the end of the value, and the plain spelling.
    for at in (len(second) // 2, len(second) - 1):
        with connect(_ws_url(server, match_id)) as ws:
            ws.send(_hello_text("token", _escaped(second, at)))
            assert _first_answer(ws)["view"]["seat"] == 1
    with connect(_ws_url(server, match_id)) as ws:
        ws.send(json.dumps({"token": second, "svg": False}))
        assert _first_answer(ws)["view"]["seat"] == 1
    # Refused hellos that still carry a token: a list, the token where a seat number goes
    # (the refusal's reason would echo it), the chat's hello.
    for hello in (json.dumps([first]), json.dumps({"seat": first})):
        with connect(_ws_url(server, match_id)) as ws:
            ws.send(hello)
            assert _first_answer(ws)["type"] == "error"
    with connect(_ws_url(server, match_id, "chat/live")) as ws:
        ws.send(_hello_text("tok\\u0065n", second))
        assert _first_answer(ws)["type"] == "chat"
    # Handshake headers of a WebSocket and the HTTP API: Bearer (spelled oddly too), a link.
    with connect(
        _ws_url(server, match_id), additional_headers={"Authorization": f"bearer\t{first}", "X-Seat": first}
    ) as ws:
        ws.send("{}")
        assert _first_answer(ws)["view"]["seat"] is None
    for header in (f"Bearer {first}", f"BEARER   {second}", f"Bearer {_escaped(first, 3)}"):
        httpx.get(f"{server.url}/api/matches/{match_id}", headers={"Authorization": header}, timeout=30)
    assert httpx.get(f"{server.url}/m/{match_id}#t={first}", timeout=30).status_code == 200
    _send_raw_request(server, f"GET /m/{match_id}#t={second} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    _send_raw_request(server, f"GET /m/{match_id}?t={second} HTTP/1.1\r\nHost: x\r\n\r\n".encode())

    log = server.whole_log()
    # What the check relies on: frames, handshake headers and requests were logged.
    assert "TEXT" in log and "authorization" in log and f"GET /m/{match_id}" in log, "nothing was checked"
    leaked = sorted(piece for token in tokens for piece in _secret_pieces(token) if piece in log)
    assert not leaked, f"{len(leaked)} pieces of seat tokens in the log, e.g. {leaked[:3]}"


def test_a_binary_hello_is_refused_with_a_reason(debug_server: LoggedServer) -> None:
    server = debug_server
    created = httpx.post(f"{server.url}/api/matches", json={"game": "webtoy", "players": 2}, timeout=30).json()
    token = created["seats"][0]["token"]
    for what in ("live", "chat/live"):
        with connect(_ws_url(server, created["id"], what)) as ws:
            ws.send(json.dumps({"token": token}).encode())
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
            assert "text" in closed.value.rcvd.reason


def _filtered(msg: str, *args: object, name: str = "uvicorn.error") -> str:
    import logging

    from meeple.web.logsafe import SecretFilter

    record = logging.LogRecord(name, logging.DEBUG, __file__, 1, msg, args or None, None)
    SecretFilter().filter(record)
    return record.getMessage()


def test_the_log_filter_writes_frames_as_their_kind_and_length_and_hides_header_values() -> None:
    from websockets.frames import Close, Frame, Opcode

    hello = Frame(Opcode.TEXT, b'{"tok\\u0065n": "abcdefghijklmnop"}')
    assert _filtered("< %s", hello) == "< TEXT [34 bytes]"
    closing = Frame(Opcode.CLOSE, Close(4403, "abcdefghijklmnop").serialize())
    assert _filtered("> %s", closing) == "> CLOSE 4403 [18 bytes]"
    assert _filtered("< %s", b"abcdefghijklmnop") == "< [16 bytes]"
    assert _filtered("< %s: %s", "x-anything", "abcdefghijklmnop") == "< x-anything: <hidden>"
    assert _filtered("< %s: %s", "host", "127.0.0.1:80") == "< host: 127.0.0.1:80"
    assert (
        _filtered('%s - "%s %s"', "1.2.3.4", "GET", "/api/matches/x?at=3&t=abcdefghijklmnop#t=q", name="uvicorn.access")
        == '1.2.3.4 - "GET /api/matches/x?at=3&t=<hidden>#t=<hidden>"'
    )
