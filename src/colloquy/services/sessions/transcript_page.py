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


MAX_IDS = 100


def _ids(text: str | None) -> list[str] | None:
    if text is None:
        return None
    ids = [i for i in (part.strip() for part in text.split(",")) if i]
    if not ids or len(ids) > MAX_IDS:
        raise bad_request(f"Name between 1 and {MAX_IDS} message ids, separated by commas", "ids")
    return ids


def _items(rows: list[MessageRow]) -> list[dict[str, Any]]:
    items = []
    for row in rows:
        message = message_to_dict(row)
        items.append({**message, "kind": rec.message_kind(row.kind, row.participant_index)})
    return items


async def page_messages(
    db: AsyncSession,
    session_id: str,
    search: str | None,
    speaker: str | None,
    cursor: str | None,
    limit: int,
    *,
    newest: bool = False,
    before: str | None = None,
    ids: str | None = None,
) -> dict[str, Any]:
    """A page in order from the start (after `cursor`), or with `newest` the last `limit`
    messages (before `before`, an `earlierCursor`): the live view's window and the earlier
    messages it shows on demand. `ids`: only those messages (a health finding's)."""
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
    wanted = _ids(ids)
    if wanted is not None:
        conditions.append(MessageRow.id.in_(wanted))
    if newest or before is not None:
        return await _newest(db, conditions, _after(before), limit)
    query = select(MessageRow).where(*conditions)
    after = _after(cursor)
    if after is not None:
        query = query.where(MessageRow.seq > after)
    rows = list(await db.scalars(query.order_by(MessageRow.seq).limit(limit + 1)))
    more = len(rows) > limit
    rows = rows[:limit]
    return {
        "items": _items(rows),
        "nextCursor": str(rows[-1].seq) if more else None,
        "total": await count_of(db, MessageRow, conditions),
    }


async def _newest(
    db: AsyncSession, conditions: list[Any], before: int | None, limit: int
) -> dict[str, Any]:
    """The last `limit` messages the conditions keep (before the seq `before`), in order;
    `earlierCursor` reads the ones before them."""
    query = select(MessageRow).where(*conditions)
    if before is not None:
        query = query.where(MessageRow.seq < before)
    rows = list(await db.scalars(query.order_by(MessageRow.seq.desc()).limit(limit + 1)))
    more = len(rows) > limit
    rows = rows[:limit][::-1]
    return {
        "items": _items(rows),
        "nextCursor": None,
        "earlierCursor": str(rows[0].seq) if more else None,
        "total": await count_of(db, MessageRow, conditions),
    }
