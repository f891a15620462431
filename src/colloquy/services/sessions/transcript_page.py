"""A session's transcript one page at a time (docs/performance.md#long-transcripts): a
5,000-message session reads as pages of messages in order (`seq`, the unique index on
(session_id, seq)), filtered on the server like the Transcript tab (content or speaker,
case-insensitive; one participant). Private answers stay out, as in the session's own
transcript (docs/natural-mode.md)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.lists.paging import clean_search
from colloquy.domain.sessions import record as rec
from colloquy.domain.sessions.private_answers import PRIVATE_KINDS
from colloquy.services.paging import bad_request, count_of, name_contains
from colloquy.services.sessions.loading import get_session_row
from colloquy.store.messages import message_to_dict
from colloquy.store.tables import MessageRow


def _after(cursor: str | None) -> int | None:
    if not cursor:
        return None
    if not cursor.isdigit():
        raise bad_request("The cursor is not one this transcript made", "cursor")
    return int(cursor)


async def page_messages(
    db: AsyncSession,
    session_id: str,
    search: str | None,
    speaker: str | None,
    cursor: str | None,
    limit: int,
) -> dict[str, Any]:
    await get_session_row(db, session_id)  # 404 for an unknown session
    conditions: list[Any] = [
        MessageRow.session_id == session_id,
        MessageRow.kind.not_in(PRIVATE_KINDS),
    ]
    needle = clean_search(search)
    if needle:
        conditions.append(
            or_(
                name_contains(MessageRow.content, needle), name_contains(MessageRow.speaker, needle)
            )
        )
    if speaker:
        conditions.append(MessageRow.speaker == speaker)
    query = select(MessageRow).where(*conditions)
    after = _after(cursor)
    if after is not None:
        query = query.where(MessageRow.seq > after)
    rows = list(await db.scalars(query.order_by(MessageRow.seq).limit(limit + 1)))
    more = len(rows) > limit
    rows = rows[:limit]
    items = []
    for row in rows:
        message = message_to_dict(row)
        items.append({**message, "kind": rec.message_kind(row.kind, row.participant_index)})
    return {
        "items": items,
        "nextCursor": str(rows[-1].seq) if more else None,
        "total": await count_of(db, MessageRow, conditions),
    }
