"""`colloquy copy --workspace NAME`: the source workspace it copies out of, the target
workspace it copies into (made when the target has none of that name)."""

from __future__ import annotations

import uuid
from typing import Any, cast

from sqlalchemy import Table, func, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from colloquy.errors import ValidationFailed
from colloquy.store.tables import WorkspaceRow
from colloquy.store.types import utcnow

_table = cast(Table, WorkspaceRow.__table__)


async def source_workspace_id(source: AsyncEngine, name: str) -> str:
    """The source's workspace named `name` (any case); a source with a single workspace
    (a library kept alone) gives that one whatever its name."""
    async with source.connect() as conn:
        rows = (await conn.execute(select(_table.c.id, _table.c.name))).all()
    for workspace_id, found in rows:
        if str(found).lower() == name.strip().lower():
            return str(workspace_id)
    if len(rows) == 1:
        return str(rows[0][0])
    names = ", ".join(sorted(str(r[1]) for r in rows))
    raise ValidationFailed([f"The source has no workspace named {name} (its workspaces: {names})"])


async def target_workspace_id(target: AsyncEngine, name: str) -> str:
    name = name.strip()
    if not name:
        raise ValidationFailed(["--workspace needs a workspace name"])
    async with target.begin() as conn:
        found = await conn.scalar(
            select(_table.c.id).where(func.lower(_table.c.name) == name.lower())
        )
        if found is not None:
            return str(found)
        new_id = uuid.uuid4().hex
        await conn.execute(insert(_table).values(id=new_id, name=name, created_at=utcnow()))
        return new_id


async def target_workspace_rows(target: AsyncEngine) -> dict[str, dict[str, Any]]:
    async with target.connect() as conn:
        rows = (await conn.execute(select(_table))).all()
    return {str(r._mapping["id"]): dict(r._mapping) for r in rows}
