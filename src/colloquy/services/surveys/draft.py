"""A survey's create body read as the survey rules read it (domain/surveys/records.py):
what create_survey validates and stores, and what a survey guide is checked against."""

from __future__ import annotations

from colloquy.domain.surveys.records import CustomScale, QuestionRecord, SurveyRecord
from colloquy.domain.surveys.rules import SAMPLES_DEFAULT
from colloquy.domain.surveys.scales import DEFAULT_SCALE
from colloquy.schemas.surveys import CustomScaleIn, SurveyCreate, SurveyQuestionIn


def question_record(q: SurveyQuestionIn, index: int) -> QuestionRecord:
    """The question as stored: its id by position, text and anchors trimmed."""
    scale: str | CustomScale
    if isinstance(q.scale, CustomScaleIn):
        label = (q.scale.label or "").strip() or None
        scale = {"label": label, "anchors": [a.strip() for a in q.scale.anchors]}
    else:
        scale = q.scale or DEFAULT_SCALE
    return {"id": f"q{index + 1}", "text": (q.text or "").strip(), "scale": scale}


def survey_draft(body: SurveyCreate) -> SurveyRecord:
    """The survey the body describes, its respondents by id (each once, in order)."""
    ids = list(dict.fromkeys(body.respondent_ids))
    return {
        "name": (body.name or "").strip(),
        "concepts": [c.record() for c in body.concepts],
        "questions": [question_record(q, i) for i, q in enumerate(body.questions)],
        "respondents": [{"id": i} for i in ids],
        "samples": body.samples if body.samples is not None else SAMPLES_DEFAULT,
    }
