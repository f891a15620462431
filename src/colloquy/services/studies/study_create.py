"""Creating a study (POST /api/studies, docs/interviews.md#studies): the guide and the
personas checked, one interview session per persona made in one transaction with the study,
then every interview started on the session runner (each runner takes its turns under the
model endpoint's own concurrency limit, so N interviews share the endpoint)."""

from __future__ import annotations

import secrets
import time
from typing import Any

from sqlalchemy import String, cast, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews.rules import DEFAULT_MAX_PROBES, INTERVIEW
from colloquy.domain.sessions.moderation import AI
from colloquy.domain.studies import study_rules as rules
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import ValidationFailed
from colloquy.runtime import Runtime
from colloquy.schemas.studies import StudyCreate
from colloquy.services.sessions import control, setup
from colloquy.services.sessions import crud as sessions_crud
from colloquy.services.usage.run_check import check_session_priced
from colloquy.store.tables import PersonaRow, SessionRow, StudyRow
from colloquy.store.types import utcnow

TAG_SCAN_LIMIT = 5000  # personas read to find those with a tag (a study takes 50)


def new_study_id() -> str:
    return f"st{int(time.time() * 1000)}{secrets.token_hex(3)}"


async def personas_with_tag(db: AsyncSession, tag: str) -> list[str]:
    """Ids of the personas with `tag` (case ignored), oldest first. The JSON text is
    narrowed by LIKE on both databases, then each persona's tags are checked exactly."""
    needle = tag.strip().casefold()
    if not needle:
        return []
    rows = await db.execute(
        select(PersonaRow.id, PersonaRow.tags)
        .where(cast(PersonaRow.tags, String).ilike(f"%{needle}%"))
        .order_by(PersonaRow.created_at, PersonaRow.id)
        .limit(TAG_SCAN_LIMIT)
    )
    return [pid for pid, tags in rows if rules.has_tag(tags, needle)]


async def resolve_personas(db: AsyncSession, ids: list[str], tag: str | None) -> list[str]:
    """The study's personas: the ids given, then those with the tag, each once."""
    chosen = list(dict.fromkeys(i.strip() for i in ids if i.strip()))
    if tag and tag.strip():
        tagged = await personas_with_tag(db, tag)
        if not tagged:
            raise ValidationFailed([rules.MSG_NO_PERSONAS_WITH_TAG.format(tag=tag.strip())])
        chosen = list(dict.fromkeys([*chosen, *tagged]))
    if chosen and len(chosen) <= rules.STUDY_PERSONAS_MAX:
        found = set(await db.scalars(select(PersonaRow.id).where(PersonaRow.id.in_(chosen))))
        missing = [i for i in chosen if i not in found]
        if missing:
            raise ValidationFailed([rules.MSG_UNKNOWN_PERSONAS.format(ids=", ".join(missing))])
    return chosen


def study_settings(body: StudyCreate) -> dict[str, Any]:
    s = body.settings
    out: dict[str, Any] = {
        "moderator": s.moderator or AI,
        "maxProbes": DEFAULT_MAX_PROBES if s.max_probes is None else s.max_probes,
        "responseLength": s.response_length or "moderate",
        "modelProfileId": s.model_profile_id or None,
    }
    if s.budget_usd is not None:
        out["budgetUsd"] = float(s.budget_usd)
    if s.webhook_url is not None:
        out["webhookUrl"] = s.webhook_url.strip()
    return out


def interview_body(
    name: str, questions: list[str], settings: dict[str, Any], persona_id: str, count: int
) -> dict[str, Any]:
    """The body POST /api/sessions would take for one of the study's interviews."""
    budget = rules.interview_budget(settings.get("budgetUsd"), count)
    profile = settings.get("modelProfileId")
    return {
        "name": name,
        "kind": INTERVIEW,
        "participantIds": [persona_id],
        "moderatorStyle": "probing",
        "stimuli": [],
        "questions": questions,
        "settings": {
            "responseLength": settings["responseLength"],
            "moderator": settings["moderator"],
            "maxProbes": settings["maxProbes"],
            "participantProfiles": {persona_id: profile} if profile else {},
            **({"budgetUsd": budget} if budget is not None else {}),
            # The study's webhook: each interview's end (interview.*) and the study's (study.*).
            **({"webhookUrl": settings["webhookUrl"]} if "webhookUrl" in settings else {}),
        },
    }


async def checked_study(db: AsyncSession, body: StudyCreate) -> tuple[list[str], dict[str, Any]]:
    """The personas and settings of a valid study, or ValidationFailed naming each problem."""
    persona_ids = await resolve_personas(db, body.persona_ids, body.persona_tag)
    questions = rules.guide_questions(body.questions)
    raw = body.settings.model_dump(by_alias=True)
    errors = rules.study_errors(body.name, questions, len(persona_ids), raw)
    if errors:
        raise ValidationFailed(errors)
    settings = study_settings(body)
    # The interview's own checks (a model profile that does not exist, ...), once.
    first = interview_body(body.name or "", questions, settings, persona_ids[0], 1)
    await sessions_crud.check_create(db, first)
    return persona_ids, settings


async def create_study(
    db: AsyncSession, runtime: Runtime, body: StudyCreate, runners: RunnerRegistry, bus: EventBus
) -> str:
    """Store the study and its interviews, start them; the study's id."""
    persona_ids, settings = await checked_study(db, body)
    name = (body.name or "").strip()
    questions = rules.guide_questions(body.questions)
    snapshots = {p["id"]: p for p in await setup.participant_snapshots(db, persona_ids)}
    now = utcnow()
    study = StudyRow(
        id=new_study_id(),
        name=name,
        description=(body.description or "").strip(),
        questions=questions,
        settings=settings,
        persona_ids=persona_ids,
        session_ids=[],
        status="running",
        created_at=now,
        updated_at=now,
    )
    rows = []
    for pid in persona_ids:
        data = interview_body(name, questions, settings, pid, len(persona_ids))
        persona_name = str(snapshots[pid].get("name") or pid)
        rows.append(
            SessionRow(
                id=setup.new_session_id(),
                name=f"{name[: rules.STUDY_NAME_MAX - len(persona_name) - 3]} - {persona_name}",
                description="",
                status="in-progress",
                created_at=now,
                updated_at=now,
                participants=[snapshots[pid]],
                tokens_used=0,
                running=False,
                stop_requested=False,
                request_count=0,
                iteration_count=0,
                kind=INTERVIEW,
                study_id=study.id,
                **setup.normalised_setup(data),
            )
        )
    study.session_ids = [r.id for r in rows]
    db.add(study)
    db.add_all(rows)
    await db.flush()
    await check_session_priced(db, runtime, rows[0])  # 409: a budget on an unpriced model
    await db.commit()
    for sid in study.session_ids:
        await control.run_session(db, sid, runners, bus)
    return study.id
