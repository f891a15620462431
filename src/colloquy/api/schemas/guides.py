"""Guide schemas (docs/guides.md): a guide file's text in, a guide's text out."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from colloquy.schemas.common import CamelModel, RequestModel
from colloquy.schemas.sessions import SessionCreate


class GuideTextIn(RequestModel):
    """A guide file's content (YAML or JSON) as uploaded."""

    text: str = Field(max_length=1_000_000)


class GuideFileOut(CamelModel):
    guide: dict[str, Any]
    yaml: str
    json_text: str = Field(alias="json")
    filename: str


class GuideCheckOut(CamelModel):
    kind: Literal["focus-group", "interview", "survey", "study"]


class GuideFormOut(CamelModel):
    """Start from a guide: the guide checked and the create form's fields."""

    guide: dict[str, Any]
    setup: SessionCreate
    notes: list[str]
