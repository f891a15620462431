"""A streamed call's tokens counted by the server's own tokenizer, for servers that send no
usage with a stream (llama-cpp-python's server ignores `stream_options`): without it the
call would be counted with words x 1.3, which is far off for small models' tokenizers
(docs/usage-and-cost.md#measured-against-real-token-counts).

llama-cpp-python answers POST /extras/tokenize/count {"input": text} with {"count": n};
llama.cpp's own server answers POST /tokenize {"content": text} with {"tokens": [...]}.
Both routes sit beside /v1. A server with neither is asked once per provider, then the
words x 1.3 count stays (hosted APIs always report usage, so they never get here).
"""

from __future__ import annotations

from typing import Any

import httpx

from colloquy.llm.types import ChatRequest

# A chat template's tokens around each message ("<|im_start|>user\n ... <|im_end|>\n": 5 in
# ChatML) and the assistant turn's opening (3), which counting the texts alone misses.
TEMPLATE_PER_MESSAGE = 5
TEMPLATE_REPLY = 3
_ROUTES = (
    ("/extras/tokenize/count", "input"),  # llama-cpp-python
    ("/tokenize", "content"),  # llama.cpp server
)


def server_root(base_url: str) -> str:
    """The server's root: its OpenAI base URL without the trailing /v1."""
    root = base_url.rstrip("/")
    return root.removesuffix("/v1")


def _count_of(body: Any) -> int | None:
    if isinstance(body, dict):
        if isinstance(body.get("count"), int):
            return int(body["count"])
        if isinstance(body.get("tokens"), list):
            return len(body["tokens"])
    return None


class ServerTokenCounter:
    def __init__(
        self,
        base_url: str,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._root = server_root(base_url)
        self._timeout = timeout
        self._transport = transport
        self._route: tuple[str, str] | None = None
        self._unsupported = False
        self._client: httpx.AsyncClient | None = None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()

    async def count(self, text: str) -> int | None:
        """Tokens of `text` by the server's tokenizer; None when it cannot say."""
        if self._unsupported:
            return None
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=self._timeout, transport=self._transport)
        for route, field in [self._route] if self._route else _ROUTES:
            try:
                res = await self._client.post(f"{self._root}{route}", json={field: text})
            except httpx.HTTPError:
                return None  # a passing failure: try again next call
            try:
                counted = _count_of(res.json()) if res.status_code == 200 else None
            except ValueError:
                counted = None
            if counted is not None:
                self._route = (route, field)
                return counted
        self._unsupported = self._route is None
        return None

    async def usage(self, req: ChatRequest, text: str) -> tuple[int, int] | None:
        """(prompt, completion) tokens of a call: each message's text, the template's
        tokens, and the answer; None when the server cannot count."""
        parts = ([req.system] if req.system else []) + [m.content or "" for m in req.messages]
        prompt = 0
        for part in parts:
            counted = await self.count(part)
            if counted is None:
                return None
            prompt += counted + TEMPLATE_PER_MESSAGE
        completion = await self.count(text) if text else 0
        if completion is None:
            return None
        return prompt + TEMPLATE_REPLY, completion
