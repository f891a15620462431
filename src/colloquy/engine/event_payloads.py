"""One home for the live events: their names, and one function that builds each event's
payload (its `data`, camelCase as the API). A new event gets its name here, a model
(engine/event_schemas.py, or api/schemas/events.py for the API's own shapes) and a builder;
tests/engine/test_event_payloads.py checks every name has a model and every builder's
payload validates against it.

Most payloads are their pydantic model, dumped by alias. The hot ones (`message`,
`token`, `progress`: one or more per answer, bench/CHANGES.md) are plain dicts built here
and validated against their models in the tests instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import BaseModel

from colloquy.domain.interviews import plan as interview_plan
from colloquy.domain.sessions import record as rec
from colloquy.domain.sessions.moderation import AI, SCRIPTED
from colloquy.engine import natural_plan, plan
from colloquy.engine.event_schemas import (
    DeletedEventData,
    EmptyEventData,
    ErrorInfo,
    SettingsEventData,
    StatusEventData,
    SurveyProgressEventData,
    TakeoverEventData,
    ThinkingEventData,
    ThinkingParticipant,
)
from colloquy.engine.journal import slot_key

if TYPE_CHECKING:
    from colloquy.store.tables import SessionRow

# What GET /api/sessions/{id}/events sends (api/schemas/events.SessionEventPayloads).
SessionEventName = Literal[
    "ready",  # synthetic, first on a stream: refetch the session, later events apply on top
    "reset",  # events were missed: refetch
    "message",
    "token",
    "retrying",
    "waiting",
    "thinking",
    "progress",
    "status",
    "error",
    "deleted",
    "takeover",  # an interview taken over or handed back, a typed question queued or asked
]
# What GET /api/surveys/{id}/events sends (api/schemas/events.SurveyEventPayloads).
SurveyEventName = Literal["progress"]
# On the bus between processes only, never sent to a browser: a settings change
# (services/model_settings/settings_sync.py). A survey's stop goes through its lease (cluster.py).
BusEventName = Literal["settings"]
# Every name EventBus.publish accepts (mypy refuses any other).
EventName = Literal[SessionEventName, SurveyEventName, BusEventName]

SESSION_EVENTS: tuple[str, ...] = get_args(SessionEventName)
SURVEY_EVENTS: tuple[str, ...] = get_args(SurveyEventName)
BUS_EVENTS: tuple[str, ...] = get_args(BusEventName)
EVENT_NAMES: frozenset[str] = frozenset(SESSION_EVENTS + SURVEY_EVENTS + BUS_EVENTS)


def _dump(model: BaseModel, **exclude: bool) -> dict[str, Any]:
    return model.model_dump(by_alias=True, exclude={k for k, v in exclude.items() if v})


def empty() -> dict[str, Any]:
    """`ready` and `reset`: no data."""
    return _dump(EmptyEventData())


def message_payload(message: Mapping[str, Any]) -> dict[str, Any]:
    """`message`: the stored message, as in GET /api/sessions/{id} (api MessageOut)."""
    out = {k: v for k, v in message.items() if k not in ("seq", "tokens")}
    ts = out.get("timestamp")
    if ts is not None and hasattr(ts, "isoformat"):
        out["timestamp"] = ts.isoformat().replace("+00:00", "Z")
    return out


def interview_progress(setup: Any) -> tuple[bool, int] | None:
    """(AI interviewer, follow-ups per topic) of an interview's run setup; None for a group."""
    if getattr(setup, "kind", None) != "interview":
        return None
    return getattr(setup, "moderator", SCRIPTED) == AI, int(getattr(setup, "max_probes", 0))


