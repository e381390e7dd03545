"""Short garbage collections (meeple.web.gcpolicy): survivors frozen, frozen garbage reclaimed."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

from meeple.web import gcpolicy


class Node:
    """A cycle's member that a weak reference can watch."""

    other: Any = None


def frozen_cycle() -> weakref.ref[Node]:
    """A cycle that becomes garbage while frozen (as a long-lived object does under the policy)."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    gc.freeze()
    return weakref.ref(a)


async def run_policy_for(seconds: float, **kwargs: float) -> int:
    """Run the policy ``seconds``; the frozen count seen while it ran."""
    task = asyncio.create_task(gcpolicy.keep_collections_short(**kwargs))
    await asyncio.sleep(seconds)
    frozen = gc.get_freeze_count()
    await gcpolicy.stop(task)
    return frozen


def test_the_policy_freezes_survivors_and_unfreezes_when_stopped() -> None:
    try:
        frozen = asyncio.run(run_policy_for(0.05, freeze_s=0.01, reclaim_s=3600))
        assert frozen > 1000  # the interpreter's and this test's objects: no full collection walks them
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()


def test_frozen_cyclic_garbage_is_only_freed_by_the_periodic_reclaim() -> None:
    try:
        watched = frozen_cycle()
        gc.collect()
        assert watched() is not None  # frozen: no collection frees it (why the policy reclaims)
        asyncio.run(run_policy_for(0.05, freeze_s=0.01, reclaim_s=3600))
        assert watched() is not None  # no reclaim yet
        gc.collect()
        assert watched() is None  # the policy unfroze everything when it stopped
    finally:
        gc.unfreeze()
    try:
        watched = frozen_cycle()
        task_seen = asyncio.run(_until_freed(watched))
        assert task_seen  # freed by a reclaim while the policy runs
    finally:
        gc.unfreeze()


async def _until_freed(watched: weakref.ref[Node]) -> bool:
    task = asyncio.create_task(gcpolicy.keep_collections_short(freeze_s=0.01, reclaim_s=0.0))
    try:
        for _ in range(100):
            await asyncio.sleep(0.01)
            if watched() is None:
                return True
        return False
    finally:
        await gcpolicy.stop(task)
