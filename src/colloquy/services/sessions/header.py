"""GET /api/sessions/{id}/header (docs/performance.md#long-transcripts): the session's
fields, progress and usage, and what the Results and live screens show of its messages,
read from the messages' light columns: a 5,000-message session's header does not carry
the 2.5 MB of its transcript, which the screens read in pages."""

from __future__ import annotations

from typing import Any

from sqlalchemy import case, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews.rules import INTERVIEW, session_kind
from colloquy.domain.sessions import record as rec
from colloquy.domain.sessions import session_header as counts
from colloquy.domain.sessions.private_answers import PRIVATE_KINDS
from colloquy.domain.sessions.record import SessionRecord
from colloquy.services.sessions.loading import get_session_row
from colloquy.services.sessions.state_cache import StateCache, fingerprint
from colloquy.services.sessions.view import (
    follow_ups_of,
    session_fields,
    session_progress,
    session_record,
)
from colloquy.services.usage.totals import usage_of_messages
from colloquy.store.messages import message_to_dict
from colloquy.store.tables import MessageRow
from colloquy.store.usage_columns import message_usage

# What progress, usage and the counts read; the text only of the AI moderator's probes
# (the progress reads whom each one addresses).
_LIGHT = (
    MessageRow.id,
    MessageRow.seq,
    MessageRow.speaker,
    MessageRow.kind,
    MessageRow.question_index,
    MessageRow.round_index,
    MessageRow.participant_index,
    MessageRow.persona_id,
    MessageRow.tokens,
    MessageRow.prompt_tokens,
    MessageRow.completion_tokens,
    MessageRow.cached_tokens,
    MessageRow.cost_usd,
    MessageRow.profile_model,
    case((MessageRow.kind == "probe", MessageRow.content), else_="").label("content"),
)


def _light(row: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "seq": row.seq,
        "speaker": row.speaker,
        "kind": rec.message_kind(row.kind, row.participant_index),
        "questionIndex": row.question_index,
        "round": row.round_index,
        "participantIndex": row.participant_index,
        "personaId": row.persona_id,
        "tokens": row.tokens,
        "usage": message_usage(row),
        "model": row.profile_model,
        "content": row.content or "",
    }


KEEP = 32  # sessions whose message-derived header stays cached (the most recently read)
_cache = StateCache(KEEP)


async def _from_messages(
    db: AsyncSession, session_id: str, record: SessionRecord, generating: list[int]
) -> dict[str, Any]:
    """What the header reads of every message: progress, usage, counts and models."""
    found = await db.execute(
        select(*_LIGHT).where(MessageRow.session_id == session_id).order_by(MessageRow.seq)
    )
    light = [_light(r) for r in found]
    return {
        "progress": session_progress(record, light, generating),
        "usage": usage_of_messages(light),
        **counts.message_counts(light),
        "responseCounts": counts.response_counts(record["participants"], light),
        "answerModels": counts.answer_models(light),
        "latestModels": counts.latest_models(light),
    }


async def session_header(
    db: AsyncSession, session_id: str, generating: list[int]
) -> dict[str, Any]:
    """The row's fields read afresh; what comes from every message computed once per state
    of the session and of its run (the fingerprint, and whose answers are being written)."""
    row = await get_session_row(db, session_id)
    record = session_record(row)
    key = (await fingerprint(db, row), tuple(generating))
    from_messages: dict[str, Any] | None = _cache.get(db, session_id, key)
    if from_messages is None:
        from_messages = await _from_messages(db, session_id, record, generating)
        _cache.put(db, session_id, key, from_messages)
    follow_ups = await follow_ups_of(db, row.id) if session_kind(row.kind) != INTERVIEW else []
    private = await db.scalars(
        select(MessageRow)
        .where(MessageRow.session_id == session_id, MessageRow.kind.in_(PRIVATE_KINDS))
        .order_by(MessageRow.seq)
    )
    return {
        **session_fields(row, record, follow_ups),
        **from_messages,
        "privateAnswers": [message_to_dict(m) for m in private],
    }
