"""What the API and the results features read of a session: the one row-to-record mapper
(`session_record`), the full view of GET /api/sessions/{id} and the dashboard summary.

Every stored JSON value goes through the tolerant readers of domain/session_record.py, so a
row written by an older version (or by hand) reads with defaults instead of failing the
typed response schema."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews.follow_up import link_record
from colloquy.domain.interviews.rules import INTERVIEW, session_kind
from colloquy.domain.sessions import record as rec
from colloquy.domain.sessions.insights_record import insights_record
from colloquy.domain.sessions.private_answers import PRIVATE_KINDS
from colloquy.domain.sessions.record import ModelRecord, SessionRecord
from colloquy.engine.event_payloads import progress_payload
from colloquy.engine.journal import load_messages
from colloquy.services.usage.totals import session_usage, usage_of_messages
from colloquy.store.tables import MessageRow, SessionHealthRow, SessionRow

SUMMARY_LIMIT = 1000  # the dashboard lists at most this many sessions, newest first


async def overall_by_session(db: AsyncSession, ids: list[str]) -> dict[str, str]:
    """The stored health verdict of each session that has one (services/session_health)."""
    if not ids:
        return {}
    rows = await db.execute(
        select(SessionHealthRow.session_id, SessionHealthRow.overall).where(
            SessionHealthRow.session_id.in_(ids)
        )
    )
    return {sid: overall for sid, overall in rows}


def model_info(row: SessionRow) -> ModelRecord | None:
    """The provider and model that produced the session (None until a run starts)."""
    if not row.model_name:
        return None
    return {"provider": row.model_provider or "", "name": row.model_name}


def session_record(row: SessionRow) -> SessionRecord:
    """The session row as every reader sees it (the single row-to-dict mapper)."""
    return {
        "id": row.id,
        "name": row.name or "",
        "description": row.description or "",
        "status": rec.session_status(row.status, row.completed_at),
        "createdAt": row.created_at,
        "completedAt": row.completed_at,
        "participants": rec.participants(row.participants),
        "moderatorStyle": rec.moderator_style(row.moderator_style),
        "stimuli": rec.stimuli(row.stimuli),
        "questions": rec.questions(row.questions),
        "settings": rec.session_settings(row.settings),
        "tokensUsed": row.tokens_used or 0,
        "insights": insights_record(row.insights, row.completed_at or row.created_at),
        "model": model_info(row),
        "source": row.source or "simulated",
        "kind": session_kind(row.kind),
    }


def _view_message(message: Mapping[str, Any]) -> dict[str, Any]:
    return {
        **message,
        "kind": rec.message_kind(message.get("kind"), message.get("participantIndex")),
    }


def session_progress(
    record: SessionRecord, messages: Sequence[Mapping[str, Any]], generating: list[int]
) -> dict[str, Any]:
    """The run's progress from its stored messages (the session's `progress` field)."""
    settings = record["settings"]
    progress = progress_payload(
        record["participants"],
        len(record["questions"]),
        messages,
        generating,
        settings["moderator"],
        settings["discussionMode"],
        (settings["moderator"] == "ai", settings.get("maxProbes", 0))
        if record["kind"] == INTERVIEW
        else None,
    )
    progress.pop("tokensUsed")
    return progress


def session_fields(
    row: SessionRow, record: SessionRecord, follow_ups: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The record and the run's state: what the session reads without its messages."""
    stored = row.settings if isinstance(row.settings, Mapping) else {}  # any JSON, older rows
    return {
        **record,
        "error": rec.error_record(row.error),
        "running": bool(row.running),
        # The personas made from a human group's people; what a replay replays.
        "groundedPersonas": _typed(stored.get("groundedPersonas"), list),
        "groundedPersonasQuestions": _typed(stored.get("groundedPersonasQuestions"), list),
        "replayOf": _typed(stored.get("replayOf"), Mapping),
        # Follow-up interviews (docs/interviews.md): the group an interview follows up,
        # and a group's follow-up interviews.
        "followUpOf": link_record(row.follow_up, row.follow_up_of_id),
        "followUps": follow_ups or [],
        "takenOver": bool(row.taken_over) and record["status"] != "completed",
        "typedQuestion": row.typed_question if record["status"] != "completed" else None,
    }


