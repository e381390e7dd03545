"""``meeple serve``: play in the browser.

The lead wires this into ``meeple``'s argument parser with
``add_parser(subparsers)``; ``run(args)`` starts the server.
"""

from __future__ import annotations

import argparse
import os
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
    return parser


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        default=os.environ.get("MEEPLE_DB", DEFAULT_DB),
        help="database URL: a SQLite file (default sqlite:///meeple.db) or postgresql://user:pass@host/db",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=max(1, (os.cpu_count() or 2) - 1),
        help="processes that run bots (default: one less than the CPUs)",
    )
    parser.add_argument(
        "--bot-threads",
        action="store_true",
        help="run bots in threads of the server process instead of worker processes",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        help="seconds a bot waits before moving, so people can follow (default 0.4)",
    )
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from meeple.web.app import create_app
    except ImportError as exc:
        print(f"meeple serve needs the web extras: pip install 'meeple[web]' ({exc})", file=sys.stderr)
        return 2
    if args.bot_workers < 1:
        print("--bot-workers must be at least 1", file=sys.stderr)
        return 2
    if args.bot_delay < 0:
        print("--bot-delay cannot be negative", file=sys.stderr)
        return 2
    app = create_app(
        args.db,
        bot_mode="thread" if args.bot_threads else "process",
        bot_workers=args.bot_workers,
        bot_delay=args.bot_delay,
    )
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level=args.log_level)
    server = uvicorn.Server(config)
    _announce_when_ready(server, args.host)
    server.run()
    return 0


def _announce_when_ready(server: Any, host: str) -> None:
    """Print the address once uvicorn listens (the port may have been 0: free port)."""
    original = server.startup

    async def startup(sockets: Any = None) -> None:
        await original(sockets=sockets)
        for srv in getattr(server, "servers", []):
            for sock in srv.sockets:
                port = sock.getsockname()[1]
                shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
                print(f"meeple is being served at http://{shown}:{port}/  (Ctrl-C stops it)", flush=True)
                return

    server.startup = startup


def main(argv: list[str] | None = None) -> int:
    """Run the server on its own: ``python -m meeple.web.cli``."""
    parser = argparse.ArgumentParser(prog="meeple serve")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
