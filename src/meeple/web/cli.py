"""``meeple serve`` (play in the browser) and ``meeple worker`` (bots for several servers).

The lead wires this into ``meeple``'s argument parser with
``add_parser(subparsers)``; ``run(args)`` starts the server, ``run_worker(args)``
a bot worker.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from typing import Any

DEFAULT_DB = "sqlite:///meeple.db"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="play in the browser (starts the web server)",
        description="Start the web server: a lobby to start games against bots, on one screen or online, "
        "live updates, saved games that survive a restart.",
    )
    add_arguments(parser)
    parser.set_defaults(func=run)
    worker: argparse.ArgumentParser = subparsers.add_parser(
        "worker",
        help="run the bots of web servers that share a PostgreSQL database",
        description="Play the bot turns of every match in the database, beside any number of "
        "'meeple serve --no-bots' processes (each turn is claimed by exactly one process).",
    )
    add_worker_arguments(worker)
    worker.set_defaults(func=run_worker)
    return parser


def _common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        default=os.environ.get("MEEPLE_DB", DEFAULT_DB),
        help="database URL: a SQLite file (default sqlite:///meeple.db) or postgresql://user:pass@host/db",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=max(1, (os.cpu_count() or 2) - 1),
        help="processes that run thinking bots (default: one less than the CPUs)",
    )
    parser.add_argument(
        "--bot-threads",
        action="store_true",
        help="run bots in threads of this process instead of worker processes",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        help="seconds a bot waits before moving, so people can follow (default 0.4)",
    )
    parser.add_argument(
        "--max-moves", type=int, default=5000, help="a game on the server stops after this many moves (default 5000)"
    )
    parser.add_argument(
        "--db-timeout",
        type=float,
        default=5.0,
        help="seconds to wait for a locked or unreachable database before answering 503 (default 5)",
    )
    parser.add_argument("--log-level", default="warning", help="log level (default warning)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    _common_arguments(parser)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument(
        "--no-bots",
        action="store_true",
        help="play no bot turns here: 'meeple worker' processes on the same database do",
    )
    parser.add_argument(
        "--create-rate",
        type=float,
        default=30.0,
        help="new matches (and uploads) one client may start a minute, on average; 0: no limit (default 30)",
    )
    parser.add_argument(
        "--create-burst", type=int, default=10, help="new matches one client may start at once (default 10)"
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        help="addresses of load balancers whose X-Forwarded-For names the client (default 127.0.0.1)",
    )
    parser.add_argument(
        "--abandon-after",
        type=float,
        default=900.0,
        help="seconds a game without a clock waits on absent players before a seat may abandon it (default 900)",
    )
    parser.add_argument(
        "--expire-tables-after",
        type=float,
        default=86400.0,
        help="seconds a table waits for its players before it closes by itself; 0: never (default 86400, a day)",
    )
    parser.add_argument(
        "--max-running",
        type=int,
        default=1000,
        help="running matches the database may hold before new ones are refused; 0: no limit (default 1000)",
    )
    _analysis_arguments(parser)


# ``meeple serve --analysis-<flag>``: (AnalysisSettings field, type, what it bounds). Each defaults to its
# MEEPLE_ANALYSIS_<FIELD> environment variable, else the built-in default; a job keeps the values it was
# asked with, so a ``meeple worker`` needs none of them.
ANALYSIS_FLAGS: dict[str, tuple[str, type, str]] = {
    "budget": ("budget", int, "search playouts a decision (default: each game's own)"),
    "cpu-seconds": ("cpu_seconds", float, "seconds of CPU at most a decision (default 1)"),
    "max-decisions": ("max_decisions", int, "decisions judged at most a game; the page states it (default 400)"),
    "per-minute": ("per_minute", float, "analysis requests one client address may make a minute (default 10)"),
    "burst": ("burst", int, "analysis requests one client address may make at once (default 5)"),
    "max-active": ("max_active", int, "analyses queued or running at once on the whole database (default 100)"),
}


def _analysis_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("analyses of finished games (each defaults to MEEPLE_ANALYSIS_<NAME>)")
    for flag, (field, kind, words) in ANALYSIS_FLAGS.items():
        group.add_argument(f"--analysis-{flag}", dest=f"analysis_{field}", type=kind, default=None, help=words)


def analysis_settings(args: argparse.Namespace) -> Any:
    """The server's ``AnalysisSettings``: the flags given, else the environment, else the defaults;
    ``ValueError`` (naming the flag) for a value that is not positive."""
    import dataclasses

    from meeple.web.analysisjobs import AnalysisSettings

    given: dict[str, Any] = {}
    for flag, (field, _, _) in ANALYSIS_FLAGS.items():
        value = getattr(args, f"analysis_{field}", None)
        if value is None:
            continue
        if not value > 0:
            raise ValueError(f"--analysis-{flag} must be positive, not {value}")
        given[field] = value
    return dataclasses.replace(AnalysisSettings.from_env(), **given)


def add_worker_arguments(parser: argparse.ArgumentParser) -> None:
    _common_arguments(parser)


def _check(args: argparse.Namespace) -> str | None:
    if args.bot_workers < 1:
        return "--bot-workers must be at least 1"
    if args.bot_delay < 0:
        return "--bot-delay cannot be negative"
    if args.max_moves < 1:
        return "--max-moves must be at least 1"
    if args.db_timeout <= 0:
        return "--db-timeout must be positive"
    return None


def shown_url(url: str) -> str:
    """The database URL without its password, for messages."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(the database)"


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from meeple.web import logsafe
        from meeple.web.app import create_app
        from meeple.web.limits import Limits
        from meeple.web.wsconnections import http_protocol, websocket_protocol
    except ImportError as exc:
        print(f"meeple serve needs the web extras: pip install 'meeple[web]' ({exc})", file=sys.stderr)
        return 2
    problem = _check(args)
    try:
        analysis = analysis_settings(args)
    except ValueError as exc:  # a bad flag or MEEPLE_ANALYSIS_* variable
        problem = problem or str(exc)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    app = create_app(
        args.db,
        bot_mode="thread" if args.bot_threads else "process",
        bot_workers=args.bot_workers,
        bot_delay=args.bot_delay,
        run_bots=not args.no_bots,
        max_moves=args.max_moves,
        db_timeout=args.db_timeout,
        tune_gc=True,
        abandon_after=args.abandon_after,
        expire_tables_after=args.expire_tables_after,
        limits=Limits(create_per_minute=args.create_rate, create_burst=args.create_burst, max_running=args.max_running),
        analysis=analysis,
    )
    # Pages send only a short hello: a big WebSocket message is refused by uvicorn itself.
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=16 * 1024,
        # Both free a WebSocket connection's objects as soon as it closes (see meeple.web.wsconnections).
        http=http_protocol(),
        ws=websocket_protocol(),
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    logsafe.install()  # after uvicorn configured logging: its handlers get the filter too
    server = uvicorn.Server(config)
    _announce_when_ready(server, args.host, app, args.db)
    server.run()
    return 0


