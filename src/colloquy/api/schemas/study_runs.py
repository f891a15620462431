"""Answers of the studies: one interview guide x many personas (docs/interviews.md#studies)."""

from datetime import datetime
from typing import Literal

from colloquy.api.schemas.usage import UsageOut
from colloquy.schemas.common import CamelModel

StudyStatus = Literal["running", "completed", "failed", "stopped"]
InterviewState = Literal["done", "running", "waiting", "stopped", "failed", "missing"]


class StudySettingsOut(CamelModel):
    moderator: Literal["scripted", "ai"]
    max_probes: int
    response_length: str
    model_profile_id: str | None = None
    budget_usd: float | None = None
    webhook_url: str | None = None


class StudyInterviewOut(CamelModel):
    session_id: str
    persona_id: str
    persona_name: str
    state: InterviewState
    answers: int
    planned_answers: int
    error: str | None = None
    usage: UsageOut


class InterviewCountsOut(CamelModel):
    done: int
    running: int
    waiting: int
    stopped: int
    failed: int
    missing: int
    total: int


class AnswerCountsOut(CamelModel):
    done: int
    total: int


class StudyProgressOut(CamelModel):
    interviews: InterviewCountsOut
    answers: AnswerCountsOut
    fraction: float  # answers done / the most there can be, 0-1


class StudyOut(CamelModel):
    id: str
    name: str
    description: str
    questions: list[str]
    settings: StudySettingsOut
    persona_ids: list[str]
    status: StudyStatus
    error: str | None = None
    synthesis_id: str | None = None
    progress: StudyProgressOut
    interviews: list[StudyInterviewOut]
    usage: UsageOut  # the interviews' calls (the synthesis' calls are not metered)
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None = None


class StudySummaryOut(CamelModel):
    id: str
    name: str
    status: StudyStatus
    interview_count: int
    interviews_done: int
    question_count: int
    interviewer: str
    synthesis_id: str | None = None
    created_at: datetime
    completed_at: datetime | None = None


class StudyPageOut(CamelModel):
    items: list[StudySummaryOut]
    next_cursor: str | None = None
    total: int
