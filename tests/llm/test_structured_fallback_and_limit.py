"""Structured output against servers that refuse json_schema (as llama-cpp-python's does,
with a 500), remembered per base URL + model; cut-off JSON repaired; the adaptive
concurrency limit per endpoint (AIMD) and its queue."""

import asyncio
import json
from contextlib import AsyncExitStack

import pytest

from colloquy.llm import ChatMessage, ChatRequest
from colloquy.llm.concurrency import PROBE_AFTER, AdaptiveLimit
from colloquy.llm.errors import LLMError
from colloquy.llm.json_output import repair_json
from colloquy.llm.openai_provider import OpenAIProvider
from colloquy.llm.retry_policy import RetryPolicy
from support.fake_openai import FakeError, FakeReply, default_responder

SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
    "required": ["name", "age"],
}
LLAMA_500 = (
    "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
    "'type'), 'msg': \"Input should be 'text' or 'json_object'\"}"
)


def request(**kw) -> ChatRequest:
    return ChatRequest(system="S", messages=[ChatMessage("user", "Q")], max_tokens=50, **kw)


def provider_for(fake) -> OpenAIProvider:
    return OpenAIProvider(
        base_url=fake.base_url, model="llama", retry=RetryPolicy(base_delay=0.001)
    )


async def test_json_schema_refused_with_500_falls_back_to_json_object_with_schema(fake_openai):
    def like_llama_cpp_server(body):
        fmt = body.get("response_format") or {}
        if fmt.get("type") == "json_schema":
            return FakeError(500, LLAMA_500)
        assert fmt == {"type": "json_object", "schema": SCHEMA}
        return {"name": "Ann", "age": 40}

    fake_openai.set_responder(like_llama_cpp_server)
    first = provider_for(fake_openai)
    result = await first.chat(request(json_schema=SCHEMA))
    await first.aclose()
    assert json.loads(result.text) == {"name": "Ann", "age": 40}
    assert first.json_mode == "json_object"
    # Remembered per base URL + model: a provider built later asks json_object at once.
    second = provider_for(fake_openai)
    await second.chat(request(json_schema=SCHEMA))
    await second.aclose()
    kinds = [(r.get("response_format") or {}).get("type") for r in fake_openai.requests]
    assert kinds == ["json_schema", "json_object", "json_object"]
    other = OpenAIProvider(base_url=fake_openai.base_url, model="another")
    assert other.json_mode == "json_schema"
    await other.aclose()


async def test_unrelated_500_is_not_taken_for_a_format_refusal(fake_openai):
    fake_openai.set_responder([FakeError(500, "CUDA out of memory")] * 9)
    provider = OpenAIProvider(
        base_url=fake_openai.base_url, model="m500", retry=RetryPolicy(max_retries=0)
    )
    with pytest.raises(LLMError) as raised:  # fails if nothing is raised
        await provider.chat(request(json_schema=SCHEMA))
    await provider.aclose()
    assert raised.value.kind == "server"
    assert provider.json_mode == "json_schema"


async def test_prompt_only_json_cut_off_is_repaired(fake_openai):
    cut = 'Here it is: {"name": "Ann", "age": 40, "bio": "Likes te'
    fake_openai.set_responder([FakeError(400, "response_format is not supported")] * 2 + [cut])
    provider = provider_for(fake_openai)
    result = await provider.chat(request(json_schema=SCHEMA))
    await provider.aclose()
    assert json.loads(result.text) == {"name": "Ann", "age": 40, "bio": "Likes te"}


def test_repair_json_exact_cases():
    assert repair_json('{"a": 1, "b": [1, 2') == {"a": 1, "b": [1, 2]}
    assert repair_json('{"a": 1,}') == {"a": 1}
    assert repair_json('{"a": 1, "b":') == {"a": 1}
    assert repair_json('{"a": 1, "b') == {"a": 1}
    assert repair_json('[{"x": 1}, {"x"') == [{"x": 1}, {}]
    assert repair_json('{"a": "x"}}') is None
    assert repair_json("no json here") is None
    assert repair_json('```json\n{"a": [1, 2,]}\n```') == {"a": [1, 2]}


async def _congested_with(limit: AdaptiveLimit, in_flight: int) -> None:
    async with AsyncExitStack() as stack:
        for _ in range(in_flight):
            await stack.enter_async_context(limit.slot())
        limit.congested()


