"""The estimate of an interview (a session of kind interview) and of a study before they run
(docs/usage-and-cost.md#interviews-and-studies): the call plan is
domain/usage/interview_estimate.py's, the prompts the run's own (the persona's interview
system prompt, each topic's answer and decision prompts), counted as the session estimate
counts them. Nothing is stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import DEFAULT_RESPONSE_LENGTH
from colloquy.domain.interviews import prompts
from colloquy.domain.interviews.rules import max_probes
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions.moderation import AI
from colloquy.domain.sessions.prompts import build_system_prompt
from colloquy.domain.studies import study_rules
from colloquy.domain.usage import interview_estimate as plan
from colloquy.runtime import Runtime
from colloquy.schemas.studies import StudyCreate
from colloquy.services.sessions.setup import participant_snapshots
from colloquy.services.studies import study_create
from colloquy.services.usage import estimate_pricing as pricing
from colloquy.services.usage.estimate_words import LLAMA_UNITS
from colloquy.services.usage.prompt_tokens import prompt_counter
from colloquy.services.usage.reask_prior import run_reask_prior
from colloquy.store.usage_settings import price_book

INTERVIEW_BASIS = (
    "Every topic to its last follow-up ((1 + maxProbes) answers and maxProbes interviewer "
    "decisions with the AI interviewer, one answer with the scripted one) x this interview's "
    "prompts ({unit}); no prompt cache assumed."
)
STUDY_BASIS = (
    "Each persona's interview at its most ((1 + maxProbes) answers and maxProbes decisions a "
    "topic with the AI interviewer), then the synthesis: one themes call and one coding call "
    "per persona; prompts {unit}, no prompt cache assumed."
)


async def _shapes(
    runtime: Runtime | None,
    personas: list[PersonaRecord],
    questions: list[str],
    settings: dict[str, Any],
    default: tuple[str, str],
) -> tuple[list[plan.InterviewShape], str]:
    length = str(settings.get("responseLength") or DEFAULT_RESPONSE_LENGTH)
    ai = settings.get("moderator") == AI
    probes = max_probes(settings)
    shapes = []
    async with prompt_counter(runtime, *default) as (count, unit):
        decisions = [
            await count(prompts.INTERVIEWER_SYSTEM)
            + await count(prompts.decision_prompt(q, [], "", probes))
            for q in questions
        ]
        for persona in personas:
            system = build_system_prompt(
                persona,
                persona.get("enriched"),
                None,
                length,
                setting=prompts.INTERVIEW_SETTING,
                moderated=False,
            )
            name = str(persona.get("name") or "")
            firsts = [await count(prompts.answer_prompt(q, [], q, name)) for q in questions]
            shapes.append(
                plan.InterviewShape(await count(system), firsts, decisions, length, ai, probes)
            )
    return shapes, unit


async def _priced(
    db: AsyncSession,
    runtime: Runtime | None,
    spec: dict[str, Any],
    personas: list[PersonaRecord],
    questions: list[str],
    settings: dict[str, Any],
    profile: str | None,
    with_synthesis: bool,
) -> dict[str, Any]:
    default = pricing.model_of(runtime, spec)
    shapes, unit = await _shapes(runtime, personas, questions, settings, default)
    models = await pricing.models_of(db, [profile] * len(personas), default)
    book = await price_book(db)

    def plan_of(end: int) -> list[Any]:
        if with_synthesis:
            return plan.study_plan(shapes, end)
        return [c for i, s in enumerate(shapes) for c in plan.interview_plan(s, end, i)]

    basis = STUDY_BASIS if with_synthesis else INTERVIEW_BASIS
    own = unit in LLAMA_UNITS
    prior = await run_reask_prior(db, runtime, default, [profile] * len(personas), own)
    return pricing.priced_result(book, plan_of, models, default, basis, None, unit, prior)


async def estimate_interview_cost(
    db: AsyncSession, runtime: Runtime | None, spec: dict[str, Any]
) -> dict[str, Any]:
    """A session body of kind interview (POST /api/sessions/estimate)."""
    settings = spec.get("settings") or {}
    ids = list(dict.fromkeys(spec.get("participantIds") or []))[:1]
    personas = await participant_snapshots(db, ids) if ids else []
    questions = study_rules.guide_questions(spec.get("questions") or [])
    mapping = settings.get("participantProfiles") or {}
    profile = mapping.get(ids[0]) if ids and isinstance(mapping, dict) else None
    return await _priced(db, runtime, spec, personas, questions, settings, profile, False)


async def estimate_study_request(
    db: AsyncSession, runtime: Runtime | None, body: StudyCreate
) -> dict[str, Any]:
    """POST /api/studies/estimate: the body checked as the create checks it, then priced."""
    persona_ids, settings = await study_create.checked_study(db, body)
    personas = await participant_snapshots(db, persona_ids)
    questions = study_rules.guide_questions(body.questions)
    profile = settings.get("modelProfileId")
    return await _priced(db, runtime, {}, personas, questions, settings, profile, True)
