"""``meeple serve`` (or ``meeple worker ...``) with instruments, as benchmarks/load_web.py starts it
(``python -m benchmarks.load_profiled_serve serve ...`` from the repository root).

* ``MEEPLE_PROFILE_OUT=<file>``: the event loop is profiled by pyinstrument
  (load_web.py with ``MEEPLE_PROFILE=<folder>``); a text report when the process stops,
  and the session beside it (``<file>.pyisession``, for ``pyinstrument --load``).
* ``MEEPLE_GC_POLICY=stock``: meeple.web.gcpolicy is switched off (CPython's own collections).
* ``MEEPLE_GC_OUT=<file>``: every garbage collection is recorded as a line
  ``<wall-clock time> <generation> <pause ms> <CPU ms> <objects freed>`` (written when
  the process stops), so load_web.py can report the pauses inside its
  measured window. The callbacks cost a few microseconds a collection.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import time
from typing import Any

from meeple.web.cli import main


def record_collections() -> list[tuple[float, int, float, float, int]]:
    """Start recording every collection: wall-clock start, generation, pause in ms (wall, then
    CPU time of the collecting thread: the part a loaded machine does not stretch), objects freed."""
    events: list[tuple[float, int, float, float, int]] = []
    started = [0.0, 0.0, 0.0]

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = time.time(), time.perf_counter(), time.thread_time()
        else:
            wall, cpu = time.perf_counter() - started[1], time.thread_time() - started[2]
            events.append((started[0], info["generation"], 1000 * wall, 1000 * cpu, info["collected"]))

    gc.callbacks.append(callback)
    return events


if __name__ == "__main__":
    signal.raise_signal = lambda sig: None  # uvicorn re-raises SIGTERM after a graceful stop: report first
    gc_out = os.environ.get("MEEPLE_GC_OUT")
    profile_out = os.environ.get("MEEPLE_PROFILE_OUT")
    events = record_collections() if gc_out else []
    if os.environ.get("MEEPLE_GC_POLICY") == "stock":  # load_web.py's ":stockgc" set-ups: CPython's own collections
        try:
            from meeple.web import gcpolicy
        except ImportError:  # a tree from before the policy: stock anyway
            pass
        else:

            async def stock() -> None:
                await asyncio.Event().wait()

            gcpolicy.keep_collections_short = lambda *_args, **_kwargs: stock()  # type: ignore[assignment]
    profiler: Any = None
    if profile_out:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.001)
        profiler.start()
    try:
        main(sys.argv[1:])
    finally:
        if profiler is not None:
            profiler.stop()
            with open(profile_out or "", "w") as out:
                out.write(profiler.output_text(unicode=False, color=False, show_all=False))
            # The whole session too, to be read again with other options (``pyinstrument --load <file>``).
            profiler.last_session.save(f"{profile_out}.pyisession")
        if gc_out:
            with open(gc_out, "w") as out:
                out.writelines(f"{t:.4f} {g} {wall:.3f} {cpu:.3f} {n}\n" for t, g, wall, cpu, n in events)