def progress_payload(
    participants: Sequence[Mapping[str, Any]],
    question_count: int,
    messages: Sequence[Mapping[str, Any]],
    generating: list[int],
    moderator: str = SCRIPTED,
    mode: str = plan.SEQUENTIAL,
    interview: tuple[bool, int] | None = None,
) -> dict[str, Any]:
    """`progress` (api ProgressOut with tokensUsed); the session's `progress` field too.
    `interview`: (AI interviewer, its follow-ups per topic) of an interview."""
    if interview is not None:
        out = interview_plan.progress(question_count, *interview, messages)
        out["speakingPersonaId"] = (
            participants[0].get("id") if generating and participants else None
        )
        out["tokensUsed"] = sum(m.get("tokens", 0) for m in messages)
        return out
    if mode == plan.NATURAL:  # turns, not rounds
        out = natural_plan.progress(question_count, len(participants), messages, generating)
        out["speakingPersonaId"] = participants[generating[0]].get("id") if generating else None
        out["tokensUsed"] = sum(m.get("tokens", 0) for m in messages)
        return out
    first = None
    if moderator == AI:
        first = plan.first_speakers(messages, [str(p.get("name") or "") for p in participants])
    keys = [slot_key(m) for m in messages]
    out = plan.progress(question_count, len(participants), keys, moderator, first)
    speaking = generating[0] if generating else None
    out["speakingPersonaId"] = participants[speaking].get("id") if speaking is not None else None
    out["tokensUsed"] = sum(m.get("tokens", 0) for m in messages)
    return out


def answer_ref(
    persona_id: str | None, p: int | None, q: int, r: int, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """`retrying`, `waiting` (AnswerRef), and the head of a `token` (with `extra`, the AI
    moderator's {speaker, kind}). A dict: each answer's tokens start from one."""
    ref = {"participantIndex": p, "personaId": persona_id, "questionIndex": q, "round": r}
    return {**ref, **extra} if extra else ref


def token(head: Mapping[str, Any], delta: str) -> dict[str, Any]:
    """`token` (TokenEventData): an answer_ref (with the AI moderator's speaker and kind)
    and the text; a dict, since it is the hottest event."""
    return {**head, "delta": delta}


def thinking(
    participants: Sequence[Mapping[str, Any]],
    indices: Sequence[int],
    q: int,
    r: int,
    moderator: str | None = None,
) -> dict[str, Any]:
    """`thinking`: whose answers are being generated; `moderator` only while the AI
    moderator writes a probe or summary (the key is absent otherwise)."""
    data = ThinkingEventData(
        question_index=q,
        round=r,
        participants=[
            ThinkingParticipant(
                participant_index=i,
                persona_id=participants[i].get("id"),
                name=participants[i].get("name"),
            )
            for i in indices
        ],
        moderator=moderator,
    )
    return _dump(data, moderator=moderator is None)


def status(status: str, *, running: bool, error: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """`status`: the session's status, whether a run is active, its last error."""
    data = StatusEventData(
        status=status,
        running=running,
        error=None if error is None else ErrorInfo.model_validate(error),
    )
    return _dump(data)


def status_of_row(row: SessionRow, running: bool) -> dict[str, Any]:
    """`status` as the API reads a stored session (old spellings of a status mapped)."""
    return status(
        rec.session_status(row.status, row.completed_at),
        running=running,
        error=rec.error_record(row.error),
    )


def error(error: Mapping[str, Any]) -> dict[str, Any]:
    """`error`: why the run halted {status, message}."""
    return _dump(ErrorInfo(status=error.get("status"), message=error.get("message")))


def deleted(session_id: str) -> dict[str, Any]:
    return _dump(DeletedEventData(id=session_id))


def survey_progress(status: str, done: int, total: int, errors: int) -> dict[str, Any]:
    """A survey's `progress`: its status and counts."""
    data = SurveyProgressEventData(status=status, done=done, total=total, errors=errors)
    return _dump(data)


def stored_survey_progress(survey: Mapping[str, Any]) -> dict[str, Any]:
    """A survey's `progress` from the survey as the API reads it ({status, progress})."""
    counts = survey["progress"]
    return survey_progress(survey["status"], counts["done"], counts["total"], counts["errors"])


def settings(version: int) -> dict[str, Any]:
    """`settings`: the saved settings are now at `version` (between processes only)."""
    return _dump(SettingsEventData(version=version))


def takeover(taken_over: bool, typed_question: str | None) -> dict[str, Any]:
    """`takeover`: whether the researcher asks now, and the typed question not asked yet."""
    return _dump(TakeoverEventData(taken_over=taken_over, typed_question=typed_question))
