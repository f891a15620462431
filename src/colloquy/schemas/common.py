"""Base schemas: snake_case in Python, camelCase on the wire."""

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel

from colloquy.domain.constants import MODEL_NAME_MAX_LENGTH
from colloquy.domain.text.text_safety import UnstorableJson, clean_json, has_unusable_chars


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


MSG_MODEL_NAME_CONTROL = "The model name cannot contain control characters (a newline, a tab)."


def _plain_model_name(value: str | None) -> str | None:
    if value is not None and has_unusable_chars(value):
        raise ValueError(MSG_MODEL_NAME_CONTROL)
    return value


# A chat model's name as a request gives it: no longer than the columns that store it
# (surveys, audits, sessions), and without control characters.
ModelName = Annotated[
    str | None,
    Field(default=None, max_length=MODEL_NAME_MAX_LENGTH),
    AfterValidator(_plain_model_name),
]
