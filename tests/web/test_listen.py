"""Notices of other processes' moves reach the event loop: in order, several per wake-up."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from meeple.web.listen import Listener, Move, Notice, parse_notice


def _listener(loop: asyncio.AbstractEventLoop, on_notice: Any) -> Listener:
    return Listener("postgresql://meeple@127.0.0.1:1/none", loop, on_notice)  # never started: no connection


def test_notices_heard_together_reach_the_loop_in_order_in_one_wake_up() -> None:
    async def hear() -> tuple[list[Notice], int]:
        loop = asyncio.get_running_loop()
        heard: list[Notice] = []
        listener = _listener(loop, heard.append)
        wake_ups = 0
        schedule = loop.call_soon_threadsafe

        def counted(callback: Any, *args: Any) -> Any:
            nonlocal wake_ups
            wake_ups += 1
            return schedule(callback, *args)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign]
        for number in range(1, 6):  # heard before the loop had a turn
            listener._deliver(parse_notice(f"m1 {number} 0 0 move{number}"))
        await asyncio.sleep(0)
        listener._deliver(None)  # heard later: a wake-up of its own
        await asyncio.sleep(0)
        return heard, wake_ups

    heard, wake_ups = asyncio.run(hear())
    assert heard == [Move("m1", n, False, 0, f"move{n}") for n in range(1, 6)] + [None]
    assert wake_ups == 2


def test_a_notice_that_fails_does_not_lose_the_ones_after_it(caplog: pytest.LogCaptureFixture) -> None:
    async def hear() -> list[Notice]:
        heard: list[Notice] = []

        def on_notice(notice: Notice) -> None:
            if isinstance(notice, Move) and notice.moves == 2:
                raise RuntimeError("a bug in one notice's handling")
            heard.append(notice)

        listener = _listener(asyncio.get_running_loop(), on_notice)
        for number in (1, 2, 3):
            listener._deliver(parse_notice(f"m1 {number} 0"))
        await asyncio.sleep(0)
        return heard

    assert [n.moves for n in asyncio.run(hear()) if isinstance(n, Move)] == [1, 3]
    assert "could not handle a notice" in caplog.text
