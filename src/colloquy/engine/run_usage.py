"""Meter a run (docs/usage-and-cost.md): the price table, the budget and what was spent so far,
loaded when a session or survey run starts (a run continued after the budget was raised loads
the new one)."""

from __future__ import annotations

import asyncio
import time
import weakref
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
    PRICE_RECHECK_SECONDS, one read for every run of the process: _SharedPrices), the
    budget, and what the run spent so far."""
    shared = _shared_prices(factory)
    generation, read_at = prices_generation(), time.monotonic()
    async with factory() as db:
        book = await price_book(db)
        shared.offer(book, generation, read_at)
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

    return UsageMeter(book, budget, float(spent or 0.0), shared.book)


class _SharedPrices:
    """The price book every run of this process reads before its calls: read again only
    when a price was saved through this process since the last read, or
    PRICE_RECHECK_SECONDS have passed (a price saved by another process). One book for all
    runs: twenty sessions at once each reading it every second cost a database round trip
    per session and second (docs/performance.md). Callers that find it stale while a read
    is under way wait for that read, unless a price was saved after it started."""

    def __init__(self, factory: async_sessionmaker[AsyncSession]) -> None:
        self.factory = factory
        self.current: PriceBook | None = None
        self.generation = -1  # prices_generation() when `current` was read
        self.read_at = 0.0  # time.monotonic() when its read started
        self.reading: asyncio.Future[PriceBook] | None = None
        self.reading_generation = -1

    def fresh(self) -> bool:
        return (
            self.current is not None
            and self.generation == prices_generation()
            and time.monotonic() - self.read_at < PRICE_RECHECK_SECONDS
        )

    def offer(self, book: PriceBook, generation: int, read_at: float) -> None:
        """A book read elsewhere (a run's start), kept when newer than the one held."""
        if self.current is None or read_at >= self.read_at:
            self.current, self.generation, self.read_at = book, generation, read_at

    async def book(self) -> PriceBook:
        if self.fresh():
            assert self.current is not None
            return self.current
        generation = prices_generation()
        if self.reading is None or self.reading_generation != generation:
            self.reading_generation = generation
            self.reading = asyncio.ensure_future(self._read(generation))
            self.reading.add_done_callback(lambda f: f.cancelled() or f.exception())  # seen
        return await asyncio.shield(self.reading)

    async def _read(self, generation: int) -> PriceBook:
        read_at = time.monotonic()  # before the read
        try:
            async with self.factory() as db:
                book = await price_book(db)
        finally:
            if self.reading is asyncio.current_task():
                self.reading = None
        self.offer(book, generation, read_at)
        return book


_shared: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop,
    weakref.WeakKeyDictionary[async_sessionmaker[AsyncSession], _SharedPrices],
] = weakref.WeakKeyDictionary()


def _shared_prices(factory: async_sessionmaker[AsyncSession]) -> _SharedPrices:
    """The shared price book of this loop and database (tests run several of each)."""
    per_loop = _shared.setdefault(asyncio.get_running_loop(), weakref.WeakKeyDictionary())
    shared = per_loop.get(factory)
    if shared is None:
        shared = per_loop[factory] = _SharedPrices(factory)
    return shared


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
