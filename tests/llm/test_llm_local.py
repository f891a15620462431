"""Real calls to the embedded SmolLM2-135M through llama.cpp (required, runs offline).

Short prompts and few tokens keep this to a few seconds; the model loads once.
"""

import asyncio
import json
import time

import pytest

from colloquy.llm import ChatMessage, ChatRequest
from colloquy.llm.local_provider import LocalProvider

pytestmark = pytest.mark.slow  # loads the real SmolLM2 model

SCHEMA = {
    "type": "object",
    "properties": {
        "sentiment": {"type": "string", "enum": ["positive", "neutral", "negative"]},
        "score": {"type": "integer", "minimum": 0, "maximum": 100},
    },
    "required": ["sentiment", "score"],
}


@pytest.fixture(scope="module")
def local():
    return LocalProvider()


def ask(text: str, **kw) -> ChatRequest:
    kw.setdefault("max_tokens", 16)
    return ChatRequest(
        system="You are a friendly shopper. Answer briefly.",
        messages=[ChatMessage("user", text)],
        **kw,
    )


async def test_embedded_model_answers(local):
    result = await local.chat(ask("Do you like coffee?"))
    assert result.text.strip()
    assert 0 < result.completion_tokens <= 16 and result.prompt_tokens > 5
    assert result.model == "SmolLM2-135M-Instruct"


async def test_embedded_model_json_follows_the_schema(local):
    result = await local.chat(
        ask("Rate: 'I love this packaging!'", max_tokens=40, temperature=0.2, json_schema=SCHEMA)
    )
    data = json.loads(result.text)
    assert data["sentiment"] in ("positive", "neutral", "negative")
    assert isinstance(data["score"], int)


async def test_streaming_keeps_the_event_loop_free_and_calls_are_serialised(local):
    ticks = 0

    async def ticker():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    tokens: list[str] = []
    tick_task = asyncio.create_task(ticker())
    started = time.monotonic()
    first, second = await asyncio.gather(
        local.stream(ask("Name a fruit.", max_tokens=12), tokens.append),
        local.chat(ask("Name a colour.", max_tokens=12)),
    )
    elapsed = time.monotonic() - started
    tick_task.cancel()
    assert "".join(tokens) == first.text and first.text.strip() and second.text.strip()
    # The loop kept running while llama.cpp computed on its worker thread.
    assert ticks >= elapsed / 0.01 * 0.3


async def test_cancelling_a_call_frees_the_model(local):
    task = asyncio.create_task(local.chat(ask("Tell me a long story.", max_tokens=400)))
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    started = time.monotonic()
    assert (await local.chat(ask("Hi"))).text.strip()
    assert time.monotonic() - started < 5  # did not wait for the 400-token story


async def test_a_prompt_that_extends_an_earlier_one_evaluates_only_the_new_text(local):
    """Two personas alternate (as in a session); each one's second prompt
    extends its first, and the prompt cache restores the shared part."""
    discussion = " ".join(f"Participant {i} said the pouch looks fine." for i in range(20))
    first = {
        name: ChatRequest(
            system=f"You are {name}, a shopper who {trait}. Answer in one short sentence.",
            messages=[
                ChatMessage("user", f"Moderator's question: What about the pouch?\n\n{discussion}")
            ],
            max_tokens=4,
            temperature=0.0,
        )
        for name, trait in (("Ana", "loves bargains"), ("Ben", "cares about the planet"))
    }
    for req in first.values():
        done = await local.chat(req)
        assert done.prompt_evaluated is not None and done.prompt_evaluated > 100
    added = "\nBen: I would buy it if it were cheaper."
    for req in first.values():  # each persona's prompt now grows by one line
        grown = ChatRequest(
            system=req.system,
            messages=[ChatMessage("user", req.messages[0].content + added)],
            max_tokens=4,
            temperature=0.0,
        )
        result = await local.chat(grown)
        assert result.prompt_tokens > 150
        # The new line (~12 tokens) and the chat template's closing tokens, not the prompt.
        assert result.prompt_evaluated <= 40, result
