"""Load test of the web server: many concurrent matches through the API, on two set-ups.

``sqlite``: one ``meeple serve`` process on a SQLite file (it plays its own
bots). ``cluster``: two ``meeple serve --no-bots`` processes and one ``meeple
worker`` on one PostgreSQL database (a throw-away server this script
starts). Each run measures both, one after the other, on the same load.

The load: ``--matches`` matches whose seats are played by API clients: each
seat listens on its WebSocket, "thinks" for ``--think`` seconds (excluded
from every figure), then posts a random legal move over HTTP. In the
cluster a match is created on one server and its seats use both, so every
move crosses processes. ``--bot-matches`` more matches are played by the
server's random bots (the worker's in the cluster), and count in total
moves/s. A finished match is replaced by a new one so the load stays
constant. Reported: client moves/s, all moves/s (from the database), the
latency of a move's POST (p50/p99) and the time until the next seat's page
has the new position (p50/p99), CPU per move of the server processes
(all of them, the busiest ``meeple serve`` alone, and the ``meeple
worker``), the garbage collections' pauses of the servers and of this
client inside the measured window (ms of pause a second, the longest), and
the load average of the machine meanwhile (the mean of the 1-minute figure
at the window's start and end).

Set-ups may be compared in one run: ``--setups sqlite,sqlite:stockgc`` (the
servers without meeple.web.gcpolicy) or ``sqlite@<folder>`` (the servers
from another source tree, e.g. ``git archive <commit> src | tar -x -C
<folder>``, given as ``<folder>/src``).

The load generator shares the machine's cores with what it measures, so it
keeps its own cost small: one WebSocket per seat waiting on ``recv`` (no
timer per seat), a minimal keep-alive HTTP client, and no garbage
collection of its own during the measured window (``gc.freeze()`` then
``gc.disable()``, undone after it), so its collections (still reported as
``client_gc_*``) do not pause the latencies it is timing. What it sends and
what it times are the same as without.

    .venv/bin/python -m benchmarks.load_web --matches 1000 --think 5 --seconds 30 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
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

from benchmarks.load_profiled_serve import record_collections

ROOT = Path(__file__).resolve().parents[1]

CLIENT_GC = record_collections()  # the load generator's own pauses (they delay what it measures)


def start_process(
    args: list[str], log: Path, ready: str, extra_env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """Start ``meeple serve ARGS`` (or ``worker``) through load_profiled_serve; returns it and its
    address once ``ready`` is printed. Its collections go to ``<log>-*.gc`` (see :func:`gc_pauses`)."""
    # MEEPLE_PROFILE=<folder>: each process's event loop is profiled (benchmarks/load_profiled_serve.py).
    profile = os.environ.get("MEEPLE_PROFILE")
    env = {**os.environ, **(extra_env or {})}
    name = f"{log.stem}-{args[0] if args[0] == 'worker' else 'serve'}-{time.monotonic_ns()}"
    if profile:
        env["MEEPLE_PROFILE_OUT"] = f"{profile}/{name}.txt"
    # Every process records its garbage collections (benchmarks/load_profiled_serve.py): load_web reports the pauses.
    env["MEEPLE_GC_OUT"] = str(log.parent / f"{name}.gc")
    GC_FILES.append(Path(env["MEEPLE_GC_OUT"]))
    proc = subprocess.Popen(
        # as a module from the repository root, which the cwd puts first on its sys.path
        [sys.executable, "-m", "benchmarks.load_profiled_serve", *args],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=open(log, "a"),  # noqa: SIM115
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if ready not in line:
        proc.kill()
        raise SystemExit(f"process did not start: {line!r} (see {log})")
    found = re.search(r"http://localhost:(\d+)/", line)
    return proc, f"127.0.0.1:{found.group(1)}" if found else ""


GC_FILES: list[Path] = []  # of the processes started, in order


def gc_pauses(files: list[Path], start: float, end: float) -> dict[str, float]:
    """The collections of the processes whose records are ``files`` inside the wall-clock
    window [start, end]: pauses summed a second and the longest, in wall time and in the
    collecting thread's CPU time (which a loaded machine does not stretch), and how many were full."""
    walls, cpus, full = [], [], 0
    for path in files:
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            at, generation, wall, cpu, _freed = line.split()
            if start <= float(at) <= end:
                walls.append(float(wall))
                cpus.append(float(cpu))
                full += generation == "2"
    seconds = end - start
    return {
        "server_gc_ms_per_s": sum(walls) / seconds,
        "server_gc_max_ms": max(walls, default=0.0),
        "server_gc_cpu_ms_per_s": sum(cpus) / seconds,
        "server_gc_cpu_max_ms": max(cpus, default=0.0),
        "server_full_gcs": full,
    }


