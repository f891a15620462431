"""Personas from real people (issue 29 item 2): what the two imports answer."""

from colloquy.api.schemas.common import CamelModel
from colloquy.api.schemas.personas import PersonaOut


class GroupParticipantOut(CamelModel):
    participant: str
    turns: int
    message: str


class PersonasFromGroupOut(CamelModel):
    personas: list[PersonaOut]
    participants: list[GroupParticipantOut]


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
