"""The runner's database writes: each is one short transaction of its own.

A message is inserted together with the session's counters in one transaction, so the
stored messages always say exactly how far the run got (see plan.py).
"""

from __future__ import annotations

import asyncio
import secrets
import time
import weakref
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.store.messages import load_message_dicts
from colloquy.store.models import MessageRow, SessionRow
from colloquy.store.types import utcnow


class SessionGone(Exception):
    """The session was deleted (or completed elsewhere) while the runner worked on it."""


def new_message_id() -> str:
    return f"m{int(time.time() * 1000)}{secrets.token_hex(4)}"


def slot_key(message: dict[str, Any]) -> tuple[str, int, int, int | None]:
    return (message["kind"], message["questionIndex"], message["round"],
            message["participantIndex"])


async def load_messages(db: AsyncSession, session_id: str) -> list[dict[str, Any]]:
    return await load_message_dicts(db, session_id)


@dataclass
class Counters:
    """Guard counters, held by the one runner of a session and written with each message."""

    requests: int
    iterations: int


# SQLite has one writer at a time. With many runners, each write transaction waited for
# the file lock in SQLite's busy handler (polling, unfair, inside a pooled connection):
# under load a writer could lose for longer than busy_timeout / the pool timeout and the
# runner died with 'database is locked' or a QueuePool timeout (bench/CHANGES.md). The
# runner's writes therefore queue here first, in order, holding no connection meanwhile.
_write_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = \
    weakref.WeakKeyDictionary()


@asynccontextmanager
async def _writing(factory: async_sessionmaker[AsyncSession]):
    """A write transaction; on SQLite, one runner write at a time per process."""
    bind = factory.kw.get("bind")
    if bind is None or bind.dialect.name != "sqlite":
        async with factory() as db, db.begin():
            yield db
        return
    loop = asyncio.get_running_loop()
    lock = _write_locks.get(loop)
    if lock is None:
        lock = _write_locks[loop] = asyncio.Lock()
    async with lock, factory() as db, db.begin():
        yield db


async def append_message(factory: async_sessionmaker[AsyncSession], session_id: str,
                         message: dict[str, Any], counters: Counters) -> dict[str, Any]:
    """Insert one message and bump the session's counters, atomically."""
    stored = {**message, "id": new_message_id(), "timestamp": None,
              "sentiment": message.get("sentiment"), "personaId": message.get("personaId"),
              "participantIndex": message.get("participantIndex")}
    async with _writing(factory) as db:
        result = await db.execute(
            update(SessionRow)
            .where(SessionRow.id == session_id, SessionRow.status != "completed")
            .values(tokens_used=SessionRow.tokens_used + message["tokens"],
                    request_count=counters.requests, iteration_count=counters.iterations,
                    updated_at=utcnow()))
        if result.rowcount == 0:
            raise SessionGone(session_id)
        stored["timestamp"] = utcnow()  # inside the transaction, just before COMMIT
        # A Core insert: the ORM's unit of work cost more CPU than the statement itself.
        await db.execute(insert(MessageRow).values(
            id=stored["id"], session_id=session_id, seq=stored["seq"],
            speaker=stored["speaker"], content=stored["content"],
            timestamp=stored["timestamp"], sentiment=stored["sentiment"],
            persona_id=stored["personaId"], question_index=stored["questionIndex"],
            round_index=stored["round"], participant_index=stored["participantIndex"],
            kind=stored["kind"], tokens=stored["tokens"]))
    return {k: stored[k] for k in _MESSAGE_KEYS}


_MESSAGE_KEYS = ("id", "seq", "speaker", "content", "timestamp", "sentiment", "personaId",
                 "questionIndex", "round", "participantIndex", "kind", "tokens")


async def stored_tokens(db: AsyncSession, session_id: str) -> int:
    """The token estimate of a session: the sum over its stored messages."""
    total = await db.scalar(select(func.coalesce(func.sum(MessageRow.tokens), 0))
                            .where(MessageRow.session_id == session_id))
    return int(total or 0)


async def halt(factory: async_sessionmaker[AsyncSession], session_id: str,
               error: dict[str, Any] | None, counters: Counters) -> None:
    """Stop driving the session, keep its progress (the spec's "saving progress")."""
    async with _writing(factory) as db:
        tokens = await stored_tokens(db, session_id)
        await db.execute(
            update(SessionRow).where(SessionRow.id == session_id)
            .values(running=False, error=error, tokens_used=tokens,
                    request_count=counters.requests, iteration_count=counters.iterations,
                    updated_at=utcnow()))


async def complete(factory: async_sessionmaker[AsyncSession], session_id: str,
                   counters: Counters | None = None) -> None:
    """The session is finished: completed, completedAt now, no runner, no error."""
    async with _writing(factory) as db:
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
