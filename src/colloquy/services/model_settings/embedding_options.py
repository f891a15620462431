"""What the Embeddings card offers: the chat provider's own embedding models, and the
GGUF embedding models of the catalog and the models folder.

The provider's models, by endpoint:
- OpenAI itself: text-embedding-3-small and -large;
- Ollama (it answers /api/tags): the pulled models whose /api/show lists the "embedding"
  capability (older Ollama without capabilities: a BERT family or "embed" in the name);
- any other OpenAI-compatible server (vLLM, llama.cpp server, LM Studio): the /v1/models
  entries that answer an /embeddings call (at most PROBE_MAX of them are tried).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from urllib.parse import urlsplit

import httpx

from colloquy.domain.model_settings.catalog import CATALOG, embedding_entry
from colloquy.llm.config import ModelConfig
from colloquy.llm.embeddings import EmbeddingError, OpenAIEmbedder
from colloquy.runtime import Runtime
from colloquy.services.model_settings.active_model import current, models_dir
from colloquy.waiting import wait_for

log = logging.getLogger("colloquy.embedding")

OPENAI_MODELS = ("text-embedding-3-small", "text-embedding-3-large")
PROBE_MAX = 12
LIST_TIMEOUT_S = 10.0
_EMBED_HINTS = ("embed", "bge", "e5-", "gte", "minilm", "nomic", "mpnet", "arctic")
_BERT_FAMILIES = ("bert", "nomic-bert", "xlm-roberta", "jina-bert")


def ollama_root(base_url: str | None) -> str | None:
    """http://host:11434/v1 -> http://host:11434 (Ollama's own API sits at the root)."""
    if not base_url:
        return None
    root = base_url.rstrip("/")
    return root.removesuffix("/v1")


def is_openai(config: ModelConfig) -> bool:
    host = urlsplit(config.base_url or "https://api.openai.com/v1").hostname or ""
    return host == "api.openai.com"


async def _ollama_models(client: httpx.AsyncClient, root: str) -> list[str] | None:
    """The embedding models of an Ollama server; None when it is no Ollama server."""
    try:
        tags = await client.get(f"{root}/api/tags")
        models = tags.json().get("models") if tags.status_code == 200 else None
    except (httpx.HTTPError, ValueError, AttributeError):
        return None
    if not isinstance(models, list):
        return None

    async def embeds(entry: dict[str, Any]) -> str | None:
        name = str(entry.get("name") or entry.get("model") or "")
        details = entry.get("details") or {}
        try:
            shown = (await client.post(f"{root}/api/show", json={"model": name})).json()
        except (httpx.HTTPError, ValueError):
            shown = {}
        capabilities = shown.get("capabilities") if isinstance(shown, dict) else None
        if isinstance(capabilities, list):
            return name if "embedding" in capabilities else None
        families = [details.get("family"), *(details.get("families") or [])]
        bert = any(str(f).lower() in _BERT_FAMILIES for f in families if f)
        return name if bert or "embed" in name.lower() else None

    found = await asyncio.gather(*(embeds(m) for m in models if isinstance(m, dict)))
    return sorted(n for n in found if n)


async def _served_models(config: ModelConfig) -> list[str]:
    """The /v1/models entries of an OpenAI-compatible server that answer /embeddings."""
    from openai import AsyncOpenAI

    client = AsyncOpenAI(
        base_url=config.base_url,
        api_key=config.api_key or "not-needed",
        max_retries=0,
        timeout=LIST_TIMEOUT_S,
    )
    try:
        ids = [m.id async for m in client.models.list()]
    finally:
        await client.close()
    if len(ids) > PROBE_MAX:
        ids = [i for i in ids if any(h in i.lower() for h in _EMBED_HINTS)][:PROBE_MAX]

    async def serves(model_id: str) -> str | None:
        embedder = OpenAIEmbedder(
            base_url=config.base_url or "",
            model=model_id,
            api_key=config.api_key,
            timeout=LIST_TIMEOUT_S,
        )
        try:
            await embedder.embed(["ping"])
        except EmbeddingError:
            return None
        return model_id

    return sorted(m for m in await asyncio.gather(*(serves(i) for i in ids)) if m)


async def provider_options(runtime: Runtime) -> dict[str, Any]:
    """{available, reason, models} for the chat model's own embeddings."""
    config = current(runtime)
    out: dict[str, Any] = {"provider": config.provider, "available": False, "reason": None}
    out["models"] = []
    if config.provider == "anthropic":
        out["reason"] = "Anthropic has no embeddings API."
        return out
    if config.provider == "local":
        out["reason"] = "The in-process chat model has no embeddings endpoint."
        return out
    out["available"] = True
    if is_openai(config):
        out["models"] = [{"id": m, "name": m} for m in OPENAI_MODELS]
        return out
    where = config.base_url or "the endpoint"
    try:
        async with httpx.AsyncClient(timeout=LIST_TIMEOUT_S) as client:
            names = await _ollama_models(client, ollama_root(config.base_url) or "")
        if names is None:
            names = await wait_for(_served_models(config), LIST_TIMEOUT_S * 3)
    except Exception as exc:
        log.warning("listing the embedding models of %s failed", where, exc_info=exc)
        out["reason"] = f"Could not list the embedding models of {where}."
        return out
    out["models"] = [{"id": n, "name": n} for n in names]
    if not names:
        out["reason"] = f"{where} lists no embedding model (Ollama: ollama pull nomic-embed-text)."
    return out


def gguf_options(runtime: Runtime) -> list[dict[str, Any]]:
    """Catalog embedding models (downloaded or not), then other GGUF files in the folder."""
    folder = models_dir(runtime)
    out: list[dict[str, Any]] = []
    for m in CATALOG:
        if m.kind != "embedding":
            continue
        file = m.file.rsplit("/", 1)[-1]
        out.append(
            {
                "id": file,
                "name": m.name,
                "catalogId": m.id,
                "downloaded": (folder / file).is_file(),
                "sizeBytes": m.size_bytes,
                "description": m.description,
            }
        )
    if folder.is_dir():
        for path in sorted(folder.glob("*.gguf")):
            if embedding_entry(path.name) is None:
                out.append(
                    {
                        "id": path.name,
                        "name": path.name,
                        "catalogId": None,
                        "downloaded": True,
                        "sizeBytes": path.stat().st_size,
                        "description": "A GGUF file in the models folder (mean-pooled "
                        "unless it names its own pooling).",
                    }
                )
    return out


async def options(runtime: Runtime) -> dict[str, Any]:
    return {"provider": await provider_options(runtime), "gguf": gguf_options(runtime)}
