"""Replaying a human group with its grounded personas (docs/evidence.md)."""

from typing import Literal

from colloquy.schemas.common import CamelModel, RequestModel

Basis = Literal["held-out", "in-sample"]


class ReplayIn(RequestModel):
    """`inSample: true` asks the questions the personas learnt from (their answers are in
    the personas' evidence) instead of the held-out ones; its figures say so."""

    in_sample: bool = False


class QuestionSimilarityOut(CamelModel):
    question_index: int  # in the replay
    original_question_index: int  # in the human group
    question: str
    cosine: float
    theme_overlap: float | None = None
    basis: Basis
    label: str  # "held-out" or "in-sample (the personas saw these answers)"


class HeldOutQuestionOut(CamelModel):
    index: int  # 0-based, in the human group
    text: str


class ParticipantSimilarityOut(CamelModel):
    participant: str
    persona: str
    persona_id: str
    questions: int
    cosine: float | None = None
    theme_overlap: float | None = None
    basis: Basis
    label: str
    per_question: list[QuestionSimilarityOut]


class ReplaySimilarityOut(CamelModel):
    session_id: str
    original_id: str
    embedder: str
    basis: Basis
    label: str
    held_out_questions: list[HeldOutQuestionOut]  # the group's questions not in evidence
    participants: list[ParticipantSimilarityOut]
