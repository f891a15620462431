"""The runner's database writes: each is one short transaction of its own.

A message is inserted together with the session's counters in one transaction, so the
stored messages always say exactly how far the run got (see plan.py).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.store.models import MessageRow, SessionRow
from colloquy.store.types import utcnow


class SessionGone(Exception):
    """The session was deleted (or completed elsewhere) while the runner worked on it."""


def new_message_id() -> str:
    return f"m{int(time.time() * 1000)}{secrets.token_hex(4)}"


def message_to_dict(row: MessageRow) -> dict[str, Any]:
    return {
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
    }


def slot_key(message: dict[str, Any]) -> tuple[str, int, int, int | None]:
    return (message["kind"], message["questionIndex"], message["round"],
            message["participantIndex"])


async def load_messages(db: AsyncSession, session_id: str) -> list[dict[str, Any]]:
    rows = await db.scalars(select(MessageRow).where(MessageRow.session_id == session_id)
                            .order_by(MessageRow.seq))
    return [message_to_dict(r) for r in rows]


@dataclass
class Counters:
    """Guard counters, held by the one runner of a session and written with each message."""

    requests: int
    iterations: int


async def append_message(factory: async_sessionmaker[AsyncSession], session_id: str,
                         message: dict[str, Any], counters: Counters) -> dict[str, Any]:
    """Insert one message and bump the session's counters, atomically."""
    async with factory() as db, db.begin():
        result = await db.execute(
            update(SessionRow)
            .where(SessionRow.id == session_id, SessionRow.status != "completed")
            .values(tokens_used=SessionRow.tokens_used + message["tokens"],
                    request_count=counters.requests, iteration_count=counters.iterations,
                    updated_at=utcnow()))
        if result.rowcount == 0:
            raise SessionGone(session_id)
        row = MessageRow(
            id=new_message_id(), session_id=session_id, seq=message["seq"],
            speaker=message["speaker"], content=message["content"], timestamp=utcnow(),
            sentiment=message.get("sentiment"), persona_id=message.get("personaId"),
            question_index=message["questionIndex"], round_index=message["round"],
            participant_index=message.get("participantIndex"), kind=message["kind"],
            tokens=message["tokens"])
        db.add(row)
    return message_to_dict(row)


async def stored_tokens(db: AsyncSession, session_id: str) -> int:
    """The token estimate of a session: the sum over its stored messages."""
    total = await db.scalar(select(func.coalesce(func.sum(MessageRow.tokens), 0))
                            .where(MessageRow.session_id == session_id))
    return int(total or 0)


async def halt(factory: async_sessionmaker[AsyncSession], session_id: str,
               error: dict[str, Any] | None, counters: Counters) -> None:
    """Stop driving the session, keep its progress (the spec's "saving progress")."""
    async with factory() as db, db.begin():
        tokens = await stored_tokens(db, session_id)
        await db.execute(
            update(SessionRow).where(SessionRow.id == session_id)
            .values(running=False, error=error, tokens_used=tokens,
                    request_count=counters.requests, iteration_count=counters.iterations,
                    updated_at=utcnow()))


async def complete(factory: async_sessionmaker[AsyncSession], session_id: str,
                   counters: Counters | None = None) -> None:
    """The session is finished: completed, completedAt now, no runner, no error."""
    async with factory() as db, db.begin():
        tokens = await stored_tokens(db, session_id)
        values: dict[str, Any] = {
            "status": "completed", "completed_at": utcnow(), "running": False,
            "stop_requested": False, "error": None, "tokens_used": tokens,
            "updated_at": utcnow()}
        if counters is not None:
            values.update(request_count=counters.requests, iteration_count=counters.iterations)
        await db.execute(update(SessionRow).where(SessionRow.id == session_id,
                                                  SessionRow.status != "completed")
                         .values(**values))
