"""Server-side browser sessions: the cookie holds a random secret, the table its SHA-256.
A new session at every sign-in; sign-out, a password reset or disabling the user ends it."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.rules import SESSION_LIFETIME
from colloquy.store.team_tables import UserRow, UserSessionRow
from colloquy.store.types import utcnow


def session_key(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def csrf_for(secret: str) -> str:
    """The CSRF token of a session: derived from its secret, so a page on another site can
    neither read nor forge it (double submit: cookie plus header)."""
    return hmac.new(secret.encode(), b"colloquy-csrf", hashlib.sha256).hexdigest()


async def start_session(db: AsyncSession, user_id: str, address: str | None) -> str:
    secret = secrets.token_urlsafe(32)
    now = utcnow()
    db.add(
        UserSessionRow(
            id=session_key(secret),
            user_id=user_id,
            created_at=now,
            expires_at=now + SESSION_LIFETIME,
            address=address,
        )
    )
    await db.commit()
    return secret


async def session_user(db: AsyncSession, secret: str) -> tuple[UserRow, str] | None:
    """The enabled user of a live session and the session's key, else None."""
    query = (
        select(UserRow, UserSessionRow.id)
        .join(UserSessionRow, UserSessionRow.user_id == UserRow.id)
        .where(
            UserSessionRow.id == session_key(secret),
            UserSessionRow.expires_at > utcnow(),
            UserRow.disabled_at.is_(None),
        )
    )
    row = (await db.execute(query)).first()
    return (row[0], row[1]) if row else None


async def end_session(db: AsyncSession, secret: str) -> None:
    await db.execute(delete(UserSessionRow).where(UserSessionRow.id == session_key(secret)))
    await db.commit()
