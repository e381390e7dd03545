"""Load test of the web server: many concurrent bot-vs-bot matches through the API.

Starts ``meeple serve`` on SQLite (or ``--db``) on loopback, creates
``--matches`` matches whose seats are all played by API clients: each seat
listens on its WebSocket, "thinks" for ``--think`` seconds (excluded from
every figure), then posts a random legal move over HTTP. Reports moves/s and
the latency of a move: the POST's round trip (p50/p99), and the time until
the next seat's page has the new position (p50/p99). A finished match is
replaced by a new one so the load stays constant.

    .venv/bin/python benchmarks/web_load.py --matches 200 --seconds 30 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[1]


def start_server(db_url: str, svg_log: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "meeple.web", "--db", db_url, "--port", "0", "--bot-threads", "--bot-delay", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=open(svg_log, "w"),  # noqa: SIM115
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://localhost:(\d+)/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"server did not start: {line!r} (see {svg_log})")
    return proc, f"127.0.0.1:{found.group(1)}"


class HttpPool:
    """A minimal HTTP/1.1 keep-alive client: the benchmark's own overhead must stay small,
    since it shares the machine's two cores with the server it measures."""

    def __init__(self, address: str, size: int) -> None:
        self.host, port = address.split(":")
        self.port = int(port)
        self.idle: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter] | None] = asyncio.Queue()
        for _ in range(size):
            self.idle.put_nowait(None)

    async def request(
        self, method: str, path: str, body: dict[str, Any], token: str | None = None
    ) -> tuple[int, bytes]:
        conn = await self.idle.get()
        try:
            if conn is None:
                conn = await asyncio.open_connection(self.host, self.port)
            reader, writer = conn
            payload = json.dumps(body).encode()
            auth = f"Authorization: Bearer {token}\r\n" if token else ""
            writer.write(
                f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n{auth}Content-Type: application/json\r\n"
                f"Content-Length: {len(payload)}\r\n\r\n".encode()
                + payload
            )
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            data = await reader.readexactly(length)
            self.idle.put_nowait(conn)
            return status, data
        except BaseException:
            self.idle.put_nowait(None)
            raise

    async def close(self) -> None:
        while not self.idle.empty():
            conn = self.idle.get_nowait()
            if conn is not None:
                conn[1].close()


class Load:
    def __init__(self, address: str, args: argparse.Namespace) -> None:
        self.address = address
        self.args = args
        self.rng = random.Random(args.seed)
        self.measuring = False
        self.moves = 0
        self.post_latency: list[float] = []
        self.update_latency: list[float] = []
        self.rejected = 0
        self.errors = 0
        self.posted_at: dict[tuple[str, int], float] = {}
        self.http = HttpPool(address, args.connections)

    async def match_slot(self, stop: asyncio.Event) -> None:
        """Keep one match going: play it, and start another when it ends."""
        while not stop.is_set():
            status, data = await self.http.request(
                "POST", "/api/matches", {"game": self.args.game, "players": self.args.players}
            )
            if status != 201:
                raise SystemExit(f"cannot create a match: {status} {data!r}")
            match = json.loads(data)
            seats = [s for s in match["seats"] if "token" in s]
            await asyncio.gather(*(self.seat(match["id"], s["seat"], s["token"], stop) for s in seats))

    async def seat(self, match_id: str, seat: int, token: str, stop: asyncio.Event) -> None:
        acted_on = -1
        url = f"ws://{self.address}/api/matches/{match_id}/live"
        async with websockets.connect(url, max_size=None, compression=None) as ws:
            await ws.send(json.dumps({"token": token, "svg": self.args.svg}))
            while not stop.is_set():
                try:
                    message = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                view = json.loads(message)["view"]
                number = view["move_number"]
                sent = self.posted_at.pop((match_id, number - 1), None)
                if sent is not None and self.measuring and seat in view["to_move"]:
                    self.update_latency.append(time.perf_counter() - sent)
                elif sent is not None:
                    self.posted_at[(match_id, number - 1)] = sent  # not the seat to move next: leave it
                if view["is_over"]:
                    return
                if not view["legal"] or number == acted_on:
                    continue
                acted_on = number
                await asyncio.sleep(self.args.think * (0.5 + self.rng.random()))  # thinking: not measured
                action = self.rng.choice(view["legal"])
                started = time.perf_counter()
                self.posted_at[(match_id, number)] = started
                status, data = await self.http.request(
                    "POST", f"/api/matches/{match_id}/moves", {"action": action, "move_number": number}, token
                )
                elapsed = time.perf_counter() - started
                if status == 200:
                    if self.measuring:
                        self.moves += 1
                        self.post_latency.append(elapsed)
                elif status == 409:
                    self.rejected += 1
                else:
                    self.errors += 1
                    print("error", status, data, file=sys.stderr)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), to report the server's cost per move."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def one_run(address: str, args: argparse.Namespace, server_pid: int) -> dict[str, float]:
    load = Load(address, args)
    stop = asyncio.Event()
    slots = []
    for _ in range(args.matches):
        slots.append(asyncio.create_task(load.match_slot(stop)))
        await asyncio.sleep(args.think / args.matches)  # spread the starts over one think time
    await asyncio.sleep(args.warmup)
    load.measuring = True
    started = time.perf_counter()
    server_cpu, client_cpu = cpu_seconds(server_pid), time.process_time()
    await asyncio.sleep(args.seconds)
    load.measuring = False
    elapsed = time.perf_counter() - started
    server_cpu, client_cpu = cpu_seconds(server_pid) - server_cpu, time.process_time() - client_cpu
    stop.set()
    await asyncio.gather(*slots, return_exceptions=True)
    await load.http.close()
    return {
        "moves_per_s": load.moves / elapsed,
        "post_p50_ms": 1000 * percentile(load.post_latency, 0.50),
        "post_p99_ms": 1000 * percentile(load.post_latency, 0.99),
        "update_p50_ms": 1000 * percentile(load.update_latency, 0.50),
        "update_p99_ms": 1000 * percentile(load.update_latency, 0.99),
        "server_cpu_ms_per_move": 1000 * server_cpu / max(1, load.moves),
        "client_cpu_ms_per_move": 1000 * client_cpu / max(1, load.moves),
        "rejected": load.rejected,
        "errors": load.errors,
    }


def run_async(coroutine: Any) -> Any:
    """Run on uvloop when it is installed (as the server does), else on asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--game", default="bayon")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client bot thinks (not measured)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--svg", action="store_true", help="ask for the SVG board in every view, as a browser does")
    parser.add_argument("--connections", type=int, default=100, help="HTTP connections the clients share")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    results = []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            db_url = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
            proc, address = start_server(db_url, Path(tmp) / "server.log")
            try:
                result = run_async(one_run(address, args, proc.pid))
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=20)
        results.append(result)
        print(f"run {run + 1}: " + ", ".join(f"{k} {v:.1f}" for k, v in result.items()), flush=True)
    print(
        f"\n{args.matches} concurrent {args.game} matches ({args.players} API-client seats each, "
        f"think {args.think}s, svg {'on' if args.svg else 'off'}), median of {args.runs} runs:"
    )
    for key in results[0]:
        print(f"  {key:>22}: {statistics.median(r[key] for r in results):.2f}")


if __name__ == "__main__":
    main()
