"""What the API shows of a session: the full view and the dashboard summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.moderation import SCRIPTED
from colloquy.engine.journal import load_messages
from colloquy.engine.publisher import progress_payload
from colloquy.store.models import MessageRow, SessionHealthRow, SessionRow

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


def _details(row: SessionRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "status": row.status,
        "createdAt": row.created_at,
        "completedAt": row.completed_at,
        "model": model_info(row),
    }


def model_info(row: SessionRow) -> dict[str, Any] | None:
    """The provider and model that produced the session (None until a run starts)."""
    if not row.model_name:
        return None
    return {"provider": row.model_provider or "", "name": row.model_name}


def session_view(
    row: SessionRow, messages: Sequence[Mapping[str, Any]], generating: list[int]
) -> dict[str, Any]:
    participants = list(row.participants or [])
    questions = list(row.questions or [])
    moderator = (row.settings or {}).get("moderator") or SCRIPTED
    progress = progress_payload(participants, len(questions), messages, generating, moderator)
    progress.pop("tokensUsed")
    return {
        **_details(row),
        "participants": participants,
        "moderatorStyle": row.moderator_style,
        "stimuli": list(row.stimuli or []),
        "questions": questions,
        "settings": dict(row.settings or {}),
        "messages": messages,
        "tokensUsed": row.tokens_used,
        "insights": row.insights,
        "error": row.error,
        "running": bool(row.running),
        "progress": progress,
    }


async def load_view(db: AsyncSession, row: SessionRow, generating: list[int]) -> dict[str, Any]:
    return session_view(row, await load_messages(db, row.id), generating)


async def list_summaries(db: AsyncSession) -> list[dict[str, Any]]:
    rows = list(
        await db.scalars(
            select(SessionRow)
            .order_by(SessionRow.created_at.desc(), SessionRow.id.desc())
            .limit(SUMMARY_LIMIT)
        )
    )
    counts: dict[str, dict[str, int]] = {}
    if rows:
        grouped = await db.execute(
            select(MessageRow.session_id, MessageRow.sentiment, func.count())
            .where(MessageRow.session_id.in_([r.id for r in rows]))
            .group_by(MessageRow.session_id, MessageRow.sentiment)
        )
        for session_id, sentiment, n in grouped:
            counts.setdefault(session_id, {})[sentiment or ""] = n
    health = await overall_by_session(db, [r.id for r in rows])
    out = []
    for row in rows:
        c = counts.get(row.id, {})
        out.append(
            {
                **_details(row),
                "participantCount": len(row.participants or []),
                "messageCount": sum(c.values()),
                "sentimentCounts": {k: c.get(k, 0) for k in ("positive", "neutral", "negative")},
                "health": health.get(row.id),
            }
        )
    return out
