"""Reading a session's stored messages as the plain camelCase dicts the engine and the
results services work with (one shape for both)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.store.models import MessageRow


def message_to_dict(row: MessageRow) -> dict[str, Any]:
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
        "repairs": list(row.repairs or []),
        "rawContent": row.raw_content,
        "note": row.note,
    }


async def load_message_dicts(db: AsyncSession, session_id: str) -> list[dict[str, Any]]:
    """The session's messages in order (`seq`)."""
    rows = await db.scalars(
        select(MessageRow).where(MessageRow.session_id == session_id).order_by(MessageRow.seq)
    )
    return [message_to_dict(r) for r in rows]
