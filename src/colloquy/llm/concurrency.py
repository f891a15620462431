"""How many calls go to one endpoint at once: additive increase, multiplicative decrease.

Servers differ in what they take: llama-cpp-python's server, by default, interrupts a
running request when a new one arrives (the first stream ends cut short); hosted APIs
answer 429 when pushed. So each endpoint (a server's base URL, whatever the model: two
model profiles on one llama.cpp server queue for its one slot) gets a limit that starts at
the cap (COLLOQUY_LLM_MAX_CONCURRENCY), halves on a congestion signal (a stream cut
short, a dropped connection, a 429) and grows by one after `limit` calls in a row that
went well; the step back up to the number of calls in flight when congestion was last
seen is taken only after PROBE_AFTER calls in a row went well (a server that takes one
request at a time would otherwise have an answer cut at every step, and an answer cut
four times fails). Calls over the limit wait in arrival order; the caller is told (so the
live view can say "waiting for the model" instead of nothing, or an error).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

DEFAULT_MAX_CONCURRENCY = 16
PROBE_AFTER = 16  # calls that went well before the limit returns to a congested level
CONGESTION_KINDS = frozenset({"truncated", "connection", "rate_limit"})


class AdaptiveLimit:
    def __init__(self, cap: int) -> None:
        self.cap = max(1, cap)
        self.limit = float(self.cap)
        self.active = 0
        self._successes = 0
        self._congested_at = self.cap + 1  # calls in flight at the last congestion
        self._waiters: deque[asyncio.Future[None]] = deque()

    @asynccontextmanager
    async def slot(self, on_wait: Callable[[], None] | None = None) -> AsyncIterator[None]:
        if self.active >= int(self.limit) or self._waiters:
            if on_wait is not None:
                on_wait()
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self.active -= 1  # granted as we were cancelled: give it back
                    self._wake()
                elif waiter in self._waiters:
                    self._waiters.remove(waiter)
                raise
        else:
            self.active += 1
        try:
            yield
        finally:
            self.active -= 1
            self._wake()

    def _wake(self) -> None:
        while self._waiters and self.active < int(self.limit):
            waiter = self._waiters.popleft()
            if waiter.done():
                continue
            self.active += 1
            waiter.set_result(None)

    def succeeded(self) -> None:
        self._successes += 1
        at = int(self.limit)
        needed = max(at, PROBE_AFTER) if at + 1 == max(2, self._congested_at) else at
        if self._successes >= needed and self.limit < self.cap:
            self.limit = min(float(self.cap), self.limit + 1)
            self._successes = 0
            self._wake()

    def congested(self) -> None:
        self._congested_at = max(1, self.active)
        self.limit = max(1.0, self.limit / 2)
        self._successes = 0


_LIMITS: dict[tuple[str, asyncio.AbstractEventLoop], AdaptiveLimit] = {}


def limit_for(endpoint: str, cap: int) -> AdaptiveLimit:
    """The endpoint's limit in this event loop (the same for every provider built for it,
    so a provider rebuilt after a settings change keeps what was learnt)."""
    loop = asyncio.get_running_loop()
    key = (endpoint, loop)
    found = _LIMITS.get(key)
    if found is None or found.cap != max(1, cap):
        for stale in [k for k in _LIMITS if k[1].is_closed()]:
            del _LIMITS[stale]
        found = _LIMITS[key] = AdaptiveLimit(cap)
    return found
