"""Cut streams and deadlines against loopback servers that misbehave on a raw socket:
a stream cut short (no finish reason, no [DONE]) is a retryable fault whose text is void,
and every model call has an overall deadline (a slow drip never trips the read timeout)."""

import asyncio
import json
from collections.abc import Callable

from colloquy.llm import ChatMessage, ChatRequest, LLMError
from colloquy.llm.factory import build_provider
from colloquy.llm.openai_provider import OpenAIProvider
from colloquy.llm.provider_base import deadlines
from colloquy.llm.retry_policy import RetryPolicy
from colloquy.settings import Settings

HEADERS = (
    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
)


def chunk(data: bytes) -> bytes:
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def event(text: str | None, finish: str | None = None) -> bytes:
    delta = {"content": text} if text is not None else {}
    body = {"model": "raw", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return chunk(b"data: " + json.dumps(body).encode() + b"\n\n")


WHOLE = event("A whole answer.") + event(None, "stop") + chunk(b"data: [DONE]\n\n") + b"0\r\n\r\n"


async def serve(scripts: list[Callable]) -> tuple[asyncio.AbstractServer, str, list[int]]:
    """Answers the n-th chat request with scripts[n] (the last one repeats)."""
    calls: list[int] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        await reader.readexactly(length)
        if not head.startswith(b"POST /v1/chat/completions"):
            # The provider asks a server that sent no usage to count with its tokenizer
            # (llm/server_tokens.py): this server has no such route.
            writer.write(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n")
            await writer.drain()
            writer.close()
            return
        calls.append(len(calls))
        try:
            await scripts[min(len(calls) - 1, len(scripts) - 1)](writer)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}/v1", calls


def request() -> ChatRequest:
    return ChatRequest(
        system="You are Maria.", messages=[ChatMessage("user", "Hi?")], max_tokens=50
    )


async def run(
    scripts: list[Callable], *, retries: int = 2, deadline: float | None = None, chat=False
):
    server, url, calls = await serve(scripts)
    provider = OpenAIProvider(
        base_url=url, timeout=5.0, retry=RetryPolicy(max_retries=retries, base_delay=0.001)
    )
    if deadline is not None:
        provider.set_deadlines(deadline)
    tokens: list[str] = []
    retried: list[str] = []
    try:
        if chat:
            outcome = await provider.chat(request())
        else:
            outcome = await provider.stream(
                request(), tokens.append, lambda: retried.append("".join(tokens))
            )
    except LLMError as err:
        outcome = err
    finally:
        await provider.aclose()
        server.close()
    return outcome, tokens, retried, len(calls)


async def cut_after_two_tokens(writer):
    # "I would" + " never", then the body ends cleanly: no finish reason, no [DONE].
    writer.write(HEADERS + event("I would") + event(" never") + b"0\r\n\r\n")
    await writer.drain()


async def killed_mid_stream(writer):
    writer.write(HEADERS + event("As Sarah"))
    await writer.drain()  # then the connection goes away mid-body


async def whole(writer):
    writer.write(HEADERS + WHOLE)
    await writer.drain()


async def test_stream_closed_without_finish_reason_is_retried_and_its_text_void():
    outcome, _tokens, retried, calls = await run([cut_after_two_tokens, whole])
    assert not isinstance(outcome, LLMError), outcome
    assert outcome.text == "A whole answer." and outcome.finish_reason == "stop"
    assert retried == ["I would never"]  # the caller was told to discard this fragment
    assert calls == 2


async def test_stream_always_cut_short_fails_instead_of_storing_a_fragment():
    outcome, _tokens, retried, calls = await run([cut_after_two_tokens], retries=2)
    assert isinstance(outcome, LLMError) and outcome.kind == "truncated", outcome
    assert outcome.retryable and calls == 3 and len(retried) == 2


async def test_server_killed_mid_stream_is_retried():
    outcome, _tokens, retried, calls = await run([killed_mid_stream, whole])
    assert not isinstance(outcome, LLMError), outcome
    assert outcome.text == "A whole answer." and retried == ["As Sarah"] and calls == 2


async def test_done_without_finish_reason_is_cut_short():
    """llama-cpp-python's server ends an interrupted stream with [DONE] and no finish
    reason, then breaks the body off: a fragment, retried."""

    async def interrupted(writer):
        writer.write(HEADERS + event("Fine") + chunk(b"data: [DONE]\n\n"))
        await writer.drain()  # no terminating chunk: the transfer is incomplete

    outcome, _tokens, retried, calls = await run([interrupted, whole])
    assert outcome.text == "A whole answer." and retried == ["Fine"] and calls == 2


async def test_transfer_error_after_finish_and_done_keeps_the_answer():
    async def broken_after_done(writer):
        writer.write(HEADERS + WHOLE[:-5])  # everything but the terminating chunk
        await writer.drain()

    outcome, _tokens, retried, calls = await run([broken_after_done])
    assert outcome.text == "A whole answer." and retried == [] and calls == 1


async def test_token_every_few_seconds_hits_the_answer_deadline():
    async def drip_tokens(writer):
        writer.write(HEADERS)
        for _ in range(20):  # each gap is under the 5 s read timeout
            writer.write(event("word "))
            await writer.drain()
            await asyncio.sleep(0.3)

    loop = asyncio.get_running_loop()
    started = loop.time()
    outcome, _tokens, retried, calls = await run([drip_tokens], deadline=0.8)
    elapsed = loop.time() - started
    assert isinstance(outcome, LLMError) and outcome.message == "Request timeout", outcome
    assert outcome.kind == "timeout"
    assert calls == 2 and len(retried) == 1  # one timeout retry (RetryPolicy.timeout_retries)
    assert elapsed < 3.5


async def test_slow_drip_body_hits_the_long_deadline_of_a_chat_call():
    async def drip_bytes(writer):
        body = b'{"model":"raw","choices":[{"index":0,"message":{"role":"assistant",'
        writer.write(
            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
            + f"content-length: {len(body) + 40}\r\n\r\n".encode()
        )
        for byte in body:  # one byte at a time, well within the read timeout
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(0.1)

    loop = asyncio.get_running_loop()
    started = loop.time()
    # answer deadline 0.3 s -> chat (generation, insights) deadline 1.0 s
    outcome, _, _, calls = await run([drip_bytes], deadline=0.3, chat=True)
    elapsed = loop.time() - started
    assert isinstance(outcome, LLMError) and outcome.message == "Request timeout", outcome
    assert calls == 2 and 1.9 < elapsed < 4.0


def test_deadlines_default_and_scaled():
    assert deadlines(None) == (90.0, 300.0)
    assert deadlines(9.0) == (9.0, 30.0)
    provider = build_provider(Settings(llm_provider="openai", llm_deadline_s=45))
    assert (provider.answer_deadline, provider.long_deadline) == (45.0, 150.0)
    default = build_provider(Settings(llm_provider="openai"))
    assert (default.answer_deadline, default.long_deadline) == (90.0, 300.0)
