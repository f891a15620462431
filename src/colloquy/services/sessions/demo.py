"""The demo session: stored as session 'demo', completed, from the fixed script."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.sessions import demo_script as demo
from colloquy.domain.sessions.messages import stored_message
from colloquy.services.sessions.view import session_record
from colloquy.store.messages import message_columns, sentiment_columns
from colloquy.store.tables import MessageRow, SessionRow
from colloquy.store.types import utcnow

_DEMO_LOCK_KEY = 0x636F6C6C_6465  # "coll" "de": any constant unique to this use


def _rows(speed: float) -> tuple[SessionRow, list[MessageRow]]:
    now = utcnow()
    messages = demo.demo_messages(now, speed)
    rows = [
        MessageRow(
            **message_columns(
                stored_message(m, f"{demo.DEMO_SESSION_ID}-m{m['seq']}"), demo.DEMO_SESSION_ID
            )
        )
        for m in messages
    ]
    session = SessionRow(
        id=demo.DEMO_SESSION_ID,
        name=demo.NAME,
        description=demo.DESCRIPTION,
        status="completed",
        created_at=messages[0]["timestamp"],
        completed_at=now,
        updated_at=now,
        participants=demo.demo_personas(),
        moderator_style=demo.MODERATOR_STYLE,
        stimuli=[dict(demo.STIMULUS)],
        questions=demo.demo_questions(),
        settings=dict(demo.SETTINGS),
        tokens_used=sum(m["tokens"] for m in messages),
        insights=None,
        error=None,
        running=False,
        stop_requested=False,
        request_count=0,
        iteration_count=0,
        **sentiment_columns(rows),
    )
    return session, rows


async def complete_demo(db: AsyncSession, speed: float = 1) -> dict[str, Any]:
    """Replace any earlier demo run with a fresh completed one (insights included, as the
    transcript they described is gone). Two concurrent calls: the loser retries once."""
    for attempt in range(2):
        session, messages = _rows(speed)
        if db.get_bind().dialect.name == "postgresql":
            # Concurrent calls replace the demo one after another (SQLite already has a
            # single writer); without it, racing inserts hit the unique key.
            await db.execute(select(func.pg_advisory_xact_lock(_DEMO_LOCK_KEY)))
        await db.execute(delete(MessageRow).where(MessageRow.session_id == session.id))
        await db.execute(delete(SessionRow).where(SessionRow.id == session.id))
        try:
            db.add(session)
            await db.flush()  # no ORM relationship orders the inserts: session row first
            db.add_all(messages)
            await db.commit()
        except IntegrityError:
            await db.rollback()
            if attempt:
                raise
            continue
        record = session_record(session)
        return {
            "id": record["id"],
            "name": record["name"],
            "status": record["status"],
            "createdAt": record["createdAt"],
            "completedAt": record["completedAt"],
            "messageCount": len(messages),
            "tokensUsed": record["tokensUsed"],
        }
    raise AssertionError("unreachable")
