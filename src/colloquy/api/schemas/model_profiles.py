"""Schemas of /api/model-profiles (docs/models.md): named saved models, one the default."""

from typing import Annotated

from fastapi import Query
from pydantic import Field

from colloquy.api.schemas.model_settings import ModelTestOut, ProviderName
from colloquy.schemas.common import CamelModel, ModelName, RequestModel


class ModelProfileOut(CamelModel):
    id: str
    name: str
    provider: ProviderName
    base_url: str | None
    model: str | None
    api_key_set: bool  # the key itself is never returned
    is_default: bool


class ModelProfileListOut(CamelModel):
    profiles: list[ModelProfileOut]


class ModelProfileIn(RequestModel):
    """POST: name and provider are required. PUT: omitted fields keep what is saved.
    `apiKey` omitted or null keeps the saved key (same provider and base URL); "" removes
    it. Write-only: stored encrypted, never returned."""

    name: str | None = Field(default=None, max_length=200)
    provider: ProviderName | None = None
    base_url: str | None = Field(default=None, max_length=500)
    model: ModelName = None
    api_key: str | None = Field(default=None, max_length=500)
    is_default: bool | None = None


class ModelProfileFailure(CamelModel):
    error: str
    code: str
    test: ModelTestOut | None = None


# ?model= on the analytics and health routes: one model's answers of a mixed panel.
ModelQuery = Annotated[
    str | None, Query(max_length=300, description="Only the answers this model wrote")
]
