"""Meter a run (docs/usage-and-cost.md): the price table, the budget and what was spent so far,
loaded when a session or survey run starts (a run continued after the budget was raised loads
the new one)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any, TypeVar

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.domain.usage.cost import budget_value
from colloquy.domain.usage.prices import PriceBook
from colloquy.engine.voices import Voice
from colloquy.llm.metered import MeteredProvider, UsageMeter
from colloquy.llm.provider import Provider
from colloquy.store.tables import MessageRow, SessionRow, SurveyAnswerRow, SurveyRow
from colloquy.store.usage_columns import usage_columns
from colloquy.store.usage_settings import (
    PRICE_RECHECK_SECONDS,
    default_budget,
    price_book,
    prices_generation,
)


async def run_budget(
    db: AsyncSession, settings: dict[str, Any] | None, workspace_id: str | None = None
) -> float | None:
    """The run's own budget (settings.budgetUsd), else its workspace's default budget."""
    if settings and settings.get("budgetUsd") is not None:
        return budget_value(settings.get("budgetUsd"))
    return await default_budget(db, workspace_id)


async def meter_for(
    factory: async_sessionmaker[AsyncSession],
    settings: dict[str, Any] | None,
    *,
    session_id: str | None = None,
    survey_id: str | None = None,
) -> UsageMeter:
    """The run's meter: the prices (read again before a call when they may have changed:
    PRICE_RECHECK_SECONDS), the budget, and what the run spent so far."""
    generation, read_at = prices_generation(), time.monotonic()
    async with factory() as db:
        book = await price_book(db)
        owner: Any = SessionRow if session_id is not None else SurveyRow
        workspace_id = await db.scalar(
            select(owner.workspace_id).where(owner.id == (session_id or survey_id))
        )
        budget = await run_budget(db, settings, workspace_id)
        if session_id is not None:
            spent = await db.scalar(
                select(func.coalesce(func.sum(MessageRow.cost_usd), 0.0)).where(
                    MessageRow.session_id == session_id
                )
            )
        else:
            spent = await db.scalar(
                select(func.coalesce(func.sum(SurveyAnswerRow.cost_usd), 0.0)).where(
                    SurveyAnswerRow.survey_id == survey_id
                )
            )

    async def reload() -> PriceBook:
        nonlocal book, generation, read_at
        if generation == prices_generation() and time.monotonic() - read_at < PRICE_RECHECK_SECONDS:
            return book
        generation, read_at = prices_generation(), time.monotonic()  # before the read
        async with factory() as db:
            book = await price_book(db)
        return book

    return UsageMeter(book, budget, float(spent or 0.0), reload)


def unpriced_voices(meter: UsageMeter, providers: list[Any]) -> list[str]:
    """The run's models that have no price while it has a budget."""
    pairs = [(str(getattr(p, "name", "")), str(getattr(p, "model", "") or "")) for p in providers]
    return meter.unpriced(pairs)


async def metered(
    factory: async_sessionmaker[AsyncSession],
    provider: Provider,
    settings: dict[str, Any] | None,
    *,
    session_id: str | None = None,
    survey_id: str | None = None,
) -> MeteredProvider:
    meter = await meter_for(factory, settings, session_id=session_id, survey_id=survey_id)
    return MeteredProvider(provider, meter)


K = TypeVar("K")


def metered_voices(voices: dict[K, Voice], meter: UsageMeter) -> dict[K, Voice]:
    """Every voice's provider metered by `meter` (one wrapper per provider)."""
    wrapped: dict[int, MeteredProvider] = {}

    def wrap(inner: Provider) -> MeteredProvider:
        if isinstance(inner, MeteredProvider):
            return inner
        if id(inner) not in wrapped:
            wrapped[id(inner)] = MeteredProvider(inner, meter)
        return wrapped[id(inner)]

    return {k: replace(v, provider=wrap(v.provider)) for k, v in voices.items()}


async def metered_run(
    factory: async_sessionmaker[AsyncSession],
    provider: Provider,
    voices: dict[int, Voice],
    settings: dict[str, Any] | None,
    *,
    session_id: str,
) -> tuple[MeteredProvider, dict[int, Voice]]:
    """The run's provider and every participant's (mixed panels), metered by one meter."""
    meter = await meter_for(factory, settings, session_id=session_id)
    default = MeteredProvider(provider, meter)
    same = {
        k: replace(v, provider=default) if v.provider is provider else v for k, v in voices.items()
    }
    return default, metered_voices(same, meter)


def usage_json(provider: Any, task: Any) -> dict[str, Any] | None:
    """What the task's calls through a metered provider used, as a message stores it."""
    if not isinstance(provider, MeteredProvider):
        return None
    usage = provider.meter.take(task)
    return usage.as_json() if usage is not None else None


def answer_usage(provider: Any) -> dict[str, Any]:
    """The survey answer's usage columns: what the current task's calls used."""
    usage = (
        provider.meter.take(asyncio.current_task())
        if isinstance(provider, MeteredProvider)
        else None
    )
    return usage_columns(usage.as_json() if usage is not None else None)
