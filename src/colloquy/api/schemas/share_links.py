"""Share links: a read-only link to one session's or survey's results (docs/teams.md)."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from colloquy.domain.accounts.share_scope import (
    SHARE_DAYS_DEFAULT,
    SHARE_DAYS_MAX,
    SHARE_DAYS_MIN,
    ShareKind,
)
from colloquy.schemas.common import CamelModel, RequestModel
from colloquy.store.team_tables import ShareLinkRow
from colloquy.store.types import utcnow


class ShareLinkCreate(RequestModel):
    expires_in_days: int = Field(default=SHARE_DAYS_DEFAULT, ge=SHARE_DAYS_MIN, le=SHARE_DAYS_MAX)


class ShareLinkOut(CamelModel):
    id: str
    kind: ShareKind
    resource_id: str
    created_by: str  # the creator's email ("local" or "service token" without an account)
    created_at: datetime
    expires_at: datetime
    revoked: bool
    expired: bool


class ShareLinkCreatedOut(ShareLinkOut):
    url: str  # shown this once: only the secret's hash is kept


class ShareInfoOut(CamelModel):
    """What the shared page opens."""

    kind: ShareKind
    resource_id: str
    expires_at: datetime


def share_link_out(row: ShareLinkRow) -> ShareLinkOut:
    kind: ShareKind = "survey" if row.resource_kind == "survey" else "session"
    return ShareLinkOut(
        id=row.id,
        kind=kind,
        resource_id=row.resource_id,
        created_by=row.created_by,
        created_at=row.created_at,
        expires_at=row.expires_at,
        revoked=row.revoked_at is not None,
        expired=utcnow() >= row.expires_at,
    )
