"""Copy a persona, with its evidence (texts, passages, stored files), into another
workspace the caller can write in (docs/teams.md)."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.workspaces.roles import MSG_WORKSPACE_NOT_FOUND, WorkspaceAccess
from colloquy.errors import AppError, NotFound
from colloquy.services.personas.evidence import persona_dir
from colloquy.services.personas.library import new_persona_id, persona_to_dict
from colloquy.services.workspaces.access import available_workspaces
from colloquy.store.tables import EvidencePassageRow, PersonaEvidenceRow, PersonaRow
from colloquy.store.types import utcnow

MSG_TARGET_READ_ONLY = "Your role in the target workspace is viewer: you cannot copy into it"
MSG_SAME_WORKSPACE = "The persona is already in this workspace"


async def target_access(db: AsyncSession, user: CurrentUser, workspace_id: str) -> WorkspaceAccess:
    for available_id, role in await available_workspaces(db, user):
        if available_id == workspace_id:
            access = WorkspaceAccess(available_id, role)
            if not access.can_write:
                raise AppError(MSG_TARGET_READ_ONLY, status=403, code="forbidden")
            return access
    raise NotFound(MSG_WORKSPACE_NOT_FOUND)


async def copy_persona(
    db: AsyncSession, user: CurrentUser, persona_id: str, workspace_id: str, evidence_dir: Path
) -> PersonaRecord:
    """The copy, a new persona in `workspace_id`. The source is looked up in the request's
    workspace (another workspace's persona is not found)."""
    source = await db.get(PersonaRow, persona_id)
    if source is None:
        raise NotFound("Persona not found")
    if source.workspace_id == workspace_id:
        raise AppError(MSG_SAME_WORKSPACE, status=409, code="conflict")
    await target_access(db, user, workspace_id)
    now = utcnow()
    copy = PersonaRow(
        id=new_persona_id(),
        workspace_id=workspace_id,
        name=source.name,
        age=source.age,
        gender=source.gender,
        location=source.location,
        income=source.income,
        traits=dict(source.traits),
        interests=list(source.interests),
        generated_from=source.generated_from,
        tags=list(source.tags or []),
        created_at=now,
        updated_at=now,
    )
    db.add(copy)
    evidence = (
        await db.scalars(
            select(PersonaEvidenceRow).where(PersonaEvidenceRow.persona_id == persona_id)
        )
    ).all()
    files: list[str] = []
    for item in evidence:
        new_id = uuid.uuid4().hex
        db.add(
            PersonaEvidenceRow(
                id=new_id,
                persona_id=copy.id,
                filename=item.filename,
                kind=item.kind,
                source=item.source,
                stored_name=item.stored_name,
                text=item.text,
                words=item.words,
                created_at=item.created_at,
            )
        )
        if item.stored_name:
            files.append(item.stored_name)
        passages = (
            await db.scalars(
                select(EvidencePassageRow).where(EvidencePassageRow.evidence_id == item.id)
            )
        ).all()
        for passage in passages:
            db.add(
                EvidencePassageRow(
                    id=uuid.uuid4().hex,
                    evidence_id=new_id,
                    persona_id=copy.id,
                    position=passage.position,
                    text=passage.text,
                    vector=passage.vector,
                    embedder=passage.embedder,
                )
            )
    _copy_files(evidence_dir, persona_id, copy.id, files)
    await db.commit()
    return persona_to_dict(copy)


def _copy_files(evidence_dir: Path, source_id: str, target_id: str, names: list[str]) -> None:
    source, target = persona_dir(evidence_dir, source_id), persona_dir(evidence_dir, target_id)
    if not names or source is None or target is None:
        return
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        if (source / name).is_file():
            shutil.copy2(source / name, target / name)
