"""The one protocol every model backend implements.

    class Provider(Protocol):
        name: str                 # "local" | "openai" | "anthropic"
        model: str                # the model actually used, for /api/health and records
        supports_images: bool     # False: images on messages are ignored
        async def chat(req) -> ChatResult
        async def stream(req, on_token, on_retry=None, on_wait=None) -> ChatResult
        async def aclose() -> None

`stream` calls `on_token(delta)` for every text delta as it arrives (the callback may be
sync or async) and returns the complete ChatResult with usage once the reply is done, so
callers get both live tokens and final usage without juggling an async generator.

Both methods retry transient failures (429, 5xx, timeouts, one empty reply, a stream cut
short) before raising LLMError, each attempt under an overall deadline (provider_base.py). A
stream retried after tokens went out calls `on_retry()` first: what the callback saw of
the failed attempt is void; one that queues for a busy endpoint calls `on_wait()`
(llm/concurrency.py). Cancelling the awaiting task stops the call.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Protocol, runtime_checkable

from colloquy.llm.types import ChatRequest, ChatResult

TokenCallback = Callable[[str], Awaitable[None] | None]


@runtime_checkable
class Provider(Protocol):
    name: str
    model: str
    supports_images: bool

    async def chat(self, req: ChatRequest) -> ChatResult: ...

    async def stream(
        self,
        req: ChatRequest,
        on_token: TokenCallback,
        on_retry: Callable[[], None] | None = None,
        on_wait: Callable[[], None] | None = None,
    ) -> ChatResult: ...

    async def aclose(self) -> None: ...


async def emit(on_token: TokenCallback, delta: str) -> None:
    """Call a token callback that may or may not be a coroutine function."""
    result = on_token(delta)
    if inspect.isawaitable(result):
        await result
