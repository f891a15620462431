"""Schemas of /api/settings: the model settings of the Settings screen."""

from typing import Literal

from pydantic import Field

from colloquy.api.schemas.common import CamelModel, RequestModel

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
    model: str | None = Field(default=None, max_length=500)
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


class ModelSaveOut(ModelSettingsOut):
    test: ModelTestOut


class ModelChoice(CamelModel):
    id: str
    name: str
    size_bytes: int | None = None


class ModelListOut(CamelModel):
    models: list[ModelChoice]
