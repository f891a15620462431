"""Build the configured provider from settings (COLLOQUY_LLM_PROVIDER and friends)."""

from __future__ import annotations

from typing import Protocol

from colloquy.llm.config import PROVIDERS, ModelConfig
from colloquy.llm.provider import Provider
from colloquy.llm.retry_policy import RetryPolicy

__all__ = ["PROVIDERS", "LLMSettings", "build_provider", "config_from_settings"]


class LLMSettings(Protocol):
    """The part of colloquy.settings.Settings this package reads (no app import)."""

    llm_provider: str
    llm_base_url: str | None
    llm_api_key: str | None
    llm_model: str | None
    local_model_path: str | None
    llm_timeout: float
    llm_max_retries: int
    llm_retry_base_delay: float


def config_from_settings(settings: LLMSettings) -> ModelConfig:
    """The model the environment variables choose."""
    provider = (settings.llm_provider or "local").strip().lower()
    if provider == "local":
        return ModelConfig(provider="local", model=settings.local_model_path or None)
    return ModelConfig(
        provider=provider,
        base_url=settings.llm_base_url or None,
        model=settings.llm_model or None,
        api_key=settings.llm_api_key or None,
    )


def build_provider(settings: LLMSettings, config: ModelConfig | None = None) -> Provider:
    """A provider for `config` (default: the one the settings choose); timeouts, retries
    and deadlines always come from the settings."""
    provider = _build(settings, config or config_from_settings(settings))
    set_deadlines = getattr(provider, "set_deadlines", None)
    if set_deadlines is not None and getattr(provider, "answer_deadline", None) is not None:
        set_deadlines(getattr(settings, "llm_deadline_s", None))  # COLLOQUY_LLM_DEADLINE_S
    return provider


def _build(settings: LLMSettings, config: ModelConfig) -> Provider:
    choice = config.provider
    retry = RetryPolicy(
        max_retries=max(0, settings.llm_max_retries),
        base_delay=max(0.0, settings.llm_retry_base_delay),
    )
    if choice == "local":
        from colloquy.llm.local_provider import LocalProvider

        return LocalProvider(model_path=config.model or None, timeout=settings.llm_timeout)
    if choice == "openai":
        from colloquy.llm.openai_provider import OpenAIProvider

        return OpenAIProvider(
            base_url=config.base_url,
            api_key=config.api_key,
            model=config.model,
            timeout=settings.llm_timeout,
            retry=retry,
            max_concurrency=getattr(settings, "llm_max_concurrency", None),
        )
    if choice == "anthropic":
        from colloquy.llm.anthropic_provider import AnthropicProvider

        return AnthropicProvider(
            base_url=config.base_url,
            api_key=config.api_key,
            model=config.model,
            timeout=settings.llm_timeout,
            retry=retry,
        )
    raise ValueError(
        f"Unknown COLLOQUY_LLM_PROVIDER {config.provider!r}: choose one of {', '.join(PROVIDERS)}"
    )
