"""Starting and reading syntheses (POST /api/syntheses, GET /api/syntheses/{id}).

One synthesis per set of sessions as they stand: asking again for the same sessions, with no
answer added or removed since, returns the synthesis already made or under way (a failed
one is made again). The segmentation is applied on read, so another `segmentBy` costs no
model call.
"""

from __future__ import annotations

import secrets
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.studies.result import build_result
from colloquy.domain.studies.segments import check_dimension
from colloquy.errors import NotFound, ValidationFailed
from colloquy.runtime import Runtime
from colloquy.services.studies.jobs import MSG_INTERRUPTED, start_job
from colloquy.services.studies.respondents import load_respondents
from colloquy.store.tables import SynthesisRow
from colloquy.store.types import utcnow

MAX_SESSIONS = 50
# A running synthesis writes its row after every model call; one silent this long lost its
# process (killed, not stopped) and is failed, so asking again starts a new one.
STALE_AFTER = timedelta(minutes=15)
MSG_NOT_FOUND = "Synthesis not found"
MSG_NO_SESSIONS = "Choose at least one session to synthesise"
MSG_TOO_MANY = f"A synthesis takes at most {MAX_SESSIONS} sessions"


def _segment(segment_by: str | None) -> str | None:
    if segment_by is None or not segment_by.strip():
        return None
    try:
        return check_dimension(segment_by.strip())
    except ValueError as exc:
        raise ValidationFailed([str(exc)]) from None


def _ids(session_ids: list[str]) -> list[str]:
    ids = list(dict.fromkeys(s.strip() for s in session_ids if s.strip()))
    if not ids:
        raise ValidationFailed([MSG_NO_SESSIONS])
    if len(ids) > MAX_SESSIONS:
        raise ValidationFailed([MSG_TOO_MANY])
    return ids


async def _fail_if_stale(db: AsyncSession, row: SynthesisRow) -> None:
    if row.status == "running" and utcnow() - row.updated_at > STALE_AFTER:
        row.status, row.error = "failed", MSG_INTERRUPTED
        await db.commit()


def synthesis_view(row: SynthesisRow, segment_by: str | None = None) -> dict[str, Any]:
    """The stored synthesis with its figures (segmented by `segment_by`, else as asked)."""
    by = _segment(segment_by) or row.segment_by
    completed = row.status == "completed"
    figures = (
        build_result(row.themes, row.respondents, row.quotes, by)
        if completed
        else {
            "respondentCount": len(row.respondents),
            "themes": [],
            "contradictions": [],
            "segments": None,
        }
    )
    return {
        "id": row.id,
        "status": row.status,
        "sessionIds": row.session_ids,
        "segmentBy": by,
        "progress": {"done": row.done, "total": row.total},
        "error": row.error,
        "model": row.model,
        "respondents": [{k: v for k, v in r.items() if k != "persona"} for r in row.respondents],
        "quoteCount": len(row.quotes),
        "dropped": row.dropped,
        "createdAt": row.created_at,
        "completedAt": row.completed_at,
        **figures,
    }


async def start_synthesis(
    db: AsyncSession, runtime: Runtime, session_ids: list[str], segment_by: str | None
) -> dict[str, Any]:
    ids = _ids(session_ids)
    by = _segment(segment_by)
    respondents, key = await load_respondents(db, ids)
    existing = await db.scalar(
        select(SynthesisRow)
        .where(SynthesisRow.cache_key == key, SynthesisRow.status != "failed")
        .order_by(SynthesisRow.created_at.desc())
        .limit(1)
    )
    if existing is not None:
        await _fail_if_stale(db, existing)
    if existing is not None and existing.status != "failed":
        if by is not None and by != existing.segment_by:
            existing.segment_by = by
            await db.commit()
        return synthesis_view(existing)
    row = SynthesisRow(
        id=f"sy{int(time.time() * 1000)}{secrets.token_hex(3)}",
        cache_key=key,
        session_ids=ids,
        segment_by=by,
        status="running",
        done=0,
        total=1 + len(respondents),
        themes=[],
        respondents=[r.stored() for r in respondents],
        quotes=[],
        dropped={},
        model="",
        created_at=utcnow(),
    )
    db.add(row)
    await db.commit()
    start_job(runtime, row.id, respondents)
    return synthesis_view(row)


async def get_row(db: AsyncSession, synthesis_id: str) -> SynthesisRow:
    row = await db.get(SynthesisRow, synthesis_id)
    if row is None:
        raise NotFound(MSG_NOT_FOUND)
    return row


async def get_synthesis(
    db: AsyncSession, synthesis_id: str, segment_by: str | None = None
) -> dict[str, Any]:
    row = await get_row(db, synthesis_id)
    await _fail_if_stale(db, row)
    return synthesis_view(row, segment_by)
