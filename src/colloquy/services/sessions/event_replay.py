"""What an SSE stream replays from the database (engine/positions.py): the stored messages
after a position, as `message` events with the same payload as live ones, and the
session's state as a `status` event. Each read is one short transaction of its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine.event_payloads import message_payload, status_of_row
from colloquy.store.messages import message_to_dict
from colloquy.store.tables import MessageRow, SessionRow

Factory = async_sessionmaker[AsyncSession]


@dataclass
class Missed:
    messages: list[tuple[int, dict[str, Any]]]  # (seq, `message` payload), in seq order
    status: dict[str, Any]  # the `status` payload: {status, running, error}


async def stored_position(factory: Factory, session_id: str) -> int:
    """The highest stored seq of the session (0: none)."""
    async with factory() as db:
        value = await db.scalar(
            select(func.max(MessageRow.seq)).where(MessageRow.session_id == session_id)
        )
    return int(value or 0)


async def missed_messages(
    factory: Factory, session_id: str, after: int, before: int | None = None
) -> list[tuple[int, dict[str, Any]]]:
    """The stored messages with after < seq (< before), in order."""
    query = select(MessageRow).where(MessageRow.session_id == session_id, MessageRow.seq > after)
    if before is not None:
        query = query.where(MessageRow.seq < before)
    async with factory() as db:
        rows = await db.scalars(query.order_by(MessageRow.seq))
        return [(row.seq, message_payload(message_to_dict(row))) for row in rows]


async def missed_since(factory: Factory, session_id: str, after: int) -> Missed | None:
    """The messages stored after `after` and the session's status; None when the session
    is gone."""
    async with factory() as db:
        row = await db.get(SessionRow, session_id)
        if row is None:
            return None
        status = status_of_row(row, bool(row.running))
    return Missed(await missed_messages(factory, session_id, after), status)
