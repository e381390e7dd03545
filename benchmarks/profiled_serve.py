"""``meeple serve`` with its event loop profiled by pyinstrument (web_load.py with MEEPLE_PROFILE=<folder>).

Writes a text report to ``$MEEPLE_PROFILE_OUT`` when the server stops (SIGTERM).
"""

from __future__ import annotations

import os
import signal
import sys

from pyinstrument import Profiler

from meeple.web.cli import main

if __name__ == "__main__":
    signal.raise_signal = lambda sig: None  # uvicorn re-raises SIGTERM after a graceful stop: report first
    profiler = Profiler(interval=0.001)
    profiler.start()
    try:
        main(sys.argv[1:])
    finally:
        profiler.stop()
        with open(os.environ["MEEPLE_PROFILE_OUT"], "w") as out:
            out.write(profiler.output_text(unicode=False, color=False, show_all=False))
