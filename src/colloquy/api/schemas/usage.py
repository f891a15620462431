"""Usage, prices, estimates and budgets (docs/usage-and-cost.md)."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from colloquy.schemas.common import CamelModel, RequestModel
from colloquy.schemas.usage import StrictUsd


class UsageOut(CamelModel):
    """Sums of what the providers reported; cost priced at the time of each call."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    cost_usd: float = 0.0


class PriceOut(CamelModel):
    input: float
    output: float
    cached_input: float
    cache_write: float | None = None  # USD per 1M tokens written to a cache; null: input


class PriceDefaultsOut(CamelModel):
    source: str  # the package the default prices come from
    version: str  # its installed version
    as_of: str | None  # the newest price change it records that has taken effect
    prices: dict[str, PriceOut]  # the defaults of common models


class PriceLookupOut(CamelModel):
    provider: str
    model: str
    priced: bool
    source: str | None  # "yours", "default", "fallback" or "local"
    entry: str | None  # the table entry that prices it
    price: PriceOut | None


class RunSettingsIn(RequestModel):
    budget_usd: StrictUsd | None = None
    webhook_url: str | None = Field(default=None, max_length=2000)


class RunSettingsOut(CamelModel):
    budget_usd: float | None = None
    webhook_url: str | None = None


class BudgetIn(RequestModel):
    budget_usd: StrictUsd | None = None


class BudgetOut(CamelModel):
    budget_usd: float | None = None


class EstimateRangeOut(CamelModel):
    """The low and high ends of the estimate (the expected figures are the estimate's own)."""

    low: UsageOut
    high: UsageOut


class EstimateOut(CamelModel):
    calls: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    provider: str
    model: str
    priced: bool  # False: a model of the run has no price (its calls count 0)
    unpriced: list[str] = Field(default_factory=list)  # the run's models without a price
    basis: str  # how it was computed, in one sentence
    range: EstimateRangeOut
    assumptions: list[str]  # what the low and high ends assume


class WebhookSettingsIn(RequestModel):
    url: str | None = Field(default=None, max_length=2000)
    secret: str | None = Field(default=None, max_length=500)  # write-only; "" removes it


class WebhookSettingsOut(CamelModel):
    url: str | None = None
    has_secret: bool = False
    header: str


class WebhookDeliveryOut(CamelModel):
    id: str
    target_kind: str
    target_id: str
    event: str
    url: str
    status: str
    attempts: int
    last_error: str | None = None
    created_at: datetime
    updated_at: datetime
