"""Pricing an estimate's call plan (docs/usage-and-cost.md#estimate-before-a-run): the
run's model, each participant's model by profile, and the range with its assumptions. The
session and survey estimates (estimate.py) and the interview and study ones
(estimate_study.py) share it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.usage import estimate as plan
from colloquy.domain.usage import estimate_range as ends
from colloquy.domain.usage.prices import PriceBook
from colloquy.domain.usage.reask_prior import HOSTED, Band
from colloquy.runtime import Runtime
from colloquy.services.usage.estimate_words import LLAMA_UNITS, assumptions
from colloquy.services.usage.prompt_tokens import WORDS
from colloquy.store.tables import ModelProfileRow


def model_of(runtime: Runtime | None, spec: dict[str, Any]) -> tuple[str, str]:
    provider, model = spec.get("provider"), spec.get("model")
    if (provider is None or model is None) and runtime is not None:
        from colloquy.services.trust.session_health import current_model

        now_provider, now_model = current_model(runtime)
        provider, model = provider or now_provider, model or now_model
    return str(provider or "openai"), str(model or "")


async def models_of(
    db: AsyncSession, profile_ids: list[str | None], default: tuple[str, str]
) -> list[tuple[str, str]]:
    """(provider, model) per participant: its profile's model, else the run's."""
    wanted = {i for i in profile_ids if i}
    rows = {}
    if wanted:
        found = await db.execute(
            select(ModelProfileRow.id, ModelProfileRow.provider, ModelProfileRow.model).where(
                ModelProfileRow.id.in_(wanted)
            )
        )
        rows = {i: (str(p or ""), str(m or "")) for i, p, m in found}
    return [rows.get(i or "", default) for i in profile_ids]


def priced_result(
    book: PriceBook,
    plan_of: Any,
    models: list[tuple[str, str]],
    default: tuple[str, str],
    basis: str,
    reask_rate: float | None = None,
    unit: str = WORDS,
    prior: tuple[Band, float | None] = (HOSTED, None),
) -> dict[str, Any]:
    """`prior`: the re-ask band for a model with no history and the size it was chosen by
    (services/usage/reask_prior.py)."""

    def price_of(who: int | None) -> Any:
        provider, model = models[who] if who is not None and who < len(models) else default
        return book.price(provider, model)

    own = unit in LLAMA_UNITS
    band, size = prior
    low, mid, high = ends.estimate_range(plan_of, price_of, reask_rate, band, own)
    answers = sum(1 for c in plan_of(plan.TYPICAL) if c.answer)
    rates = ends.reask_rates(reask_rate, band, answers)
    everyone = [default, *models]
    unpriced = [m for p, m in dict.fromkeys(everyone) if book.match(p, m) is None]
    return {
        **mid.usage().as_json(),
        "calls": mid.calls,
        "provider": default[0],
        "model": default[1],
        "priced": not unpriced,
        "unpriced": unpriced,
        "basis": basis.format(unit=unit),
        "range": {"low": low.usage().as_json(), "high": high.usage().as_json()},
        "assumptions": assumptions(unit, rates, reask_rate is not None, size),
    }
