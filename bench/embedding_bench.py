"""Embedder benchmark: the 240 answers of bench/health_bench.py's session (8 participants x
10 questions x 3 rounds, about 50 words each) through the offline wordllama embedder and a
GGUF model run in-process (default: the shipped SmolLM2-135M, mean-pooled; pass the path of
a downloaded embedding model, e.g. <data dir>/models/nomic-embed-text-v1.5.Q8_0.gguf).

    PYTHONPATH=src python bench/embedding_bench.py [model.gguf]

Prints each embedder's load time and the time and rate (answers per second) for the 240
answers, on this machine (the figures in the catalog are for a 4-core laptop CPU).
"""

from __future__ import annotations

import asyncio
import sys
import time

from bench.health_bench import answers
from colloquy.llm.embeddings import WordLlamaEmbedder
from colloquy.llm.gguf_embedder import GGUFEmbedder
from colloquy.llm.llama_loader import embedded_model_path


async def run(name: str, embedder, texts: list[str]) -> None:
    started = time.perf_counter()
    await embedder.embed(texts[:1])  # loads the model
    loaded = time.perf_counter() - started
    started = time.perf_counter()
    vectors = await embedder.embed(texts)
    took = time.perf_counter() - started
    print(
        f"{name}: load {loaded:.2f} s; {len(texts)} answers in {took:.2f} s "
        f"({len(texts) / took:.0f} answers/s, {len(vectors[0])} dimensions)"
    )


async def main() -> None:
    _, messages = answers()
    texts = [m["content"] for m in messages]
    path = sys.argv[1] if len(sys.argv) > 1 else embedded_model_path()
    await run("wordllama", WordLlamaEmbedder(), texts)
    if path:
        await run(f"GGUF {path.rsplit('/', 1)[-1]}", GGUFEmbedder(path), texts)


if __name__ == "__main__":
    asyncio.run(main())
