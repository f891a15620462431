"""The parameter count a model's endpoint or file reports, for the small-model warning and
the Settings test result (the model's name is only the fallback, domain/trust).

- a local GGUF file: its metadata, `general.size_label` ('135M') or a parameter count;
- Ollama (POST {root}/api/show): `model_info["general.parameter_count"]`, else
  `details.parameter_size` ('3.2B');
- other OpenAI-compatible servers: the model's /v1/models entry where it carries a count
  (llama.cpp server: `meta.n_params`; `parameter_count` / `num_parameters` /
  `parameter_size` on lists that have them); a server that lists one model answers every
  model name with it (llama-cpp-python's), so its one entry is read whatever the name, its
  count or else the size its id names (its GGUF file's name, 'SmolLM2-135M-Instruct');
- Anthropic: nothing is reported.

Looked up once per (provider, endpoint, model) and process; a failure is "unknown".
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import httpx

from colloquy.domain.trust.health_report import model_size_billions, size_from_label
from colloquy.llm.config import ModelConfig
from colloquy.llm.gguf_metadata import read_metadata
from colloquy.runtime import Runtime
from colloquy.services.model_settings.embedding_options import ollama_root
from colloquy.waiting import wait_for

log = logging.getLogger("colloquy.models")

LOOKUP_TIMEOUT_S = 5.0


def _count(value: Any) -> float | None:
    """A parameter count (int, or a numeric string) in billions."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and value > 0:
        return float(value) / 1e9
    return None


def size_from_gguf(path: str) -> float | None:
    meta = read_metadata(Path(path))
    counted = _count(meta.get("general.parameter_count"))
    label = meta.get("general.size_label")
    return counted or (size_from_label(label) if isinstance(label, str) else None)


def size_from_ollama_show(body: Any) -> float | None:
    if not isinstance(body, dict):
        return None
    info = body.get("model_info") or {}
    counted = _count(info.get("general.parameter_count")) if isinstance(info, dict) else None
    details = body.get("details") or {}
    label = details.get("parameter_size") if isinstance(details, dict) else None
    return counted or (size_from_label(label) if isinstance(label, str) else None)


def size_from_list_entry(entry: dict[str, Any]) -> float | None:
    meta = entry.get("meta")
    if isinstance(meta, dict) and _count(meta.get("n_params")):
        return _count(meta.get("n_params"))
    for key in ("parameter_count", "num_parameters"):
        if _count(entry.get(key)):
            return _count(entry.get(key))
    label = entry.get("parameter_size")
    return size_from_label(label) if isinstance(label, str) else None


async def _from_ollama(base_url: str | None, model: str) -> float | None:
    root = ollama_root(base_url)
    if not root:
        return None
    async with httpx.AsyncClient(timeout=LOOKUP_TIMEOUT_S) as client:
        try:
            resp = await client.post(f"{root}/api/show", json={"model": model})
        except httpx.HTTPError:
            return None
    if resp.status_code != 200:
        return None
    try:
        return size_from_ollama_show(resp.json())
    except ValueError:
        return None


async def _from_model_list(config: ModelConfig, model: str) -> float | None:
    from openai import AsyncOpenAI

    client = AsyncOpenAI(
        base_url=config.base_url,
        api_key=config.api_key or "not-needed",
        max_retries=0,
        timeout=LOOKUP_TIMEOUT_S,
    )
    entries = []
    try:
        async for entry in client.models.list():
            if entry.id == model:
                return size_from_list_entry(entry.model_dump())
            entries.append(entry.model_dump())
    finally:
        await client.close()
    return size_of_only_entry(entries)


def size_of_only_entry(entries: list[dict[str, Any]]) -> float | None:
    """The size of a server's one listed model (it answers every name with it): its
    count, else the size its id names; None when it lists more or none."""
    if len(entries) != 1:
        return None
    entry = entries[0]
    found = size_from_list_entry(entry)
    ident = entry.get("id")
    if found is None and isinstance(ident, str):
        found = model_size_billions(Path(ident).name)
    return found


async def lookup(config: ModelConfig, model: str | None) -> float | None:
    """The reported size in billions of parameters, or None (not reported, or unreachable)."""
    if config.provider == "local":
        from colloquy.llm.llama_loader import embedded_model_path

        path = config.model or embedded_model_path()
        return await asyncio.to_thread(size_from_gguf, path) if path else None
    if config.provider != "openai" or not model:
        return None
    size = await _from_ollama(config.base_url, model)
    if size is None:
        size = await wait_for(_from_model_list(config, model), LOOKUP_TIMEOUT_S * 2)
    return size


# (provider, base URL, configured model, asked model)
ModelSizeKey = tuple[str, str | None, str | None, str | None]


class ModelSizes(dict[ModelSizeKey, float | None]):
    """Model sizes in billions of parameters (None: unknown), read from the endpoints once
    per server: a lookup can take seconds."""


async def reported_size(runtime: Runtime, config: ModelConfig, model: str | None) -> float | None:
    key = (config.provider, config.base_url, config.model, model)
    cache = runtime.feature(ModelSizes)
    if key in cache:
        return cache[key]
    try:
        size = await lookup(config, model)
    except Exception as exc:  # noqa: BLE001 - an unknown size falls back to the name
        log.info("the size of %s could not be read: %r", model or config.model, exc)
        return None
    cache[key] = size
    return size
