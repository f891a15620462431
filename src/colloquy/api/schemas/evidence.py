"""Evidence on a persona (docs/evidence.md): documents, the retrieval preview and the tier."""

from datetime import datetime

from pydantic import Field

from colloquy.schemas.common import CamelModel, RequestModel


class EvidenceOut(CamelModel):
    id: str
    persona_id: str
    filename: str
    type: str
    source: str
    words: int
    passages: int | None = None
    preview: str
    created_at: datetime


class EvidencePreviewIn(RequestModel):
    question: str = Field(min_length=1, max_length=5000)


class EvidencePassageOut(CamelModel):
    id: str
    text: str
    score: float


class EvidencePreviewOut(CamelModel):
    block: str
    passages: list[EvidencePassageOut]
    budget: int
    tokens: int


class EvidenceTierOut(CamelModel):
    tier: str
    documents: int
    words: int
