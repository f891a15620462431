"""Response schemas of the results features: analytics, insights, the demo script."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from colloquy.api.schemas.personas import Traits
from colloquy.domain.constants import Priority, Sentiment, SessionStatus
from colloquy.schemas.common import CamelModel, RequestModel


class SentimentBreakdown(CamelModel):
    """Percentages summing to 100 (all 0 when no message has a sentiment)."""

    positive: int
    neutral: int
    negative: int


class WordOut(CamelModel):
    text: str
    count: int
    size: int  # font size in px, 12-32


class QuoteOut(CamelModel):
    speaker: str
    content: str
    sentiment: str  # as stored: positive | neutral | negative
    persona_id: str | None = None


class DemographicDiversity(CamelModel):
    age_range: int
    gender_count: int
    location_count: int
    income_range: int


class DiversityOut(CamelModel):
    overall_score: int
    label: Literal["Excellent", "Moderate", "Low"]
    trait_diversity: dict[str, int]  # percent per trait
    demographic_diversity: DemographicDiversity
    warnings: list[str]
    suggestions: list[str]


class TraitPatternOut(CamelModel):
    high: list[str]  # names of participants above 70
    low: list[str]  # names of participants below 30


class RoundSentimentOut(CamelModel):
    question_index: int  # 0-based
    round: int  # 0-based
    count: int  # participant answers in this round
    positive: int  # percent
    neutral: int
    negative: int
    average: float  # -1..1


class ParticipationOut(CamelModel):
    persona_id: str | None
    name: str | None
    responses: int


class AnalyticsOut(CamelModel):
    word_cloud: list[WordOut]
    quotes: list[QuoteOut]
    diversity: DiversityOut
    trait_patterns: dict[str, TraitPatternOut]
    sentiment_by_question_round: list[RoundSentimentOut]
    participation: list[ParticipationOut]
    average_sentiment: float
    sentiment_breakdown: SentimentBreakdown
    message_count: int
    response_count: int
    duration_minutes: int


class ThemeOut(CamelModel):
    theme: str
    description: str
    frequency: int = Field(description="participant responses that raised the theme")


class RecommendationOut(CamelModel):
    priority: Priority
    title: str
    description: str


class InsightsOut(CamelModel):
    summary: str
    overall_sentiment: Sentiment
    sentiment_breakdown: SentimentBreakdown
    key_themes: list[ThemeOut]
    recommendations: list[RecommendationOut]
    generated_at: datetime
    model: str


class DemoCompleteIn(RequestModel):
    speed: float = 1  # the playback speed, so stored times match what was watched


class DemoCompleteOut(CamelModel):
    id: str
    name: str
    status: SessionStatus
    created_at: datetime
    completed_at: datetime
    message_count: int
    tokens_used: int


class DemoReplyOut(CamelModel):
    persona_id: str
    speaker: str
    content: str
    sentiment: Sentiment


class DemoTurnOut(CamelModel):
    question_index: int
    question: str
    responses: list[DemoReplyOut]


class DemoTimingOut(CamelModel):
    after_moderator_ms: int
    typing_ms: int
    between_questions_ms: int
    completion_delay_ms: int
    speeds: list[float]


class DemoStimulusOut(CamelModel):
    id: str
    type: str
    title: str
    content: str
    description: str | None = None


class DemoPersonaOut(CamelModel):
    id: str
    name: str
    age: int
    gender: str
    location: str
    income: str
    traits: Traits
    interests: list[str]
    enriched: dict[str, Any]


class DemoScriptOut(CamelModel):
    session_id: str
    name: str
    description: str
    stimulus: DemoStimulusOut
    participants: list[DemoPersonaOut]
    questions: list[str]
    script: list[DemoTurnOut]
    timing: DemoTimingOut
