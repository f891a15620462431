"""Which workspaces a caller may use, with their role in each (domain/workspaces/roles.py),
oldest workspace first: the first is the caller's default."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.domain.workspaces.roles import ADMIN, WorkspaceAccess, choose_workspace
from colloquy.store.tables import WorkspaceRow
from colloquy.store.team_tables import WorkspaceMemberRow
from colloquy.store.workspace_scope import DEFAULT_WORKSPACE_ID

DEFAULT_NAME = "Default"


async def available_workspaces(db: AsyncSession, user: CurrentUser) -> list[tuple[str, str]]:
    """(workspace id, role) for every workspace `user` may use. Admins (and the callers
    without an account, who act as admin) may use all of them."""
    order = (WorkspaceRow.created_at, WorkspaceRow.id)
    if user.is_admin:
        ids = (await db.scalars(select(WorkspaceRow.id).order_by(*order))).all()
        if not ids:
            ids = [await ensure_default_workspace(db)]
        return [(workspace_id, ADMIN) for workspace_id in ids]
    if user.id is None:
        return []
    rows = (
        await db.execute(
            select(WorkspaceRow.id, WorkspaceMemberRow.role)
            .join(WorkspaceMemberRow, WorkspaceMemberRow.workspace_id == WorkspaceRow.id)
            .where(WorkspaceMemberRow.user_id == user.id)
            .order_by(*order)
        )
    ).all()
    return [(workspace_id, role) for workspace_id, role in rows]


async def workspace_access(
    db: AsyncSession, user: CurrentUser, requested: str | None
) -> WorkspaceAccess | None:
    """The workspace this caller works in (the requested one, else their first) with their
    role; None when they asked for one they may not use."""
    return choose_workspace(requested, await available_workspaces(db, user))


async def ensure_default_workspace(db: AsyncSession) -> str:
    """The first workspace, made again if every workspace is gone (a library with no
    workspace at all, e.g. one emptied by hand)."""
    db.add(WorkspaceRow(id=DEFAULT_WORKSPACE_ID, name=DEFAULT_NAME))
    try:
        await db.commit()
    except IntegrityError:  # another request made it first
        await db.rollback()
    return DEFAULT_WORKSPACE_ID
