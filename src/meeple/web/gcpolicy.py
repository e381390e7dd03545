"""Garbage collection for a process that holds many live matches (``meeple serve``, ``meeple worker``).

CPython frees almost everything by reference counting; its cycle collector
walks each generation's objects, and the oldest generation holds every
long-lived one: with a thousand live matches (states, logs, the log lines
cached per viewer) that is about 300,000 objects, and each full collection
stopped the whole process for about 150 ms of CPU, every few seconds at 200
moves a second. That pause was the tail of the move latency
(benchmarks.load_web reports the pauses). Yet those objects are almost
never cyclic garbage: a full collection found at most about 1,000 objects to free.

So such a process, once started:

* freezes what it holds (``gc.freeze``: modules, classes, the app), so no
  collection walks it again;
* every :data:`FREEZE_S` collects the young generations (which hold the
  cycles that do occur: exceptions and their tracebacks, requests in flight)
  and freezes what survived them, so a full collection walks only what was
  promoted since;
* every :data:`RECLAIM_S` unfreezes everything and makes one full collection,
  which frees the cyclic garbage the frozen objects became meanwhile: memory
  stays bounded, at the price of one pause as long as the old ones that often.

The young generations keep CPython's thresholds: a larger first one (10,000
objects was tried) made each collection of the middle generation walk ten
times as many objects, and its pauses became the tail instead.

Reference counting is untouched: a frozen object that is no longer used is
freed at once, like any other. Not so a cycle: an object alive at a tick is
frozen, and if it later becomes cyclic garbage it is held until the next
reclaim. So what the server makes per connection must not stay a cycle once
the connection is gone (:mod:`meeple.web.wsconnections` breaks uvicorn's and
the websockets library's), or memory grows with every connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time

FREEZE_S = 5.0
RECLAIM_S = 600.0


async def keep_collections_short(freeze_s: float = FREEZE_S, reclaim_s: float = RECLAIM_S) -> None:
    """Run the policy above until cancelled; then every object is unfrozen again."""
    gc.collect()
    gc.freeze()
    reclaimed = time.monotonic()
    try:
        while True:
            await asyncio.sleep(freeze_s)
            if time.monotonic() - reclaimed >= reclaim_s:
                gc.unfreeze()
                gc.collect()
                reclaimed = time.monotonic()
            else:
                gc.collect(1)
            gc.freeze()
    finally:
        gc.unfreeze()


def start() -> asyncio.Task[None]:
    """Start the policy in the running event loop (cancel the task to stop it)."""
    return asyncio.create_task(keep_collections_short())


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
