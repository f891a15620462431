"""Base schemas: snake_case in Python, the spec's camelCase on the wire."""

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic.alias_generators import to_camel

from colloquy.domain.text_safety import UnstorableJson, clean_json


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class RequestModel(CamelModel):
    """A request body: text that no database can store (NUL, unpaired surrogates) is
    removed and NaN or Infinity refused before any field sees it, so SQLite and PostgreSQL
    accept the same input."""

    model_config = ConfigDict(allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _storable(cls, data: Any) -> Any:
        try:
            return clean_json(data)
        except UnstorableJson as exc:
            raise ValueError(str(exc)) from None
