"""The live events of GET /api/sessions/{id}/events (text/event-stream), described for the
OpenAPI schema so the frontend's types are generated. engine/publisher.py builds them;
these models only document them (the server does not validate each token event).
"""

from __future__ import annotations

from typing import Literal

from colloquy.api.schemas.common import CamelModel
from colloquy.api.schemas.sessions import ErrorInfo, MessageOut, ProgressOut
from colloquy.domain.constants import SessionStatus


class AnswerRef(CamelModel):
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


class ThinkingParticipant(CamelModel):
    participant_index: int
    persona_id: str | None
    name: str | None


class ThinkingEventData(CamelModel):
    question_index: int
    round: int
    participants: list[ThinkingParticipant]  # whose answers are being generated
    # Set while the AI moderator writes a probe or summary (participants is then empty).
    moderator: Literal["probe", "summary"] | None = None


class ProgressEventData(ProgressOut):
    tokens_used: int


class StatusEventData(CamelModel):
    status: SessionStatus
    running: bool
    error: ErrorInfo | None


class DeletedEventData(CamelModel):
    id: str


class EmptyEventData(CamelModel):
    pass


class SessionEventPayloads(CamelModel):
    """Each event's `data` (JSON) is the field named after the event."""

    ready: EmptyEventData  # the stream starts: refetch the session, later events apply on top
    reset: EmptyEventData  # events were missed: refetch the session
    message: MessageOut  # a stored message, as in GET /api/sessions/{id}
    token: TokenEventData
    retrying: AnswerRef  # this answer's model call is tried again: its text so far is void
    waiting: AnswerRef  # this answer's model call queues for a busy model endpoint
    thinking: ThinkingEventData
    progress: ProgressEventData
    status: StatusEventData
    error: ErrorInfo
    deleted: DeletedEventData
