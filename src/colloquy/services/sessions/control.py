"""Driving a session: run (start, resume, Retry), stop, save, end (product-rules §4)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import InvalidRequestError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.exc import StaleDataError

from colloquy.domain.constants import MSG_STOPPED
from colloquy.domain.sessions import record as rec
from colloquy.domain.sessions.transcript_import import MSG_HUMAN_NO_RUN
from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import EventBus
from colloquy.engine.journal import stored_tokens
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import Conflict, NotFound
from colloquy.services.sessions import setup
from colloquy.services.sessions.loading import get_session_row
from colloquy.services.sessions.view import load_view
from colloquy.store.tables import SessionRow
from colloquy.store.types import utcnow


async def _reload(db: AsyncSession, row: SessionRow) -> None:
    """See what the runner wrote from its own transactions (no stale snapshot). A session
    deleted meanwhile (Stop or End racing Delete) is not found."""
    await db.rollback()
    try:
        await db.refresh(row)
    except InvalidRequestError:
        raise NotFound("Session not found") from None


async def _commit(db: AsyncSession) -> None:
    """Commit the row's changes; a session deleted since it was read is not found."""
    try:
        await db.commit()
    except StaleDataError:
        await db.rollback()
        raise NotFound("Session not found") from None


def _announce(bus: EventBus, row: SessionRow, running: bool) -> None:
    bus.publish(row.id, "status", payloads.status_of_row(row, running))


async def run_session(
    db: AsyncSession, session_id: str, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    """Start or resume the run. Also the product's Retry: clears the error and the stop flag.
    Idempotent: while a runner is active nothing changes and no second one starts."""
    row = await get_session_row(db, session_id)
    if row.source == "human":
        raise Conflict(MSG_HUMAN_NO_RUN)
    if row.status == "completed":
        raise Conflict("Session is already completed")
    if not runners.is_active(session_id):
        if row.status == "draft":
            setup.validate_setup(
                {
                    "name": row.name,
                    "participantIds": [p["id"] for p in rec.participants(row.participants)],
                    "moderatorStyle": row.moderator_style,
                    "stimuli": row.stimuli,
                    "questions": row.questions,
                    "settings": row.settings,
                }
            )
        row.status = "in-progress"
        row.running = True
        row.error = None
        row.stop_requested = False
        row.updated_at = utcnow()
        # PostgreSQL: the session's lease goes with the running flag.
        claimed = await runners.claim(db, session_id)
        await _commit(db)
        if claimed:
            runners.claimed(session_id)
        if runners.ensure_running(session_id):
            _announce(bus, row, True)
    else:
        # Another request started the runner after this one read the row: show its state.
        await _reload(db, row)
    return await load_view(db, row, runners.generating(session_id))


async def stop_session(
    db: AsyncSession, session_id: str, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    """Stop: the current answer is dropped and the run halts with 'Session stopped by user'."""
    row = await get_session_row(db, session_id)
    was_active = await runners.stop(session_id)
    await _reload(db, row)
    if row.status != "completed":
        row.stop_requested = True
        halted = row.running and not was_active  # flagged as running but no runner here
        stopped = {"status": None, "message": MSG_STOPPED}
        if halted:
            row.running = False
            row.error = stopped
        await _commit(db)
        if halted:  # events after the commit (engine/events.py)
            bus.publish(session_id, "error", payloads.error(stopped))
            _announce(bus, row, False)
    return await load_view(db, row, [])


async def save_session(
    db: AsyncSession, session_id: str, runners: RunnerRegistry
) -> dict[str, Any]:
    """Save: messages are committed as they come; store the token estimate, keep status."""
    row = await get_session_row(db, session_id)
    row.tokens_used = await stored_tokens(db, session_id)
    row.updated_at = utcnow()
    await _commit(db)
    return await load_view(db, row, runners.generating(session_id))


async def end_session(
    db: AsyncSession, session_id: str, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    """End Session: stop the runner, save, and complete (completedAt now)."""
    row = await get_session_row(db, session_id)
    await runners.stop(session_id, quiet=True)
    await _reload(db, row)
    if row.status != "completed":
        row.status = "completed"
        row.completed_at = utcnow()
        row.running = False
        row.stop_requested = False
        row.error = None
        row.tokens_used = await stored_tokens(db, session_id)
        row.updated_at = utcnow()
        await _commit(db)
        _announce(bus, row, False)
        if runners.hooks.on_complete is not None:
            runners.hooks.on_complete(session_id)  # the session health report
    return await load_view(db, row, [])
