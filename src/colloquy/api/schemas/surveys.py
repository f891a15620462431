"""Survey answers: runs, results, scales; the survey inputs are in colloquy/schemas/surveys.py."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from colloquy.api.schemas.evidence import EvidenceTierOut
from colloquy.api.schemas.usage import RunSettingsOut, UsageOut
from colloquy.engine.event_schemas import ErrorInfo
from colloquy.schemas.common import CamelModel


class SurveyProgress(CamelModel):
    done: int
    total: int
    errors: int


class SurveySummaryOut(CamelModel):
    id: str
    name: str
    status: str
    created_at: datetime
    completed_at: datetime | None
    concept_count: int
    question_count: int
    respondent_count: int
    samples: int
    progress: SurveyProgress
    usage: UsageOut = Field(default_factory=UsageOut)  # issue 31


class ConceptOut(CamelModel):
    id: str
    type: str
    title: str
    content: str
    description: str | None = None


class CustomScaleOut(CamelModel):
    label: str | None = None
    anchors: list[str]


class SurveyQuestionOut(CamelModel):
    id: str
    text: str
    scale: str | CustomScaleOut
    scale_label: str
    points: int


class RespondentOut(CamelModel):
    id: str
    name: str
    age: int | None = None
    profile_id: str | None = None  # issue 30: the model profile that answers for them
    evidence: EvidenceTierOut | None = None  # issue 29, as when the survey was created


class SurveyOut(SurveySummaryOut):
    concepts: list[ConceptOut]
    questions: list[SurveyQuestionOut]
    respondents: list[RespondentOut]
    evidence_mix: str  # "1 of 4 respondents is grounded in evidence" (issue 29)
    ask_direct: bool
    model: str
    embedder: str
    error: ErrorInfo | None = None
    settings: RunSettingsOut = Field(default_factory=lambda: RunSettingsOut())


class ScaleOut(CamelModel):
    key: str
    label: str
    question: str
    points: int
    anchor_sets: list[list[str]]


class SsrSummary(CamelModel):
    n: int
    pmf: list[float]
    mean: float
    ci: list[float]
    top2: float
    top2_ci: list[float]


class DirectSummary(CamelModel):
    n: int
    pmf: list[float]
    mean: float
    ci: list[float]


class SurveyCell(CamelModel):
    concept_id: str
    question_id: str
    n: int
    ssr: SsrSummary
    direct: DirectSummary | None = None


class ConceptComparison(CamelModel):
    question_id: str
    concept_a: str
    concept_b: str
    difference: float
    ci: list[float]
    holds: bool


class SurveyCut(CamelModel):
    concept_id: str
    question_id: str
    dimension: str
    group: str
    n: int
    mean: float
    ci: list[float]
    top2: float


class SurveyAnswerOut(CamelModel):
    respondent_id: str
    respondent_name: str
    concept_id: str
    question_id: str
    sample: int
    text: str
    pmf: list[float] | None
    expected: float | None
    direct: int | None
    embedder: str | None = None  # the embedder that rated this answer
    # Issue 30: the model profile and model that wrote it.
    profile_id: str | None = None
    profile_name: str | None = None
    model: str | None = None


class SurveyModelResults(CamelModel):
    """One model's answers on their own (issue 30: mixed panels); `results` at the top
    level of the survey's results are the blend of every model."""

    model: str
    answers: int
    results: list[SurveyCell]


class SurveyResultsOut(CamelModel):
    survey_id: str
    status: str
    model: str
    embedder: str  # every embedder used, joined with " + "
    embedders: list[str]  # each embedder that rated an answer
    unrated: int  # answers stored without a rating yet (rated at the end of a run)
    offline_embedder_warning: str | None
    results: list[SurveyCell]
    comparisons: list[ConceptComparison]
    cuts: list[SurveyCut]
    answers: list[SurveyAnswerOut]
    by_model: list[SurveyModelResults] = Field(default_factory=list)  # issue 30
