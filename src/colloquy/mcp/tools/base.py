"""What every tool's arguments share: unknown arguments are refused (a typo is named, not
ignored), text no database can store is cleaned as in the API, NaN and Infinity refused."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from colloquy.domain.text.text_safety import UnstorableJson, clean_json


class ToolArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    @classmethod
    def input_schema(cls) -> dict[str, Any]:
        """The JSON Schema a client sees (MCP's inputSchema)."""
        return cls.model_json_schema()

    @model_validator(mode="before")
    @classmethod
    def _storable(cls, data: Any) -> Any:
        try:
            return clean_json(data)
        except UnstorableJson as exc:
            raise ValueError(str(exc)) from None
