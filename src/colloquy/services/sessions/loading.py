"""Reading a session and its messages for the results features (analytics, insights,
exports) straight from the store, as the plain camelCase dicts the domain rules take."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.sessions.messages import Message
from colloquy.domain.sessions.private_answers import is_private
from colloquy.domain.sessions.record import SessionRecord
from colloquy.errors import NotFound
from colloquy.services.sessions.view import session_record
from colloquy.store.messages import load_message_dicts
from colloquy.store.tables import SessionRow

MSG_SESSION_NOT_FOUND = "Session not found"


async def get_session_row(db: AsyncSession, session_id: str) -> SessionRow:
    row = await db.get(SessionRow, session_id)
    if row is None:
        raise NotFound(MSG_SESSION_NOT_FOUND)
    return row


async def load_session(
    db: AsyncSession, session_id: str, private: bool = False
) -> tuple[SessionRecord, list[Message]]:
    """The session and its messages in order; NotFound('Session not found') if absent.
    Private answers only with `private` (the exports' own section): the results
    features read the public discussion."""
    row = await get_session_row(db, session_id)
    messages = await load_message_dicts(db, session_id)
    if not private:
        messages = [m for m in messages if not is_private(m)]
    return session_record(row), messages
