"""Text embeddings for the services that compare answers (session health, surveys): the
embedder chosen on the Settings screen or by the environment (embedding_settings.py), and
the offline fallback when it fails."""

from __future__ import annotations

import logging

from colloquy.llm.embeddings import Embedder, EmbeddingError, WordLlamaEmbedder
from colloquy.runtime import Runtime
from colloquy.services.model_settings import embedding_settings

log = logging.getLogger("colloquy.embedding")


def get_embedder(runtime: Runtime) -> Embedder:
    """The embedder new embeddings use. Rebuilt when the choice changes, and when the chat
    model changes under a `provider` choice (its endpoint and key are the chat model's)."""
    choice, _ = embedding_settings.choice_of(runtime)
    built_for = (choice, runtime.model_config if choice.kind == "provider" else None)
    state = runtime.feature(embedding_settings.EmbeddingState)
    if state.embedder is None or state.built_for != built_for:
        state.embedder = embedding_settings.build(runtime, choice)
        state.built_for = built_for
    return state.embedder


def is_current(runtime: Runtime, embedder_name: str | None) -> bool:
    """Were vectors (or results made from them) named `embedder_name` made by the embedder
    in use now? Stored results made by another one are stale: recompute them on next use."""
    return bool(embedder_name) and embedder_name == get_embedder(runtime).name


async def embed(embedder: Embedder, texts: list[str]) -> tuple[list[list[float]], str]:
    """Vectors and the embedder's name; an embedder that fails falls back to wordllama."""
    try:
        return await embedder.embed(texts), embedder.name
    except EmbeddingError as exc:
        if isinstance(embedder, WordLlamaEmbedder):
            raise
        log.warning("embedder %s failed, using wordllama: %s", embedder.name, exc)
        fallback = WordLlamaEmbedder()
        return await fallback.embed(texts), f"{fallback.name}; {embedder.name} failed"
