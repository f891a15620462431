"""The openai provider's streamed responses over a raw loopback socket: what a dropped
connection, a stalled stream and odd but valid SSE framing become."""

import asyncio
import json
from collections.abc import Callable

import pytest

from colloquy.llm import ChatMessage, ChatRequest, LLMError
from colloquy.llm.openai_provider import OpenAIProvider
from colloquy.llm.retry_policy import RetryPolicy

HEADERS = (
    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
)


def chunk(data: bytes) -> bytes:
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def delta(text: str) -> bytes:
    return json.dumps(
        {
            "model": "raw",
            "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}],
        }
    ).encode()


async def serve(script: Callable) -> tuple[asyncio.AbstractServer, str]:
    """A one-route HTTP server: reads the request, then `await script(writer)`."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ),
            0,
        )
        await reader.readexactly(length)
        try:
            await script(writer)
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}/v1"


def request() -> ChatRequest:
    return ChatRequest(
        system="You are Maria.", messages=[ChatMessage("user", "Hi?")], max_tokens=50
    )


async def stream_from(script: Callable, timeout: float = 5.0) -> tuple[list[str], object]:
    server, url = await serve(script)
    provider = OpenAIProvider(
        base_url=url, timeout=timeout, retry=RetryPolicy(max_retries=0, base_delay=0.001)
    )
    tokens: list[str] = []
    try:
        return tokens, await provider.stream(request(), tokens.append)
    except LLMError as err:
        return tokens, err
    finally:
        await provider.aclose()
        server.close()


async def test_connection_dropped_mid_stream_is_a_connection_error():
    async def script(writer):
        writer.write(HEADERS + chunk(b"data: " + delta("Hello") + b"\n\n"))
        await writer.drain()
        # then the server goes away without finishing the chunked body

    tokens, outcome = await stream_from(script)
    assert tokens == ["Hello"]
    assert isinstance(outcome, LLMError) and outcome.kind == "connection", outcome
    assert outcome.retryable


async def test_stalled_stream_is_a_request_timeout():
    async def script(writer):
        writer.write(HEADERS + chunk(b"data: " + delta("Hello") + b"\n\n"))
        await writer.drain()
        await asyncio.sleep(2)

    tokens, outcome = await stream_from(script, timeout=0.3)
    assert tokens == ["Hello"]
    assert isinstance(outcome, LLMError) and outcome.message == "Request timeout"


async def test_crlf_framing_split_across_chunks_and_comments():
    async def script(writer):
        body = (
            b": ping\r\n\r\ndata: "
            + delta("Good ")
            + b"\r\n\r\ndata: "
            + delta("idea.")
            + b"\r\n\r\ndata: "
            + json.dumps({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}).encode()
            + b"\r\n\r\ndata: [DONE]\r\n\r\n"
        )
        writer.write(HEADERS)
        for i in range(0, len(body), 7):  # 7-byte pieces split lines, CRLFs and UTF-8
            writer.write(chunk(body[i : i + 7]))
            await writer.drain()
        writer.write(b"0\r\n\r\n")
        await writer.drain()

    tokens, result = await stream_from(script)
    assert tokens == ["Good ", "idea."] and result.text == "Good idea."


async def test_error_event_inside_a_stream():
    async def script(writer):
        writer.write(
            HEADERS
            + chunk(b"data: " + delta("Well") + b"\n\n")
            + chunk(b'data: {"error": {"message": "Rate limit reached"}}\n\n')
            + b"0\r\n\r\n"
        )
        await writer.drain()

    tokens, outcome = await stream_from(script)
    assert tokens == ["Well"]
    assert isinstance(outcome, LLMError) and outcome.kind == "rate_limit"


@pytest.mark.parametrize("garbage", [b"data: {not json\n\n"])
async def test_unreadable_stream_is_reported(garbage):
    async def script(writer):
        writer.write(HEADERS + chunk(garbage) + b"0\r\n\r\n")
        await writer.drain()

    _tokens, outcome = await stream_from(script)
    assert isinstance(outcome, LLMError) and "unreadable stream" in outcome.message
