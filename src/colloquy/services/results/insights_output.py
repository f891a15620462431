"""Validating the model's insights JSON with pydantic, repairing what can be repaired.

Repairs (a model's small slips should not cost the user a failed analysis): priorities
outside high/medium/low are mapped ('Critical' -> high, unknown -> medium); frequency
becomes an integer mention count; themes and recommendations without a name or title, or
repeating an earlier one, are dropped; a theme given as a bare string becomes its name;
texts are trimmed and capped; an {"insights": {...}} wrapper and snake_case keys are
accepted. A missing, empty or non-text summary, themes or recommendations that are not a
list, or no JSON at all make the reply invalid (the caller asks again). A reply cut off at
the token limit is closed first (open strings and brackets), so what it holds can be used;
a theme or recommendation it left unfinished is dropped.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from colloquy.domain.results.insights import (
    DESCRIPTION_MAX_CHARS,
    INSIGHTS_SCHEMA,
    MAX_RECOMMENDATIONS,
    MAX_THEMES,
    SUMMARY_MAX_CHARS,
    TITLE_MAX_CHARS,
    clip,
    coerce_frequency,
    normalise_priority,
)
from colloquy.llm.json_output import parse_model, repair_json


def _text(value: Any) -> Any:
    return "" if value is None or isinstance(value, (dict, list)) else str(value)


class Theme(BaseModel):
    model_config = ConfigDict(extra="ignore")

    theme: str = Field(default="", validation_alias=AliasChoices("theme", "name", "title"))
    description: str = ""
    frequency: int = 1

    @field_validator("theme", mode="before")
    @classmethod
    def _theme(cls, v: Any) -> str:
        return clip(_text(v), TITLE_MAX_CHARS)

    @field_validator("description", mode="before")
    @classmethod
    def _description(cls, v: Any) -> str:
        return clip(_text(v), DESCRIPTION_MAX_CHARS)

    @field_validator("frequency", mode="before")
    @classmethod
    def _frequency(cls, v: Any) -> int:
        return coerce_frequency(v)


class Recommendation(BaseModel):
    model_config = ConfigDict(extra="ignore")

    priority: str = "medium"
    title: str = ""
    description: str = ""

    @field_validator("priority", mode="before")
    @classmethod
    def _priority(cls, v: Any) -> str:
        return normalise_priority(v)

    @field_validator("title", mode="before")
    @classmethod
    def _title(cls, v: Any) -> str:
        return clip(_text(v), TITLE_MAX_CHARS)

    @field_validator("description", mode="before")
    @classmethod
    def _description(cls, v: Any) -> str:
        return clip(_text(v), DESCRIPTION_MAX_CHARS)


def _unique(items: list[Any], name: str, limit: int) -> list[Any]:
    """Named items only, each name once (small models repeat themselves), at most `limit`."""
    seen: set[str] = set()
    kept = []
    for item in items:
        key = getattr(item, name).casefold()
        if key and key not in seen:
            seen.add(key)
            kept.append(item)
    return kept[:limit]


def _items(value: Any, key: str) -> list[Any]:
    """A list of dicts; bare strings become {key: text}; other items are dropped. Not a
    list at all (a number, "none") is the wrong structure: the reply is invalid."""
    if value is None:
        return []
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise ValueError("must be a list")  # noqa: TRY004 - pydantic reports ValueError
    return [{key: v} if isinstance(v, str) else v for v in value if isinstance(v, (dict, str))]


class ModelInsights(BaseModel):
    """What the model writes; sentiment is never read from it (computed from messages)."""

    model_config = ConfigDict(extra="ignore")

    summary: str
    key_themes: list[Theme] = Field(
        default_factory=list, validation_alias=AliasChoices("keyThemes", "key_themes", "themes")
    )
    recommendations: list[Recommendation] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _unwrap(cls, data: Any) -> Any:
        if (
            isinstance(data, dict)
            and "summary" not in data
            and isinstance(data.get("insights"), dict)
        ):
            return data["insights"]
        return data

    @field_validator("summary", mode="before")
    @classmethod
    def _summary(cls, v: Any) -> str:
        if not isinstance(v, str):
            raise ValueError("summary must be text")  # noqa: TRY004 - pydantic reports ValueError
        text = clip(v, SUMMARY_MAX_CHARS)
        if not text:
            raise ValueError("summary is empty")
        return text

    @field_validator("key_themes", mode="before")
    @classmethod
    def _themes_in(cls, v: Any) -> list[Any]:
        return _items(v, "theme")

    @field_validator("recommendations", mode="before")
    @classmethod
    def _recommendations_in(cls, v: Any) -> list[Any]:
        return _items(v, "title")

    @field_validator("key_themes")
    @classmethod
    def _themes_out(cls, v: list[Theme]) -> list[Theme]:
        return _unique(v, "theme", MAX_THEMES)

    @field_validator("recommendations")
    @classmethod
    def _recommendations_out(cls, v: list[Recommendation]) -> list[Recommendation]:
        return _unique(v, "title", MAX_RECOMMENDATIONS)


def parse_insights(text: str, cut_off: bool = False) -> ModelInsights:
    """LLMError(kind='invalid_output') when the reply holds no usable insights. A reply
    `cut_off` at the token limit is closed first (under a schema grammar it is the start
    of a valid document; the open string is kept as far as it goes)."""
    if cut_off and (closed := repair_json(text)) is not None:
        text = json.dumps(_without_unfinished_items(closed))
    return parse_model(text, ModelInsights)


def _without_unfinished_items(doc: Any) -> Any:
    """The theme or recommendation the cut left open (a required field missing: the
    grammar writes them all, in order) is dropped rather than shown half-written."""
    if not isinstance(doc, dict):
        return doc
    for key in ("keyThemes", "recommendations"):
        items = doc.get(key)
        if not isinstance(items, list) or not items:
            continue
        required = set(INSIGHTS_SCHEMA["properties"][key]["items"]["required"])
        if isinstance(items[-1], dict) and not required <= items[-1].keys():
            doc[key] = items[:-1]
    return doc
