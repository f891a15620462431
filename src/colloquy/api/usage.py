"""The price table, the default budget, estimates before a run and the
budget of one session or survey."""

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query
from pydantic import Field

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.schemas.usage import (
    BudgetIn,
    BudgetOut,
    EstimateOut,
    PriceDefaultsOut,
    PriceLookupOut,
    PriceOut,
)
from colloquy.schemas.sessions import SessionCreate
from colloquy.schemas.surveys import SurveyCreate, SurveySettingsIn
from colloquy.services.usage import budget, estimate, prices

router = APIRouter(tags=["usage"])


class SessionEstimateIn(SessionCreate):
    """The create body, and the model to price it for (default: the current one)."""

    provider: str | None = Field(default=None, max_length=20)
    model: str | None = Field(default=None, max_length=300)


class SurveyEstimateIn(SurveyCreate):
    provider: str | None = Field(default=None, max_length=20)
    model: str | None = Field(default=None, max_length=300)


# SurveyCreate names SurveySettingsIn before defining it (postponed annotations).
SurveyEstimateIn.model_rebuild(_types_namespace={"SurveySettingsIn": SurveySettingsIn})


PriceTable = dict[str, PriceOut]


@router.get("/settings/prices", response_model=PriceTable)
async def get_prices(db: SessionDep) -> dict[str, Any]:
    """Your own prices (USD per 1M tokens per model: input, output, cachedInput,
    cacheWrite); they override the default table per model; `*` is the fallback price."""
    return await prices.prices_view(db)


@router.put(
    "/settings/prices",
    response_model=PriceTable,
    responses={422: {"description": "A price that is negative or not a number"}},
)
async def put_prices(db: SessionDep, body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    """Replace your prices: {"<model>": {"input": 2.5, "output": 10, "cachedInput": 1.25}}."""
    return await prices.save_prices(db, body)


@router.delete("/settings/prices", response_model=PriceTable)
async def reset_prices(db: SessionDep) -> dict[str, Any]:
    """Remove your prices: the default table alone."""
    return await prices.reset_prices(db)


@router.get("/settings/prices/defaults", response_model=PriceDefaultsOut)
async def price_defaults() -> dict[str, Any]:
    """The default table's source, version and date, and the defaults of common models."""
    return prices.defaults_info()


@router.get("/settings/prices/lookup", response_model=PriceLookupOut)
async def price_lookup(
    db: SessionDep,
    model: Annotated[str, Query(min_length=1, max_length=300)],
    provider: Annotated[str, Query(max_length=20)] = "openai",
) -> dict[str, Any]:
    """The price a run on this model would use: yours, the default table's, the fallback
    (`*`), or none (a run with a budget is then refused)."""
    return await prices.lookup_price(db, provider, model)


@router.get("/settings/budget", response_model=BudgetOut)
async def get_default_budget(db: SessionDep) -> dict[str, Any]:
    """The default budget (USD) of a session or survey without its own; null: none."""
    return {"budgetUsd": await prices.default_budget(db)}


@router.put("/settings/budget", response_model=BudgetOut)
async def put_default_budget(body: BudgetIn, db: SessionDep) -> dict[str, Any]:
    budget.check(body.budget_usd)
    return await prices.save_default_budget(db, body.budget_usd)


@router.post("/sessions/estimate", response_model=EstimateOut)
async def estimate_session(
    body: SessionEstimateIn, db: SessionDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """What a session set up like this would cost (the create body; nothing is stored)."""
    return await estimate.estimate_session_request(db, runtime, body.model_dump(by_alias=True))


@router.post("/surveys/estimate", response_model=EstimateOut)
async def estimate_survey(
    body: SurveyEstimateIn, db: SessionDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """What a survey set up like this would cost (the create body; nothing is stored)."""
    spec = body.model_dump(by_alias=True)
    return await estimate.estimate_survey_request(db, runtime, body, spec)


@router.put("/sessions/{session_id}/budget", response_model=BudgetOut)
async def put_session_budget(session_id: str, body: BudgetIn, db: SessionDep) -> dict[str, Any]:
    """Set or raise the session's budget; then Retry continues a run stopped by it."""
    return await budget.set_session_budget(db, session_id, body.budget_usd)


@router.put("/surveys/{survey_id}/budget", response_model=BudgetOut)
async def put_survey_budget(survey_id: str, body: BudgetIn, db: SessionDep) -> dict[str, Any]:
    """Set or raise the survey's budget; then Run continues it."""
    return await budget.set_survey_budget(db, survey_id, body.budget_usd)
