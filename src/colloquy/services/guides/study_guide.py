"""A study guide (`kind: study`, docs/guides.md#a-study) as a created and started study:
the personas and tags it names and its model profile resolved, then the study's own checks
(services/studies/study_create.py), so a guide with any problem creates nothing; each
problem names its line and field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.guides.problems import Lines, problem
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import ValidationFailed
from colloquy.runtime import Runtime
from colloquy.schemas.studies import StudyCreate
from colloquy.services.guides import resolve
from colloquy.services.guides.guide_format import ModelChoice, StudyGuide
from colloquy.services.guides.loading import GuideInvalid, validate_guide
from colloquy.services.studies import study_create, study_runs

MSG_NOT_A_STUDY = "kind must be study here"
MSG_NO_GENERATE = "A study interviews personas of the library: give ids or tags, not generate"


def study_body(guide: StudyGuide, persona_ids: list[str], profile_id: str | None) -> StudyCreate:
    settings = guide.settings
    return StudyCreate.model_validate(
        {
            "name": guide.name,
            "description": guide.description,
            "questions": list(guide.questions),
            "personaIds": persona_ids,
            "settings": {
                "moderator": guide.moderator.kind,
                "maxProbes": settings.max_probes,
                "responseLength": settings.response_length,
                "modelProfileId": profile_id,
                "budgetUsd": settings.budget_usd,
                "webhookUrl": settings.webhook_url,
            },
        }
    )


async def checked_study_guide(
    db: AsyncSession, runtime: Runtime, guide: StudyGuide | Mapping[str, Any], lines: Lines
) -> StudyCreate:
    """The study a guide describes, checked as POST /api/studies checks it."""
    g = guide if not isinstance(guide, Mapping) else validate_guide(dict(guide), lines)
    if not isinstance(g, StudyGuide):
        raise GuideInvalid([problem(("kind",), MSG_NOT_A_STUDY, lines)])
    found = resolve.Resolved()
    if g.participants.generate is not None:
        found.problems.append(problem(("participants", "generate"), MSG_NO_GENERATE, lines))
    await resolve.resolve_participants(db, g.participants, "participants", lines, found)
    if g.model is not None:
        choice = ModelChoice.model_validate({"profile": g.model.profile})
        await resolve.resolve_model(db, runtime, choice, lines, found)
    if found.problems:
        raise GuideInvalid(found.problems)
    body = study_body(g, found.participant_ids, found.profile["id"] if found.profile else None)
    try:
        await study_create.checked_study(db, body)
    except ValidationFailed as exc:
        raise GuideInvalid([problem((), m, lines) for m in exc.errors]) from None
    return body


async def create_study_from_guide(
    db: AsyncSession,
    runtime: Runtime,
    runners: RunnerRegistry,
    bus: EventBus,
    guide: StudyGuide | Mapping[str, Any],
    *,
    lines: Lines | None = None,
) -> dict[str, Any]:
    """Create the study and start its interviews; the study's API view (StudyOut)."""
    body = await checked_study_guide(db, runtime, guide, lines or {})
    study_id = await study_create.create_study(db, runtime, body, runners, bus)
    return await study_runs.get_study(db, runtime, study_id)
