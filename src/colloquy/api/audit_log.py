"""/api/audit: admins read the audit log (newest first, filtered, paged by cursor) and
export it as CSV or JSON."""

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query
from fastapi.responses import JSONResponse, Response

from colloquy.api.deps import AdminDep, SessionDep
from colloquy.api.schemas.accounts import AuditPageOut, audit_out
from colloquy.errors import NotFound
from colloquy.services.accounts import audit

router = APIRouter(prefix="/audit", tags=["audit"])


def _filter(  # the filters both routes take, as one dependency
    actor: Annotated[str | None, Query(max_length=254)] = None,
    action: Annotated[str | None, Query(max_length=40)] = None,
    since: datetime | None = None,
    until: datetime | None = None,
    failed: bool | None = None,
) -> audit.AuditFilter:
    return audit.AuditFilter(actor=actor, action=action, since=since, until=until, failed=failed)


FilterDep = Annotated[audit.AuditFilter, Depends(_filter)]


@router.get("", response_model=AuditPageOut)
async def list_audit(
    _: AdminDep,
    db: SessionDep,
    where: FilterDep,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> AuditPageOut:
    rows = await audit.list_events(db, where, limit=limit + 1, before_id=before)
    page = rows[:limit]
    more = len(rows) > limit
    return AuditPageOut(
        items=[audit_out(r) for r in page], next_cursor=page[-1].id if more and page else None
    )


@router.get("/export.{fmt}", response_class=Response)
async def export_audit(
    fmt: str,
    _: AdminDep,
    db: SessionDep,
    where: FilterDep,
) -> Response:
    """The filtered log as `csv` or `json` (at most 100,000 rows, newest first)."""
    if fmt not in ("csv", "json"):
        raise NotFound("Export as csv or json")
    rows = await audit.list_events(db, where, limit=audit.EXPORT_MAX)
    name = f"audit-log.{fmt}"
    disposition = {"content-disposition": f'attachment; filename="{name}"'}
    if fmt == "csv":
        return Response(audit.export_csv(rows), media_type="text/csv", headers=disposition)
    return JSONResponse([audit.as_json(r) for r in rows], headers=disposition)
