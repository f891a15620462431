"""Schemas of the trust features: session health and the personality audit."""

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from colloquy.schemas.common import CamelModel


class HealthFindingOut(CamelModel):
    key: str
    title: str
    # "unclear": not enough answers to tell (neutral, not a warning); docs/trust.md
    status: Literal["ok", "warn", "bad", "unclear", "na"]
    summary: str
    message_ids: list[str]
    data: dict[str, Any]


class HealthModelOut(CamelModel):
    provider: str | None = None
    name: str | None = None
    too_small: bool


class SessionHealthOut(CamelModel):
    session_id: str
    version: int
    overall: Literal["good", "fair", "poor"]
    warnings: list[str]
    embedder: str
    source: Literal["simulated", "human"] = "simulated"
    written_by: Literal["model", "people"] = "model"
    model: HealthModelOut
    answer_count: int
    participant_count: int
    # "3 of 5 participants are grounded in evidence"; absent in older reports.
    evidence_mix: str | None = None
    findings: list[HealthFindingOut]
    checked: list[str]
    computed_at: datetime


class TraitScores(CamelModel):
    openness: float | None = None
    conscientiousness: float | None = None
    extraversion: float | None = None
    agreeableness: float | None = None
    neuroticism: float | None = None


class AuditItemOut(CamelModel):
    item: int
    text: str
    trait: str
    key: int
    answer: int


class PersonaAuditOut(CamelModel):
    id: str
    persona_id: str
    assigned: TraitScores
    measured: TraitScores
    items: list[AuditItemOut]
    engaging: bool
    answered: int
    model: str
    created_at: datetime


class AuditSummaryOut(CamelModel):
    id: str
    persona_id: str
    persona_name: str
    assigned: TraitScores
    measured: TraitScores
    engaging: bool
    answered: int
    model: str
    created_at: datetime


class TraitFidelityOut(CamelModel):
    r: float | None = None
    mae: float | None = None
    n: int


class AnchorOut(CamelModel):
    label: str
    r: float


class AuditJobOut(CamelModel):
    running: bool
    total: int
    done: int
    failed: int
    errors: list[str]
    started_at: datetime | None = None
    finished_at: datetime | None = None


class TierFidelityOut(CamelModel):
    tier: str
    audited: int
    mean_r: float | None = None


class LibraryAuditOut(CamelModel):
    traits: dict[str, TraitFidelityOut]
    mean_r: float | None = None
    by_tier: list[TierFidelityOut] = Field(default_factory=list)  # by evidence tier
    audited: int
    not_engaging: int
    anchors: list[AnchorOut]
    audits: list[AuditSummaryOut]
    models: list[str]
    job: AuditJobOut
