"""Reading a study (GET /api/studies/{id}, the paged list): its interviews as rows with their
state, answers and usage, the progress counts, the study's usage and its synthesis' id."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import MSG_STOPPED
from colloquy.domain.interviews.plan import ANSWER, planned_answers
from colloquy.domain.interviews.rules import max_probes
from colloquy.domain.sessions.moderation import AI
from colloquy.domain.studies import study_progress as sp
from colloquy.domain.usage.cost import total, usage_from_json
from colloquy.errors import NotFound
from colloquy.services.usage.totals import session_usage
from colloquy.store.tables import MessageRow, SessionRow, StudyRow

MSG_STUDY_NOT_FOUND = "Study not found"


async def get_study_row(db: AsyncSession, study_id: str) -> StudyRow:
    row = await db.get(StudyRow, study_id)
    if row is None:
        raise NotFound(MSG_STUDY_NOT_FOUND)
    return row


def _error_text(error: Any) -> str | None:
    if isinstance(error, dict):
        message = error.get("message")
        return str(message) if message else None
    return None


async def interviews_of(
    db: AsyncSession, study: StudyRow
) -> list[tuple[str, SessionRow | None, sp.Interview]]:
    """Each of the study's interviews in order: its id, its row (None: deleted) and what the
    progress rules read of it."""
    ids = [str(i) for i in study.session_ids or []]
    rows = {r.id: r for r in await db.scalars(select(SessionRow).where(SessionRow.id.in_(ids)))}
    counted = await db.execute(
        select(MessageRow.session_id, func.count())
        .where(MessageRow.session_id.in_(ids), MessageRow.kind == ANSWER)
        .group_by(MessageRow.session_id)
    )
    answers = {sid: int(n) for sid, n in counted}
    out: list[tuple[str, SessionRow | None, sp.Interview]] = []
    for sid in ids:
        row = rows.get(sid)
        if row is None:
            out.append((sid, None, sp.Interview(None)))
            continue
        settings = row.settings or {}
        planned = planned_answers(
            len(row.questions or []), settings.get("moderator") == AI, max_probes(settings)
        )
        out.append(
            (
                sid,
                row,
                sp.Interview(
                    row.status,
                    bool(row.running),
                    _error_text(row.error),
                    answers.get(sid, 0),
                    planned,
                ),
            )
        )
    return out


def tally_of(interviews: list[tuple[str, SessionRow | None, sp.Interview]]) -> dict[str, int]:
    return sp.counts(sp.interview_state(i, MSG_STOPPED) for _, _, i in interviews)


async def study_view(db: AsyncSession, study: StudyRow) -> dict[str, Any]:
    interviews = await interviews_of(db, study)
    usage = await session_usage(db, [sid for sid, row, _ in interviews if row is not None])
    rows = []
    for sid, row, i in interviews:
        persona = (row.participants or [{}])[0] if row is not None else {}
        rows.append(
            {
                "sessionId": sid,
                "personaId": str(persona.get("id") or ""),
                "personaName": str(persona.get("name") or ""),
                "state": sp.interview_state(i, MSG_STOPPED),
                "answers": i.answers,
                "plannedAnswers": i.planned,
                "error": i.error,
                "usage": usage.get(sid, usage_from_json(None).as_json()),
            }
        )
    tally = tally_of(interviews)
    return {
        "id": study.id,
        "name": study.name,
        "description": study.description,
        "questions": list(study.questions or []),
        "settings": dict(study.settings or {}),
        "personaIds": list(study.persona_ids or []),
        "status": study.status,
        "error": study.error,
        "synthesisId": study.synthesis_id,
        "progress": sp.progress_view(tally, sp.answers(i for _, _, i in interviews)),
        "interviews": rows,
        "usage": total(usage_from_json(u) for u in usage.values()).as_json(),
        "createdAt": study.created_at,
        "updatedAt": study.updated_at,
        "completedAt": study.completed_at,
    }
