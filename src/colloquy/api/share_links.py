"""Share links: create one for a session's or a survey's results (its URL is shown once),
list a resource's links, revoke one; and /api/share, which the shared page asks with the
link's secret to learn what it opens (docs/teams.md#share-links)."""

from fastapi import APIRouter, Request

from colloquy.api.deps import CurrentUserDep, SessionDep
from colloquy.api.schemas.share_links import (
    ShareInfoOut,
    ShareLinkCreate,
    ShareLinkCreatedOut,
    ShareLinkOut,
    share_link_out,
)
from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.domain.accounts.share_scope import SHARE_INFO_ROUTE, ShareKind
from colloquy.errors import NotFound
from colloquy.services.accounts import audit, share_links
from colloquy.store.team_tables import ShareLinkRow

router = APIRouter(tags=["share links"])


def _created(request: Request, row: ShareLinkRow, secret: str) -> ShareLinkCreatedOut:
    url = f"{str(request.base_url).rstrip('/')}/share/{secret}"
    return ShareLinkCreatedOut(**share_link_out(row).model_dump(), url=url)


async def _create(
    request: Request,
    user: CurrentUser,
    db: SessionDep,
    kind: ShareKind,
    resource_id: str,
    body: ShareLinkCreate,
) -> ShareLinkCreatedOut:
    row, secret = await share_links.create_share_link(
        db, user, kind, resource_id, body.expires_in_days
    )
    return _created(request, row, secret)


@router.post(
    "/sessions/{session_id}/share-links", response_model=ShareLinkCreatedOut, status_code=201
)
async def share_session(
    session_id: str, body: ShareLinkCreate, request: Request, user: CurrentUserDep, db: SessionDep
) -> ShareLinkCreatedOut:
    """A read-only link to this session's results; the URL is in this answer only."""
    return await _create(request, user, db, "session", session_id, body)


@router.post(
    "/surveys/{survey_id}/share-links", response_model=ShareLinkCreatedOut, status_code=201
)
async def share_survey(
    survey_id: str, body: ShareLinkCreate, request: Request, user: CurrentUserDep, db: SessionDep
) -> ShareLinkCreatedOut:
    """A read-only link to this survey's results; the URL is in this answer only."""
    return await _create(request, user, db, "survey", survey_id, body)


@router.get("/sessions/{session_id}/share-links", response_model=list[ShareLinkOut])
async def list_session_links(
    session_id: str, _: CurrentUserDep, db: SessionDep
) -> list[ShareLinkOut]:
    rows = await share_links.list_share_links(db, "session", session_id)
    return [share_link_out(row) for row in rows]


@router.get("/surveys/{survey_id}/share-links", response_model=list[ShareLinkOut])
async def list_survey_links(
    survey_id: str, _: CurrentUserDep, db: SessionDep
) -> list[ShareLinkOut]:
    rows = await share_links.list_share_links(db, "survey", survey_id)
    return [share_link_out(row) for row in rows]


@router.delete("/share-links/{link_id}", response_model=ShareLinkOut)
async def revoke_link(link_id: str, _: CurrentUserDep, db: SessionDep) -> ShareLinkOut:
    """Stops working at once; the row stays, listed as revoked."""
    return share_link_out(await share_links.revoke_share_link(db, link_id))


@router.get(SHARE_INFO_ROUTE.removeprefix("/api"), response_model=ShareInfoOut)
async def share_info(request: Request, user: CurrentUserDep, db: SessionDep) -> ShareInfoOut:
    """For the shared page (sent with `Authorization: Bearer <the link's secret>`): what the
    link opens. Each call is recorded in the audit log as a view."""
    if user.share is None:
        raise NotFound("Not a share link")
    row = await share_links.get_share_link(db, user.share.link_id)
    address = request.client.host if request.client else None
    entry = audit.AuditEntry(
        "share-view",
        "GET",
        SHARE_INFO_ROUTE,
        200,
        row.resource_id,
        address,
        {"kind": row.resource_kind, "shareLinkId": row.id},
    )
    await audit.record(db, user, entry)
    return ShareInfoOut(
        kind=user.share.kind, resource_id=row.resource_id, expires_at=row.expires_at
    )
