"""Schemas of /api/settings: the model settings of the Settings screen."""

from typing import Literal

from pydantic import Field

from colloquy.schemas.common import CamelModel, ModelName, RequestModel

ProviderName = Literal["local", "openai", "anthropic"]


class ModelSettingsOut(CamelModel):
    provider: ProviderName
    base_url: str | None
    model: str
    api_key_set: bool
    source: Literal["default", "env", "saved"]


class ModelSettingsIn(RequestModel):
    provider: ProviderName
    base_url: str | None = Field(default=None, max_length=500)
    model: ModelName = None
    # Omitted or null: keep the saved key (same endpoint); "": remove it.
    api_key: str | None = Field(default=None, max_length=500)


class ModelTestOut(CamelModel):
    ok: bool
    latency_ms: int | None
    streaming: bool
    structured_output: Literal["json_schema", "json_object", "prompt"] | None
    vision: bool
    model: str | None
    error: str | None
    # The parameter count (billions) the endpoint or the GGUF file reports; None: unknown.
    parameter_billions: float | None = None


class ModelSaveOut(ModelSettingsOut):
    test: ModelTestOut


class ModelChoice(CamelModel):
    id: str
    name: str
    size_bytes: int | None = None


class ModelListOut(CamelModel):
    models: list[ModelChoice]


# -- /api/models: the catalog and downloads of local GGUF models --------------------------


class CatalogModelOut(CamelModel):
    id: str
    name: str
    repo: str
    file: str
    revision: str
    size_bytes: int
    memory_gb: float
    tokens_per_second: int
    speed: str
    description: str
    license: str
    kind: Literal["chat", "embedding"] = "chat"
    downloaded: bool


class CatalogOut(CamelModel):
    models: list[CatalogModelOut]


class DownloadIn(CamelModel):
    """A catalog entry (`id`) or any GGUF file on the hub (`repo`, `file`, `revision`)."""

    id: str | None = Field(default=None, max_length=100)
    repo: str | None = Field(default=None, max_length=200)
    file: str | None = Field(default=None, max_length=300)
    revision: str | None = Field(default=None, max_length=100)
    overwrite: bool = False  # replace a file of the same name (never the model in use)


class DownloadOut(CamelModel):
    id: str  # the file name in <data dir>/models
    name: str
    catalog_id: str | None
    repo: str
    file: str
    revision: str
    state: Literal["queued", "downloading", "verifying", "done", "failed", "cancelled"]
    bytes_done: int
    total_bytes: int | None
    bytes_per_second: int | None
    eta_seconds: int | None
    error: str | None
    commit: str | None
    # What the sha256 was checked against; "unverified" when neither the catalog nor the
    # hub gave one (only the size and the GGUF check ran). None until known.
    checksum: Literal["catalog", "hub", "unverified"] | None = None


class DownloadListOut(CamelModel):
    downloads: list[DownloadOut]
