"""Personal API tokens: shown once, kept as SHA-256 (they are long random secrets, so a
fast hash is enough), read-only or read-write, expiring, revocable, last use recorded."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Sequence
from datetime import timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.rules import is_expired, token_expires_at
from colloquy.errors import NotFound, ValidationFailed
from colloquy.store.team_tables import ApiTokenRow, UserRow
from colloquy.store.types import utcnow

PREFIX = "cq_"
# Last use is written at most this often per token (a script may call many times a second).
TOUCH_EVERY = timedelta(minutes=1)


def token_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


async def create_token(
    db: AsyncSession, user_id: str, name: str, *, can_write: bool, days: int | None
) -> tuple[ApiTokenRow, str]:
    """The stored row and the secret, which is never shown again."""
    name = name.strip()
    if not name:
        raise ValidationFailed(["Token name is required"])
    try:
        expires_at = token_expires_at(utcnow(), days)
    except ValueError as exc:
        raise ValidationFailed([str(exc)]) from exc
    secret = PREFIX + secrets.token_urlsafe(32)
    row = ApiTokenRow(
        id=uuid.uuid4().hex,
        user_id=user_id,
        name=name,
        token_hash=token_hash(secret),
        prefix=secret[:10],
        can_write=can_write,
        created_at=utcnow(),
        expires_at=expires_at,
    )
    db.add(row)
    await db.commit()
    return row, secret


async def list_tokens(db: AsyncSession, user_id: str) -> Sequence[ApiTokenRow]:
    query = (
        select(ApiTokenRow)
        .where(ApiTokenRow.user_id == user_id)
        .order_by(ApiTokenRow.created_at.desc(), ApiTokenRow.id)
    )
    return (await db.scalars(query)).all()


async def revoke_token(db: AsyncSession, user_id: str, token_id: str) -> ApiTokenRow:
    row = await db.get(ApiTokenRow, token_id)
    if row is None or row.user_id != user_id:
        raise NotFound("API token not found")
    if row.revoked_at is None:
        row.revoked_at = utcnow()
        await db.commit()
    return row


async def token_user(db: AsyncSession, secret: str) -> tuple[UserRow, ApiTokenRow] | None:
    """The enabled user and live token this secret names, else None; notes its use."""
    if not secret.startswith(PREFIX):
        return None
    query = (
        select(UserRow, ApiTokenRow)
        .join(ApiTokenRow, ApiTokenRow.user_id == UserRow.id)
        .where(ApiTokenRow.token_hash == token_hash(secret), ApiTokenRow.revoked_at.is_(None))
    )
    found = (await db.execute(query)).first()
    now = utcnow()
    if found is None or found[0].disabled_at is not None or is_expired(found[1].expires_at, now):
        return None
    user, token = found[0], found[1]
    if token.last_used_at is None or now - token.last_used_at >= TOUCH_EVERY:
        await db.execute(
            update(ApiTokenRow).where(ApiTokenRow.id == token.id).values(last_used_at=now)
        )
        await db.commit()
        token.last_used_at = now
    return user, token
