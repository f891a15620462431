"""The Analytics tab of a long session, computed once (docs/performance.md#long-transcripts):
the result is kept in this process under the session's fingerprint (its row's update and
completion times, and its messages' count, last position and total length and tokens), so
it is reused until the session or any of its messages changes, and a change in another
process is seen too (the fingerprint is read from the database on every request)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.services.results.analytics import build_analytics
from colloquy.services.sessions.loading import get_session_row, load_session
from colloquy.store.tables import MessageRow

KEEP = 32  # sessions whose analytics stay cached (the most recently read)
# (database, session id) -> (fingerprint, analytics)
_cache: OrderedDict[tuple[str, str], tuple[tuple[Any, ...], dict[str, Any]]] = OrderedDict()


async def fingerprint(db: AsyncSession, session_id: str) -> tuple[Any, ...]:
    row = await get_session_row(db, session_id)
    counts = (
        await db.execute(
            select(
                func.count(),
                func.max(MessageRow.seq),
                func.sum(func.length(MessageRow.content)),
                func.sum(MessageRow.tokens),
            ).where(MessageRow.session_id == session_id)
        )
    ).one()
    return (row.updated_at, row.completed_at, *counts)


async def get_analytics(db: AsyncSession, session_id: str) -> dict[str, Any]:
    key = await fingerprint(db, session_id)
    slot = (repr(db.get_bind().engine.url), session_id)
    hit = _cache.get(slot)
    if hit is not None and hit[0] == key:
        _cache.move_to_end(slot)
        return hit[1]
    session, messages = await load_session(db, session_id)
    result = build_analytics(session, messages)
    _cache[slot] = (key, result)
    _cache.move_to_end(slot)
    while len(_cache) > KEEP:
        _cache.popitem(last=False)
    return result
