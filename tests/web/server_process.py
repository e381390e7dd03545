"""Start a real server process for tests (kill-and-restart, browser tests)."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """``meeple serve`` (with the toy game) in its own process group, on a free port."""

    READY = ""  # a line that says the process is ready, besides the address it serves

    def __init__(self, db_url: str, *extra: str, log_path: Path | None = None) -> None:
        self.db_url = db_url
        self.extra = extra
        self.log_path = log_path
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def command(self) -> list[str]:
        # Tests start many matches from one address: no creation limit unless a test sets one.
        limits = [] if "--create-rate" in self.extra else ["--create-rate", "0"]
        return ["--db", self.db_url, "--port", "0", *limits, *self.extra]

    def start(self, timeout: float = 60.0) -> ServerProcess:
        log = open(self.log_path, "a") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.web.serve_for_tests", *self.command()],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            start_new_session=True,  # its own process group: bot workers die with it
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        line = ""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.5)
            if ready:
                line = self.proc.stdout.readline()
                if self.READY and self.READY in line:
                    return self
                found = re.search(r"http://localhost:(\d+)/", line)
                if found:
                    self.url = f"http://127.0.0.1:{found.group(1)}"
                    return self
                if not line and self.proc.poll() is not None:
                    break
        self.kill()
        raise RuntimeError(f"the server did not start (last output {line!r}; see {self.log_path})")

    def kill(self) -> None:
        """Kill the server and its bot workers at once, as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class WorkerProcess(ServerProcess):
    """``meeple worker`` (with the toy game) in its own process group."""

    READY = "is playing bot turns"

    def command(self) -> list[str]:
        return ["worker", "--db", self.db_url, *self.extra]
