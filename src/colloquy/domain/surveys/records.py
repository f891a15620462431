"""A survey as its rules read it: the definition the service validates and
stores (services/surveys/surveys.py), its questions and its respondents.

TypedDicts because the same values are the stored JSON columns and the API's answer; the
concepts are stimuli (domain/sessions/stimuli.py), the respondents persona snapshots.
"""

from __future__ import annotations

from typing import Any, TypedDict

from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions.stimuli import StimulusRecord


class CustomScale(TypedDict):
    label: str | None
    anchors: list[Any]  # checked by scales.validate_scale


class QuestionRecord(TypedDict, total=False):
    id: str  # q1, q2, ... in the order given
    text: str
    scale: str | CustomScale  # a built-in scale's key or a custom scale


class SurveyRecord(TypedDict, total=False):
    id: str  # once stored
    name: str
    concepts: list[StimulusRecord]
    questions: list[QuestionRecord]
    respondents: list[PersonaRecord]  # with `profileId` when on a model profile
    samples: int
    askDirect: bool
