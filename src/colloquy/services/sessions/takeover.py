"""Take over an interview (docs/interviews.md): the researcher types the interviewer's
next question and hands back. The state is stored on the session, where the process
running the interview reads it (engine/takeover_turn.py); each change is announced live.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews import takeover
from colloquy.domain.interviews.rules import session_kind
from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import Conflict, ValidationFailed
from colloquy.services.sessions.loading import get_session_row
from colloquy.services.sessions.view import load_view
from colloquy.store.tables import MessageRow, SessionRow
from colloquy.store.types import utcnow


def _running(row: SessionRow) -> bool:
    return bool(row.running) and row.status != "completed"


async def _finish(
    db: AsyncSession, row: SessionRow, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    await db.commit()
    await db.refresh(row)
    bus.publish(row.id, "takeover", payloads.takeover(bool(row.taken_over), row.typed_question))
    return await load_view(db, row, runners.generating(row.id))


async def take_over(
    db: AsyncSession, session_id: str, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    """The interviewer pauses: from its next step on it asks only what the researcher types."""
    row = await get_session_row(db, session_id)
    refusal = takeover.take_over_refusal(session_kind(row.kind), _running(row), row.taken_over)
    if refusal:
        raise Conflict(refusal)
    row.taken_over = True
    row.updated_at = utcnow()
    return await _finish(db, row, runners, bus)


async def ask_question(
    db: AsyncSession, session_id: str, text: str, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    """Queue the researcher's question; the run asks it at the interviewer's next step."""
    problem = takeover.question_error(text)
    if problem:
        raise ValidationFailed([problem])
    row = await get_session_row(db, session_id)
    typed = await db.scalar(
        select(func.count(MessageRow.id)).where(
            MessageRow.session_id == session_id, MessageRow.kind == takeover.RESEARCHER
        )
    )
    refusal = takeover.ask_refusal(
        session_kind(row.kind), _running(row), row.taken_over, row.typed_question, int(typed or 0)
    )
    if refusal:
        raise Conflict(refusal)
    # Only if none is waiting: two requests at once queue one question, the other is refused.
    queued = await db.execute(
        update(SessionRow)
        .where(SessionRow.id == session_id, SessionRow.typed_question.is_(None))
        .values(typed_question=text.strip(), updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if queued.rowcount != 1:  # type: ignore[attr-defined]
        await db.rollback()
        raise Conflict(takeover.MSG_PENDING)
    return await _finish(db, row, runners, bus)


async def hand_back(
    db: AsyncSession, session_id: str, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    """The interviewer goes on (after a typed question still waiting is asked)."""
    row = await get_session_row(db, session_id)
    refusal = takeover.hand_back_refusal(session_kind(row.kind), row.taken_over)
    if refusal:
        raise Conflict(refusal)
    row.taken_over = False
    row.updated_at = utcnow()
    return await _finish(db, row, runners, bus)
