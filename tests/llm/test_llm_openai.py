"""The openai provider against the loopback fake: the real SDK code runs end to end."""

import json
import time

import pytest

from colloquy.llm import ChatMessage, ChatRequest, LLMError
from colloquy.llm.openai_provider import OpenAIProvider
from colloquy.llm.retry_policy import RetryPolicy
from support.fake_openai import FakeError, FakeReply

SCHEMA = {
    "title": "Persona Batch",
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "age": {"type": "integer", "minimum": 18, "maximum": 80},
    },
    "required": ["name", "age"],
}


def request(text="What do you think of the new bottle?", **kw) -> ChatRequest:
    kw.setdefault("max_tokens", 150)
    return ChatRequest(
        system="You are Maria, 34, from Austin.", messages=[ChatMessage("user", text)], **kw
    )


async def test_chat_returns_text_usage_and_sends_prompt(openai_provider, fake_openai):
    fake_openai.set_responder(
        lambda body: FakeReply("I like it a lot.", prompt_tokens=42, completion_tokens=5)
    )
    result = await openai_provider.chat(request(temperature=0.3))
    assert result.text == "I like it a lot."
    assert (result.prompt_tokens, result.completion_tokens) == (42, 5)
    assert result.model == "test-model" and result.finish_reason == "stop"
    sent = fake_openai.requests[-1]
    assert sent["messages"][0] == {"role": "system", "content": "You are Maria, 34, from Austin."}
    assert sent["messages"][1]["content"] == "What do you think of the new bottle?"
    assert sent["max_tokens"] == 150 and sent["temperature"] == 0.3
    assert "response_format" not in sent and not sent.get("stream")


async def test_default_responder_answers_like_a_persona(openai_provider):
    result = await openai_provider.chat(request())
    assert len(result.text.split()) > 8 and result.completion_tokens > 0


@pytest.mark.parametrize("async_callback", [True, False])
async def test_stream_delivers_tokens_then_usage(openai_provider, fake_openai, async_callback):
    fake_openai.set_responder(
        lambda body: FakeReply("Sounds great to me, honestly.", prompt_tokens=30)
    )
    tokens: list[str] = []

    async def on_token_async(delta):
        tokens.append(delta)

    callback = on_token_async if async_callback else tokens.append
    result = await openai_provider.stream(request(), callback)
    assert len(tokens) == 5 and "".join(tokens) == result.text == "Sounds great to me, honestly."
    assert (result.prompt_tokens, result.completion_tokens) == (30, 5)
    sent = fake_openai.requests[-1]
    assert sent["stream"] is True and sent["stream_options"] == {"include_usage": True}


async def test_stream_without_usage_estimates_it(openai_provider, fake_openai):
    fake_openai.set_responder(
        [FakeReply("one two three four five six seven eight nine ten", usage=False)]
    )
    result = await openai_provider.stream(request(), lambda d: None)
    assert result.completion_tokens == 13  # 10 words x 1.3, the product's estimate
    assert result.prompt_tokens > 0


async def test_json_schema_is_requested_and_parsed(openai_provider, fake_openai):
    result = await openai_provider.chat(request(json_schema=SCHEMA, max_tokens=300))
    data = json.loads(result.text)
    assert isinstance(data["name"], str) and 18 <= data["age"] <= 80
    fmt = fake_openai.requests[-1]["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"] == {"name": "Persona_Batch", "schema": SCHEMA, "strict": False}


async def test_json_falls_back_to_json_object_then_prompt(openai_provider, fake_openai):
    def picky(body):
        fmt = body.get("response_format")
        if fmt:
            return FakeError(400, f"response_format type {fmt['type']} is not supported")
        return '```json\n{"name": "Ann", "age": 40}\n```'  # fenced, as chatty models do

    fake_openai.set_responder(picky)
    result = await openai_provider.chat(request(json_schema=SCHEMA))
    assert json.loads(result.text) == {"name": "Ann", "age": 40}
    kinds = [(r.get("response_format") or {}).get("type") for r in fake_openai.requests]
    assert kinds == ["json_schema", "json_object", None]
    assert '"required":["name","age"]' in fake_openai.requests[-1]["messages"][0]["content"]
    # The working mode is remembered: the next call goes straight to the prompt.
    await openai_provider.chat(request(json_schema=SCHEMA))
    assert len(fake_openai.requests) == 4


async def test_max_completion_tokens_when_server_asks(openai_provider, fake_openai):
    def modern(body):
        if "max_tokens" in body:
            return FakeError(
                400, "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead."
            )
        return "fine"

    fake_openai.set_responder(modern)
    assert (await openai_provider.chat(request())).text == "fine"
    assert fake_openai.requests[-1]["max_completion_tokens"] == 150


async def test_images_are_sent_as_image_url_parts(openai_provider, fake_openai):
    msg = ChatMessage("user", "Look at this pack", images=["data:image/png;base64,AAAA"])
    await openai_provider.chat(ChatRequest(system="s", messages=[msg], max_tokens=20))
    parts = fake_openai.requests[-1]["messages"][1]["content"]
    assert parts == [
        {"type": "text", "text": "Look at this pack"},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
    ]


async def test_429_is_retried_then_succeeds(openai_provider, fake_openai):
    fake_openai.set_responder([FakeError(429, "slow down"), FakeError(429), "Back again."])
    assert (await openai_provider.chat(request())).text == "Back again."
    assert len(fake_openai.requests) == 3


