"""Only a refusal that names the response format downgrades an endpoint's
structured-output mode, and only for a while; then the stronger mode is tried again.
Against a loopback OpenAI-compatible fake server."""

from __future__ import annotations

import pytest

from colloquy.llm import ChatMessage, ChatRequest, json_modes
from colloquy.llm.errors import LLMError
from colloquy.llm.json_modes import JsonModeMemory, names_response_format
from support.fake_openai import FakeError

SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake_clock = Clock()
    monkeypatch.setattr(json_modes, "MEMORY", JsonModeMemory(ttl=600.0, clock=fake_clock))
    return fake_clock


def request() -> ChatRequest:
    return ChatRequest(
        system="S", messages=[ChatMessage("user", "Q")], max_tokens=20, json_schema=SCHEMA
    )


def kinds(fake) -> list[str | None]:
    return [(r.get("response_format") or {}).get("type") for r in fake.requests]


@pytest.mark.parametrize(
    "message",
    [
        "Invalid image: the format is not supported",
        "invalid prompt: too long for this model",
        "Unsupported content format in messages[1]",
    ],
)
async def test_an_unrelated_400_keeps_structured_output(
    openai_provider, fake_openai, clock, message
):
    fake_openai.set_responder([FakeError(400, message), '{"ok": true}'])
    with pytest.raises(LLMError) as info:
        await openai_provider.chat(request())
    assert info.value.status == 400
    assert openai_provider.json_mode == "json_schema"
    assert await openai_provider.chat(request())
    assert kinds(fake_openai) == ["json_schema", "json_schema"]


async def test_a_format_refusal_downgrades_until_it_expires(openai_provider, fake_openai, clock):
    def refuse_schema_until_upgraded(body):
        fmt = body.get("response_format") or {}
        if fmt.get("type") == "json_schema" and not upgraded:
            return FakeError(400, "'response_format' of type 'json_schema' is not supported")
        return '{"ok": true}'

    upgraded = False
    fake_openai.set_responder(refuse_schema_until_upgraded)
    await openai_provider.chat(request())
    assert openai_provider.json_mode == "json_object"
    clock.now += 599.0  # still within the 600 s: json_object at once
    await openai_provider.chat(request())
    assert kinds(fake_openai) == ["json_schema", "json_object", "json_object"]
    upgraded = True
    clock.now += 1.0  # expired: the stronger mode is tried again, and now it is taken
    assert openai_provider.json_mode == "json_schema"
    await openai_provider.chat(request())
    assert kinds(fake_openai)[3:] == ["json_schema"]
    assert openai_provider.json_mode == "json_schema"


def test_names_response_format():
    assert names_response_format("Unknown parameter: response_format.json_schema")
    assert names_response_format("json_object is not supported by this model")
    assert not names_response_format("Invalid value: image format not supported")
    memory = JsonModeMemory(ttl=10.0, clock=Clock())
    endpoint = ("http://x/v1", "m")
    assert [memory.downgrade(endpoint) for _ in range(3)] == ["json_object", "prompt", None]
    assert memory.mode(endpoint) == "prompt"
