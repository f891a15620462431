"""Text embeddings for the services that compare answers (session health, surveys): one
embedder per server, and the offline fallback when an embeddings endpoint fails."""

from __future__ import annotations

import logging

from colloquy.llm.embeddings import Embedder, EmbeddingError, WordLlamaEmbedder, build_embedder
from colloquy.runtime import Runtime

log = logging.getLogger("colloquy.embedding")

_EMBEDDER_KEY = "embedder"


def get_embedder(runtime: Runtime) -> Embedder:
    """The embedder for this server (built once): the configured endpoint's embeddings
    model (COLLOQUY_EMBEDDING_MODEL) or the offline wordllama one."""
    embedder = runtime.extras.get(_EMBEDDER_KEY)
    if embedder is None:
        s, cfg = runtime.settings, runtime.model_config
        embedder = build_embedder(
            embedding_model=s.embedding_model,
            embedding_base_url=s.embedding_base_url,
            fallback_base_url=(cfg.base_url if cfg else None) or s.llm_base_url,
            api_key=s.embedding_api_key or (cfg.api_key if cfg else None) or s.llm_api_key,
            timeout=s.llm_timeout,
        )
        runtime.extras[_EMBEDDER_KEY] = embedder
    return embedder


async def embed(embedder: Embedder, texts: list[str]) -> tuple[list[list[float]], str]:
    """Vectors and the embedder's name; an endpoint that fails falls back to wordllama."""
    try:
        return await embedder.embed(texts), embedder.name
    except EmbeddingError as exc:
        if isinstance(embedder, WordLlamaEmbedder):
            raise
        log.warning("embeddings endpoint failed, using wordllama: %s", exc)
        fallback = WordLlamaEmbedder()
        return await fallback.embed(texts), f"{fallback.name}; {embedder.name} failed"
