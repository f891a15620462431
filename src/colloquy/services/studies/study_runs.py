"""A study's use cases after its creation (docs/interviews.md#studies): read it (settled
first), list them a page at a time, stop it, delete it with its interviews, and start its
synthesis on demand with the interviews completed so far."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.lists.paging import clean_search
from colloquy.domain.studies import study_progress as sp
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import Conflict, NotFound
from colloquy.runtime import Runtime
from colloquy.services.paging import SortKey, count_of, name_contains, page_of
from colloquy.services.sessions import crud as sessions_crud
from colloquy.services.studies.study_settle import settle, stop_interviews
from colloquy.services.studies.study_view import get_study_row, study_view
from colloquy.services.studies.synthesis import start_synthesis, synthesis_view
from colloquy.store.tables import SessionRow, StudyRow, SynthesisRow
from colloquy.store.types import utcnow

SORTS = {
    "newest": SortKey("newest", StudyRow.created_at, StudyRow.id, descending=True),
    "oldest": SortKey("oldest", StudyRow.created_at, StudyRow.id),
    "name": SortKey("name", StudyRow.name, StudyRow.id),
}
MSG_NOTHING_DONE = "No interview of this study has completed yet: there is nothing to synthesise"


async def get_study(db: AsyncSession, runtime: Runtime, study_id: str) -> dict[str, Any]:
    row = await get_study_row(db, study_id)
    await settle(db, runtime, row)
    return await study_view(db, row)


async def page_studies(
    db: AsyncSession, search: str | None, sort: str, cursor: str | None, limit: int
) -> dict[str, Any]:
    conditions = []
    needle = clean_search(search)
    if needle:
        conditions.append(name_contains(StudyRow.name, needle))
    rows, next_cursor = await page_of(
        db, select(StudyRow).where(*conditions), SORTS[sort], cursor, limit
    )
    done: dict[str, int] = {}
    if rows:
        counted = await db.execute(
            select(SessionRow.study_id, func.count())
            .where(SessionRow.study_id.in_([r.id for r in rows]), SessionRow.status == "completed")
            .group_by(SessionRow.study_id)
        )
        done = {str(sid): int(n) for sid, n in counted}
    return {
        "items": [_summary(r, done.get(r.id, 0)) for r in rows],
        "nextCursor": next_cursor,
        "total": await count_of(db, StudyRow, conditions),
    }


def _summary(study: StudyRow, interviews_done: int) -> dict[str, Any]:
    return {
        "id": study.id,
        "name": study.name,
        "status": study.status,
        "interviewCount": len(study.session_ids or []),
        "interviewsDone": interviews_done,
        "questionCount": len(study.questions or []),
        "interviewer": str((study.settings or {}).get("moderator") or "ai"),
        "synthesisId": study.synthesis_id,
        "createdAt": study.created_at,
        "completedAt": study.completed_at,
    }


async def stop_study(
    db: AsyncSession, runtime: Runtime, study_id: str, runners: RunnerRegistry, bus: EventBus
) -> dict[str, Any]:
    """Stop every interview still running; the study is `stopped` (unless it had ended)."""
    row = await get_study_row(db, study_id)
    if row.status == sp.STUDY_RUNNING:
        row.status = sp.STUDY_STOPPED
        row.completed_at = row.updated_at = utcnow()
        await db.commit()
    await stop_interviews(db, [str(s) for s in row.session_ids or []], runners, bus)
    await db.refresh(row)
    return await study_view(db, row)


async def delete_study(
    db: AsyncSession, study_id: str, runners: RunnerRegistry, bus: EventBus
) -> None:
    """The study, its interviews (runners stopped, messages removed) and its synthesis."""
    row = await get_study_row(db, study_id)
    for sid in [str(s) for s in row.session_ids or []]:
        with suppress(NotFound):  # deleted on its own before
            await sessions_crud.delete_session(db, sid, runners, bus)
    if row.synthesis_id:
        await db.execute(delete(SynthesisRow).where(SynthesisRow.id == row.synthesis_id))
    await db.execute(delete(StudyRow).where(StudyRow.id == study_id))
    await db.commit()


async def synthesise_study(
    db: AsyncSession, runtime: Runtime, study_id: str, segment_by: str | None
) -> dict[str, Any]:
    """Start (or return) the synthesis of the study's completed interviews and link it."""
    row = await get_study_row(db, study_id)
    done = list(
        await db.scalars(
            select(SessionRow.id).where(
                SessionRow.study_id == study_id, SessionRow.status == "completed"
            )
        )
    )
    order = {str(s): i for i, s in enumerate(row.session_ids or [])}
    done.sort(key=lambda s: order.get(s, len(order)))
    if not done:
        raise Conflict(MSG_NOTHING_DONE)
    made = await start_synthesis(db, runtime, done, segment_by)
    if row.synthesis_id != made["id"]:
        row.synthesis_id = made["id"]
        row.updated_at = utcnow()
        await db.commit()
    return made


async def study_synthesis(
    db: AsyncSession, study_id: str, segment_by: str | None
) -> dict[str, Any]:
    """The study's synthesis as GET /api/syntheses/{id} shows it (404 when it has none)."""
    row = await get_study_row(db, study_id)
    found = await db.get(SynthesisRow, row.synthesis_id) if row.synthesis_id else None
    if found is None:
        raise NotFound("This study has no synthesis yet")
    return synthesis_view(found, segment_by)
