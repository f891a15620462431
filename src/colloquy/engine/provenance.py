"""Which model produced a session: recorded on the session when a run starts.

A session that is resumed on another model (the Settings screen changed in between) names
both, in order, so its answers are never credited to one model alone.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine.journal import SessionGone
from colloquy.store.tables import SessionRow

NAME_MAX = 300
PROVIDER_MAX = 60


def model_of(provider: Any) -> tuple[str, str]:
    """(provider kind, model name) of a built provider."""
    return str(getattr(provider, "name", "") or "unknown"), str(
        getattr(provider, "model", "") or "unknown"
    )


def merged(old: str | None, new: str, limit: int) -> str:
    if not old or old == new or old.endswith(f", then {new}"):
        return new if not old or old == new else old
    return f"{old}, then {new}"[-limit:]


async def record_model(
    factory: async_sessionmaker[AsyncSession], session_id: str, provider: Any
) -> None:
    kind, name = model_of(provider)
    async with factory() as db:
        row = await db.get(SessionRow, session_id)
        if row is None:
            raise SessionGone(session_id)
        provider_text = merged(row.model_provider, kind, PROVIDER_MAX)
        name_text = merged(row.model_name, name, NAME_MAX)
        if (row.model_provider, row.model_name) != (provider_text, name_text):
            row.model_provider, row.model_name = provider_text, name_text
            await db.commit()
