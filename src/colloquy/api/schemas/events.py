"""The live events' payloads, described for the OpenAPI schema so the frontend's types are
generated: GET /api/sessions/{id}/events and GET /api/surveys/{id}/events. The names are in
engine/event_payloads.py, which builds every payload: from its model (engine/event_schemas.py,
imported here) or, for the hot `message`, `token` and `progress`, as a dict that
tests/engine/test_event_payloads.py validates against the model here.
"""

from __future__ import annotations

from typing import Any

from sse_starlette import EventSourceResponse

from colloquy.api.schemas.sessions import MessageOut, ProgressOut
from colloquy.engine.event_schemas import (
    AnswerRef,
    DeletedEventData,
    EmptyEventData,
    ErrorInfo,
    StatusEventData,
    SurveyProgressEventData,
    TakeoverEventData,
    ThinkingEventData,
    ThinkingParticipant,
    TokenEventData,
)
from colloquy.schemas.common import CamelModel

__all__ = [
    "AnswerRef",
    "DeletedEventData",
    "EmptyEventData",
    "ErrorInfo",
    "MessageEventData",
    "ProgressEventData",
    "SessionEventPayloads",
    "StatusEventData",
    "SurveyEventPayloads",
    "SurveyProgressEventData",
    "TakeoverEventData",
    "ThinkingEventData",
    "ThinkingParticipant",
    "TokenEventData",
    "event_stream_doc",
]


class MessageEventData(MessageOut):
    # The model's text before answer cleaning, when it repaired it (else None). Only the
    # live event carries it (GET /api/sessions/{id} leaves it out).
    raw_content: str | None = None


class ProgressEventData(ProgressOut):
    tokens_used: int


class SessionEventPayloads(CamelModel):
    """Each event's `data` (JSON) is the field named after the event."""

    ready: EmptyEventData  # the stream starts: refetch the session, later events apply on top
    reset: EmptyEventData  # events were missed: refetch the session
    message: MessageEventData  # a stored message, as in GET /api/sessions/{id}
    token: TokenEventData
    retrying: AnswerRef  # this answer's model call is tried again: its text so far is void
    waiting: AnswerRef  # this answer's model call queues for a busy model endpoint
    thinking: ThinkingEventData
    progress: ProgressEventData
    status: StatusEventData
    error: ErrorInfo
    deleted: DeletedEventData
    takeover: TakeoverEventData  # an interview taken over or handed back (docs/interviews.md)


class SurveyEventPayloads(CamelModel):
    """A survey's stream: each event's `data` (JSON) is the field named after the event."""

    progress: SurveyProgressEventData  # on each stored answer, and once when the run ends


class _EventStream(EventSourceResponse):
    """For the OpenAPI schema only: names the stream's media type (set per instance)."""

    media_type = "text/event-stream"


def event_stream_doc(payloads: type[CamelModel]) -> dict[str, Any]:
    """The route decorator's arguments that document an event stream by its payloads."""
    description = (
        "Server-sent events; each event's data is the JSON of the field of "
        f"{payloads.__name__} named after the event."
    )
    return {
        "response_class": _EventStream,
        "responses": {200: {"model": payloads, "description": description}},
    }
