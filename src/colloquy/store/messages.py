"""Reading a session's stored messages as the plain camelCase dicts the engine and the
results services work with (one shape for both)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.sessions.messages import STANCE_STATED, Message
from colloquy.domain.sessions.sentiment_tally import sentiment_tally
from colloquy.store.tables import MessageRow
from colloquy.store.usage_columns import message_usage, usage_columns


def message_to_dict(row: MessageRow) -> Message:
    out: Message = {
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
        "usage": message_usage(row),
        "profileId": row.profile_id,
        "profileName": row.profile_name,
        "model": row.profile_model,
    }
    if row.stance is not None:  # private answers only
        out["stance"] = row.stance
    if row.stance_method is not None:
        out["stanceMethod"] = row.stance_method
        out["stanceInferred"] = row.stance_method != STANCE_STATED
    return out


def message_columns(message: Message, session_id: str) -> dict[str, Any]:
    """The row's columns of a stored message (for an insert)."""
    return {
        "id": message["id"],
        "session_id": session_id,
        "seq": message["seq"],
        "speaker": message["speaker"],
        "content": message["content"],
        "timestamp": message["timestamp"],
        "sentiment": message["sentiment"],
        "persona_id": message["personaId"],
        "question_index": message["questionIndex"],
        "round_index": message["round"],
        "participant_index": message["participantIndex"],
        "kind": message["kind"],
        "tokens": message["tokens"],
        "repairs": message["repairs"] or None,
        "raw_content": message["rawContent"],
        "note": message["note"],
        **usage_columns(message.get("usage")),
        "profile_id": message.get("profileId"),
        "profile_name": (message.get("profileName") or "")[:100] or None,
        "profile_model": (message.get("model") or "")[:300] or None,
        "stance": message.get("stance"),
        "stance_method": message.get("stanceMethod"),
    }


def sentiment_columns(rows: Iterable[MessageRow]) -> dict[str, int]:
    """The session row's sentiment counts for these, its messages (written in one go)."""
    tally = sentiment_tally({"kind": r.kind, "sentiment": r.sentiment} for r in rows)
    return {f"{sentiment}_count": n for sentiment, n in tally.items()}


async def load_message_dicts(db: AsyncSession, session_id: str) -> list[Message]:
    """The session's messages in order (`seq`)."""
    rows = await db.scalars(
        select(MessageRow).where(MessageRow.session_id == session_id).order_by(MessageRow.seq)
    )
    return [message_to_dict(r) for r in rows]
