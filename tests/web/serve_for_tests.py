"""Run ``meeple serve`` with the test-only toy game registered too.

The kill-and-restart and browser tests start real server processes with
this: ``python -m tests.web.serve_for_tests --db URL --port 0``.
"""

from __future__ import annotations

import sys

import meeple
from meeple.web.cli import main
from tests.web.webtoy import INFO

if __name__ == "__main__":
    meeple.GAMES[INFO.id] = INFO
    sys.exit(main(sys.argv[1:]))
