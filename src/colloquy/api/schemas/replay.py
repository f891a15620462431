"""Replaying a human group with its grounded personas (issue 29 item 4)."""

from colloquy.api.schemas.common import CamelModel


class QuestionSimilarityOut(CamelModel):
    question_index: int
    cosine: float
    theme_overlap: float | None = None


class ParticipantSimilarityOut(CamelModel):
    participant: str
    persona: str
    persona_id: str
    questions: int
    cosine: float | None = None
    theme_overlap: float | None = None
    per_question: list[QuestionSimilarityOut]


class ReplaySimilarityOut(CamelModel):
    session_id: str
    original_id: str
    embedder: str
    participants: list[ParticipantSimilarityOut]
