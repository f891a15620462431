"""The cost estimate before a run: `estimate_session_cost`, `estimate_survey_cost`
(docs/usage-and-cost.md#estimate-before-a-run).

Both take the same body as creating the run (POST /api/sessions, POST /api/surveys: ids,
questions, materials, settings) plus an optional `provider` and `model` (default: the model
of the Settings screen), and return {calls, promptTokens, completionTokens, costUsd,
provider, model, priced, basis, range: {low, high}, assumptions}. The prompts are the
run's own (built from the personas, their evidence passages for each question, and the
questions as the runner builds them, counted with the product's words x 1.3); the call plan
and answer sizes are domain/usage/estimate.py's. A mixed panel prices each participant's
calls at the price of its profile's model. Nothing is stored.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import DEFAULT_RESPONSE_LENGTH
from colloquy.domain.interviews.rules import INTERVIEW
from colloquy.domain.personas.evidence_budget import with_evidence
from colloquy.domain.personas.evidence_query import question_query
from colloquy.domain.sessions.answer_quality import REASKED
from colloquy.domain.sessions.natural_prompts import LENGTH_RULE
from colloquy.domain.sessions.prompt_layout import CACHE_FRIENDLY
from colloquy.domain.sessions.prompts import build_system_prompt, build_user_prompt
from colloquy.domain.sessions.stimuli import stimulus_of
from colloquy.domain.surveys.rules import answer_prompt, survey_system_prompt
from colloquy.domain.usage import estimate as plan
from colloquy.domain.usage import estimate_range as ends
from colloquy.errors import ValidationFailed
from colloquy.llm.config import PROVIDERS
from colloquy.runtime import Runtime
from colloquy.services.sessions import crud as sessions_crud
from colloquy.services.sessions.setup import participant_snapshots
from colloquy.services.surveys import surveys
from colloquy.services.usage.estimate_pricing import model_of, models_of, priced_result
from colloquy.services.usage.estimate_study import estimate_interview_cost
from colloquy.services.usage.estimate_words import (
    LLAMA_UNITS,
    SESSION_BASIS,
    SURVEY_BASIS,
    SURVEY_REASKS,
)
from colloquy.services.usage.prompt_tokens import prompt_counter
from colloquy.services.usage.reask_prior import run_reask_prior
from colloquy.store.tables import MessageRow
from colloquy.store.usage_settings import price_book

REASK_HISTORY = 500  # the model's latest answers the observed re-ask rate reads


async def _reask_rate(db: AsyncSession, models: list[str]) -> float | None:
    """Re-asks per answer over the latest stored answers of these models (None: too few)."""
    rows = await db.scalars(
        select(MessageRow.repairs)
        .where(MessageRow.kind == "response", MessageRow.profile_model.in_(models))
        .order_by(MessageRow.timestamp.desc())
        .limit(REASK_HISTORY)
    )
    answers = reasks = 0
    for repairs in rows:
        answers += 1
        reasks += sum(1 for r in repairs or [] if r == REASKED)
    return ends.observed_reask_rate(answers, reasks)


async def _evidence(runtime: Runtime | None, persona_id: Any, query: str) -> str:
    if runtime is None or not persona_id:
        return ""
    from colloquy.services.personas.evidence_retrieval import evidence_for

    return await evidence_for(runtime, str(persona_id), query)


async def estimate_session_cost(
    db: AsyncSession, runtime: Runtime | None, spec: dict[str, Any]
) -> dict[str, Any]:
    """The estimate of a session as POST /api/sessions would create it (`spec`: its body,
    camelCase, plus optional provider/model). Unknown persona ids are left out. An
    interview is priced by its own plan (estimate_study.py)."""
    if spec.get("kind") == INTERVIEW:
        return await estimate_interview_cost(db, runtime, spec)
    settings = spec.get("settings") or {}
    length = str(settings.get("responseLength") or DEFAULT_RESPONSE_LENGTH)
    style = str(spec.get("moderatorStyle") or "casual")
    mode = str(settings.get("discussionMode") or "sequential")
    ids = list(dict.fromkeys(spec.get("participantIds") or []))
    personas = await participant_snapshots(db, ids) if ids else []
    questions = [q for q in spec.get("questions") or [] if isinstance(q, str) and q.strip()]
    stimuli = [s for v in spec.get("stimuli") or [] if (s := stimulus_of(v)) is not None]
    rule = LENGTH_RULE if mode == "natural" else None
    systems = [build_system_prompt(p, p.get("enriched"), style, length, rule) for p in personas]
    default = model_of(runtime, spec)
    async with prompt_counter(runtime, *default) as (count, unit):
        evidence = []
        system_tokens = []
        for persona, system in zip(personas, systems, strict=True):
            base = await count(system)
            system_tokens.append(base)
            row = []
            for q in questions:
                block = await _evidence(runtime, persona.get("id"), question_query(q, stimuli))
                row.append(await count(with_evidence(system, block)) - base if block else 0)
            evidence.append(row)
        question_tokens = [await count(build_user_prompt(q, stimuli, [], 0)) for q in questions]
    shape = plan.SessionShape(
        system_tokens=system_tokens,
        question_tokens=question_tokens,
        response_length=length,
        mode=mode,
        moderator=str(settings.get("moderator") or "scripted"),
        evidence_tokens=evidence,
        private_answers=settings.get("privateAnswers") is True,
        model_bids=settings.get("modelBids") is True,
        whole_session=settings.get("promptLayout") == CACHE_FRIENDLY and mode != "natural",
    )
    mapping = settings.get("participantProfiles") or {}
    profile_ids = [
        mapping.get(p.get("id")) if isinstance(mapping, dict) else None for p in personas
    ]
    models = await models_of(db, profile_ids, default)
    book = await price_book(db)
    rate = await _reask_rate(db, list(dict.fromkeys(m for _, m in [default, *models])))
    prior = await run_reask_prior(db, runtime, default, profile_ids, unit in LLAMA_UNITS)
    return priced_result(
        book,
        lambda end: plan.session_plan(shape, end),
        models,
        default,
        SESSION_BASIS,
        rate,
        unit,
        prior,
    )


async def estimate_survey_cost(
    db: AsyncSession, runtime: Runtime | None, spec: dict[str, Any]
) -> dict[str, Any]:
    """The estimate of a survey as POST /api/surveys would create it (`spec`: its body)."""
    ids = list(dict.fromkeys(spec.get("respondentIds") or []))
    personas = await participant_snapshots(db, ids) if ids else []
    concepts = [c for v in spec.get("concepts") or [] if (c := stimulus_of(v)) is not None]
    questions = [q for q in spec.get("questions") or [] if isinstance(q, dict)]
    default = model_of(runtime, spec)
    async with prompt_counter(runtime, *default) as (count, unit):
        prompts = [
            await count(answer_prompt(c, {"text": str(q.get("text") or "")}))
            for c in concepts
            for q in questions
        ]
        systems = []
        for persona in personas:
            system = survey_system_prompt(persona)
            base = await count(system)
            extra = []
            for c in concepts:
                for q in questions:
                    query = question_query(str(q.get("text")), [c])
                    block = await _evidence(runtime, persona.get("id"), query)
                    extra.append(await count(with_evidence(system, block)) - base if block else 0)
            systems.append(base + (round(sum(extra) / len(extra)) if extra else 0))
    samples = spec.get("samples")
    times = int(samples) if isinstance(samples, int) and samples > 0 else 2
    direct = bool(spec.get("askDirect"))
    profiles = (spec.get("settings") or {}).get("participantProfiles") or {}
    profile_ids = [
        profiles.get(p.get("id")) if isinstance(profiles, dict) else None for p in personas
    ]
    models = await models_of(db, profile_ids, default)
    book = await price_book(db)

    def plan_of(end: int) -> list[plan.Call]:
        return plan.survey_plan(systems, prompts, times, direct, end=end)

    est = priced_result(book, plan_of, models, default, SURVEY_BASIS, None, unit)
    est["assumptions"][-1] = SURVEY_REASKS  # a survey answer is never asked again
    return est


def _check_model(spec: dict[str, Any]) -> None:
    provider = spec.get("provider")
    if provider is not None and provider not in PROVIDERS:
        raise ValidationFailed([f"Provider must be one of {', '.join(PROVIDERS)}"])


async def estimate_session_request(
    db: AsyncSession, runtime: Runtime | None, spec: dict[str, Any]
) -> dict[str, Any]:
    """POST /api/sessions/estimate: the body checked exactly as the create checks it."""
    _check_model(spec)
    body = {k: v for k, v in spec.items() if k not in ("provider", "model")}
    await sessions_crud.check_create(db, body)
    return await estimate_session_cost(db, runtime, spec)


async def estimate_survey_request(
    db: AsyncSession, runtime: Runtime | None, body: Any, spec: dict[str, Any]
) -> dict[str, Any]:
    """POST /api/surveys/estimate: the body (a SurveyCreate) checked as the create checks it."""
    _check_model(spec)
    await surveys.check_create(db, body)
    return await estimate_survey_cost(db, runtime, spec)
