"""No silent budget, checked when a run is asked to start (docs/usage-and-cost.md#budgets):
a session or survey with a budget whose models include one without a price is refused
with 409 naming the model and where to set its price. The runner checks again with the
models it built (a model chosen between the request and the start)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.usage.cost import budget_value
from colloquy.domain.usage.prices import missing_price_message
from colloquy.errors import Conflict
from colloquy.runtime import Runtime
from colloquy.store.tables import ModelProfileRow, SessionRow, SurveyRow
from colloquy.store.usage_settings import default_budget, price_book


async def _budget(
    db: AsyncSession, settings: dict[str, Any] | None, workspace_id: str
) -> float | None:
    if settings and settings.get("budgetUsd") is not None:
        return budget_value(settings.get("budgetUsd"))
    return await default_budget(db, workspace_id)


async def _profile_models(db: AsyncSession, ids: set[str]) -> list[tuple[str, str]]:
    if not ids:
        return []
    rows = await db.execute(
        select(ModelProfileRow.provider, ModelProfileRow.model).where(ModelProfileRow.id.in_(ids))
    )
    return [(str(p or ""), str(m or "")) for p, m in rows]


async def _refuse_unpriced(
    db: AsyncSession, row: SessionRow | SurveyRow, models: list[tuple[str, str]]
) -> None:
    if await _budget(db, row.settings, row.workspace_id) is None:
        return
    book = await price_book(db)
    for provider, model in models:
        if book.match(provider, model) is None:
            raise Conflict(missing_price_message(model))


def _default_model(runtime: Runtime) -> tuple[str, str]:
    from colloquy.services.trust.session_health import current_model

    return current_model(runtime)


async def check_session_priced(db: AsyncSession, runtime: Runtime, row: SessionRow) -> None:
    """409 when the session has a budget and one of its models has no price."""
    override = row.model_override or {}
    if override:  # a rerun on one chosen model
        models = [(str(override.get("provider") or "local"), str(override.get("model") or ""))]
    else:
        mapping = (row.settings or {}).get("participantProfiles") or {}
        ids = {str(v) for v in mapping.values() if v}
        models = [_default_model(runtime), *await _profile_models(db, ids)]
    await _refuse_unpriced(db, row, models)


async def check_survey_priced(db: AsyncSession, runtime: Runtime, row: SurveyRow) -> None:
    """409 when the survey has a budget and one of its models has no price."""
    ids = {str(r["profileId"]) for r in row.respondents or [] if r.get("profileId")}
    models = [_default_model(runtime), *await _profile_models(db, ids)]
    await _refuse_unpriced(db, row, models)


async def check_session_start(
    db: AsyncSession, runtime: Runtime, session_id: str, active: bool
) -> None:
    """Before POST /api/sessions/{id}/run: a session about to start (not running yet, not
    completed) is checked; anything else is left to the run's own rules."""
    row = await db.get(SessionRow, session_id)
    if row is not None and not active and row.status != "completed" and row.source != "human":
        await check_session_priced(db, runtime, row)


async def check_survey_start(
    db: AsyncSession, runtime: Runtime, survey_id: str, active: bool
) -> None:
    """Before POST /api/surveys/{id}/run (as for a session)."""
    row = await db.get(SurveyRow, survey_id)
    if row is not None and not active and row.status != "completed":
        await check_survey_priced(db, runtime, row)
