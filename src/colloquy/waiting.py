"""`wait_for` without the flaw of Python 3.11's `asyncio.wait_for`.

There, a cancellation that arrives in the same turn as the awaited thing completes is lost:
`wait_for` returns the result and the caller carries on as if never cancelled. A loop that
waits with a timeout (an event stream, a watcher) then never ends, and a shutdown that
cancels and awaits it waits forever. `asyncio.timeout` counts cancellations and re-raises
them; Python 3.12 rebuilt `wait_for` on it. A guard test keeps `asyncio.wait_for` out of src/.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


async def wait_for(awaitable: Awaitable[T], seconds: float) -> T:
    """The result of `awaitable`, or TimeoutError after `seconds` (it is then cancelled)."""
    async with asyncio.timeout(seconds):
        return await awaitable
