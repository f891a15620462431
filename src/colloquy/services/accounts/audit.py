"""The audit log: rows are only ever added (no update or delete path exists); admins read,
filter and export them (docs/teams.md#audit-log)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.domain.results.csv_export import write_csv
from colloquy.store.team_tables import AuditEventRow
from colloquy.store.types import utcnow

COLUMNS = ("id", "at", "actor", "actorId", "address", "action", "method", "route")
COLUMNS_END = ("resourceId", "status", "detail")
EXPORT_MAX = 100_000


@dataclass(frozen=True)
class AuditFilter:
    actor: str | None = None  # an email (or "service token", "local")
    action: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    failed: bool | None = None  # True: status >= 400 only; False: successes only


@dataclass(frozen=True)
class AuditEntry:
    action: str
    method: str
    route: str
    status: int
    resource_id: str | None = None
    address: str | None = None
    detail: dict[str, Any] | None = None


def new_row(user: CurrentUser | None, entry: AuditEntry) -> AuditEventRow:
    return AuditEventRow(
        at=utcnow(),
        actor_id=user.id if user else None,
        actor=user.label if user else "anonymous",
        address=entry.address,
        action=entry.action,
        method=entry.method,
        route=entry.route[:200],
        resource_id=entry.resource_id[:200] if entry.resource_id else None,
        status=entry.status,
        detail=entry.detail or {},
    )


async def record(db: AsyncSession, user: CurrentUser | None, entry: AuditEntry) -> None:
    db.add(new_row(user, entry))
    await db.commit()


async def record_with(
    sessionmaker: async_sessionmaker[AsyncSession], user: CurrentUser | None, entry: AuditEntry
) -> None:
    async with sessionmaker() as db:
        await record(db, user, entry)


async def list_events(
    db: AsyncSession, where: AuditFilter, *, limit: int, before_id: int | None = None
) -> Sequence[AuditEventRow]:
    """Newest first; `before_id` is the cursor (the last id of the previous page)."""
    query = select(AuditEventRow).order_by(AuditEventRow.id.desc()).limit(limit)
    if before_id is not None:
        query = query.where(AuditEventRow.id < before_id)
    if where.actor:
        query = query.where(AuditEventRow.actor == where.actor.strip().lower())
    if where.action:
        query = query.where(AuditEventRow.action == where.action)
    if where.since:
        query = query.where(AuditEventRow.at >= where.since)
    if where.until:
        query = query.where(AuditEventRow.at < where.until)
    if where.failed is True:
        query = query.where(AuditEventRow.status >= 400)
    elif where.failed is False:
        query = query.where(AuditEventRow.status < 400)
    return (await db.scalars(query)).all()


async def failure_times(
    db: AsyncSession, *, email: str | None, address: str | None, since: datetime
) -> list[datetime]:
    """When sign-in failed for this email, or from this address, since `since`."""
    query = select(AuditEventRow.at).where(
        AuditEventRow.action == "sign-in-failed", AuditEventRow.at > since
    )
    if email is not None:
        query = query.where(AuditEventRow.resource_id == email)
    if address is not None:
        query = query.where(AuditEventRow.address == address)
    return list((await db.scalars(query)).all())


def as_json(row: AuditEventRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "at": row.at.isoformat(),
        "actor": row.actor,
        "actorId": row.actor_id,
        "address": row.address,
        "action": row.action,
        "method": row.method,
        "route": row.route,
        "resourceId": row.resource_id,
        "status": row.status,
        "detail": row.detail,
    }


def export_csv(rows: Sequence[AuditEventRow]) -> str:
    head = [*COLUMNS, *COLUMNS_END]
    body = [
        [
            *(as_json(row)[key] for key in COLUMNS + COLUMNS_END[:2]),
            json.dumps(row.detail, sort_keys=True) if row.detail else "",
        ]
        for row in rows
    ]
    return write_csv([head, *body])
