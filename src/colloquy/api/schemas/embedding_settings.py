"""Schemas of /api/settings/embeddings: the embedder of the Settings screen."""

from typing import Literal

from pydantic import Field

from colloquy.schemas.common import CamelModel, ModelName, RequestModel

EmbedderKind = Literal["wordllama", "provider", "endpoint", "gguf"]


class EmbeddingSettingsOut(CamelModel):
    kind: EmbedderKind
    base_url: str | None
    model: str | None
    api_key_set: bool
    source: Literal["default", "env", "saved"]
    embedder: str = Field(description="The embedder's name, as reports name it")
    chat_provider: Literal["local", "openai", "anthropic"]


class EmbeddingSettingsIn(RequestModel):
    kind: EmbedderKind
    base_url: str | None = Field(default=None, max_length=500)
    model: ModelName = None
    # Omitted or null: keep the saved key (same endpoint); "": remove it.
    api_key: str | None = Field(default=None, max_length=500)


class EmbeddingTestOut(CamelModel):
    ok: bool
    latency_ms: int | None
    dimensions: int | None
    embedder: str
    error: str | None


class EmbeddingSaveOut(EmbeddingSettingsOut):
    test: EmbeddingTestOut


class EmbeddingModelOption(CamelModel):
    id: str
    name: str


class ProviderEmbeddings(CamelModel):
    provider: Literal["local", "openai", "anthropic"]
    available: bool
    reason: str | None
    models: list[EmbeddingModelOption]


class GGUFEmbeddingOption(CamelModel):
    id: str
    name: str
    catalog_id: str | None
    downloaded: bool
    size_bytes: int | None
    description: str


class EmbeddingOptionsOut(CamelModel):
    provider: ProviderEmbeddings
    gguf: list[GGUFEmbeddingOption]
