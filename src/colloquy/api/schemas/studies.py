"""Answers of the synthesis across sessions (docs/synthesis.md)."""

from datetime import datetime
from typing import Literal

from pydantic import Field

from colloquy.schemas.common import CamelModel


class SynthesisQuoteOut(CamelModel):
    theme_id: str
    respondent: str
    message_id: str
    session_id: str = ""
    text: str
    stance: Literal["for", "against", "neutral"]


class SynthesisThemeOut(CamelModel):
    theme_id: str
    id: str
    label: str
    description: str
    respondents: list[str]
    count: int
    share: float
    share_low: float
    share_high: float
    quotes: list[SynthesisQuoteOut]


class SynthesisContradictionOut(CamelModel):
    theme_id: str
    for_: list[str] = Field(alias="for")
    against: list[str]
    pairs: list[list[str]]
    for_quote: SynthesisQuoteOut
    against_quote: SynthesisQuoteOut


class SegmentRowOut(CamelModel):
    theme_id: str
    segment: str
    count: int
    size: int
    share: float
    rest_count: int
    rest_size: int
    rest_share: float
    p: float | None
    verdict: Literal["differs", "no clear difference", "too small to decide"]


class SynthesisSegmentsOut(CamelModel):
    by: str
    alpha: float
    alpha_per_test: float
    tests: int
    rows: list[SegmentRowOut]


class SynthesisRespondentOut(CamelModel):
    key: str
    session_id: str
    session_name: str
    persona_id: str
    name: str
    answers: int


class SynthesisProgressOut(CamelModel):
    done: int
    total: int


class SynthesisOut(CamelModel):
    id: str
    status: Literal["running", "completed", "failed"]
    session_ids: list[str]
    segment_by: str | None
    progress: SynthesisProgressOut
    error: str | None
    model: str
    respondents: list[SynthesisRespondentOut]
    respondent_count: int
    quote_count: int
    dropped: dict[str, int]
    created_at: datetime
    completed_at: datetime | None
    themes: list[SynthesisThemeOut]
    contradictions: list[SynthesisContradictionOut]
    segments: SynthesisSegmentsOut | None
