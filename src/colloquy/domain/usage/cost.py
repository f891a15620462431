"""Usage as the providers report it, its cost, and the budget rule.

Usage of one call: prompt tokens (all of them, including those served from a cache),
completion tokens and cached tokens (the part of the prompt read from the cache). Its cost
with a price per 1M tokens:

    (prompt - cached - written) x input + cached x cachedInput + written x cacheWrite
      + completion x output, / 1,000,000

(`written`: prompt tokens written to the provider's cache, which Anthropic reports and bills
at 1.25x its input price; a price without a cache-write price bills them as input).

Sums of usage are plain sums; costs are summed as each call was priced (the table at the
time of the call), not re-priced.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from colloquy.domain.usage.prices import Price

PER_TOKENS = 1_000_000
COST_DECIMALS = 8  # costs are stored rounded to 1e-8 USD (sums stay exact enough)


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    cost_usd: float = 0.0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.cached_tokens + other.cached_tokens,
            round(self.cost_usd + other.cost_usd, COST_DECIMALS),
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "promptTokens": self.prompt_tokens,
            "completionTokens": self.completion_tokens,
            "cachedTokens": self.cached_tokens,
            "costUsd": self.cost_usd,
        }


ZERO = Usage()


def call_cost(
    price: Price | None, prompt: int, completion: int, cached: int = 0, written: int = 0
) -> float:
    """The cost of one call in USD; no price (a model the table does not know): 0."""
    if price is None:
        return 0.0
    cached = max(0, min(cached, prompt))
    written = max(0, min(written, prompt - cached))
    write_price = price.input if price.cache_write is None else price.cache_write
    total = (
        (prompt - cached - written) * price.input
        + cached * price.cached_input
        + written * write_price
        + completion * price.output
    )
    return round(total / PER_TOKENS, COST_DECIMALS)


def priced(
    price: Price | None, prompt: int, completion: int, cached: int = 0, written: int = 0
) -> Usage:
    prompt, completion = max(0, prompt), max(0, completion)
    cached = max(0, min(cached, prompt))
    cost = call_cost(price, prompt, completion, cached, written)
    return Usage(prompt, completion, cached, cost)


def total(usages: Iterable[Usage]) -> Usage:
    out = ZERO
    for u in usages:
        out = out + u
    return out


def usage_from_json(data: Any) -> Usage:
    """A stored/posted usage object, tolerant of missing or bad fields (they count 0)."""
    if not isinstance(data, Mapping):
        return ZERO

    def num(key: str) -> float:
        value = data.get(key)
        return value if isinstance(value, int | float) and not isinstance(value, bool) else 0

    return Usage(
        int(num("promptTokens")),
        int(num("completionTokens")),
        int(num("cachedTokens")),
        float(num("costUsd")),
    )


def cache_share(usage: Usage) -> float:
    """The share of prompt tokens served from a cache (0 when there were none)."""
    return usage.cached_tokens / usage.prompt_tokens if usage.prompt_tokens else 0.0


# -- the budget ---------------------------------------------------------------------------


def format_usd(value: float) -> str:
    """'$12.50', '$0.05', '$0.0481': two decimals, up to four below a dollar."""
    value = max(0.0, value)
    if value >= 1 or value == 0:
        return f"${value:,.2f}"
    text = f"{value:.4f}".rstrip("0")
    whole, _, frac = text.partition(".")
    return f"${whole}.{frac.ljust(2, '0')}"


def budget_message(spent: float, budget: float) -> str:
    """The message of a run stopped by its budget."""
    return f"Budget reached: {format_usd(spent)} of {format_usd(budget)} spent"


def would_pass(spent: float, reserved: float, next_cost: float, budget: float | None) -> bool:
    """Whether the next call, priced at its upper bound `next_cost`, would take the spend
    past the budget (`reserved`: the bounds of calls already under way). No budget: never."""
    if budget is None:
        return False
    return spent + reserved + next_cost > budget + 1e-12


def budget_value(value: Any) -> float | None:
    """A budget as stored in settings: a number >= 0, else None (no budget)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if value >= 0 else None
