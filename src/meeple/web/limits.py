"""Bounds on what one client, and all of them, can make the server hold."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from meeple.web.errors import ApiError

MAX_CLIENTS_TRACKED = 10_000


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """A token bucket per client: ``per_minute`` on average, up to ``burst`` at once.

    ``per_minute <= 0`` turns the limit off.
    """

    def __init__(self, per_minute: float, burst: int) -> None:
        self.per_minute = per_minute
        self.rate = per_minute / 60.0
        self.burst = max(1, burst)
        self._buckets: dict[str, _Bucket] = {}

    def wait(self, client: str, now: float | None = None) -> float:
        """0 if ``client`` may go ahead now (and takes a token), else the seconds until it may."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(client)
        if bucket is None:
            self._forget_idle(now)
            bucket = self._buckets[client] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate

    def admit(self, client: str, what: str) -> None:
        """Take a token for ``client``, or raise 429 saying how many ``what`` a minute it may send
        and when it may try again."""
        wait = self.wait(client)
        if wait > 0:
            raise ApiError(
                429,
                f"too many {what} from you: at most {self.per_minute:g} a minute; try again in {math.ceil(wait)} s",
            )

    def _forget_idle(self, now: float) -> None:
        """Keep memory bounded: drop clients whose bucket has filled up again."""
        if len(self._buckets) < MAX_CLIENTS_TRACKED:
            return
        full_after = self.burst / self.rate
        for client, bucket in list(self._buckets.items()):
            if now - bucket.at >= full_after:
                del self._buckets[client]
        if len(self._buckets) >= MAX_CLIENTS_TRACKED:  # all active: forget the oldest half
            for client in sorted(self._buckets, key=lambda c: self._buckets[c].at)[: MAX_CLIENTS_TRACKED // 2]:
                del self._buckets[client]


@dataclass
class Limits:
    """What ``meeple serve`` lets clients do (see ``meeple serve --help``)."""

    create_per_minute: float = 30.0  # new matches and uploads per client
    create_burst: int = 10
    max_running: int = 1000  # live matches not yet over, on the whole database
