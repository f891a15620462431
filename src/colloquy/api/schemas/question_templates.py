"""Schema of the built-in question templates."""

from __future__ import annotations

from colloquy.schemas.common import CamelModel


class QuestionTemplateOut(CamelModel):
    id: str
    name: str
    questions: list[str]