def session_view(
    row: SessionRow,
    messages: Sequence[Mapping[str, Any]],
    generating: list[int],
    follow_ups: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """GET /api/sessions/{id}: the record, the run's state, its messages and progress."""
    record = session_record(row)
    return {
        **session_fields(row, record, follow_ups),
        "messages": [_view_message(m) for m in messages],
        "progress": session_progress(record, messages, generating),
        "usage": usage_of_messages(messages),
    }


def _typed(value: Any, kind: type) -> Any:
    """A stored extra when it has the shape written for it, else None (hand-edited rows)."""
    return value if isinstance(value, kind) else None


async def load_view(db: AsyncSession, row: SessionRow, generating: list[int]) -> dict[str, Any]:
    follow_ups = await follow_ups_of(db, row.id) if session_kind(row.kind) != INTERVIEW else []
    return session_view(row, await load_messages(db, row.id), generating, follow_ups)


async def follow_ups_of(db: AsyncSession, group_id: str) -> list[dict[str, Any]]:
    """A focus group's follow-up interviews, oldest first."""
    rows = await db.scalars(
        select(SessionRow)
        .where(SessionRow.follow_up_of_id == group_id)
        .order_by(SessionRow.created_at, SessionRow.id)
    )
    out = []
    for r in rows:
        link = link_record(r.follow_up, r.follow_up_of_id) or {}
        out.append(
            {
                "id": r.id,
                "name": r.name or "",
                "status": rec.session_status(r.status, r.completed_at),
                "createdAt": r.created_at,
                "participantId": link.get("participantId", ""),
                "participantName": link.get("participantName", ""),
            }
        )
    return out


async def list_summaries(db: AsyncSession) -> list[dict[str, Any]]:
    """The newest SUMMARY_LIMIT sessions in one list (GET /api/sessions; the dashboard
    pages through services/sessions/listing.py instead)."""
    rows = list(
        await db.scalars(
            select(SessionRow)
            .order_by(SessionRow.created_at.desc(), SessionRow.id.desc())
            .limit(SUMMARY_LIMIT)
        )
    )
    return await summaries_of(db, rows)


async def summaries_of(db: AsyncSession, rows: Sequence[SessionRow]) -> list[dict[str, Any]]:
    """The dashboard row of each session: its record's head, counts, health and usage."""
    counts: dict[str, dict[str, int]] = {}
    if rows:
        grouped = await db.execute(
            select(MessageRow.session_id, MessageRow.sentiment, func.count())
            .where(MessageRow.session_id.in_([r.id for r in rows]))
            .where(MessageRow.kind.not_in(PRIVATE_KINDS))  # not private answers
            .group_by(MessageRow.session_id, MessageRow.sentiment)
        )
        for session_id, sentiment, n in grouped:
            counts.setdefault(session_id, {})[sentiment or ""] = n
    health = await overall_by_session(db, [r.id for r in rows])
    usage = await session_usage(db, [r.id for r in rows])
    out = []
    for row in rows:
        record = session_record(row)
        c = counts.get(row.id, {})
        out.append(
            {
                "id": record["id"],
                "name": record["name"],
                "description": record["description"],
                "status": record["status"],
                "createdAt": record["createdAt"],
                "completedAt": record["completedAt"],
                "model": record["model"],
                "source": record["source"],
                "kind": record["kind"],
                "participantCount": len(record["participants"]),
                "messageCount": sum(c.values()),
                "sentimentCounts": {k: c.get(k, 0) for k in ("positive", "neutral", "negative")},
                "health": health.get(row.id),
                "usage": usage[row.id],
            }
        )
    return out
