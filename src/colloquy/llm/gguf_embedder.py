"""Sentence embeddings from a GGUF model run in-process by llama-cpp-python.

The file is loaded through the chat models' loader (llama_loader.load_model) in embedding
mode, on its own worker thread. Pooling follows the file: an embedding model states its
pooling in its metadata (`<arch>.pooling_type`: mean for nomic-embed-text, CLS for bge)
and llama.cpp applies it; a model that states none (a chat model such as SmolLM2) is
mean-pooled over its tokens. The context is the model's training context, capped at
MAX_CONTEXT tokens; longer texts are cut there. Vectors are unit length.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from colloquy.domain.numbers.vectors import unit
from colloquy.llm.embeddings import EmbeddingError
from colloquy.llm.errors import LLMError
from colloquy.llm.gguf_check import NotAModel
from colloquy.llm.gguf_metadata import architecture_value, read_metadata
from colloquy.llm.llama_loader import embedding_key, executor_for, load_model

MAX_CONTEXT = 2048
POOLING_FROM_FILE, POOLING_MEAN = -1, 1  # llama.cpp's LLAMA_POOLING_TYPE_* values


def pooling_for(meta: dict[str, Any]) -> int:
    """The file's own pooling when it names one, else mean pooling."""
    stated = architecture_value(meta, "pooling_type")
    return POOLING_FROM_FILE if isinstance(stated, int) and stated > 0 else POOLING_MEAN


def context_for(meta: dict[str, Any]) -> int:
    trained = architecture_value(meta, "context_length")
    if isinstance(trained, int) and trained > 0:
        return min(trained, MAX_CONTEXT)
    return 512


def _mean(rows: list[list[float]]) -> list[float]:
    return [sum(col) / len(rows) for col in zip(*rows, strict=True)] if rows else []


class GGUFEmbedder:
    """`prefix` goes before every text (nomic-embed-text wants a task prefix)."""

    def __init__(self, path: str, *, label: str | None = None, prefix: str = "") -> None:
        self.path = path
        self.prefix = prefix
        self.name = f"{label or Path(path).name} (in-process GGUF)"

    def _load(self) -> Any:
        file = Path(self.path)
        if not file.is_file():
            raise EmbeddingError(f"The embedding model file is missing: {file.name}")
        try:
            meta = read_metadata(file)
        except (NotAModel, OSError) as exc:
            raise EmbeddingError(f"{file.name} is not a usable GGUF model: {exc}") from exc
        try:
            return load_model(
                self.path, context_for(meta), embedding=True, pooling=pooling_for(meta)
            )
        except LLMError as exc:
            raise EmbeddingError(exc.message) from exc
        except Exception as exc:  # llama.cpp refused the file or the context
            raise EmbeddingError(f"{file.name} could not be loaded for embeddings: {exc}") from exc

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        llm = self._load()
        inputs = [self.prefix + (t if t.strip() else ".") for t in texts]
        out: list[list[float]] = []
        try:
            # One text per call: llama.cpp packs several sequences into one batch only up to
            # n_batch tokens, and a text cut at the context must not spill into the next.
            for text in inputs:
                vector = llm.embed(text, truncate=True)
                if vector and isinstance(vector[0], list):  # per-token (no pooling)
                    vector = _mean(vector)
                out.append(unit([float(x) for x in vector]))
        except Exception as exc:
            raise EmbeddingError(f"The in-process embedding failed: {exc}") from exc
        return out

    async def embed(self, texts: list[str]) -> list[list[float]]:
        loop = asyncio.get_running_loop()
        executor = executor_for(embedding_key(self.path))
        return await loop.run_in_executor(executor, self.embed_sync, texts)
