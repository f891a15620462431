"""What a guide would cost before it runs (the MCP tool `estimate_cost`, and any caller with
a guide): the guide is checked as a run would check it (nothing is created), then priced by
the usage estimate of the session or survey it would create."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.guides import convert
from colloquy.runtime import Runtime
from colloquy.services.guides.guide_format import FocusGroupGuide, StudyGuide
from colloquy.services.guides.loading import validate_guide
from colloquy.services.guides.run import checked_session, checked_survey
from colloquy.services.guides.study_guide import checked_study_guide
from colloquy.services.usage.estimate import estimate_session_cost, estimate_survey_cost
from colloquy.services.usage.estimate_study import estimate_study_request
from colloquy.store.tables import PersonaRow

NOTE_GENERATED = (
    "{count} persona(s) the guide generates do not exist yet: priced as library personas "
    "of similar prompt size"
)


async def _stand_ins(db: AsyncSession, taken: list[str], count: int) -> list[str]:
    """Library personas to price the guide's generated ones with (its own picks when the
    library has no others)."""
    if count <= 0:
        return []
    ids = [i for i in await db.scalars(select(PersonaRow.id).order_by(PersonaRow.id))]
    pool = [i for i in ids if i not in taken] or taken or ids
    return [pool[i % len(pool)] for i in range(count)] if pool else []


async def estimate_guide_cost(
    db: AsyncSession, runtime: Runtime, guide: Mapping[str, Any]
) -> dict[str, Any]:
    """The estimate (as POST /api/sessions/estimate or /api/surveys/estimate answer it) of
    the run a guide describes, with `kind` and `notes`; GuideInvalid when it is refused."""
    lines: dict[Any, int] = {}
    g = validate_guide(dict(guide), lines)
    notes: list[str] = []
    if isinstance(g, StudyGuide):  # its interviews and its synthesis
        body = await checked_study_guide(db, runtime, g, lines)
        return {"kind": g.kind, **await estimate_study_request(db, runtime, body), "notes": notes}
    if isinstance(g, FocusGroupGuide):
        g, found = await checked_session(db, runtime, g, lines, None, client_files=True)
        who = g.participants
    else:
        g, found = await checked_survey(db, runtime, g, lines, None, client_files=True)
        who = g.respondents
    count = who.generate.count if who.generate else 0
    ids = found.participant_ids + await _stand_ins(db, found.participant_ids, count)
    if count:
        notes.append(NOTE_GENERATED.format(count=count))
    contents = [
        convert.stimulus_source(s.model_dump(by_alias=True)) or ""
        for s in (g.stimuli if isinstance(g, FocusGroupGuide) else g.concepts)
    ]
    if isinstance(g, FocusGroupGuide):
        spec = convert.session_body(g.model_dump(by_alias=True), ids, contents)
        if found.model is not None:
            spec |= {"provider": found.model.provider, "model": found.model.model}
        estimate = await estimate_session_cost(db, runtime, spec)
    else:
        spec = convert.survey_body(g.model_dump(by_alias=True), ids, contents)
        estimate = await estimate_survey_cost(db, runtime, spec)
    return {"kind": g.kind, **estimate, "notes": notes}
