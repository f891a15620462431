"""Fixtures for provider tests: fake servers on loopback and providers pointed at them."""

import pytest

from colloquy.llm.anthropic_provider import AnthropicProvider
from colloquy.llm.openai_provider import OpenAIProvider
from colloquy.llm.retry_policy import RetryPolicy
from support.fake_anthropic import run_fake_anthropic
from support.fake_openai import run_fake_openai

# Real backoff shape, tiny delays: retries are exercised without slowing the suite.
FAST_RETRY = RetryPolicy(max_retries=3, base_delay=0.001, max_delay=0.01)


@pytest.fixture
def fake_openai():
    with run_fake_openai() as fake:
        yield fake


@pytest.fixture
def fake_anthropic():
    with run_fake_anthropic() as fake:
        yield fake


@pytest.fixture
async def openai_provider(fake_openai):
    provider = OpenAIProvider(
        base_url=fake_openai.base_url, model="test-model", timeout=5.0, retry=FAST_RETRY
    )
    yield provider
    await provider.aclose()


@pytest.fixture
async def anthropic_provider(fake_anthropic):
    provider = AnthropicProvider(
        base_url=fake_anthropic.base_url,
        api_key="test-key",
        model="claude-test",
        timeout=5.0,
        retry=FAST_RETRY,
    )
    yield provider
    await provider.aclose()
