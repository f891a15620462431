"""The price table: US dollars per 1M tokens, per model, for input, output and cached input.

The defaults are the providers' published list prices for common hosted models, as of
DEFAULT_PRICES_AS_OF (docs/usage-and-cost.md lists them with their sources). A saved table
(Settings, `PUT /api/settings/prices`) replaces them whole. The embedded (local) model
costs nothing, whatever the table says.

A model name is matched exactly first, then by the longest table entry it starts with:
"gpt-4o-mini-2024-07-18" is priced as "gpt-4o-mini", "claude-sonnet-4-6-20260101" as
"claude-sonnet-4-6". A model the table does not know costs nothing (and says so:
`price_for` returns None).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

DEFAULT_PRICES_AS_OF = "2026-11-01"
MAX_MODELS = 500
MAX_MODEL_NAME = 200
MAX_PRICE = 10_000.0  # per 1M tokens; anything above is a typo


@dataclass(frozen=True)
class Price:
    input: float  # USD per 1M prompt tokens not served from a cache
    output: float  # USD per 1M completion tokens
    cached_input: float  # USD per 1M prompt tokens served from a cache

    def as_json(self) -> dict[str, float]:
        return {"input": self.input, "output": self.output, "cachedInput": self.cached_input}


FREE = Price(0.0, 0.0, 0.0)

DEFAULT_PRICES: dict[str, Price] = {
    # OpenAI (platform.openai.com/docs/pricing)
    "gpt-4o": Price(2.5, 10.0, 1.25),
    "gpt-4o-mini": Price(0.15, 0.6, 0.075),
    "gpt-4.1": Price(2.0, 8.0, 0.5),
    "gpt-4.1-mini": Price(0.4, 1.6, 0.1),
    "gpt-4.1-nano": Price(0.1, 0.4, 0.025),
    "gpt-5": Price(1.25, 10.0, 0.125),
    "gpt-5-mini": Price(0.25, 2.0, 0.025),
    "gpt-5-nano": Price(0.05, 0.4, 0.005),
    "o4-mini": Price(1.1, 4.4, 0.275),
    # Anthropic (docs.anthropic.com pricing; cache reads at 0.1x input)
    "claude-opus-4-1": Price(15.0, 75.0, 1.5),
    "claude-opus-4-5": Price(5.0, 25.0, 0.5),
    "claude-sonnet-4-5": Price(3.0, 15.0, 0.3),
    "claude-sonnet-4-6": Price(3.0, 15.0, 0.3),
    "claude-sonnet-4": Price(3.0, 15.0, 0.3),
    "claude-haiku-4-5": Price(1.0, 5.0, 0.1),
    "claude-3-5-haiku": Price(0.8, 4.0, 0.08),
}


class PriceTableError(ValueError):
    """A price table that cannot be saved; the message names the model and field."""


def parse_price_table(data: Any) -> dict[str, Price]:
    """A price table from its JSON form, or PriceTableError naming what is wrong.

    {"gpt-4o": {"input": 2.5, "output": 10, "cachedInput": 1.25}}; cachedInput may be
    left out (then cached tokens cost the input price). Prices are numbers >= 0."""
    if not isinstance(data, Mapping):
        raise PriceTableError('The price table must be an object: {"<model>": {...}}')
    if len(data) > MAX_MODELS:
        raise PriceTableError(f"The price table has more than {MAX_MODELS} models")
    table: dict[str, Price] = {}
    for model, entry in data.items():
        name = str(model).strip()
        if not name or len(name) > MAX_MODEL_NAME:
            raise PriceTableError(f"Model names must be 1-{MAX_MODEL_NAME} characters")
        if not isinstance(entry, Mapping):
            raise PriceTableError(f"{name}: the price must be an object with input and output")
        unknown = set(entry) - {"input", "output", "cachedInput"}
        if unknown:
            raise PriceTableError(f"{name}: unknown field {min(unknown)!r}")
        values = {}
        for key in ("input", "output", "cachedInput"):
            if key not in entry:
                if key == "cachedInput":
                    continue
                raise PriceTableError(f"{name}: {key} is missing")
            values[key] = _price_value(name, key, entry[key])
        table[name] = Price(
            values["input"], values["output"], values.get("cachedInput", values["input"])
        )
    return table


def _price_value(model: str, key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PriceTableError(f"{model}: {key} must be a number (USD per 1M tokens)")
    number = float(value)
    if not math.isfinite(number) or number < 0:
        raise PriceTableError(f"{model}: {key} must be 0 or more")
    if number > MAX_PRICE:
        raise PriceTableError(f"{model}: {key} is over {MAX_PRICE:g} USD per 1M tokens")
    return number


def table_json(table: Mapping[str, Price]) -> dict[str, dict[str, float]]:
    return {model: price.as_json() for model, price in sorted(table.items())}


def price_for(table: Mapping[str, Price], provider: str, model: str) -> Price | None:
    """The price of `model`; FREE for the embedded model; None when the table has none."""
    if provider == "local":
        return FREE
    name = (model or "").strip()
    if name in table:
        return table[name]
    # "openai/gpt-4o" (OpenRouter) or a path-like name: try the last part too.
    candidates = [name, name.rsplit("/", 1)[-1]]
    best: tuple[int, Price] | None = None
    for candidate in candidates:
        for key, price in table.items():
            if candidate.startswith(key) and (best is None or len(key) > best[0]):
                best = (len(key), price)
    return best[1] if best else None
