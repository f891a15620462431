"""The team's tables (docs/teams.md): accounts, their browser sessions and API tokens, the
append-only audit log, and the members of each workspace with their roles (the workspaces
themselves are in tables.py, beside the rows they hold)."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from colloquy.store.tables import Base
from colloquy.store.types import UTCDateTime, utcnow


class UserRow(Base):
    """An account on a shared server (docs/teams.md). Email is stored lower-cased; the
    password only as its Argon2id hash. Users are disabled, never deleted (the audit log
    names them)."""

    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    disabled_at: Mapped[datetime | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class UserSessionRow(Base):
    """A signed-in browser: `id` is the SHA-256 of the secret in its HttpOnly cookie."""

    __tablename__ = "user_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    address: Mapped[str | None] = mapped_column(String(64), default=None)


class ApiTokenRow(Base):
    """A personal API token for the CLI, MCP and scripts: only its SHA-256 is kept."""

    __tablename__ = "api_tokens"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))  # the first characters, to tell tokens apart
    can_write: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime | None] = mapped_column(default=None)
    last_used_at: Mapped[datetime | None] = mapped_column(default=None)
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)


class AuditEventRow(Base):
    """The audit log: one row per write, export and sign-in; rows are only ever added."""

    __tablename__ = "audit_events"
    __table_args__ = (
        Index("ix_audit_events_at_id", "at", "id"),
        Index("ix_audit_events_action_at", "action", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    actor_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    actor: Mapped[str] = mapped_column(String(254))  # email, "service token" or "local"
    address: Mapped[str | None] = mapped_column(String(64), default=None)
    action: Mapped[str] = mapped_column(String(40))  # e.g. create, update, delete, sign-in
    method: Mapped[str] = mapped_column(String(10))
    route: Mapped[str] = mapped_column(String(200))  # the route template, not the raw path
    resource_id: Mapped[str | None] = mapped_column(String(200), default=None)
    status: Mapped[int] = mapped_column(Integer)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class WorkspaceMemberRow(Base):
    """A user's role in a workspace: researcher or viewer (admins need no row)."""

    __tablename__ = "workspace_members"
    __table_args__ = (UniqueConstraint("workspace_id", "user_id", name="uq_workspace_members"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    workspace_id: Mapped[str] = mapped_column(
        ForeignKey("workspaces.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ShareLinkRow(Base):
    """A read-only link to one session's or survey's results: only its secret's SHA-256 is
    kept (docs/teams.md#share-links)."""

    __tablename__ = "share_links"
    __table_args__ = (Index("ix_share_links_resource", "resource_kind", "resource_id"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    resource_kind: Mapped[str] = mapped_column(String(20))  # session or survey
    resource_id: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None
    )
    created_by: Mapped[str] = mapped_column(String(254))  # the creator's email, or "local"
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)
