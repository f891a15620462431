"""The cost estimate before a run (issue 31): `estimate_session_cost`, `estimate_survey_cost`.

Both take the same body as creating the run (POST /api/sessions, POST /api/surveys: ids,
questions, materials, settings) plus an optional `provider` and `model` (default: the model
of the Settings screen), and return {calls, promptTokens, completionTokens, costUsd,
provider, model, priced, basis}. The prompts are the run's own (built from the personas and
questions as the runner will build them, counted with the spec's words x 1.3); answer
sizes are the typical ones of domain/usage/estimate.py. Nothing is stored. The MCP tool
`estimate_cost` and the create forms (POST /api/sessions/estimate, /api/surveys/estimate)
call these.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import DEFAULT_RESPONSE_LENGTH
from colloquy.domain.sessions.prompts import build_system_prompt, build_user_prompt
from colloquy.domain.sessions.stimuli import stimulus_of
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.surveys.rules import answer_prompt, survey_system_prompt
from colloquy.domain.usage.estimate import (
    Estimate,
    priced_estimate,
    session_calls,
    survey_calls,
)
from colloquy.domain.usage.prices import price_for
from colloquy.errors import ValidationFailed
from colloquy.llm.config import PROVIDERS
from colloquy.runtime import Runtime
from colloquy.services.sessions import crud as sessions_crud
from colloquy.services.sessions.setup import participant_snapshots
from colloquy.services.surveys import surveys
from colloquy.store.usage_settings import price_table

SESSION_BASIS = (
    "Planned calls x this session's prompts (words x 1.3) with answers at a typical "
    "size for the response length; no prompt cache assumed."
)
SURVEY_BASIS = (
    "Respondents x concepts x questions x samples (x 2 with the direct rating) with "
    "answers of one or two sentences; no prompt cache assumed."
)


def _model(runtime: Runtime | None, spec: dict[str, Any]) -> tuple[str, str]:
    provider, model = spec.get("provider"), spec.get("model")
    if (provider is None or model is None) and runtime is not None:
        from colloquy.services.trust.session_health import current_model

        now_provider, now_model = current_model(runtime)
        provider, model = provider or now_provider, model or now_model
    return str(provider or "openai"), str(model or "")


async def _priced(
    db: AsyncSession, calls: list[tuple[int, int]], provider: str, model: str, basis: str
) -> dict[str, Any]:
    price = price_for(await price_table(db), provider, model)
    estimate: Estimate = priced_estimate(calls, price)
    return {
        **estimate.usage().as_json(),
        "calls": estimate.calls,
        "provider": provider,
        "model": model,
        "priced": price is not None,
        "basis": basis,
    }


async def estimate_session_cost(
    db: AsyncSession, runtime: Runtime | None, spec: dict[str, Any]
) -> dict[str, Any]:
    """The estimate of a session as POST /api/sessions would create it (`spec`: its body,
    camelCase, plus optional provider/model). Unknown persona ids are left out."""
    settings = spec.get("settings") or {}
    length = str(settings.get("responseLength") or DEFAULT_RESPONSE_LENGTH)
    style = str(spec.get("moderatorStyle") or "casual")
    ids = list(dict.fromkeys(spec.get("participantIds") or []))
    personas = await participant_snapshots(db, ids) if ids else []
    questions = [q for q in spec.get("questions") or [] if isinstance(q, str) and q.strip()]
    stimuli = [s for v in spec.get("stimuli") or [] if (s := stimulus_of(v)) is not None]
    systems = [
        estimate_tokens(build_system_prompt(p, p.get("enriched"), style, length)) for p in personas
    ]
    firsts = [estimate_tokens(build_user_prompt(q, stimuli, [], 0)) for q in questions]
    calls = session_calls(
        systems,
        firsts,
        length,
        str(settings.get("discussionMode") or "sequential"),
        str(settings.get("moderator") or "scripted"),
    )
    provider, model = _model(runtime, spec)
    return await _priced(db, calls, provider, model, SESSION_BASIS)


async def estimate_survey_cost(
    db: AsyncSession, runtime: Runtime | None, spec: dict[str, Any]
) -> dict[str, Any]:
    """The estimate of a survey as POST /api/surveys would create it (`spec`: its body)."""
    ids = list(dict.fromkeys(spec.get("respondentIds") or []))
    personas = await participant_snapshots(db, ids) if ids else []
    concepts = [c for v in spec.get("concepts") or [] if (c := stimulus_of(v)) is not None]
    questions = [q for q in spec.get("questions") or [] if isinstance(q, dict)]
    prompts = [
        estimate_tokens(answer_prompt(c, {"text": str(q.get("text") or "")}))
        for c in concepts
        for q in questions
    ]
    systems = [estimate_tokens(survey_system_prompt(p)) for p in personas]
    samples = spec.get("samples")
    calls = survey_calls(
        systems,
        prompts,
        int(samples) if isinstance(samples, int) and samples > 0 else 2,
        bool(spec.get("askDirect")),
    )
    provider, model = _model(runtime, spec)
    return await _priced(db, calls, provider, model, SURVEY_BASIS)


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
