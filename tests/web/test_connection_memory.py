"""Closed WebSockets give their memory back at once, under the short-collection policy of ``meeple serve``.

A real server process (its garbage-collection policy is on, as in
production, with a shorter tick) is sent a few thousand page connections
over loopback, 300 at a time: each is opened, greeted, answered, kept open
across a collection tick (so it is frozen while alive, as pages are) and
closed. What a closed connection held must be
freed: the process's resident memory grows no more in the second half of
the churn than a little noise, and the connection objects still in memory
fall back to about none (counted by ``tests.web.serve_for_tests``).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.web.serve_for_tests import LIVE_CONNECTIONS_LINE
from tests.web.server_process import ServerProcess

CONNECTIONS = 2400
AT_ONCE = 300  # connections open together, as pages are
ROUNDS = 8  # RSS is read after each round
TICK_S = 0.5  # the policy's freeze tick in the server under test (5 s in production)
HOLD_S = 0.7  # pages stay open across a tick, as real pages do across many
# Each connection held until the reclaim grew the second half by about 57 MB (48 kB a connection).
SECOND_HALF_MB = 6.0
LEFT_ALIVE = 20  # connection objects that may still be in memory once the churn is over


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerProcess]:
    monkeypatch.setenv("MEEPLE_TEST_GC_TICK_S", str(TICK_S))
    process = ServerProcess(
        f"sqlite:///{tmp_path / 'churn.db'}", "--bot-threads", log_path=tmp_path / "server.log"
    ).start()
    yield process
    process.stop()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def live_connection_objects(server: ServerProcess) -> int:
    """Ask the server (SIGUSR1) how many connection objects it still holds; read its answer from its log."""
    assert server.proc is not None and server.log_path is not None
    before = server.log_path.read_text().count(LIVE_CONNECTIONS_LINE)
    os.kill(server.proc.pid, signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        lines = [line for line in server.log_path.read_text().splitlines() if LIVE_CONNECTIONS_LINE in line]
        if len(lines) > before:
            return int(lines[-1].split(LIVE_CONNECTIONS_LINE)[1].split()[0])
        time.sleep(0.05)
    raise AssertionError("the server did not report its connection objects")


async def churn(url: str, count: int) -> None:
    """Open and greet ``count`` page connections, ``AT_ONCE`` at a time; each reads its first view,
    stays open across a collection tick, and closes."""
    hello = json.dumps({"svg": False})

    async def one_page() -> None:
        async with connect(url, max_size=None) as ws:
            await ws.send(hello)
            assert json.loads(await ws.recv())["type"] == "view"
            await asyncio.sleep(HOLD_S)

    for _ in range(max(1, count // AT_ONCE)):
        await asyncio.gather(*(one_page() for _ in range(AT_ONCE)))


def test_closed_connections_free_their_memory_under_churn(server: ServerProcess) -> None:
    assert server.proc is not None
    match = httpx.post(f"{server.url}/api/matches", json={"game": "webtoy", "players": 2}, timeout=30).json()
    url = server.url.replace("http://", "ws://") + f"/api/matches/{match['id']}/live"
    asyncio.run(churn(url, AT_ONCE))  # warm-up: imports, caches, allocator arenas
    rss = [rss_mb(server.proc.pid)]
    for _ in range(ROUNDS):
        asyncio.run(churn(url, CONNECTIONS // ROUNDS))
        rss.append(rss_mb(server.proc.pid))
    half = ROUNDS // 2
    first_half, second_half = rss[half] - rss[0], rss[-1] - rss[half]
    time.sleep(3 * TICK_S)  # a few ticks of the collection policy
    left = live_connection_objects(server)
    shown = ", ".join(f"{r:.1f}" for r in rss)
    print(f"RSS MB by round: {shown}; growth first half {first_half:.1f}, second {second_half:.1f}; left {left}")
    assert second_half < SECOND_HALF_MB, f"RSS grew {second_half:.1f} MB over the second half ({shown})"
    assert left <= LEFT_ALIVE, f"{left} connection objects still in memory after the churn"