def _announce_when_ready(server: Any, host: str, app: Any, db: str) -> None:
    """Print the address once uvicorn listens (the port may have been 0: free port)."""
    original = server.startup

    async def startup(sockets: Any = None) -> None:
        await original(sockets=sockets)
        hub = getattr(app.state, "hub", None)
        if hub is not None and hub.read_only:
            print(
                f"meeple: the database {shown_url(db)} is read-only ({hub.read_only}): games can be viewed, "
                "but nothing can be started or played until it is writable",
                file=sys.stderr,
                flush=True,
            )
        for srv in getattr(server, "servers", []):
            for sock in srv.sockets:
                port = sock.getsockname()[1]
                shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
                print(f"meeple is being served at http://{shown}:{port}/  (Ctrl-C stops it)", flush=True)
                return

    server.startup = startup


def run_worker(args: argparse.Namespace) -> int:
    try:
        from meeple.web import logsafe
    except ImportError as exc:
        print(f"meeple worker needs the web extras: pip install 'meeple[web]' ({exc})", file=sys.stderr)
        return 2
    problem = _check(args)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logsafe.install()
    return asyncio.run(_work(args))


async def _work(args: argparse.Namespace) -> int:
    from meeple.web import gcpolicy
    from meeple.web.hub import Hub
    from meeple.web.storage import Store

    store = Store(args.db, timeout=args.db_timeout)
    hub = Hub(
        store,
        bot_mode="thread" if args.bot_threads else "process",
        bot_workers=args.bot_workers,
        bot_delay=args.bot_delay,
        run_bots=True,
        max_moves=args.max_moves,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await hub.start()
    collections = gcpolicy.start()
    try:
        if hub.read_only:
            print(f"meeple worker: the database {shown_url(args.db)} is read-only ({hub.read_only})", file=sys.stderr)
        print(f"meeple worker is playing bot turns on {shown_url(args.db)}  (Ctrl-C stops it)", flush=True)
        await stop.wait()
    finally:
        await gcpolicy.stop(collections)
        await hub.close()
        store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the server on its own: ``python -m meeple.web.cli``; ``... worker ...`` runs a worker."""
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["worker"]:
        parser = argparse.ArgumentParser(prog="meeple worker")
        add_worker_arguments(parser)
        return run_worker(parser.parse_args(argv[1:]))
    parser = argparse.ArgumentParser(prog="meeple serve")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
