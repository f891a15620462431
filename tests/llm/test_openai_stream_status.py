"""Streamed answers (llm/openai_stream.py) against the loopback fake: the request the SDK
would send, and what status errors become (adapting to the server, the product's wordings)."""

import pytest

from colloquy.llm import ChatMessage, ChatRequest, LLMError
from colloquy.llm.errors import CREDITS_MESSAGE, RATE_LIMIT_MESSAGE
from colloquy.llm.openai_provider import OpenAIProvider
from colloquy.llm.retry_policy import RetryPolicy
from support.fake_openai import FakeError


def request() -> ChatRequest:
    return ChatRequest(
        system="You are Maria.",
        messages=[ChatMessage("user", "Thoughts?")],
        max_tokens=60,
        temperature=0.4,
    )


async def test_stream_sends_the_sdk_headers_and_body(fake_openai):
    provider = OpenAIProvider(
        base_url=fake_openai.base_url,
        api_key="sk-test",
        model="m1",
        retry=RetryPolicy(max_retries=0),
    )
    try:
        await provider.stream(request(), lambda d: None)
    finally:
        await provider.aclose()
    headers, body = fake_openai.headers[-1], fake_openai.requests[-1]
    assert headers["authorization"] == "Bearer sk-test"
    assert headers["content-type"] == "application/json"
    assert headers["user-agent"].startswith("AsyncOpenAI/Python")
    assert body["model"] == "m1" and body["stream"] is True
    assert body["max_tokens"] == 60 and body["temperature"] == 0.4
    assert body["messages"][0] == {"role": "system", "content": "You are Maria."}


async def test_stream_adapts_when_the_server_refuses_a_parameter(openai_provider, fake_openai):
    def responder(body):
        if "stream_options" in body:
            return FakeError(400, "Unrecognized request argument supplied: stream_options")
        if "max_tokens" in body:
            return FakeError(
                400, "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead."
            )
        return "Fine by me."

    fake_openai.set_responder(responder)
    result = await openai_provider.stream(request(), lambda d: None)
    assert result.text == "Fine by me."
    last = fake_openai.requests[-1]
    assert "stream_options" not in last and last["max_completion_tokens"] == 60


@pytest.mark.parametrize(
    ("error", "message", "status"),
    [
        (FakeError(429, "slow down", headers={"Retry-After": "0"}), RATE_LIMIT_MESSAGE, 429),
        (FakeError(402, "pay up"), CREDITS_MESSAGE, 402),
        (FakeError(404, "model 'm9' not found"), "model 'm9' not found", 404),
        (FakeError(500, body="<html>oops</html>"), "<html>oops</html>", 500),
    ],
)
async def test_stream_status_errors_read_as_the_sdk_path(fake_openai, error, message, status):
    provider = OpenAIProvider(
        base_url=fake_openai.base_url, model="m9", retry=RetryPolicy(max_retries=0)
    )
    fake_openai.set_responder(lambda body: error)
    try:
        with pytest.raises(LLMError) as info:
            await provider.stream(request(), lambda d: None)
    finally:
        await provider.aclose()
    assert info.value.status == status
    assert info.value.message == message


async def test_stream_and_chat_give_the_same_error(fake_openai):
    provider = OpenAIProvider(base_url=fake_openai.base_url, retry=RetryPolicy(max_retries=0))
    fake_openai.set_responder(lambda body: FakeError(403, "key revoked"))
    try:
        with pytest.raises(LLMError) as streamed:
            await provider.stream(request(), lambda d: None)
        with pytest.raises(LLMError) as chatted:
            await provider.chat(request())
    finally:
        await provider.aclose()
    assert (streamed.value.status, streamed.value.message, streamed.value.kind) == (
        chatted.value.status,
        chatted.value.message,
        chatted.value.kind,
    )
