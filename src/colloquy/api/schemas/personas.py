"""Persona answers: the persona, templates, an import's report; the persona inputs are in
colloquy/schemas/personas.py."""

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from colloquy.api.schemas.evidence import EvidenceTierOut
from colloquy.schemas.common import CamelModel


class Traits(BaseModel):
    openness: float
    conscientiousness: float
    extraversion: float
    agreeableness: float
    neuroticism: float


class PersonaOut(CamelModel):
    id: str
    name: str
    age: int
    gender: str
    location: str
    income: str
    traits: Traits
    interests: list[str]
    generated_from: str | None = None
    tags: list[str] = Field(default_factory=list)
    created_at: datetime
    updated_at: datetime
    enriched: dict[str, Any]
    evidence: EvidenceTierOut | None = None  # issue 29: described, generated or grounded


class PersonaTemplateData(CamelModel):
    age: int
    gender: str
    location: str
    income: str
    traits: Traits
    interests: list[str]


class PersonaTemplateOut(CamelModel):
    id: str
    name: str
    description: str
    data: PersonaTemplateData


class PersonaImportRowOut(CamelModel):
    row: int
    name: str
    ok: bool
    errors: list[str]


class PersonaImportOut(CamelModel):
    dry_run: bool
    total: int
    valid: int
    invalid: int
    imported: int
    imported_ids: list[str]
    rows: list[PersonaImportRowOut]
