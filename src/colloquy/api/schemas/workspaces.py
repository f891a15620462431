"""Workspaces, their members, and copying a persona into another workspace (docs/teams.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from colloquy.domain.workspaces.roles import WORKSPACE_NAME_MAX
from colloquy.schemas.common import CamelModel, RequestModel
from colloquy.store.tables import WorkspaceRow
from colloquy.store.team_tables import UserRow, WorkspaceMemberRow

Role = Literal["researcher", "viewer"]


class WorkspaceOut(CamelModel):
    id: str
    name: str
    # The caller's role here: researcher, viewer, or admin (admins belong to every one).
    role: str
    created_at: datetime


def workspace_out(row: WorkspaceRow, role: str) -> WorkspaceOut:
    return WorkspaceOut(id=row.id, name=row.name, role=role, created_at=row.created_at)


class WorkspaceCreate(RequestModel):
    name: str = Field(max_length=WORKSPACE_NAME_MAX + 50)


class MemberOut(CamelModel):
    user_id: str
    email: str
    role: str
    disabled: bool


def member_out(member: WorkspaceMemberRow, user: UserRow) -> MemberOut:
    return MemberOut(
        user_id=user.id, email=user.email, role=member.role, disabled=user.disabled_at is not None
    )


class MemberAdd(RequestModel):
    email: str = Field(max_length=254)
    role: Role = "researcher"


class MemberUpdate(RequestModel):
    role: Role


class PersonaCopy(RequestModel):
    workspace_id: str = Field(min_length=1, max_length=64)
