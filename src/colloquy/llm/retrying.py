"""`chat` and `stream` as every provider offers them: one attempt is the provider's own
`_attempt`; the retry policy wraps it the same way for all of them."""

from __future__ import annotations

from collections.abc import Awaitable

from colloquy.llm.provider import TokenCallback
from colloquy.llm.retry import RetryPolicy, with_retries
from colloquy.llm.types import ChatRequest, ChatResult


class RetryingProvider:
    _retry: RetryPolicy

    async def chat(self, req: ChatRequest) -> ChatResult:
        return await with_retries(lambda: self._attempt(req, None), self._retry)

    async def stream(self, req: ChatRequest, on_token: TokenCallback) -> ChatResult:
        sent = False

        def relay(delta: str) -> Awaitable[None] | None:
            nonlocal sent
            sent = True
            return on_token(delta)  # the provider awaits it if the callback is async

        # Once a token has gone out a retry would show text twice, so only retry before that.
        return await with_retries(
            lambda: self._attempt(req, relay), self._retry, can_retry=lambda: not sent
        )

    async def _attempt(self, req: ChatRequest, on_token: TokenCallback | None) -> ChatResult:
        raise NotImplementedError