async def test_limit_halves_on_congestion_and_grows_back_by_one():
    limit = AdaptiveLimit(8)
    await _congested_with(limit, 4)  # 8 -> 4
    await _congested_with(limit, 4)  # 4 -> 2
    await _congested_with(limit, 2)  # 2 -> 1: two calls at once were too many
    assert limit.limit == 1
    for _ in range(PROBE_AFTER - 1):
        limit.succeeded()
    assert limit.limit == 1  # back to two (where it was congested) only after 16 in a row
    limit.succeeded()
    assert limit.limit == 2
    limit.succeeded()
    assert limit.limit == 2  # above that, one success per unit of the limit adds one
    limit.succeeded()
    assert limit.limit == 3
    for _ in range(100):
        limit.succeeded()
    assert limit.limit == 8  # capped


async def test_a_congestion_with_one_call_in_flight_holds_the_limit_at_one_longer():
    limit = AdaptiveLimit(2)
    await _congested_with(limit, 1)
    await _congested_with(limit, 1)
    assert limit.limit == 1  # never below one
    for _ in range(PROBE_AFTER - 1):
        limit.succeeded()
    assert limit.limit == 1
    limit.succeeded()
    assert limit.limit == 2


async def test_calls_over_the_limit_wait_in_order_and_say_so():
    limit = AdaptiveLimit(2)
    order: list[str] = []
    waited: list[str] = []
    gate = asyncio.Event()

    async def call(name: str) -> None:
        async with limit.slot(lambda: waited.append(name)):
            order.append(name)
            await gate.wait()

    tasks = [asyncio.create_task(call(n)) for n in "abcd"]
    await asyncio.sleep(0.01)
    assert order == ["a", "b"] and waited == ["c", "d"] and limit.active == 2
    tasks[2].cancel()  # a queued call that is cancelled leaves the queue
    await asyncio.sleep(0)
    gate.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    assert order == ["a", "b", "d"] and limit.active == 0


async def test_cut_streams_lower_the_endpoint_limit_and_every_answer_completes(fake_openai):
    """Streams cut short (as llama-cpp-python's server cuts one when another arrives) halve
    the endpoint's limit; the retries complete every answer."""
    cuts = {"left": 3}

    def cutting(body):
        reply = default_responder(body)
        if cuts["left"] > 0:
            cuts["left"] -= 1
            return FakeReply(reply, cut_after=2)
        return reply

    fake_openai.set_responder(cutting)
    provider = OpenAIProvider(
        base_url=fake_openai.base_url,
        model="cutting",
        retry=RetryPolicy(max_retries=4, base_delay=0.001),
        max_concurrency=4,
    )
    limit = provider._endpoint_limit()
    results = await asyncio.gather(*(provider.stream(request(), lambda d: None) for _ in range(4)))
    await provider.aclose()
    assert all(r.finish_reason == "stop" and r.text.strip() for r in results)
    assert len(fake_openai.requests) == 7
    assert limit.limit < 4


async def test_two_models_on_one_server_share_its_limit(fake_openai):
    """Two model profiles naming different models on one single-slot server (a llama.cpp
    server) queue for its one slot: the limit is keyed by the server's address, so a call
    of the second model waits while the first model's call holds the slot."""
    first = OpenAIProvider(base_url=fake_openai.base_url, model="one", max_concurrency=1)
    second = OpenAIProvider(base_url=fake_openai.base_url + "/", model="two", max_concurrency=1)
    elsewhere = OpenAIProvider(base_url="http://127.0.0.1:9/v1", model="one", max_concurrency=1)
    try:
        assert first._endpoint_limit() is second._endpoint_limit()
        assert elsewhere._endpoint_limit() is not first._endpoint_limit()
        async with first._endpoint_limit().slot():  # the first model's call in flight
            waiting = asyncio.create_task(second.stream(request(), lambda d: None))
            await asyncio.sleep(0.3)
            assert fake_openai.requests == [] and not waiting.done()
        result = await waiting
        assert result.text.strip() and [r["model"] for r in fake_openai.requests] == ["two"]
    finally:
        for provider in (first, second, elsewhere):
            await provider.aclose()
