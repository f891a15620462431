"""Raising (or setting) the budget of one session or survey (docs/usage-and-cost.md): a run stopped
by its budget continues, with Retry / Run, once the budget allows the next call."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.usage.run_settings import budget_errors
from colloquy.errors import NotFound, ValidationFailed
from colloquy.store.row_lock import lock_row
from colloquy.store.tables import SessionRow, SurveyRow


async def _locked(db: AsyncSession, model: Any, key: str) -> Any:
    """The row, locked and read after the lock: `settings` is one JSON value that other
    requests rewrite too (personas from a group), and a change read before theirs
    committed would write their change away."""
    if not await lock_row(db, model, key):
        await db.rollback()
        return None
    return await db.get(model, key, populate_existing=True)


def check(budget: Any) -> float | None:
    errors = budget_errors(budget)
    if errors:
        raise ValidationFailed(errors)
    return None if budget is None else float(budget)


async def set_session_budget(db: AsyncSession, session_id: str, budget: Any) -> dict[str, Any]:
    value = check(budget)
    row = await _locked(db, SessionRow, session_id)
    if row is None:
        raise NotFound("Session not found")
    settings = {k: v for k, v in dict(row.settings or {}).items() if k != "budgetUsd"}
    if value is not None:
        settings["budgetUsd"] = value
    row.settings = settings  # a new dict: the JSON column sees the change
    await db.commit()
    return {"budgetUsd": value}


async def set_survey_budget(db: AsyncSession, survey_id: str, budget: Any) -> dict[str, Any]:
    value = check(budget)
    row = await _locked(db, SurveyRow, survey_id)
    if row is None:
        raise NotFound("Survey not found")
    settings = {k: v for k, v in dict(row.settings or {}).items() if k != "budgetUsd"}
    if value is not None:
        settings["budgetUsd"] = value
    row.settings = settings
    await db.commit()
    return {"budgetUsd": value}
