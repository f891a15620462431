"""Streamed chat completions straight over aiohttp: the hot path of a running session.

Why not the SDK here (bench/CHANGES.md): with 100 sessions answering at once, the SDK's
request path (options model, header merging, httpx request and URL objects on top of
its aiohttp transport) was over a third of the server's Python time per answer and made
the event loop lag in bursts, which delayed every live event. This sends the same request
the SDK would (its base URL, its auth and default headers) and reads the stream with
llm/sse.py. Status errors come back as HTTPStatusError for the provider to map or adapt
to; transport failures as the LLMErrors the SDK path produces.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
from aiohttp.helpers import get_env_proxy_for_url
from openai import AsyncOpenAI
from yarl import URL

from colloquy.llm import errors
from colloquy.llm.errors import LLMError
from colloquy.llm.sse import SSEDecoder

_ERROR_BODY_LIMIT = 64 * 1024  # an error body is only read for its message
KEEPALIVE_SECONDS = 4.0  # idle connections kept for reuse (see _current_session)


class HTTPStatusError(Exception):
    """A non-2xx answer to a stream request, with the server's own message."""

    def __init__(self, status: int, message: str, retry_after: float | None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class ChatStream:
    """POST {base_url}/chat/completions with stream=true; one aiohttp session per loop."""

    def __init__(self, client: AsyncOpenAI, timeout: float) -> None:
        self.url = str(client.base_url).rstrip("/") + "/chat/completions"
        headers = {**client.auth_headers, **client.default_headers}
        self.headers = {k: v for k, v in headers.items() if isinstance(v, str)}  # no Omit
        self.headers["Accept"] = "text/event-stream"
        self.timeout = aiohttp.ClientTimeout(total=None, sock_connect=timeout, sock_read=timeout)
        self._session: aiohttp.ClientSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._proxy: tuple[URL | None, aiohttp.BasicAuth | None] | None = None

    def _env_proxy(self) -> tuple[URL | None, aiohttp.BasicAuth | None]:
        """The proxy the environment names for the URL (HTTP(S)_PROXY, NO_PROXY, as the
        SDK's client honours them), read once: aiohttp's trust_env read the environment
        and ~/.netrc on two executor threads for every request, about a third of a
        millisecond of CPU per answer (docs/performance.md)."""
        if self._proxy is None:
            try:
                self._proxy = get_env_proxy_for_url(URL(self.url))
            except LookupError:
                self._proxy = (None, None)
        return self._proxy

    def _current_session(self) -> aiohttp.ClientSession:
        loop = asyncio.get_running_loop()
        if self._session is None or self._session.closed or self._loop is not loop:
            # A session belongs to the loop it was made on (tests run several loops).
            # Idle connections are dropped after 4 s, before the 5 s after which uvicorn
            # (llama.cpp's Python server, vLLM) closes them: aiohttp's 15 s default can send
            # a request on a connection the server is closing ("Server disconnected").
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=0, keepalive_timeout=KEEPALIVE_SECONDS)
            )
            self._loop = loop
        return self._session

    async def chunks(self, body: dict[str, Any]) -> AsyncIterator[list[dict[str, Any]]]:
        """The stream's JSON chunks, in order, up to [DONE]: a list per network read (one
        step of this generator per read, not per chunk: it is the hot loop). Whether the
        answer is whole is the caller's to judge (its finish reason); a transport failure
        after [DONE] is ignored (llama-cpp-python's server breaks the body off there)."""
        done = False
        proxy, proxy_auth = self._env_proxy()
        try:
            async with self._current_session().post(
                self.url,
                data=json.dumps(body),
                headers=self.headers,
                timeout=self.timeout,
                proxy=proxy,
                proxy_auth=proxy_auth,
            ) as response:
                if response.status >= 400:
                    raise await _status_error(response)
                decoder = SSEDecoder()
                async for data in response.content.iter_any():
                    batch: list[dict[str, Any]] = []
                    for _event, payload in decoder.feed(data):
                        if done or payload.startswith("[DONE]"):
                            done = True  # read on to the end: the connection is reused
                            continue
                        try:
                            chunk = _decode(payload)
                        except LLMError:
                            if batch:
                                yield batch  # the text before the error still goes out
                            raise
                        if chunk is not None:
                            batch.append(chunk)
                    if batch:
                        yield batch
        except TimeoutError as exc:  # aiohttp's read and connect timeouts are TimeoutErrors
            raise errors.timed_out() from exc
        except aiohttp.ClientError as exc:
            if done:
                return
            raise errors.connection_failed(str(exc) or type(exc).__name__) from exc

    async def aclose(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()


def _decode(payload: str) -> dict[str, Any] | None:
    try:
        chunk = json.loads(payload)
    except json.JSONDecodeError as exc:
        raise LLMError(f"The AI service sent an unreadable stream: {exc}") from exc
    if not isinstance(chunk, dict):
        return None
    if chunk.get("error"):
        raise _stream_error(chunk["error"])
    return chunk


def _stream_error(error: Any) -> LLMError:
    """An error event inside a stream (a 200 response), as the SDK would have raised it."""
    message = error.get("message") if isinstance(error, dict) else None
    if not isinstance(message, str) or not message:
        message = "An error occurred during streaming"
    return errors.from_message(message)


async def _status_error(response: aiohttp.ClientResponse) -> HTTPStatusError:
    raw = await response.content.read(_ERROR_BODY_LIMIT)
    try:
        body: Any = json.loads(raw)
    except ValueError:
        body = raw.decode("utf-8", "replace").strip() or None
    fallback = response.reason or f"HTTP {response.status}"
    return HTTPStatusError(
        response.status,
        errors.body_message(body, fallback),
        errors.parse_retry_after(response.headers),
    )
