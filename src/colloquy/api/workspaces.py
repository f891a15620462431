"""/api/workspaces: every caller lists the workspaces they may use (with their role in
each); admins create, rename and delete workspaces and manage their members. Also
`POST /api/personas/{id}/copy`: a persona with its evidence into another workspace."""

from fastapi import APIRouter, Response

from colloquy.api.deps import AdminDep, CurrentUserDep, SessionDep, SettingsDep
from colloquy.api.schemas.personas import PersonaOut
from colloquy.api.schemas.workspaces import (
    MemberAdd,
    MemberOut,
    MemberUpdate,
    PersonaCopy,
    WorkspaceCreate,
    WorkspaceOut,
    member_out,
    workspace_out,
)
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.workspaces.roles import ADMIN
from colloquy.services.workspaces import admin
from colloquy.services.workspaces.access import available_workspaces
from colloquy.services.workspaces.persona_copy import copy_persona

router = APIRouter(prefix="/workspaces", tags=["workspaces"])
copy_router = APIRouter(tags=["workspaces"])


@router.get("", response_model=list[WorkspaceOut])
async def list_workspaces(user: CurrentUserDep, db: SessionDep) -> list[WorkspaceOut]:
    """The workspaces the caller may use, oldest first (the first is their default)."""
    available = await available_workspaces(db, user)
    roles = dict(available)
    rows = await admin.list_workspaces(db, [workspace_id for workspace_id, _ in available])
    return [workspace_out(row, roles[row.id]) for row in rows]


@router.post("", response_model=WorkspaceOut, status_code=201)
async def create_workspace(body: WorkspaceCreate, _: AdminDep, db: SessionDep) -> WorkspaceOut:
    return workspace_out(await admin.create_workspace(db, body.name), ADMIN)


@router.patch("/{workspace_id}", response_model=WorkspaceOut)
async def rename_workspace(
    workspace_id: str, body: WorkspaceCreate, _: AdminDep, db: SessionDep
) -> WorkspaceOut:
    return workspace_out(await admin.rename_workspace(db, workspace_id, body.name), ADMIN)


@router.delete("/{workspace_id}", status_code=204)
async def delete_workspace(workspace_id: str, _: AdminDep, db: SessionDep) -> Response:
    """Only an empty workspace, and never the last one (409 otherwise)."""
    await admin.delete_workspace(db, workspace_id)
    return Response(status_code=204)


@router.get("/{workspace_id}/members", response_model=list[MemberOut])
async def list_members(workspace_id: str, _: AdminDep, db: SessionDep) -> list[MemberOut]:
    return [member_out(m, u) for m, u in await admin.list_members(db, workspace_id)]


@router.post("/{workspace_id}/members", response_model=MemberOut, status_code=201)
async def add_member(workspace_id: str, body: MemberAdd, _: AdminDep, db: SessionDep) -> MemberOut:
    return member_out(*await admin.add_member(db, workspace_id, body.email, body.role))


@router.patch("/{workspace_id}/members/{user_id}", response_model=MemberOut)
async def change_role(
    workspace_id: str, user_id: str, body: MemberUpdate, _: AdminDep, db: SessionDep
) -> MemberOut:
    return member_out(*await admin.change_role(db, workspace_id, user_id, body.role))


@router.delete("/{workspace_id}/members/{user_id}", status_code=204)
async def remove_member(workspace_id: str, user_id: str, _: AdminDep, db: SessionDep) -> Response:
    await admin.remove_member(db, workspace_id, user_id)
    return Response(status_code=204)


@copy_router.post("/personas/{persona_id}/copy", response_model=PersonaOut, status_code=201)
async def copy_persona_to_workspace(
    persona_id: str, body: PersonaCopy, user: CurrentUserDep, db: SessionDep, settings: SettingsDep
) -> PersonaRecord:
    """A copy of the persona and its evidence in another workspace the caller can write in."""
    return await copy_persona(db, user, persona_id, body.workspace_id, settings.evidence_dir)
