"""Workspaces and their members, managed by admins (docs/teams.md): create, rename, delete
an empty workspace; add a member by email, change their role, remove them."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.rules import normalize_email
from colloquy.domain.workspaces.roles import (
    MSG_WORKSPACE_NOT_FOUND,
    role_problem,
    workspace_name_problem,
)
from colloquy.errors import Conflict, NotFound, ValidationFailed
from colloquy.store.tables import WorkspaceRow
from colloquy.store.team_tables import UserRow, WorkspaceMemberRow
from colloquy.store.workspace_scope import SCOPED_ROWS, in_workspace

# What a workspace holds, by table, as a person says it (for the refusal to delete).
HELD = {"personas": "persona", "sessions": "session", "surveys": "survey", "syntheses": "synthesis"}


async def list_workspaces(db: AsyncSession, ids: Sequence[str]) -> list[WorkspaceRow]:
    """The workspaces of `ids`, in that order."""
    rows = {r.id: r for r in await db.scalars(select(WorkspaceRow).where(WorkspaceRow.id.in_(ids)))}
    return [rows[i] for i in ids if i in rows]


async def get_workspace(db: AsyncSession, workspace_id: str) -> WorkspaceRow:
    row = await db.get(WorkspaceRow, workspace_id)
    if row is None:
        raise NotFound(MSG_WORKSPACE_NOT_FOUND)
    return row


async def _check_name(db: AsyncSession, name: str, keep_id: str | None = None) -> str:
    name = name.strip()
    problem = workspace_name_problem(name)
    if problem:
        raise ValidationFailed([problem])
    taken = await db.scalar(
        select(WorkspaceRow.id).where(func.lower(WorkspaceRow.name) == name.lower())
    )
    if taken is not None and taken != keep_id:
        raise Conflict(f"A workspace named {name} already exists")
    return name


async def create_workspace(db: AsyncSession, name: str) -> WorkspaceRow:
    row = WorkspaceRow(id=uuid.uuid4().hex, name=await _check_name(db, name))
    db.add(row)
    await db.commit()
    return row


async def rename_workspace(db: AsyncSession, workspace_id: str, name: str) -> WorkspaceRow:
    row = await get_workspace(db, workspace_id)
    row.name = await _check_name(db, name, keep_id=workspace_id)
    await db.commit()
    return row


async def held_counts(db: AsyncSession, workspace_id: str) -> dict[str, int]:
    """How many rows of each kind the workspace holds (whatever workspace the caller is in)."""
    counts: dict[str, int] = {}
    with in_workspace(None):
        for row in SCOPED_ROWS:
            n = await db.scalar(
                select(func.count()).select_from(row).where(row.workspace_id == workspace_id)
            )
            counts[row.__tablename__] = int(n or 0)
    return counts


async def delete_workspace(db: AsyncSession, workspace_id: str) -> None:
    """Only an empty workspace, and never the last one."""
    row = await get_workspace(db, workspace_id)
    held = {k: n for k, n in (await held_counts(db, workspace_id)).items() if n}
    if held:
        listed = ", ".join(f"{n} {HELD[k]}{'' if n == 1 else 's'}" for k, n in held.items())
        raise Conflict(
            f"The workspace {row.name} still holds {listed}: delete them or copy them out first"
        )
    if int(await db.scalar(select(func.count()).select_from(WorkspaceRow)) or 0) <= 1:
        raise Conflict("The last workspace cannot be deleted")
    await db.delete(row)
    await db.commit()


async def list_members(
    db: AsyncSession, workspace_id: str
) -> list[tuple[WorkspaceMemberRow, UserRow]]:
    await get_workspace(db, workspace_id)
    rows = await db.execute(
        select(WorkspaceMemberRow, UserRow)
        .join(UserRow, UserRow.id == WorkspaceMemberRow.user_id)
        .where(WorkspaceMemberRow.workspace_id == workspace_id)
        .order_by(UserRow.email)
    )
    return [(member, user) for member, user in rows.tuples()]


def _check_role(role: str) -> None:
    problem = role_problem(role)
    if problem:
        raise ValidationFailed([problem])


async def add_member(
    db: AsyncSession, workspace_id: str, email: str, role: str
) -> tuple[WorkspaceMemberRow, UserRow]:
    _check_role(role)
    await get_workspace(db, workspace_id)
    email = normalize_email(email)
    user = await db.scalar(select(UserRow).where(UserRow.email == email))
    if user is None:
        raise NotFound(f"No account has the email {email}: create it first (Users)")
    if await _member(db, workspace_id, user.id) is not None:
        raise Conflict(f"{email} is already a member of this workspace")
    member = WorkspaceMemberRow(
        id=uuid.uuid4().hex, workspace_id=workspace_id, user_id=user.id, role=role
    )
    db.add(member)
    await db.commit()
    return member, user


async def _member(db: AsyncSession, workspace_id: str, user_id: str) -> WorkspaceMemberRow | None:
    return await db.scalar(
        select(WorkspaceMemberRow).where(
            WorkspaceMemberRow.workspace_id == workspace_id, WorkspaceMemberRow.user_id == user_id
        )
    )


async def change_role(
    db: AsyncSession, workspace_id: str, user_id: str, role: str
) -> tuple[WorkspaceMemberRow, UserRow]:
    _check_role(role)
    member = await _member(db, workspace_id, user_id)
    user = await db.get(UserRow, user_id)
    if member is None or user is None:
        raise NotFound("Member not found")
    member.role = role
    await db.commit()
    return member, user


async def remove_member(db: AsyncSession, workspace_id: str, user_id: str) -> None:
    member = await _member(db, workspace_id, user_id)
    if member is None:
        raise NotFound("Member not found")
    await db.delete(member)
    await db.commit()
