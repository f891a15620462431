"""Persona schemas. Inputs are lenient on purpose: the product's own messages come from the
domain validator, so a wrong value is reported in the product's words, not pydantic's."""

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from colloquy.api.schemas.common import CamelModel, RequestModel
from colloquy.api.schemas.evidence import EvidenceTierOut

TraitValue = float | int | Annotated[str, Field(max_length=100)] | bool | None
Interest = Annotated[str, Field(max_length=500)] | None


class Traits(BaseModel):
    openness: float
    conscientiousness: float
    extraversion: float
    agreeableness: float
    neuroticism: float


class PersonaInput(RequestModel):
    model_config = ConfigDict(extra="ignore")

    name: str | None = Field(default=None, max_length=2000)
    age: float | None = None
    gender: str | None = Field(default=None, max_length=200)
    location: str | None = Field(default=None, max_length=2000)
    income: str | None = Field(default=None, max_length=200)
    traits: dict[str, TraitValue] | None = Field(default=None, max_length=20)
    interests: list[Interest] | None = Field(default=None, max_length=50)
    generated_from: str | None = Field(default=None, max_length=20000)
    tags: list[Annotated[str, Field(max_length=200)] | None] | None = Field(
        default=None, max_length=50
    )


class PersonaCreate(PersonaInput):
    pass


class PersonaUpdate(PersonaInput):
    pass


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
    evidence: EvidenceTierOut | None = None  # described, generated or grounded


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
