"""Schemas of the small resources: draft, uploads, question templates."""

from __future__ import annotations

from typing import Any

from colloquy.api.schemas.common import CamelModel


class DraftOut(CamelModel):
    draft: dict[str, Any] | None


class UploadOut(CamelModel):
    url: str  # /uploads/<generated name>
    filename: str  # the generated name
    original_name: str  # the user's file name, for messages only
    content_type: str


class QuestionTemplateOut(CamelModel):
    id: str
    name: str
    questions: list[str]
