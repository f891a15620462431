"""Share links: a read-only link to one session's or survey's results. The secret is shown
once, in the URL that creating it answers; only its SHA-256 is kept, as for API tokens
(docs/teams.md#share-links)."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.current_user import CurrentUser, ShareGrant
from colloquy.domain.accounts.share_scope import (
    SHARE_KINDS,
    ShareKind,
    share_expires_at,
    share_is_live,
)
from colloquy.errors import NotFound, ValidationFailed
from colloquy.store.tables import SessionRow, SurveyRow
from colloquy.store.team_tables import ShareLinkRow
from colloquy.store.types import utcnow

PREFIX = "cqs_"
MSG_GONE = "This share link has expired or was revoked"


def share_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


async def _resource_exists(db: AsyncSession, kind: ShareKind, resource_id: str) -> bool:
    table = SessionRow if kind == "session" else SurveyRow
    return await db.get(table, resource_id) is not None


async def create_share_link(
    db: AsyncSession, user: CurrentUser, kind: ShareKind, resource_id: str, days: int | None
) -> tuple[ShareLinkRow, str]:
    """The stored row and the secret, which is never shown again."""
    if kind not in SHARE_KINDS:
        raise ValidationFailed([f"A share link opens a session or a survey, not {kind!r}"])
    try:
        expires_at = share_expires_at(utcnow(), days)
    except ValueError as exc:
        raise ValidationFailed([str(exc)]) from exc
    if not await _resource_exists(db, kind, resource_id):
        raise NotFound(f"{kind.capitalize()} not found")
    secret = PREFIX + secrets.token_urlsafe(32)  # 256 random bits
    row = ShareLinkRow(
        id=uuid.uuid4().hex,
        resource_kind=kind,
        resource_id=resource_id,
        token_hash=share_hash(secret),
        created_by_id=user.id,
        created_by=user.label,
        created_at=utcnow(),
        expires_at=expires_at,
    )
    db.add(row)
    await db.commit()
    return row, secret


async def list_share_links(
    db: AsyncSession, kind: ShareKind, resource_id: str
) -> Sequence[ShareLinkRow]:
    """Newest first, revoked and expired ones included (marked as such by the caller)."""
    if not await _resource_exists(db, kind, resource_id):
        raise NotFound(f"{kind.capitalize()} not found")
    query = (
        select(ShareLinkRow)
        .where(ShareLinkRow.resource_kind == kind, ShareLinkRow.resource_id == resource_id)
        .order_by(ShareLinkRow.created_at.desc(), ShareLinkRow.id)
    )
    return (await db.scalars(query)).all()


async def revoke_share_link(db: AsyncSession, link_id: str) -> ShareLinkRow:
    row = await db.get(ShareLinkRow, link_id)
    # A link to another workspace's resource is not found, as the resource itself is not
    # (its lookup is filtered by the request's workspace).
    kind: ShareKind = "survey" if row is not None and row.resource_kind == "survey" else "session"
    if row is None or not await _resource_exists(db, kind, row.resource_id):
        raise NotFound("Share link not found")
    if row.revoked_at is None:
        row.revoked_at = utcnow()
        await db.commit()
    return row


async def share_grant(db: AsyncSession, secret: str) -> ShareGrant | None:
    """What a live link's secret opens, else None (unknown, expired or revoked)."""
    if not secret.startswith(PREFIX):
        return None
    row = await db.scalar(select(ShareLinkRow).where(ShareLinkRow.token_hash == share_hash(secret)))
    if row is None or not share_is_live(row.expires_at, row.revoked_at, utcnow()):
        return None
    kind: ShareKind = "survey" if row.resource_kind == "survey" else "session"
    return ShareGrant(link_id=row.id, kind=kind, resource_id=row.resource_id)


async def get_share_link(db: AsyncSession, link_id: str) -> ShareLinkRow:
    row = await db.get(ShareLinkRow, link_id)
    if row is None:
        raise NotFound("Share link not found")
    return row