SERVE = ["--port", "0", "--bot-threads", "--create-rate", "0", "--max-running", "0"]


def setup_env(kind: str) -> dict[str, str]:
    """What a set-up's name asks of its processes: ``<sqlite|cluster>[:stockgc][@<src folder>]``.

    ``:stockgc`` leaves CPython's garbage collection as it is (no meeple.web.gcpolicy);
    ``@<folder>`` runs the servers from another source tree (e.g. an export of main), so a
    change and its baseline are measured in the same run.
    """
    env: dict[str, str] = {}
    if "@" in kind:
        env["PYTHONPATH"] = str(Path(kind.split("@", 1)[1]).resolve())
    if ":stockgc" in kind:
        env["MEEPLE_GC_POLICY"] = "stock"
    return env


def base_kind(kind: str) -> str:
    return kind.split("@", 1)[0].split(":", 1)[0]


def start_setup(kind: str, db_url: str, log: Path, bot_delay: float) -> tuple[list[subprocess.Popen[str]], list[str]]:
    """The processes of a set-up and the addresses of its servers."""
    serve = [*SERVE, "--bot-delay", str(bot_delay)]
    env = setup_env(kind)
    if base_kind(kind) == "sqlite":
        proc, address = start_process(["--db", db_url, *serve], log, "being served", env)
        return [proc], [address]
    procs, addresses = [], []
    for _ in range(2):
        proc, address = start_process(["--db", db_url, *serve, "--no-bots"], log, "being served", env)
        procs.append(proc)
        addresses.append(address)
    worker, _ = start_process(
        ["worker", "--db", db_url, "--bot-threads", "--bot-delay", str(bot_delay)], log, "playing bot", env
    )
    return [*procs, worker], addresses


