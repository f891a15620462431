"""`chat` and `stream` as every provider offers them: one attempt is the provider's own
`_attempt`; the retry policy and the overall deadline wrap it the same way for all of them.

The deadline bounds each attempt as a whole (the transport's timeout only bounds the gap
between two reads, so a server dripping a byte every few seconds never tripped it):
answers (`stream`) 90 s, everything else (`chat`: persona generation, insights, AI
Assist) 300 s by default. Running past it is a timeout: retried as retry_policy.py allows, then
the product's 'Request timeout'. A provider that talks to a server (`_endpoint_limit`) also
waits for a slot of that endpoint's adaptive limit (concurrency.py) before each attempt;
the wait does not count against the deadline.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from colloquy.llm import errors
from colloquy.llm.concurrency import CONGESTION_KINDS, AdaptiveLimit
from colloquy.llm.errors import LLMError
from colloquy.llm.provider import TokenCallback
from colloquy.llm.retry_policy import RetryPolicy, with_retries
from colloquy.llm.types import ChatRequest, ChatResult

ANSWER_DEADLINE_S = 90.0
LONG_DEADLINE_S = 300.0
RetryCallback = Callable[[], None]
WaitCallback = Callable[[], None]


def deadlines(answer_deadline_s: float | None) -> tuple[float, float]:
    """(answer, long) deadlines; COLLOQUY_LLM_DEADLINE_S sets the answer one and scales
    the long one with it (90 -> 300)."""
    if answer_deadline_s is None or answer_deadline_s <= 0:
        return ANSWER_DEADLINE_S, LONG_DEADLINE_S
    return answer_deadline_s, answer_deadline_s * LONG_DEADLINE_S / ANSWER_DEADLINE_S


async def within(call: Coroutine[Any, Any, ChatResult], seconds: float | None) -> ChatResult:
    """Run one attempt under an overall deadline; past it, the product's timeout error."""
    if seconds is None:
        return await call
    try:
        async with asyncio.timeout(seconds):
            return await call
    except TimeoutError as exc:
        raise errors.timed_out() from exc


class RetryingProvider:
    _retry: RetryPolicy
    # Per attempt; None: no overall deadline (the embedded model bounds its own compute).
    answer_deadline: float | None = ANSWER_DEADLINE_S
    long_deadline: float | None = LONG_DEADLINE_S

    def set_deadlines(self, answer_deadline_s: float | None) -> None:
        self.answer_deadline, self.long_deadline = deadlines(answer_deadline_s)

    def _endpoint_limit(self) -> AdaptiveLimit | None:
        return None  # no limit of our own (the embedded model queues on its one thread)

    async def _limited(
        self,
        req: ChatRequest,
        on_token: TokenCallback | None,
        deadline: float | None,
        on_wait: WaitCallback | None,
    ) -> ChatResult:
        limit = self._endpoint_limit()
        if limit is None:
            return await within(self._attempt(req, on_token), deadline)
        async with limit.slot(on_wait):
            try:
                result = await within(self._attempt(req, on_token), deadline)
            except LLMError as err:
                if err.kind in CONGESTION_KINDS:
                    limit.congested()
                raise
            limit.succeeded()
            return result

    async def chat(self, req: ChatRequest) -> ChatResult:
        return await with_retries(
            lambda: self._limited(req, None, self.long_deadline, None), self._retry
        )

    async def stream(
        self,
        req: ChatRequest,
        on_token: TokenCallback,
        on_retry: RetryCallback | None = None,
        on_wait: WaitCallback | None = None,
    ) -> ChatResult:
        """Stream an answer. A failed attempt is retried even after tokens went out (a
        stream cut short is a fragment, not an answer): `on_retry` is called before each
        new attempt so the caller can discard what it showed of the failed one. `on_wait`
        is called when the attempt has to queue for the endpoint."""
        attempts = 0

        def attempt() -> Awaitable[ChatResult]:
            nonlocal attempts
            attempts += 1
            if attempts > 1 and on_retry is not None:
                on_retry()
            return self._limited(req, on_token, self.answer_deadline, on_wait)

        return await with_retries(attempt, self._retry)

    async def _attempt(self, req: ChatRequest, on_token: TokenCallback | None) -> ChatResult:
        raise NotImplementedError
