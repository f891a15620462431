"""Accounts, API tokens and the audit log (docs/teams.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from colloquy.domain.accounts.rules import PASSWORD_MAX, TOKEN_MAX_DAYS
from colloquy.schemas.common import CamelModel, RequestModel
from colloquy.store.team_tables import ApiTokenRow, AuditEventRow, UserRow


class UserOut(CamelModel):
    id: str
    email: str
    is_admin: bool
    disabled: bool
    created_at: datetime


def user_out(row: UserRow) -> UserOut:
    return UserOut(
        id=row.id,
        email=row.email,
        is_admin=row.is_admin,
        disabled=row.disabled_at is not None,
        created_at=row.created_at,
    )


class UserCreate(RequestModel):
    email: str = Field(max_length=254)
    password: str = Field(max_length=PASSWORD_MAX)
    is_admin: bool = False


class UserUpdate(RequestModel):
    """Disable or enable, make or unmake admin; a field left out is kept."""

    disabled: bool | None = None
    is_admin: bool | None = None


class PasswordReset(RequestModel):
    password: str = Field(max_length=PASSWORD_MAX)


class PasswordChange(RequestModel):
    current_password: str = Field(max_length=PASSWORD_MAX)
    new_password: str = Field(max_length=PASSWORD_MAX)


class TokenCreate(RequestModel):
    name: str = Field(max_length=100)
    can_write: bool = False  # read-only unless asked
    expires_in_days: int | None = Field(default=90, ge=1, le=TOKEN_MAX_DAYS)  # null: never


class TokenOut(CamelModel):
    id: str
    name: str
    prefix: str  # the token's first characters, to tell tokens apart
    can_write: bool
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None
    revoked: bool


class TokenCreatedOut(TokenOut):
    token: str  # shown this once: only its hash is kept


def token_out(row: ApiTokenRow) -> TokenOut:
    return TokenOut(
        id=row.id,
        name=row.name,
        prefix=row.prefix,
        can_write=row.can_write,
        created_at=row.created_at,
        expires_at=row.expires_at,
        last_used_at=row.last_used_at,
        revoked=row.revoked_at is not None,
    )


class AuditEventOut(CamelModel):
    id: int
    at: datetime
    actor: str
    actor_id: str | None
    address: str | None
    action: str
    method: str
    route: str
    resource_id: str | None
    status: int
    detail: dict[str, Any]


def audit_out(row: AuditEventRow) -> AuditEventOut:
    return AuditEventOut(
        id=row.id,
        at=row.at,
        actor=row.actor,
        actor_id=row.actor_id,
        address=row.address,
        action=row.action,
        method=row.method,
        route=row.route,
        resource_id=row.resource_id,
        status=row.status,
        detail=row.detail,
    )


class AuditPageOut(CamelModel):
    items: list[AuditEventOut]
    next_cursor: int | None  # pass as `before` for the next page; null: no more
