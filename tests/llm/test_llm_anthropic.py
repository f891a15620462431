"""The anthropic provider against a loopback Messages API: real SDK, tool-use JSON."""

import json

import pytest

from colloquy.llm import ChatMessage, ChatRequest, LLMError
from colloquy.llm.anthropic_provider import TOOL_NAME, AnthropicProvider
from colloquy.llm.retry_policy import RetryPolicy
from support.fake_openai import FakeError, FakeReply

SCHEMA = {
    "type": "object",
    "properties": {
        "summary": {"type": "string"},
        "score": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["summary", "score"],
}


def request(**kw) -> ChatRequest:
    return ChatRequest(
        system="You are Dev, 29.",
        messages=[
            ChatMessage("user", "First question?"),
            ChatMessage("assistant", "My answer."),
            ChatMessage("user", "Follow-up"),
            ChatMessage("user", "And another"),
        ],
        max_tokens=100,
        **kw,
    )


async def test_chat_sends_system_and_alternating_turns(anthropic_provider, fake_anthropic):
    fake_anthropic.set_responder(
        lambda body: FakeReply("Sure thing.", prompt_tokens=12, completion_tokens=3)
    )
    result = await anthropic_provider.chat(request(temperature=1.4))
    assert result.text == "Sure thing." and result.finish_reason == "stop"
    assert (result.prompt_tokens, result.completion_tokens) == (12, 3)
    assert result.model == "claude-test"
    sent = fake_anthropic.requests[-1]
    assert sent["system"] == [
        {"type": "text", "text": "You are Dev, 29.", "cache_control": {"type": "ephemeral"}}
    ]
    assert sent["max_tokens"] == 100
    assert "temperature" not in sent  # the 2.x SDK has no such parameter
    assert [m["role"] for m in sent["messages"]] == ["user", "assistant", "user"]
    assert [b["text"] for b in sent["messages"][2]["content"]] == ["Follow-up", "And another"]
    headers = fake_anthropic.headers[-1]  # the key header differs between SDK versions
    assert "test-key" in (headers.get("x-api-key", "") + headers.get("authorization", ""))


async def test_json_uses_a_forced_tool(anthropic_provider, fake_anthropic):
    result = await anthropic_provider.chat(request(json_schema=SCHEMA))
    data = json.loads(result.text)
    assert isinstance(data["summary"], str) and 0 <= data["score"] <= 1
    sent = fake_anthropic.requests[-1]
    assert sent["tools"][0]["input_schema"] == SCHEMA
    assert sent["tool_choice"] == {"type": "tool", "name": TOOL_NAME}


async def test_non_object_schema_is_wrapped_and_unwrapped(anthropic_provider, fake_anthropic):
    schema = {"type": "array", "items": {"type": "string"}}
    result = await anthropic_provider.chat(request(json_schema=schema))
    assert json.loads(result.text) == ["Example value 1", "Example value 2"]
    assert fake_anthropic.requests[-1]["tools"][0]["input_schema"]["type"] == "object"


async def test_stream_text(anthropic_provider, fake_anthropic):
    fake_anthropic.set_responder(["I would buy this today."])
    tokens: list[str] = []
    result = await anthropic_provider.stream(request(), tokens.append)
    assert "".join(tokens) == result.text == "I would buy this today."
    assert len(tokens) == 5 and result.completion_tokens == 5
    assert fake_anthropic.requests[-1]["stream"] is True


async def test_stream_tool_json(anthropic_provider, fake_anthropic):
    fake_anthropic.set_responder([{"summary": "Mostly positive", "score": 0.7}])
    tokens: list[str] = []
    result = await anthropic_provider.stream(request(json_schema=SCHEMA), tokens.append)
    assert json.loads(result.text) == {"summary": "Mostly positive", "score": 0.7}
    assert json.loads("".join(tokens)) == {"summary": "Mostly positive", "score": 0.7}


async def test_images_become_image_blocks(anthropic_provider, fake_anthropic):
    msg = ChatMessage(
        "user", "Ad", images=["data:image/jpeg;base64,QUJD", "https://example.com/a.png"]
    )
    await anthropic_provider.chat(ChatRequest(system="", messages=[msg], max_tokens=10))
    blocks = fake_anthropic.requests[-1]["messages"][0]["content"]
    assert blocks[1] == {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/jpeg", "data": "QUJD"},
    }
    assert blocks[2] == {
        "type": "image",
        "source": {"type": "url", "url": "https://example.com/a.png"},
    }
    assert "system" not in fake_anthropic.requests[-1]


@pytest.mark.parametrize("status,expected", [(429, "429"), (402, "402")])
async def test_errors_carry_status_and_product_wording(
    anthropic_provider, fake_anthropic, status, expected
):
    fake_anthropic.set_responder(lambda body: FakeError(status, "nope"))
    with pytest.raises(LLMError) as info:
        await anthropic_provider.chat(request())
    assert info.value.status == status and expected in info.value.message
    assert len(fake_anthropic.requests) == (4 if status == 429 else 1)


async def test_overloaded_529_is_retried(anthropic_provider, fake_anthropic):
    fake_anthropic.set_responder([FakeError(529, "Overloaded"), "fine"])
    assert (await anthropic_provider.chat(request())).text == "fine"


async def test_timeout(fake_anthropic):
    provider = AnthropicProvider(
        base_url=fake_anthropic.base_url,
        api_key="k",
        timeout=0.2,
        retry=RetryPolicy(base_delay=0.001),
    )
    fake_anthropic.set_responder(lambda body: FakeReply("late", delay=1.0))
    with pytest.raises(LLMError) as info:
        await provider.chat(request())
    await provider.aclose()
    assert info.value.message == "Request timeout"


async def test_empty_reply(anthropic_provider, fake_anthropic):
    fake_anthropic.set_responder(lambda body: "")
    with pytest.raises(LLMError) as info:
        await anthropic_provider.chat(request())
    assert info.value.message == "No response from AI" and len(fake_anthropic.requests) == 2
