"""The pydantic models of the live events' payloads that the engine builds itself
(engine/event_payloads.py dumps them); api/schemas/events.py adds the ones whose models
belong to the API (message, progress) and documents them all for the OpenAPI schema.

They live here, under the API, because the engine builds its events from them and the
layers import one way (api -> services -> engine).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

from colloquy.domain.constants import SessionStatus


class PayloadModel(BaseModel):
    """snake_case in Python, camelCase on the wire (as colloquy/schemas/common.CamelModel)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class ErrorInfo(PayloadModel):
    status: int | None = None
    message: str


class AnswerRef(PayloadModel):
    """Which answer an event is about (participant_index None: the AI moderator's call)."""

    participant_index: int | None
    persona_id: str | None
    question_index: int
    round: int


class TokenEventData(AnswerRef):
    delta: str  # more text of the answer being written
    # The AI moderator's probe or summary (participant_index None): who speaks, and what.
    speaker: str | None = None
    kind: Literal["probe", "summary"] | None = None


class ThinkingParticipant(PayloadModel):
    participant_index: int
    persona_id: str | None
    name: str | None


class ThinkingEventData(PayloadModel):
    question_index: int
    round: int
    participants: list[ThinkingParticipant]  # whose answers are being generated
    # Set while the AI moderator writes a probe or summary (participants is then empty).
    moderator: Literal["probe", "summary"] | None = None


class StatusEventData(PayloadModel):
    status: SessionStatus
    running: bool
    error: ErrorInfo | None


class TakeoverEventData(PayloadModel):
    taken_over: bool  # the researcher types the interviewer's questions
    typed_question: str | None  # typed and not asked yet


class DeletedEventData(PayloadModel):
    id: str


class EmptyEventData(PayloadModel):
    pass


class SurveyProgressEventData(PayloadModel):
    status: str  # the survey's status: running until the run ends
    done: int
    total: int
    errors: int


class SettingsEventData(PayloadModel):
    """Between processes only: the saved settings changed (services/model_settings/settings_sync)."""

    version: int


class BusEventPayloads(PayloadModel):
    """The events between processes only (event_payloads.BusEventName): each event's data
    is the field named after it. Not in the OpenAPI schema: no browser receives them."""

    settings: SettingsEventData
