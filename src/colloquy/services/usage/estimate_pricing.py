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
from colloquy.runtime import Runtime
from colloquy.services.usage.prompt_tokens import WORDS
from colloquy.store.tables import ModelProfileRow

ANSWERS_ASSUMPTION = (
    "Answers: low, typical and high sizes for the response length (e.g. 2, 3 and 4 "
    "sentences for 2-4); longer answers also lengthen the later prompts."
)
CACHE_ASSUMPTION = "No prompt cache: cached tokens, where the provider has them, cost less."
COMBINED_ASSUMPTION = (
    "The ends combine answer sizes, the tokenizer and re-asks as independent: each one's "
    "deviation from the expected figure, added in quadrature."
)
# Runs whose tokenizer is llama.cpp's: small local models, re-asked more often.
LLAMA_UNITS = ("the model's own tokenizer", "the server's own tokenizer")


def _assumptions(unit: str, rates: tuple[float, float, float], observed: bool) -> list[str]:
    if unit in LLAMA_UNITS:
        tokenizer = f"Tokenizer: prompts counted with {unit}."
    else:
        tokenizer = (
            f"Tokenizer: prompts at {ends.PROMPT_LOW:g}x to {ends.PROMPT_HIGH:g}x of {unit}."
        )
    reasks = _reask_assumption(rates, observed, unit in LLAMA_UNITS)
    return [ANSWERS_ASSUMPTION, tokenizer, CACHE_ASSUMPTION, COMBINED_ASSUMPTION, reasks]


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
) -> dict[str, Any]:
    def price_of(who: int | None) -> Any:
        provider, model = models[who] if who is not None and who < len(models) else default
        return book.price(provider, model)

    local = unit in LLAMA_UNITS
    low, mid, high = ends.estimate_range(plan_of, price_of, reask_rate, local, local)
    answers = sum(1 for c in plan_of(plan.TYPICAL) if c.answer)
    rates = ends.reask_rates(reask_rate, local, answers)
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
        "assumptions": _assumptions(unit, rates, reask_rate is not None),
    }


def _reask_assumption(rates: tuple[float, float, float], observed: bool, local: bool) -> str:
    low, mid, high = rates
    if not observed:
        return (
            f"Re-asked answers: {low:.0%} (low), {mid:.0%} (expected) to {high:.0%} (high) "
            "of the answers" + (" (a model on llama.cpp, often small)." if local else ".")
        )
    return (
        f"Re-asked answers: {mid:.0%} of the answers, as this model's stored answers were "
        f"({low:.0%} to {high:.0%} at the ends, with this run's number of answers)."
    )
