"""Bounded retries with exponential backoff and jitter, shared by all providers.

Retried: 429, 5xx, connection failures and timeouts (timeouts at most `timeout_retries`
times: a model that took 30 s once usually does again, and the user is waiting), and
one empty reply. Not retried: 402 and other 4xx. Retry-After is honoured up to a cap.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from colloquy.llm.errors import LLMError

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 3  # extra attempts after the first: delays 0.5, 1, 2 s by default
    base_delay: float = 0.5
    max_delay: float = 8.0
    retry_after_cap: float = 20.0
    timeout_retries: int = 1
    empty_retries: int = 1
    jitter: float = 0.2  # +/- 20 % so concurrent sessions do not retry in lockstep

    def delay(self, attempt: int, err: LLMError) -> float:
        backoff: float = min(self.max_delay, self.base_delay * (2**attempt))
        backoff *= 1 + random.uniform(-self.jitter, self.jitter)
        if err.retry_after is not None:
            backoff = max(backoff, min(err.retry_after, self.retry_after_cap))
        return max(0.0, backoff)


async def with_retries(
    call: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    can_retry: Callable[[], bool] = lambda: True,
) -> T:
    """Run `call` until it succeeds or the policy gives up; re-raise the last LLMError.

    `can_retry` lets a stream refuse a retry once tokens went out.
    """
    attempt = timeouts = empties = 0
    while True:
        try:
            return await call()
        except LLMError as err:
            if not _allowed(err, policy, attempt, timeouts, empties) or not can_retry():
                raise
            timeouts += err.kind == "timeout"
            empties += err.kind == "empty"
            wait = policy.delay(attempt, err)
            attempt += 1
            log.info("LLM call failed (%s); retry %d in %.2fs", err.message, attempt, wait)
            await asyncio.sleep(wait)


def _allowed(err: LLMError, policy: RetryPolicy, attempt: int, timeouts: int, empties: int) -> bool:
    if not err.retryable or attempt >= policy.max_retries:
        return False
    if err.kind == "timeout":
        return timeouts < policy.timeout_retries
    if err.kind == "empty":
        return empties < policy.empty_retries
    return True
