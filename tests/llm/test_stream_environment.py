"""Streamed answers and the environment: HTTP(S)_PROXY and NO_PROXY are honoured as the
SDK's own client honours them, read once per stream client rather than on worker threads
for every request (a thread hop each, per answer: docs/performance.md)."""

from __future__ import annotations

import asyncio

from colloquy.llm import ChatMessage, ChatRequest
from colloquy.llm.openai_provider import OpenAIProvider
from support.fake_openai import run_fake_openai


def request() -> ChatRequest:
    return ChatRequest(
        system="You are Maria, 34.", messages=[ChatMessage("user", "The pouch?")], max_tokens=50
    )


async def test_streamed_answers_take_no_worker_thread(openai_provider, monkeypatch):
    loop = asyncio.get_running_loop()
    hops = []
    real = loop.run_in_executor

    def counting(executor, func, *args):
        hops.append(func)
        return real(executor, func, *args)

    monkeypatch.setattr(loop, "run_in_executor", counting)
    for _ in range(3):
        result = await openai_provider.stream(request(), lambda _delta: None)
        assert result.text
    assert hops == []


async def test_the_environments_proxy_carries_the_stream(monkeypatch):
    for name in ("NO_PROXY", "no_proxy", "HTTPS_PROXY", "https_proxy", "http_proxy"):
        monkeypatch.delenv(name, raising=False)
    with run_fake_openai() as proxy:
        monkeypatch.setenv("HTTP_PROXY", proxy.base_url.removesuffix("/v1"))
        # Nothing listens on port 9: the answer can only come through the proxy.
        provider = OpenAIProvider(base_url="http://127.0.0.1:9/v1", model="m", timeout=5.0)
        try:
            deltas: list[str] = []
            result = await provider.stream(request(), deltas.append)
        finally:
            await provider.aclose()
        assert result.text and "".join(deltas) == result.text
        assert len(proxy.requests) == 1

    with run_fake_openai() as proxy, run_fake_openai() as server:
        monkeypatch.setenv("HTTP_PROXY", proxy.base_url.removesuffix("/v1"))
        monkeypatch.setenv("NO_PROXY", "127.0.0.1")  # read when a stream client is made
        direct = OpenAIProvider(base_url=server.base_url, model="m", timeout=5.0)
        try:
            await direct.stream(request(), lambda _delta: None)
        finally:
            await direct.aclose()
        assert (len(server.requests), len(proxy.requests)) == (1, 0)
