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
from colloquy.services.sessions.loading import get_session_row
from colloquy.services.sessions.view import follow_ups_of, session_view
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


async def session_header(
    db: AsyncSession, session_id: str, generating: list[int]
) -> dict[str, Any]:
    row = await get_session_row(db, session_id)
    found = await db.execute(
        select(*_LIGHT).where(MessageRow.session_id == session_id).order_by(MessageRow.seq)
    )
    light = [_light(r) for r in found]
    follow_ups = await follow_ups_of(db, row.id) if session_kind(row.kind) != INTERVIEW else []
    view = session_view(row, light, generating, follow_ups)
    del view["messages"]
    private = await db.scalars(
        select(MessageRow)
        .where(MessageRow.session_id == session_id, MessageRow.kind.in_(PRIVATE_KINDS))
        .order_by(MessageRow.seq)
    )
    return {
        **view,
        **counts.message_counts(light),
        "responseCounts": counts.response_counts(view["participants"], light),
        "answerModels": counts.answer_models(light),
        "latestModels": counts.latest_models(light),
        "privateAnswers": [message_to_dict(m) for m in private],
    }
