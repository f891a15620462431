"""Personas from real people (docs/evidence.md): what the two imports answer."""

from typing import Literal

from pydantic import Field

from colloquy.api.schemas.personas import PersonaOut
from colloquy.schemas.common import CamelModel, RequestModel


class PersonasFromGroupIn(RequestModel):
    """Which questions' answers the personas learn from; the others are held out for a
    replay (docs/evidence.md, "Replay a real group"). `evidenceQuestions` (0-based) wins over
    `split`: every other question from the first, the first half, or all of them."""

    split: Literal["alternate", "first-half", "all"] = "alternate"
    evidence_questions: list[int] | None = Field(default=None, max_length=500)


class GroupParticipantOut(CamelModel):
    participant: str
    turns: int
    message: str


class PersonasFromGroupOut(CamelModel):
    personas: list[PersonaOut]
    participants: list[GroupParticipantOut]
    evidence_questions: list[int]  # 0-based: whose answers became evidence
    held_out_questions: list[int]  # 0-based: what a held-out replay asks


class SurveyRowOut(CamelModel):
    row: int
    name: str
    ok: bool
    errors: list[str]
    words: int


class PersonasFromSurveyOut(CamelModel):
    columns: list[str]
    mapping: dict[str, str]
    errors: list[str]
    rows: list[SurveyRowOut]
    valid: int
    invalid: int
    imported: int
    persona_ids: list[str]
