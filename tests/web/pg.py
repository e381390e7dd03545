"""A throw-away PostgreSQL server for the web tests and benchmarks/load_web.py (no pytest here)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


class PostgresMissing(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def _postgres_bin() -> Path | None:
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ThrowawayPostgres:
    """A throw-away PostgreSQL server on a free port (``url`` is its ``postgres`` database).

    PostgreSQL refuses to run as root, so as root (CI) it runs as the
    ``postgres`` user (or ``nobody``) over a data directory handed to it.
    """

    def __init__(self) -> None:
        bin_dir = _postgres_bin()
        if bin_dir is None:
            raise PostgresMissing(
                "PostgreSQL server binaries (initdb, pg_ctl) are not installed; .ci/run installs them"
            )
        self.bin_dir = bin_dir
        self.base = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
        self.run_as: list[str] = []
        if os.geteuid() == 0:
            user = "postgres" if _user_exists("postgres") else "nobody"
            shutil.chown(self.base, user)
            self.run_as = ["runuser", "-u", user, "--"]
        self.data, self.port = self.base / "data", free_port()
        self.url = f"postgresql://meeple@127.0.0.1:{self.port}/postgres"
        try:
            subprocess.run(
                [
                    *self.run_as,
                    str(bin_dir / "initdb"),
                    "-D",
                    str(self.data),
                    "-U",
                    "meeple",
                    "--auth=trust",
                    "-E",
                    "UTF8",
                ],
                check=True,
                capture_output=True,
            )
            self.start()
        except subprocess.CalledProcessError as exc:
            log = (self.base / "server.log").read_text() if (self.base / "server.log").exists() else ""
            shutil.rmtree(self.base, ignore_errors=True)
            raise RuntimeError(f"could not start PostgreSQL: {exc.stderr!r} {log}") from None

    def _ctl(self, *args: str) -> None:
        subprocess.run(
            [*self.run_as, str(self.bin_dir / "pg_ctl"), "-D", str(self.data), *args], check=True, capture_output=True
        )

    def start(self) -> None:
        self._ctl(
            "-l", str(self.base / "server.log"), "-w", "-o", f"-p {self.port} -h 127.0.0.1 -k {self.base} -F", "start"
        )

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-m", mode, "-w", "stop")

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop("immediate")
        shutil.rmtree(self.base, ignore_errors=True)


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
