"""The embedder of the Settings screen's Embeddings card: which model turns answers into
sentence vectors (session health, survey ratings, comparisons with people).

Four kinds:
- `wordllama`: the offline static vectors shipped in the wordllama package (needs nothing);
- `provider`: the chat model's own endpoint (its base URL and key) with an embeddings
  model, e.g. OpenAI's text-embedding-3-small or Ollama's nomic-embed-text;
- `endpoint`: any OpenAI-compatible /embeddings endpoint with its own URL and key;
- `gguf`: a GGUF embedding model in the models folder, run in-process by llama.cpp.

Precedence: the choice saved on the Settings screen (app_settings row "embeddings", the
key encrypted, in the same table as the chat model), else the environment
(COLLOQUY_EMBEDDING_MODEL with COLLOQUY_EMBEDDING_BASE_URL / _API_KEY; a name ending in
.gguf is a GGUF file), else wordllama. A change is tried before it is saved, and switches
new embeddings at once; what was embedded before names its embedder, so stored results
made by another embedder are recomputed on their next use (embedding.is_current).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from colloquy.domain.model_settings.catalog import embedding_entry
from colloquy.errors import ValidationFailed
from colloquy.llm.config import ModelConfig
from colloquy.llm.embeddings import Embedder, EmbeddingError, OpenAIEmbedder, WordLlamaEmbedder
from colloquy.runtime import Runtime
from colloquy.services.model_settings.active_model import current, models_dir
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.store.tables import AppSettingRow
from colloquy.waiting import wait_for

SETTING_KEY = "embeddings"
KINDS = ("wordllama", "provider", "endpoint", "gguf")
OPENAI_URL = "https://api.openai.com/v1"
PROBE_TIMEOUT_S = 60.0
PROBE_TEXTS = ["The price is too high for me.", "It costs far too much."]
MSG_ANTHROPIC = (
    "Anthropic has no embeddings API: choose an OpenAI-compatible endpoint, a GGUF model "
    "or the offline embedder"
)
MSG_LOCAL = (
    "The in-process chat model has no embeddings endpoint: choose a GGUF embedding model "
    "or an OpenAI-compatible endpoint"
)


@dataclass(frozen=True)
class EmbeddingChoice:
    kind: str = "wordllama"
    base_url: str | None = None  # endpoint
    model: str | None = None  # provider / endpoint: the model id; gguf: the file
    api_key: str | None = None  # endpoint


@dataclass(frozen=True)
class EmbeddingChange:
    """A requested change; `api_key` None keeps the saved key, "" removes it."""

    kind: str
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None


@dataclass
class EmbeddingState:
    """This server's embedder: the choice, where it came from, and the embedder built for
    it (embedding.py), rebuilt when `built_for` changes."""

    choice: EmbeddingChoice | None = None  # None until loaded (a bare runtime: from env)
    source: str = "default"  # "default", "env" or "saved"
    embedder: Embedder | None = None  # built lazily on first use
    built_for: tuple[EmbeddingChoice, ModelConfig | None] | None = None


def secret_box(runtime: Runtime) -> SecretBox:
    return SecretBox.open(runtime.settings.data_dir, runtime.settings.secret_key)


def from_env(runtime: Runtime) -> EmbeddingChoice | None:
    s = runtime.settings
    model = (s.embedding_model or "").strip()
    if not model:
        return None
    if model.lower().endswith(".gguf"):
        return EmbeddingChoice(kind="gguf", model=model)
    if s.embedding_base_url:
        return EmbeddingChoice(
            kind="endpoint", base_url=s.embedding_base_url, model=model, api_key=s.embedding_api_key
        )
    return EmbeddingChoice(kind="provider", model=model)


def _from_row(data: dict[str, Any], box: SecretBox) -> EmbeddingChoice | None:
    if data.get("kind") not in KINDS:
        return None
    token = data.get("apiKey")
    return EmbeddingChoice(
        kind=data["kind"],
        base_url=data.get("baseUrl") or None,
        model=data.get("model") or None,
        api_key=box.decrypt(token) if isinstance(token, str) and token else None,
    )


def use(runtime: Runtime, choice: EmbeddingChoice, source: str) -> None:
    """Switch new embeddings to `choice` (the embedder is built on first use); the same
    choice again keeps the embedder already built."""
    state = runtime.feature(EmbeddingState)
    if state.choice == choice:
        state.source = source
        return
    state.choice, state.source, state.embedder = choice, source, None


async def load_into_runtime(runtime: Runtime) -> None:
    """At start-up (and on a settings change): saved, else environment, else wordllama."""
    async with runtime.sessionmaker() as db:
        row = await db.get(AppSettingRow, SETTING_KEY)
    saved = _from_row(row.data, secret_box(runtime)) if row is not None else None
    if saved is not None:
        use(runtime, saved, "saved")
        return
    env = from_env(runtime)
    use(runtime, env or EmbeddingChoice(), "env" if env else "default")


def choice_of(runtime: Runtime) -> tuple[EmbeddingChoice, str]:
    state = runtime.feature(EmbeddingState)
    if state.choice is None:  # no start-up load (a bare runtime): the environment's
        env = from_env(runtime)
        use(runtime, env or EmbeddingChoice(), "env" if env else "default")
    assert state.choice is not None
    return state.choice, state.source


# -- building ----------------------------------------------------------------------------


def gguf_path(runtime: Runtime, model: str) -> Path:
    path = Path(model)
    return path if path.is_absolute() else models_dir(runtime) / model


def build(runtime: Runtime, choice: EmbeddingChoice) -> Embedder:
    """The embedder a choice names; a `provider` choice whose chat provider has no
    embeddings API (any more) gives wordllama."""
    timeout = runtime.settings.llm_timeout
    if choice.kind == "endpoint" and choice.base_url and choice.model:
        return OpenAIEmbedder(
            base_url=choice.base_url, model=choice.model, api_key=choice.api_key, timeout=timeout
        )
    if choice.kind == "provider" and choice.model:
        chat = current(runtime)
        if chat.provider == "openai":
            key = runtime.settings.embedding_api_key or chat.api_key
            base = chat.base_url or OPENAI_URL
            return OpenAIEmbedder(base_url=base, model=choice.model, api_key=key, timeout=timeout)
    if choice.kind == "gguf" and choice.model:
        from colloquy.llm.gguf_embedder import GGUFEmbedder

        path = gguf_path(runtime, choice.model)
        entry = embedding_entry(path.name)
        return GGUFEmbedder(
            str(path), label=entry.name if entry else None, prefix=entry.prefix if entry else ""
        )
    return WordLlamaEmbedder()


# -- validating and trying a change ------------------------------------------------------


def resolve(runtime: Runtime, change: EmbeddingChange) -> EmbeddingChoice:
    """The choice a change asks for, checked; raises ValidationFailed naming the problem."""
    if change.kind not in KINDS:
        raise ValidationFailed([f"Embedder must be one of {', '.join(KINDS)}"])
    model = (change.model or "").strip() or None
    if change.kind == "wordllama":
        return EmbeddingChoice()
    if change.kind == "gguf":
        name = model or ""
        path = models_dir(runtime) / name
        if Path(name).name != name or not name.lower().endswith(".gguf") or not path.is_file():
            raise ValidationFailed(
                [f"No GGUF model named {name!r} in the models folder: download one first"]
            )
        return EmbeddingChoice(kind="gguf", model=name)
    if model is None:
        raise ValidationFailed(["Name the embedding model (e.g. text-embedding-3-small)"])
    if change.kind == "provider":
        chat = current(runtime).provider
        if chat == "anthropic":
            raise ValidationFailed([MSG_ANTHROPIC])
        if chat == "local":
            raise ValidationFailed([MSG_LOCAL])
        return EmbeddingChoice(kind="provider", model=model)
    base_url = (change.base_url or "").strip() or None
    parts = urlsplit(base_url or "")
    if base_url is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationFailed(["Base URL must be an http:// or https:// address"])
    if change.api_key is None:  # keep the saved key while the endpoint stays the same
        before, _ = choice_of(runtime)
        same = before.kind == "endpoint" and before.base_url == base_url
        api_key = before.api_key if same else None
    else:
        api_key = change.api_key.strip() or None
    return EmbeddingChoice(kind="endpoint", base_url=base_url, model=model, api_key=api_key)


async def probe(runtime: Runtime, choice: EmbeddingChoice) -> dict[str, Any]:
    """Embed two short texts with this choice (no fallback): does it give vectors?"""
    embedder = build(runtime, choice)
    result: dict[str, Any] = {
        "ok": False,
        "latencyMs": None,
        "dimensions": None,
        "embedder": embedder.name,
        "error": None,
    }
    started = time.perf_counter()
    try:
        vectors = await wait_for(embedder.embed(PROBE_TEXTS), PROBE_TIMEOUT_S)
    except TimeoutError:
        result["error"] = f"{embedder.name} did not answer in {PROBE_TIMEOUT_S:.0f} s"
    except EmbeddingError as exc:
        result["error"] = str(exc)
    else:
        result.update(
            ok=True,
            latencyMs=round((time.perf_counter() - started) * 1000),
            dimensions=len(vectors[0]),
        )
    return result


# -- reading, saving, resetting ----------------------------------------------------------
