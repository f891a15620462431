"""Reading a session and its messages for the results features (analytics, insights,
exports) straight from the store, as the plain camelCase dicts the domain rules take."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.errors import NotFound
from colloquy.store.models import MessageRow, SessionRow

MSG_SESSION_NOT_FOUND = "Session not found"


def session_dict(row: SessionRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "status": row.status,
        "createdAt": row.created_at,
        "completedAt": row.completed_at,
        "participants": list(row.participants or []),
        "moderatorStyle": row.moderator_style,
        "stimuli": list(row.stimuli or []),
        "questions": list(row.questions or []),
        "settings": dict(row.settings or {}),
        "tokensUsed": row.tokens_used,
        "insights": row.insights,
    }


def message_dict(row: MessageRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "seq": row.seq,
        "speaker": row.speaker,
        "content": row.content,
        "timestamp": row.timestamp,
        "sentiment": row.sentiment,
        "personaId": row.persona_id,
        "questionIndex": row.question_index,
        "round": row.round_index,
        "participantIndex": row.participant_index,
        "kind": row.kind,
        "tokens": row.tokens,
    }


async def get_session_row(db: AsyncSession, session_id: str) -> SessionRow:
    row = await db.get(SessionRow, session_id)
    if row is None:
        raise NotFound(MSG_SESSION_NOT_FOUND)
    return row


async def load_session(db: AsyncSession, session_id: str) -> tuple[dict, list[dict]]:
    """The session and its messages in order; NotFound('Session not found') if absent."""
    row = await get_session_row(db, session_id)
    rows = await db.scalars(select(MessageRow).where(MessageRow.session_id == session_id)
                            .order_by(MessageRow.seq))
    return session_dict(row), [message_dict(m) for m in rows]