async def test_persistent_429_surfaces_rate_limit(openai_provider, fake_openai):
    fake_openai.set_responder(lambda body: FakeError(429, "Too many requests"))
    with pytest.raises(LLMError) as info:
        await openai_provider.chat(request())
    assert info.value.status == 429 and "429" in info.value.message
    assert len(fake_openai.requests) == 4  # first try + 3 retries


async def test_retry_after_is_honoured(openai_provider, fake_openai):
    fake_openai.set_responder([FakeError(429, headers={"retry-after-ms": "300"}), "ok"])
    started = time.monotonic()
    assert (await openai_provider.chat(request())).text == "ok"
    assert time.monotonic() - started >= 0.3


async def test_402_is_not_retried(openai_provider, fake_openai):
    fake_openai.set_responder(lambda body: FakeError(402, "Insufficient credits"))
    with pytest.raises(LLMError) as info:
        await openai_provider.chat(request())
    assert info.value.status == 402 and "402" in info.value.message
    assert len(fake_openai.requests) == 1


async def test_500_is_retried(openai_provider, fake_openai):
    fake_openai.set_responder([FakeError(500, "upstream exploded"), FakeError(503), "ok"])
    assert (await openai_provider.chat(request())).text == "ok"
    assert len(fake_openai.requests) == 3


async def test_persistent_500_keeps_status_and_message(openai_provider, fake_openai):
    fake_openai.set_responder(lambda body: FakeError(500, "upstream exploded"))
    with pytest.raises(LLMError) as info:
        await openai_provider.chat(request())
    assert (info.value.status, info.value.message) == (500, "upstream exploded")


async def test_other_4xx_is_not_retried_and_keeps_message(openai_provider, fake_openai):
    fake_openai.set_responder(lambda body: FakeError(404, "model 'test-model' not found"))
    with pytest.raises(LLMError) as info:
        await openai_provider.chat(request())
    assert info.value.message == "model 'test-model' not found" and info.value.status == 404
    assert len(fake_openai.requests) == 1


async def test_timeout_becomes_request_timeout(fake_openai):
    provider = OpenAIProvider(
        base_url=fake_openai.base_url, timeout=0.2, retry=RetryPolicy(base_delay=0.001)
    )
    provider.set_deadlines(0.06)  # a call that is not streamed: its deadline is 0.2 s
    fake_openai.set_responder(lambda body: FakeReply("late", delay=1.0))
    # Attempts are counted at the client: on a loaded machine the retry's request was once
    # cut by its deadline before the fake server had read it (1 request seen, not 2).
    attempts = 0
    attempt = provider._attempt

    async def counted(req, on_token):
        nonlocal attempts
        attempts += 1
        return await attempt(req, on_token)

    provider._attempt = counted  # type: ignore[method-assign]
    with pytest.raises(LLMError) as info:
        await provider.chat(request())
    await provider.aclose()
    assert info.value.message == "Request timeout" and info.value.status == 408
    assert attempts == 2  # a timeout is retried once only


async def test_empty_output_is_retried_once_then_reported(openai_provider, fake_openai):
    fake_openai.set_responder(lambda body: "")
    with pytest.raises(LLMError) as info:
        await openai_provider.chat(request())
    assert info.value.message == "No response from AI"
    assert len(fake_openai.requests) == 2


async def test_empty_then_text_recovers(openai_provider, fake_openai):
    fake_openai.set_responder(["   ", "Now I have something to say."])
    assert (await openai_provider.chat(request())).text == "Now I have something to say."


async def test_error_event_mid_stream_is_not_retried(openai_provider, fake_openai):
    fake_openai.set_responder([FakeReply("a b c d e f", fail_after=3), "never used"])
    tokens: list[str] = []
    with pytest.raises(LLMError) as info:
        await openai_provider.stream(request(), tokens.append)
    assert tokens == ["a ", "b ", "c "] and "stream broke" in info.value.message
    assert len(fake_openai.requests) == 1


async def test_stream_is_retried_before_any_token(openai_provider, fake_openai):
    fake_openai.set_responder([FakeError(429), "all good"])
    tokens: list[str] = []
    result = await openai_provider.stream(request(), tokens.append)
    assert "".join(tokens) == result.text == "all good"


async def test_unreachable_server_is_a_connection_error():
    provider = OpenAIProvider(
        base_url="http://127.0.0.1:9/v1",
        timeout=2.0,
        retry=RetryPolicy(max_retries=1, base_delay=0.001),
    )
    with pytest.raises(LLMError) as info:
        await provider.chat(request())
    await provider.aclose()
    assert info.value.kind == "connection" and info.value.status == 503


async def test_placeholder_api_key_and_default_model(fake_openai):
    provider = OpenAIProvider(base_url=fake_openai.base_url, retry=RetryPolicy())
    await provider.chat(request())
    await provider.aclose()
    assert provider.model == "gpt-4o-mini"
    assert fake_openai.headers[-1]["authorization"] == "Bearer not-needed"


async def test_unrelated_400_on_structured_request_keeps_json_mode(openai_provider, fake_openai):
    fake_openai.set_responder(
        lambda body: FakeError(400, "This model's maximum context length is 8192 tokens.")
    )
    with pytest.raises(LLMError) as info:
        await openai_provider.chat(request(json_schema=SCHEMA))
    assert info.value.status == 400 and "context length" in info.value.message
    assert len(fake_openai.requests) == 1 and openai_provider.json_mode == "json_schema"
