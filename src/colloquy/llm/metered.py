"""A provider that counts what each call costs and keeps a run within its budget
(docs/usage-and-cost.md).

Wraps any Provider. Before a call: would its upper bound (the prompt's estimate plus the
answer's token limit, at the model's price) take the run's spend, with the bounds of the
calls already under way, past the budget? Then BudgetReached, and no call. After it: the
usage the provider reported, priced with the table the run loaded, added to the spend and
to what the calling asyncio task has used (`take`), so a runner can store each message's
own usage even when several answers are generated at once.

No silent budget (docs/usage-and-cost.md#budgets): with a budget, a call on a model that
has no price is refused (PriceMissing) rather than counted as free. The prices are read
again before each call (`reload`), so a price saved mid-run applies from the next call.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from colloquy.domain.usage.cost import ZERO, Usage, budget_message, call_cost, priced, would_pass
from colloquy.domain.usage.prices import Price, PriceBook, missing_price_message
from colloquy.llm.provider import Provider, TokenCallback
from colloquy.llm.types import ChatRequest, ChatResult, estimate_prompt_tokens


class BudgetReached(Exception):
    """The next call would pass the budget: the run stops and says how much was spent."""

    def __init__(self, spent: float, budget: float) -> None:
        self.spent, self.budget = spent, budget
        self.message = budget_message(spent, budget)
        super().__init__(self.message)

    @property
    def error(self) -> dict[str, Any]:
        return {"status": None, "message": self.message}


class PriceMissing(BudgetReached):
    """A run with a budget reached a model without a price: it stops, as at its budget,
    with a message that names the model and where to set its price."""

    def __init__(self, model: str, spent: float, budget: float) -> None:
        self.spent, self.budget, self.model = spent, budget, model
        self.message = missing_price_message(model)
        Exception.__init__(self, self.message)


PriceReload = Callable[[], Awaitable[PriceBook]]


class UsageMeter:
    def __init__(
        self,
        table: Mapping[str, Price] | PriceBook,
        budget: float | None = None,
        spent: float = 0.0,
        reload: PriceReload | None = None,
    ) -> None:
        self.book = table if isinstance(table, PriceBook) else PriceBook(table)
        self.budget = budget
        self.spent = spent
        self.reload = reload
        self.reserved = 0.0
        # Calls admitted and not yet released. "Is a call under way?" is asked of this
        # count, never of `reserved`: a float sum of bounds added and taken away in another
        # order can end a hair above zero (1e-19) with no call under way, and a call that
        # waited for it then waited forever instead of stopping at the budget.
        self.under_way = 0
        self.by_task: dict[asyncio.Task[Any] | None, Usage] = {}
        self._changed: asyncio.Condition | None = None  # a reservation was released

    def price(self, provider: str, model: str) -> Price | None:
        return self.book.price(provider, model)

    def unpriced(self, models: list[tuple[str, str]]) -> list[str]:
        """The models, of (provider, model) pairs, that have no price while a budget is
        set (a run on them would not keep it); none without a budget."""
        if self.budget is None:
            return []
        return list(dict.fromkeys(m for p, m in models if self.book.match(p, m) is None))

    async def refresh(self) -> None:
        """Read the prices again (a price saved mid-run counts from the next call)."""
        if self.reload is not None:
            self.book = await self.reload()

    def bound(self, req: ChatRequest, provider: str, model: str) -> float:
        """The most the call can cost: its prompt (estimated) and a full-length answer."""
        return call_cost(self.price(provider, model), estimate_prompt_tokens(req), req.max_tokens)

    async def admit(self, req: ChatRequest, provider: str, model: str) -> float:
        """Reserve the call's bound, or raise BudgetReached. While calls under way hold
        reservations that keep this one out, it waits for them (their real cost is
        usually far below their bound); with none under way, it is refused. With a
        budget, a model without a price is refused (PriceMissing)."""
        await self.refresh()
        if self.budget is not None and self.book.match(provider, model) is None:
            raise PriceMissing(model, self.spent, self.budget)
        bound = self.bound(req, provider, model)
        if self._changed is None:
            self._changed = asyncio.Condition()
        async with self._changed:
            while would_pass(self.spent, self.reserved, bound, self.budget):
                if self.under_way == 0:
                    assert self.budget is not None
                    raise BudgetReached(self.spent, self.budget)
                await self._changed.wait()
            self.reserved += bound
            self.under_way += 1
        return bound

    async def release(self, bound: float) -> None:
        assert self._changed is not None
        async with self._changed:
            self.under_way -= 1
            self.reserved = max(0.0, self.reserved - bound) if self.under_way else 0.0
            self._changed.notify_all()

    def record(self, result: ChatResult, provider: str, model: str) -> Usage:
        # The model the server names (a dated snapshot) if priced, else the one asked for.
        price = (self.price(provider, result.model) if result.model else None) or self.price(
            provider, model
        )
        usage = priced(
            price,
            result.prompt_tokens,
            result.completion_tokens,
            result.cached_tokens,
            result.cache_write_tokens,
        )
        self.spent = round(self.spent + usage.cost_usd, 8)
        task = asyncio.current_task()
        self.by_task[task] = self.by_task.get(task, ZERO) + usage
        return usage

    def take(self, task: asyncio.Task[Any] | None) -> Usage | None:
        """What the task's calls used (and forget it); None when it made none."""
        return self.by_task.pop(task, None)


class MeteredProvider:
    """The wrapped provider's calls, metered; everything else is the provider's own."""

    def __init__(self, inner: Provider, meter: UsageMeter) -> None:
        self.inner = inner
        self.meter = meter
        self.name: str = inner.name
        self.model: str = inner.model
        self.supports_images: bool = inner.supports_images

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def chat(self, req: ChatRequest) -> ChatResult:
        return await self._metered(req, lambda: self.inner.chat(req))

    async def stream(
        self,
        req: ChatRequest,
        on_token: TokenCallback,
        on_retry: Callable[[], None] | None = None,
        on_wait: Callable[[], None] | None = None,
    ) -> ChatResult:
        return await self._metered(req, lambda: self.inner.stream(req, on_token, on_retry, on_wait))

    async def _metered(self, req: ChatRequest, call: Callable[[], Any]) -> ChatResult:
        model = self.inner.model
        bound = await self.meter.admit(req, self.inner.name, model)
        try:
            result: ChatResult = await call()
            self.meter.record(result, self.inner.name, model)
        finally:
            await asyncio.shield(self.meter.release(bound))
        return result

    async def aclose(self) -> None:
        await self.inner.aclose()
