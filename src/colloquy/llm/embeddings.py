"""Sentence embeddings behind one small interface, for the session health report.

    class Embedder(Protocol):
        name: str                                        # named in the health report
        async def embed(texts) -> list[list[float]]      # one unit-length vector per text

Two backends:
- `WordLlamaEmbedder` (default): the `wordllama` package's 256-dimension l2_supercat
  weights, shipped inside its wheel. Offline only: the loader is pointed at the files in
  the package, downloads are disabled and the Hugging Face hub is told it is offline, so
  loading never reaches the network. Embedding 240 answers takes a few milliseconds.
- `OpenAIEmbedder`: an OpenAI-compatible `POST {base}/embeddings` (vLLM, Ollama, llama.cpp
  server, OpenAI), used when COLLOQUY_EMBEDDING_MODEL is set; the endpoint is
  COLLOQUY_EMBEDDING_BASE_URL, else the chat model's base URL.
"""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import httpx

from colloquy.domain.vectors import unit

WORDLLAMA_CONFIG = "l2_supercat"
WORDLLAMA_DIM = 256
BATCH = 64  # texts per /embeddings request


class EmbeddingError(RuntimeError):
    """The embedder could not produce vectors (the report says so in words)."""


@runtime_checkable
class Embedder(Protocol):
    name: str

    async def embed(self, texts: list[str]) -> list[list[float]]: ...


def _unit(vector: list[float]) -> list[float]:
    return unit(vector)


_WORDLLAMA_LOCK = threading.Lock()
_WORDLLAMA: Any = None


def wordllama_package_dir() -> Path:
    """The installed wordllama package: its `weights/` and `tokenizers/` folders."""
    import wordllama

    return Path(wordllama.__file__).parent


def load_wordllama() -> Any:
    """The WordLlama model from the files in its own package, never from the network
    (loaded once per process)."""
    global _WORDLLAMA
    with _WORDLLAMA_LOCK:
        if _WORDLLAMA is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the tokenizer's fallback
            from wordllama import WordLlama

            package = wordllama_package_dir()
            try:
                _WORDLLAMA = WordLlama.load(
                    config=WORDLLAMA_CONFIG,
                    dim=WORDLLAMA_DIM,
                    cache_dir=package,  # weights/ and tokenizers/ live here
                    disable_download=True,
                )
            except (FileNotFoundError, OSError) as exc:
                raise EmbeddingError(f"The offline embedder could not load: {exc}") from exc
        return _WORDLLAMA


class WordLlamaEmbedder:
    name = f"wordllama {WORDLLAMA_CONFIG} {WORDLLAMA_DIM}d (offline)"

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        model = load_wordllama()
        # Empty strings give zero vectors; keep them zero rather than dividing by 0.
        safe = [t if t.strip() else "." for t in texts]
        vectors = model.embed(safe, norm=True)
        return [_unit([float(x) for x in row]) for row in vectors.tolist()]

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed_sync, texts)


class OpenAIEmbedder:
    """OpenAI-compatible /embeddings; vectors are normalised here (not all servers do)."""

    def __init__(
        self, *, base_url: str, model: str, api_key: str | None = None, timeout: float = 30.0
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key
        self.timeout = timeout
        self.name = f"{model} via {self.base_url}/embeddings"

    async def embed(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        out: list[list[float]] = []
        async with httpx.AsyncClient(timeout=self.timeout) as client:
            for start in range(0, len(texts), BATCH):
                batch = [t if t.strip() else "." for t in texts[start : start + BATCH]]
                try:
                    resp = await client.post(
                        f"{self.base_url}/embeddings",
                        json={"model": self.model, "input": batch},
                        headers=headers,
                    )
                except httpx.HTTPError as exc:
                    raise EmbeddingError(f"The embeddings endpoint failed: {exc!r}") from exc
                if resp.status_code != 200:
                    raise EmbeddingError(
                        f"The embeddings endpoint answered {resp.status_code}: {resp.text[:200]}"
                    )
                out += _vectors(resp.json(), len(batch))
        return out


def _vectors(body: Any, expected: int) -> list[list[float]]:
    try:
        data = sorted(body["data"], key=lambda d: d.get("index", 0))
        vectors = [_unit([float(x) for x in d["embedding"]]) for d in data]
    except (KeyError, TypeError, ValueError) as exc:
        raise EmbeddingError("The embeddings endpoint returned no vectors") from exc
    if len(vectors) != expected:
        raise EmbeddingError(f"The embeddings endpoint returned {len(vectors)} of {expected}")
    return vectors


def build_embedder(
    *,
    embedding_model: str | None,
    embedding_base_url: str | None = None,
    fallback_base_url: str | None = None,
    api_key: str | None = None,
    timeout: float = 30.0,
) -> Embedder:
    """The endpoint's embeddings when a model is named and a base URL is known, else the
    offline WordLlama embedder."""
    base = embedding_base_url or fallback_base_url
    if embedding_model and base:
        return OpenAIEmbedder(
            base_url=base, model=embedding_model, api_key=api_key, timeout=timeout
        )
    return WordLlamaEmbedder()
