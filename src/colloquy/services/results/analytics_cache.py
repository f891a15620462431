"""The Analytics tab of a long session, computed once (docs/performance.md#long-transcripts):
the result is kept in this process under the session's fingerprint
(services/sessions/state_cache.py), so it is reused until the session or any of its
messages changes, and a change in another process is seen too."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.services.results.analytics import build_analytics
from colloquy.services.sessions.loading import get_session_row, load_session
from colloquy.services.sessions.state_cache import StateCache, fingerprint

KEEP = 32  # sessions whose analytics stay cached (the most recently read)
_cache = StateCache(KEEP)


async def get_analytics(db: AsyncSession, session_id: str) -> dict[str, Any]:
    key = await fingerprint(db, await get_session_row(db, session_id))
    hit: dict[str, Any] | None = _cache.get(db, session_id, key)
    if hit is not None:
        return hit
    session, messages = await load_session(db, session_id)
    result = build_analytics(session, messages)
    _cache.put(db, session_id, key, result)
    return result