def stop_setup(procs: list[subprocess.Popen[str]]) -> None:
    for proc in procs:
        os.killpg(proc.pid, signal.SIGTERM)
    for proc in procs:
        proc.wait(timeout=30)


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
    def __init__(self, addresses: list[str], args: argparse.Namespace) -> None:
        self.addresses = addresses
        self.args = args
        self.rng = random.Random(args.seed)
        self.measuring = False
        self.moves = 0
        self.post_latency: list[float] = []
        self.update_latency: list[float] = []
        self.rejected = 0
        self.errors = 0
        self.posted_at: dict[tuple[str, int], float] = {}
        self.http = {a: HttpPool(a, max(1, args.connections // len(addresses))) for a in addresses}
        self.created = 0

    async def match_slot(self, stop: asyncio.Event, bots: bool = False) -> None:
        """Keep one match going: play it, and start another when it ends."""
        while not stop.is_set():
            home = self.created % len(self.addresses)
            self.created += 1
            body: dict[str, Any] = {"game": self.args.game, "players": self.args.players}
            if bots:
                body["seats"] = [{"kind": "bot", "bot": "random"}] * self.args.players
            status, data = await self.http[self.addresses[home]].request("POST", "/api/matches", body)
            if status != 201:
                raise SystemExit(f"cannot create a match: {status} {data!r}")
            match = json.loads(data)
            if bots:
                await self.until_over(match["id"], stop)
                continue
            seats = [s for s in match["seats"] if "token" in s]
            await asyncio.gather(
                *(
                    self.seat(
                        self.addresses[(home + s["seat"]) % len(self.addresses)],
                        match["id"],
                        s["seat"],
                        s["token"],
                        stop,
                    )
                    for s in seats
                )
            )

    async def until_over(self, match_id: str, stop: asyncio.Event) -> None:
        url = f"ws://{self.addresses[0]}/api/matches/{match_id}/live"
        async with websockets.connect(url, max_size=None, compression=None) as ws:
            await ws.send(json.dumps({"svg": False}))
            while not stop.is_set():
                message = await ws.recv()  # the run's end cancels this task
                if json.loads(message)["view"]["is_over"]:
                    return

    async def seat(self, address: str, match_id: str, seat: int, token: str, stop: asyncio.Event) -> None:
        acted_on = -1
        url = f"ws://{address}/api/matches/{match_id}/live"
        async with websockets.connect(url, max_size=None, compression=None) as ws:
            await ws.send(json.dumps({"token": token, "svg": self.args.svg}))
            while not stop.is_set():
                message = await ws.recv()  # the run's end cancels this task
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
                status, data = await self.http[address].request(
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


def own_cpu_seconds(pid: int) -> float:
    """:func:`cpu_seconds`, 0 for a process that is gone."""
    try:
        return cpu_seconds(pid)
    except OSError:
        return 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def stored_moves(db_url: str) -> int:
    from sqlalchemy import create_engine, text

    from meeple.web.storage import normalize_url

    engine = create_engine(normalize_url(db_url))
    with engine.connect() as conn:
        count = int(conn.execute(text("SELECT count(*) FROM moves")).scalar() or 0)
    engine.dispose()
    return count


async def one_run(
    addresses: list[str], args: argparse.Namespace, pids: list[int], db_url: str
) -> tuple[dict[str, float], tuple[float, float]]:
    """The figures of one measured window, and the window (wall-clock start and end)."""
    load = Load(addresses, args)
    stop = asyncio.Event()
    slots = [asyncio.create_task(load.match_slot(stop, bots=True)) for _ in range(args.bot_matches)]
    for _ in range(args.matches):
        slots.append(asyncio.create_task(load.match_slot(stop)))
        await asyncio.sleep(args.think / args.matches)  # spread the starts over one think time
    await asyncio.sleep(args.warmup)
    before = await asyncio.to_thread(stored_moves, db_url)
    # The load generator's own collections would pause every latency it times: see the module's docstring.
    gc.freeze()
    gc.disable()
    load.measuring = True
    started, wall_start, load_start = time.perf_counter(), time.time(), os.getloadavg()[0]
    cpu_before, client_cpu = [cpu_seconds(p) for p in pids], time.process_time()
    client_gc = len(CLIENT_GC)
    await asyncio.sleep(args.seconds)
    load.measuring = False
    elapsed, wall_end = time.perf_counter() - started, time.time()
    cpu = [cpu_seconds(p) - b for p, b in zip(pids, cpu_before, strict=True)]
    client_cpu = time.process_time() - client_cpu
    client_pauses = [(wall, cpu) for _t, _g, wall, cpu, _n in CLIENT_GC[client_gc:]]
    all_moves = await asyncio.to_thread(stored_moves, db_url) - before
    load_avg = (load_start + os.getloadavg()[0]) / 2
    gc.enable()
    gc.unfreeze()
    stop.set()
    for slot in slots:
        slot.cancel()
    await asyncio.gather(*slots, return_exceptions=True)
    for pool in load.http.values():
        await pool.close()
    moves = max(1, all_moves)
    return {
        "load_avg_1min": load_avg,
        "moves_per_s": load.moves / elapsed,
        "all_moves_per_s": all_moves / elapsed,
        "post_p50_ms": 1000 * percentile(load.post_latency, 0.50),
        "post_p99_ms": 1000 * percentile(load.post_latency, 0.99),
        "update_p50_ms": 1000 * percentile(load.update_latency, 0.50),
        "update_p99_ms": 1000 * percentile(load.update_latency, 0.99),
        "server_cpu_ms_per_move": 1000 * sum(cpu) / moves,
        # Each `meeple serve` process alone (the first two in the cluster; the worker is the third),
        # and the `meeple worker` (none in the sqlite set-up): the CPU of each process kind.
        "serve_cpu_ms_per_move": 1000 * max(cpu[: len(addresses)]) / moves,
        "bot_worker_cpu_ms_per_move": 1000 * sum(cpu[len(addresses) :]) / moves,
        "client_cpu_ms_per_move": 1000 * client_cpu / max(1, load.moves),
        "client_gc_ms_per_s": sum(wall for wall, _ in client_pauses) / elapsed,
        "client_gc_max_ms": max((wall for wall, _ in client_pauses), default=0.0),
        "client_gc_cpu_max_ms": max((cpu for _, cpu in client_pauses), default=0.0),
        "rejected": load.rejected,
        "errors": load.errors,
    }, (wall_start, wall_end)


def run_async(coroutine: Any) -> Any:
    """Run on uvloop when it is installed (as the server does), else on asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


# ----------------------------------------------------------- the parts of a move, each alone
def view_parts(game: str, seed: int, players: int = 2) -> None:
    """CPU (thread time) of the pieces of every seat's view after every move of one
    random game, as a serving process builds them: observation, labelled legal actions, the
    SVG board, the whole cached message; and judging plus applying the move."""
    import meeple
    from meeple.web.live import LiveMatch, replay_state
    from meeple.web.page_views import board_svg, labelled_actions
    from meeple.web.storage import MatchRow, SeatRow

    info = meeple.GAMES[game]
    players = max(players, info.min_players)  # (Ivor is played by 3 or more)
    seats = [SeatRow(s, name, "human") for s, name in enumerate(["Ann", "Bob", "Cy", "Di", "Eve"][:players])]
    match = LiveMatch(
        MatchRow("m", game, players, seed, {}, "live", "running", seats),
        info,
        replay_state(info, players, seed, {}, []),
    )
    rng, spent = random.Random(seed), dict.fromkeys(["observation", "actions", "board", "message", "move"], 0.0)

    def timed(part: str, call: Any) -> Any:
        started = time.thread_time()
        result = call()
        spent[part] += time.thread_time() - started
        return result

    moves = 0
    while not match.state.is_over and moves < 300:
        for seat in range(players):
            obs = timed("observation", lambda seat=seat: match.state.observation(seat))
            legal = []
            if seat in match.state.to_move:
                legal = [a["notation"] for a in timed("actions", lambda seat=seat: labelled_actions(match.state, seat))]
            timed("board", lambda obs=obs, legal=legal: board_svg(match.state, obs, legal, match.names))
            timed("message", lambda seat=seat: match.view_message(seat))
        seat = match.state.to_move[0]
        action = rng.choice(match.state.legal_actions(seat))

        def play(seat: int = seat, action: Any = action) -> None:
            after = match.state.clone()
            after.apply(action, seat)
            match.accept(after, seat, str(action))
            match.changed()

        timed("move", play)
        moves += 1
    print(f"{moves} moves of {game} ({players} seats); ms of CPU per move, every seat's view:")
    for part, seconds in spent.items():
        print(f"  {part:>12}: {1000 * seconds / moves:.3f}")


def board_costs(seeds: int = 2, every: int = 3, passes: int = 3) -> None:
    """CPU (thread time) of drawing one SVG board, for every game at its fewest and most players:
    every seat's and the spectator's board (with names) at every ``every``-th position of
    ``seeds`` random games, drawn once to warm what the games keep, then ``passes`` times;
    the median pass, per board. The digest of every drawing (all passes) tells whether two
    versions of the code draw the same boards."""
    import meeple

    for game, info in meeple.GAMES.items():
        render = info.svg_view
        if render is None:
            continue
        for players in sorted({info.min_players, info.max_players}):
            names = ["Ann", "Bob", "Cy", "Di", "Eve"][:players]
            boards: list[tuple[Any, list[str] | None]] = []
            for seed in range(seeds):
                state, rng, step = info.new(players, seed), random.Random(seed), 0
                while True:
                    if step % every == 0 or state.is_over:
                        for seat in [*range(players), None]:
                            moving = seat is not None and seat in state.to_move and not state.is_over
                            legal = [str(a) for a in state.legal_actions(seat)] if moving else None
                            boards.append((state.observation(seat), legal))
                    if state.is_over:
                        break
                    mover = state.to_move[rng.randrange(len(state.to_move))]
                    actions = state.legal_actions(mover)
                    state.apply(actions[rng.randrange(len(actions))], mover)
                    step += 1
            spent, digest = [], hashlib.sha256()
            for _ in range(passes + 1):
                started = time.thread_time()
                drawn = [render(obs, legal, names=names) for obs, legal in boards]
                spent.append(time.thread_time() - started)
                digest.update("".join(drawn).encode())
            per_board = 1000 * statistics.median(spent[1:]) / len(boards)
            print(
                f"{game:>13} {players}p: {len(boards):>5} boards, {per_board:.3f} ms of CPU a board, "
                f"digest of the drawings {digest.hexdigest()[:16]}",
                flush=True,
            )


def database_costs(moves_per_match: int = 10, matches: int = 200) -> None:
    """What storing a move costs PostgreSQL: round trips of one ``Store.append_move`` (from
    libpq's trace: each ``Sync`` or simple ``Query`` sent), the CPU of the server's processes
    and of the client (SQLAlchemy, psycopg) per move from 4 threads; then the commits a
    second of a move's writes with and without a NOTIFY on a server that flushes its commits."""
    import threading

    import psycopg
    from sqlalchemy import event
    from tests.web.pg import ThrowawayPostgres

    from meeple.web.storage import MatchRow, SeatRow, Store

    class FlushingPostgres(ThrowawayPostgres):
        def start(self) -> None:  # without -F: commits are flushed, as in production
            self._ctl("-l", str(self.base / "server.log"), "-w", "-o", f"-p {self.port} -h 127.0.0.1", "start")

    def server_cpu(postgres: ThrowawayPostgres) -> float:
        master = int((postgres.data / "postmaster.pid").read_text().split()[0])
        total = 0.0
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                if master in (int(entry.name), parent):
                    total += own_cpu_seconds(int(entry.name))
        return total

    postgres = ThrowawayPostgres()
    try:
        store = Store(postgres.url)
        seats = [SeatRow(0, "a", "human"), SeatRow(1, "b", "human")]
        for m in range(matches):
            store.create_match(MatchRow(f"m{m}", "bayon", 2, 1, {}, "live", "running", seats))
        with tempfile.TemporaryFile("w+") as trace:

            def traced(dbapi: Any, *_: Any) -> None:
                dbapi.pgconn.trace(trace.fileno())

            event.listen(store.engine, "checkout", traced)
            for number in range(10):
                store.append_move("m0", number, number % 2, f"move{number}")
            event.remove(store.engine, "checkout", traced)
            store.engine.dispose()  # the traced connections go
            trace.seek(0)
            sent = [line for line in trace if "\tF\t" in line and ("\tSync" in line or "\tQuery" in line)]
        print(f"round trips per stored move: {len(sent) / 10:.1f}")
        before, client = server_cpu(postgres), time.process_time()

        def store_moves(first: int) -> None:
            for number in range(moves_per_match):
                for m in range(first, matches, 4):  # m0 took the traced moves
                    store.append_move(f"m{m}", number, number % 2, f"move{number}")

        threads = [threading.Thread(target=store_moves, args=(k,)) for k in range(1, 5)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stored = (matches - 1) * moves_per_match
        print(
            f"CPU per stored move: PostgreSQL {1000 * (server_cpu(postgres) - before) / stored:.3f} ms, "
            f"client {1000 * (time.process_time() - client) / stored:.3f} ms (load {os.getloadavg()[0]:.1f})"
        )
        store.close()
    finally:
        postgres.destroy()
    flushing = FlushingPostgres()
    try:
        with psycopg.connect(flushing.url, autocommit=True) as conn:
            conn.execute("CREATE TABLE m (id text PRIMARY KEY, n int, t float8)")
            conn.execute("CREATE TABLE mv (match_id text, number int, notation text, PRIMARY KEY (match_id, number))")
            conn.execute("INSERT INTO m SELECT 'm' || g, 0, 0 FROM generate_series(0, 999) g")

        def commits_per_second(writers: int, notify: bool, seconds: float = 5.0) -> float:
            with psycopg.connect(flushing.url, autocommit=True) as conn:
                conn.execute("TRUNCATE mv")  # each run stores its moves anew
            stop, counts = time.perf_counter() + seconds, [0] * writers

            def write(k: int) -> None:
                with psycopg.connect(flushing.url) as conn:
                    while time.perf_counter() < stop:
                        n = counts[k]
                        match_id = f"m{(k * 997 + n) % 1000}"
                        conn.execute("INSERT INTO mv VALUES (%s, %s, 'x')", (match_id, n * 64 + k))
                        conn.execute("UPDATE m SET n = n + 1, t = %s WHERE id = %s", (time.time(), match_id))
                        if notify:
                            conn.execute("SELECT pg_notify('load_web', %s)", (f"{match_id} {n}",))
                        conn.commit()
                        counts[k] += 1

            started = time.perf_counter()
            workers = [threading.Thread(target=write, args=(k,)) for k in range(writers)]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            return sum(counts) / (time.perf_counter() - started)

        for writers in (8, 32):
            for notify in (False, True, False, True):
                rate = commits_per_second(writers, notify)
                print(
                    f"{writers} writers, NOTIFY {'on ' if notify else 'off'}: {rate:6.0f} flushed commits/s", flush=True
                )
    finally:
        flushing.destroy()


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
    parser.add_argument("--bot-matches", type=int, default=0, help="matches played by the server's random bots")
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds a server bot waits before it moves")
    parser.add_argument(
        "--setups",
        default="sqlite,cluster",
        help="set-ups to measure, in this order each run: sqlite, cluster, each optionally with :stockgc "
        "and @<src folder> (see setup_env)",
    )
    parser.add_argument("--log-dir", default=None, help="keep the servers' logs here (default: thrown away)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", action="store_true", help="only time the parts of a move's views, each alone")
    parser.add_argument(
        "--database", action="store_true", help="only measure what storing a move costs PostgreSQL (see database_costs)"
    )
    parser.add_argument("--boards", action="store_true", help="only time drawing each game's board (see board_costs)")
    args = parser.parse_args()
    if args.parts:
        view_parts(args.game, args.seed, args.players)
        return
    if args.database:
        database_costs()
        return
    if args.boards:
        board_costs()
        return
    setups = args.setups.split(",")

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a stopped run still stops its servers
    postgres = None
    if any(base_kind(kind) == "cluster" for kind in setups):
        from tests.web.pg import ThrowawayPostgres  # the repository root is on sys.path (run with -m)

        postgres = ThrowawayPostgres()
    results: dict[str, list[dict[str, float]]] = {kind: [] for kind in setups}
    try:
        for run in range(args.runs):
            for kind in setups:
                with tempfile.TemporaryDirectory() as tmp:
                    db_url = f"sqlite:///{Path(tmp) / 'load.db'}"
                    if base_kind(kind) == "cluster":
                        assert postgres is not None
                        db_url = fresh_database(postgres.url, f"load{run}")
                    log = Path(args.log_dir or tmp) / f"{re.sub(r'[^A-Za-z0-9_-]+', '_', kind)}-{run}.log"
                    first_file = len(GC_FILES)
                    procs, addresses = start_setup(kind, db_url, log, args.bot_delay)
                    try:
                        result, (start, end) = run_async(one_run(addresses, args, [p.pid for p in procs], db_url))
                    finally:
                        stop_setup(procs)
                    result.update(gc_pauses(GC_FILES[first_file:], start, end))
                results[kind].append(result)
                print(f"run {run + 1} {kind}: " + ", ".join(f"{k} {v:.1f}" for k, v in result.items()), flush=True)
    finally:
        if postgres is not None:
            postgres.destroy()
    print(
        f"\n{args.matches} concurrent {args.game} matches ({args.players} API-client seats each, "
        f"think {args.think}s, svg {'on' if args.svg else 'off'}) and {args.bot_matches} server-bot matches, "
        f"median of {args.runs} runs:"
    )
    print(
        f"  {'':>22}  "
        + "  ".join(f"{kind[-14:]:>14}" for kind in setups)
        + (f"  {'2nd/1st':>10}" if len(setups) == 2 else "")
    )
    for key in results[setups[0]][0]:
        medians = [statistics.median(r[key] for r in results[kind]) for kind in setups]
        ratio = f"  {medians[1] / medians[0]:>10.2f}" if len(medians) == 2 and medians[0] else ""
        print(f"  {key:>22}: " + "  ".join(f"{m:>14.2f}" for m in medians) + ratio)


def fresh_database(server_url: str, name: str) -> str:
    from sqlalchemy import create_engine, text

    from meeple.web.storage import normalize_url

    admin = create_engine(normalize_url(server_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return server_url.rsplit("/", 1)[0] + "/" + name


if __name__ == "__main__":
    main()
