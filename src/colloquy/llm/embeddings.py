"""Sentence embeddings behind one small interface, for the session health report.

    class Embedder(Protocol):
        name: str                                        # named in the health report
        async def embed(texts) -> list[list[float]]      # one unit-length vector per text

Three backends:
- `WordLlamaEmbedder` (default): the `wordllama` package's 256-dimension l2_supercat
  weights, shipped inside its wheel. Offline only: the loader is pointed at the files in
  the package, downloads are disabled and the Hugging Face hub is told it is offline while
  it loads, so loading never reaches the network. Embedding 240 answers takes a few milliseconds.
- `OpenAIEmbedder`: an OpenAI-compatible `POST {base}/embeddings` (vLLM, Ollama, llama.cpp
  server, OpenAI) through the `openai` SDK.
- `GGUFEmbedder` (llm/gguf_embedder.py): a GGUF embedding model run in-process.

Which one a server uses is chosen on the Settings screen or by COLLOQUY_EMBEDDING_MODEL
(services/model_settings/embedding_settings.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from colloquy.domain.numbers.vectors import unit

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
            from wordllama import WordLlama

            package = wordllama_package_dir()
            try:
                with _hub_offline():
                    _WORDLLAMA = WordLlama.load(
                        config=WORDLLAMA_CONFIG,
                        dim=WORDLLAMA_DIM,
                        cache_dir=package,  # weights/ and tokenizers/ live here
                        disable_download=True,
                    )
            except (FileNotFoundError, OSError) as exc:
                raise EmbeddingError(f"The offline embedder could not load: {exc}") from exc
        return _WORDLLAMA


@contextlib.contextmanager
def _hub_offline() -> Iterator[None]:
    """HF_HUB_OFFLINE=1 while the tokenizer loads (its fallback would reach the hub), and
    only then: huggingface_hub reads the variable once, at import, and a process-wide
    value would make every later model download fail with OfflineModeIsEnabled. So the
    hub's client is imported first, and the variable is put back afterwards."""
    import huggingface_hub.constants  # noqa: F401 - reads its settings before the switch

    before = os.environ.get("HF_HUB_OFFLINE")
    os.environ["HF_HUB_OFFLINE"] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("HF_HUB_OFFLINE", None)
        else:
            os.environ["HF_HUB_OFFLINE"] = before


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
    """OpenAI-compatible /embeddings through the `openai` SDK (OpenAI, Ollama, vLLM,
    llama.cpp server, LM Studio); vectors are normalised here (not all servers do)."""

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
        import openai

        client = openai.AsyncOpenAI(
            base_url=self.base_url,
            api_key=self.api_key or "not-needed",
            timeout=self.timeout,
            max_retries=0,
        )
        out: list[list[float]] = []
        try:
            for start in range(0, len(texts), BATCH):
                batch = [t if t.strip() else "." for t in texts[start : start + BATCH]]
                try:
                    resp = await client.embeddings.create(
                        model=self.model, input=batch, encoding_format="float"
                    )
                except openai.APIStatusError as exc:
                    raise EmbeddingError(
                        f"The embeddings endpoint answered {exc.status_code}: {_error_text(exc)}"
                    ) from exc
                except openai.APIError as exc:
                    raise EmbeddingError(f"The embeddings endpoint failed: {exc!r}") from exc
                out += _vectors(resp.model_dump(), len(batch))
        finally:
            await client.close()
        return out


def _error_text(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error", body)
        message = err.get("message") if isinstance(err, dict) else err
        if message:
            return str(message)[:200]
    return str(getattr(exc, "message", "") or exc)[:200]


def _vectors(body: Any, expected: int) -> list[list[float]]:
    try:
        data = sorted(body["data"], key=lambda d: d.get("index", 0))
        vectors = [_unit([float(x) for x in d["embedding"]]) for d in data]
    except (KeyError, TypeError, ValueError) as exc:
        raise EmbeddingError("The embeddings endpoint returned no vectors") from exc
    if len(vectors) != expected:
        raise EmbeddingError(f"The embeddings endpoint returned {len(vectors)} of {expected}")
    if not vectors or not vectors[0] or any(len(v) != len(vectors[0]) for v in vectors):
        raise EmbeddingError("The embeddings endpoint returned vectors of unequal length")
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
