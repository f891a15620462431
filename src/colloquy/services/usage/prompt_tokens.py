"""How the estimate counts a prompt: with the run's model's own tokenizer when one is at
hand, else the product's words x 1.3 (docs/usage-and-cost.md#estimate-before-a-run).

Why: small models' tokenizers split a persona's figures digit by digit, so SmolLM2 counts
its system prompts at ~1.85x words x 1.3; an estimate in that unit cannot hold on it. The
embedded model (a GGUF file) is counted with its vocabulary in-process; an
OpenAI-compatible server that has a tokenize route (llama-cpp-python's, llama.cpp's) is
asked. Hosted models keep words x 1.3 (their tokenizers are not at hand offline).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.llm.config import ModelConfig
from colloquy.llm.gguf_tokenizer import count_tokens
from colloquy.llm.llama_loader import embedded_model_path
from colloquy.llm.server_tokens import ServerTokenCounter
from colloquy.runtime import Runtime

Count = Callable[[str], Awaitable[int]]
WORDS = "words x 1.3"


async def _words(text: str) -> int:
    return estimate_tokens(text)


def _config(runtime: Runtime) -> ModelConfig:
    if runtime.model_config is not None:
        return runtime.model_config
    from colloquy.llm.factory import config_from_settings

    return config_from_settings(runtime.settings)


@asynccontextmanager
async def prompt_counter(
    runtime: Runtime | None, provider: str, model: str
) -> AsyncIterator[tuple[Count, str]]:
    """(count, what counts) for prompts of the run's model: `provider` and `model` are
    its, the tokenizer is only used when they are the model the server runs now."""
    config = _config(runtime) if runtime is not None else None
    if config is None or config.provider != provider:
        yield _words, WORDS
    elif provider == "local":
        yield await _local(config)
    elif provider == "openai" and config.base_url and (config.model or "") == model:
        server = ServerTokenCounter(config.base_url)
        try:
            yield await _remote(server)
        finally:
            await server.aclose()
    else:
        yield _words, WORDS


async def _local(config: ModelConfig) -> tuple[Count, str]:
    path = config.model or embedded_model_path() or ""
    if await asyncio.to_thread(count_tokens, path, "a") is None:
        return _words, WORDS

    async def local(text: str) -> int:
        counted = await asyncio.to_thread(count_tokens, path, text)
        return counted if counted is not None else estimate_tokens(text)

    return local, "the model's own tokenizer"


async def _remote(server: ServerTokenCounter) -> tuple[Count, str]:
    if await server.count("a") is None:
        return _words, WORDS
    cache: dict[str, int] = {}

    async def remote(text: str) -> int:
        if text not in cache:
            counted = await server.count(text)
            cache[text] = counted if counted is not None else estimate_tokens(text)
        return cache[text]

    return remote, "the server's own tokenizer"
