"""Schemas of the session comparison."""

from datetime import datetime

from colloquy.api.schemas.common import CamelModel


class QuestionSentimentOut(CamelModel):
    question_index: int
    question: str
    count: int
    average: float
    positive: int
    neutral: int
    negative: int


class CompareParticipationOut(CamelModel):
    name: str | None
    responses: int


class CompareWordOut(CamelModel):
    text: str
    count: int


class CompareThemeOut(CamelModel):
    theme: str
    frequency: int | float


class SentimentBreakdownOut(CamelModel):
    positive: int
    neutral: int
    negative: int


class CompareHealthOut(CamelModel):
    overall: str  # good | fair | poor
    warnings: list[str]


class CompareSessionOut(CamelModel):
    id: str
    name: str
    status: str
    created_at: datetime
    model: str
    participant_count: int
    response_count: int
    average_sentiment: float
    sentiment_breakdown: SentimentBreakdownOut
    sentiment_by_question: list[QuestionSentimentOut]
    participation: list[CompareParticipationOut]
    top_words: list[CompareWordOut]
    overall_sentiment: str | None = None
    summary: str | None = None
    themes: list[CompareThemeOut] | None = None  # None: no insights generated
    health: CompareHealthOut | None = None  # None: no health report could be computed


class CompareOut(CamelModel):
    sessions: list[CompareSessionOut]
