"""Schemas of the session comparison."""

from datetime import datetime

from pydantic import Field

from colloquy.schemas.common import CamelModel


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
    source: str = "simulated"  # simulated | human
    kind: str = "group"  # group | interview (docs/interviews.md)
    # The figures that do not apply to this session (an interview's one speaker:
    # participation, attribution, consecutiveAgreement).
    not_applicable: list[str] = Field(default_factory=list)
    # With a human group among the sessions: each session's shape, and for simulated ones
    # the gap to the human group and the themes matched with it (None otherwise).
    people: "PeopleShapeOut | None" = None
    gap_to_human: "GapToHumanOut | None" = None
    theme_match: "ThemeMatchOut | None" = None


class CompareOut(CamelModel):
    sessions: list[CompareSessionOut]


class HistogramBinOut(CamelModel):
    from_: int = Field(alias="from")
    to: int | None
    count: int


class WordsPerTurnOut(CamelModel):
    median: float | None
    q1: float | None
    q3: float | None
    short_share: float | None
    histogram: list[HistogramBinOut]


class AttributionOut(CamelModel):
    accuracy: float | None = None
    chance: float | None = None
    ratio_to_chance: float | None = None


class SentimentSharesOut(CamelModel):
    positive: float | None
    neutral: float | None
    negative: float | None


class PeopleShapeOut(CamelModel):
    turns: int
    words_per_turn: WordsPerTurnOut
    moderator_share: float | None
    attribution: AttributionOut
    consecutive_agreement: float | None
    sentiment: SentimentSharesOut


class GapToHumanOut(CamelModel):
    median_words: float | None
    q1_words: float | None = None
    q3_words: float | None = None
    short_share: float | None
    moderator_share: float | None
    attribution_ratio: float | None
    consecutive_agreement: float | None
    positive_share: float | None
    neutral_share: float | None = None
    negative_share: float | None = None


class ThemePairOut(CamelModel):
    human: str
    simulated: str
    similarity: float


class ThemeMatchOut(CamelModel):
    recall: float | None
    precision: float | None
    pairs: list[ThemePairOut]
    threshold: float


CompareSessionOut.model_rebuild()
CompareOut.model_rebuild()
