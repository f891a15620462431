"""Choosing the provider from settings."""

from types import SimpleNamespace

import pytest

from colloquy.llm import Provider, build_provider
from colloquy.llm.anthropic_provider import AnthropicProvider
from colloquy.llm.local_provider import EMBEDDED_NAME, LocalProvider
from colloquy.llm.openai_provider import OpenAIProvider


def settings(**kw):
    base = {
        "llm_provider": "local",
        "llm_base_url": None,
        "llm_api_key": None,
        "llm_model": None,
        "local_model_path": None,
        "llm_timeout": 30.0,
        "llm_max_retries": 3,
        "llm_retry_base_delay": 0.5,
    }
    return SimpleNamespace(**{**base, **kw})


def test_local_is_the_default_and_needs_no_settings():
    provider = build_provider(settings())
    assert isinstance(provider, LocalProvider) and isinstance(provider, Provider)
    assert (provider.name, provider.model, provider.supports_images) == (
        "local",
        EMBEDDED_NAME,
        False,
    )
    assert provider.model_path.endswith("SmolLM2-135M-Instruct.Q4_1.gguf")


def test_local_model_path_selects_another_gguf(tmp_path):
    provider = build_provider(settings(local_model_path=str(tmp_path / "my-model.Q8.gguf")))
    assert provider.model == "my-model.Q8"


async def test_openai_with_endpoint_and_model():
    provider = build_provider(
        settings(
            llm_provider="OpenAI",
            llm_base_url="http://x/v1",
            llm_model="qwen2.5",
            llm_max_retries=1,
        )
    )
    assert isinstance(provider, OpenAIProvider) and isinstance(provider, Provider)
    assert (provider.name, provider.model) == ("openai", "qwen2.5")
    assert provider._retry.max_retries == 1
    await provider.aclose()


async def test_anthropic_defaults():
    provider = build_provider(settings(llm_provider="anthropic", llm_api_key="k"))
    assert isinstance(provider, AnthropicProvider) and isinstance(provider, Provider)
    assert provider.model.startswith("claude-")
    await provider.aclose()


def test_unknown_provider_is_a_clear_error():
    with pytest.raises(ValueError, match="local, openai, anthropic"):
        build_provider(settings(llm_provider="gemini"))
