"""What is computed from a long session's messages, kept in this process under the
session's fingerprint (docs/performance.md#long-transcripts): its row's update and
completion times, and its messages' count, last position and total length and tokens.
The fingerprint is read from the database on every request, so a new message, a reset or
an edit of the session, here or in another process, makes the next read compute again."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.store.tables import MessageRow, SessionRow


async def fingerprint(db: AsyncSession, row: SessionRow) -> tuple[Any, ...]:
    """One aggregate over the session's messages (its index on session_id) and the row."""
    counts = (
        await db.execute(
            select(
                func.count(),
                func.max(MessageRow.seq),
                func.sum(func.length(MessageRow.content)),
                func.sum(MessageRow.tokens),
            ).where(MessageRow.session_id == row.id)
        )
    ).one()
    return (row.updated_at, row.completed_at, *counts)


class StateCache:
    """The last `keep` sessions read, each with the key it was computed for."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        # (database, session id) -> (key, value)
        self._slots: OrderedDict[tuple[str, str], tuple[Any, Any]] = OrderedDict()

    @staticmethod
    def _slot(db: AsyncSession, session_id: str) -> tuple[str, str]:
        return (repr(db.get_bind().engine.url), session_id)

    def get(self, db: AsyncSession, session_id: str, key: Any) -> Any | None:
        """The value computed for `key`; None when it was not, or for another key."""
        slot = self._slot(db, session_id)
        hit = self._slots.get(slot)
        if hit is None or hit[0] != key:
            return None
        self._slots.move_to_end(slot)
        return hit[1]

    def clear(self) -> None:
        self._slots.clear()

    def put(self, db: AsyncSession, session_id: str, key: Any, value: Any) -> None:
        slot = self._slot(db, session_id)
        self._slots[slot] = (key, value)
        self._slots.move_to_end(slot)
        while len(self._slots) > self.keep:
            self._slots.popitem(last=False)
