"""A minimum of tokens before the end (natural mode's long turns, docs/natural-mode.md):
sent to OpenAI-compatible servers as `min_tokens`, dropped for a server that refuses it,
and held in-process by a logits processor that blocks every end-of-generation token."""

import numpy as np

from colloquy.llm import ChatMessage, ChatRequest
from colloquy.llm.llama_min_tokens import HoldEnd
from support.fake_openai import FakeError


def request(**kw) -> ChatRequest:
    kw.setdefault("max_tokens", 150)
    return ChatRequest(system="You are Maria.", messages=[ChatMessage("user", "Why?")], **kw)


async def test_min_tokens_is_sent_when_asked_for_and_only_then(openai_provider, fake_openai):
    fake_openai.set_responder(lambda body: "Because it is cheap.")
    await openai_provider.chat(request(min_tokens=87))
    assert fake_openai.requests[-1]["min_tokens"] == 87
    await openai_provider.stream(request(min_tokens=40), lambda d: None)
    assert fake_openai.requests[-1]["min_tokens"] == 40
    assert "extra_body" not in fake_openai.requests[-1]
    await openai_provider.chat(request())
    assert "min_tokens" not in fake_openai.requests[-1]


async def test_a_server_refusing_min_tokens_is_asked_without_it(openai_provider, fake_openai):
    def strict(body):
        if "min_tokens" in body:
            return FakeError(400, "Unrecognized request argument supplied: min_tokens")
        return "Fine."

    fake_openai.set_responder(strict)
    assert (await openai_provider.stream(request(min_tokens=50), lambda d: None)).text == "Fine."
    assert ["min_tokens" in r for r in fake_openai.requests] == [True, False]
    await openai_provider.chat(request(min_tokens=50))  # remembered: no refused call again
    assert ["min_tokens" in r for r in fake_openai.requests] == [True, False, False]


def test_hold_end_blocks_every_end_token_until_the_minimum():
    hold = HoldEnd(2, (0, 2))
    prompt = np.arange(5, dtype=np.intc)  # the first call sees the prompt alone
    scores = np.zeros(6, dtype=np.single)
    out = hold(prompt, scores.copy())
    assert out[0] == -np.inf and out[2] == -np.inf and out[1] == 0 and out[3] == 0
    out = hold(np.arange(6, dtype=np.intc), scores.copy())  # one token written
    assert out[0] == -np.inf and out[2] == -np.inf
    out = hold(np.arange(7, dtype=np.intc), scores.copy())  # two written: it may end now
    assert list(out) == [0.0] * 6
