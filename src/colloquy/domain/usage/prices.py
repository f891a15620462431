"""The price table: US dollars per 1M tokens, per model (docs/usage-and-cost.md#prices).

Where a price comes from, in order:

1. The researcher's own prices (Settings, `PUT /api/settings/prices`), per model: an
   entry for the exact name, else for one of the provider's documented aliases of it
   (`aliases`): a dated snapshot (`gpt-4o-2024-08-06`, `claude-opus-4-20250514`), a
   `-latest` name, an OpenRouter `vendor/model` name (with dotted versions,
   `anthropic/claude-sonnet-4.5`).
2. The maintained default table (`colloquy.store.price_catalog`, the genai-prices
   package), with its own per-provider matching rules.
3. The researcher's fallback price, the entry named `*`, for any other model.

A shorter family name never prices a different model: `gpt-5` does not price `gpt-5-pro`,
`o3` does not price `o3-mini`. The embedded (local) model costs nothing. A model none of
these knows has no price (`PriceBook.match` returns None): a run with a budget refuses it.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

MAX_MODELS = 500
MAX_MODEL_NAME = 200
MAX_PRICE = 10_000.0  # per 1M tokens; anything above is a typo
FALLBACK = "*"  # the researcher's price for any model no other entry prices
FIELDS = {"input", "output", "cachedInput", "cacheWrite"}


@dataclass(frozen=True)
class Price:
    input: float  # USD per 1M prompt tokens not served from a cache
    output: float  # USD per 1M completion tokens
    cached_input: float  # USD per 1M prompt tokens served from a cache
    cache_write: float | None = None  # USD per 1M prompt tokens written to a cache

    def as_json(self) -> dict[str, float | None]:
        return {
            "input": self.input,
            "output": self.output,
            "cachedInput": self.cached_input,
            "cacheWrite": self.cache_write,
        }


FREE = Price(0.0, 0.0, 0.0)


@dataclass(frozen=True)
class PriceMatch:
    price: Price
    source: str  # "local", "yours" (the researcher's table), "default" or "fallback"
    entry: str  # the table entry that priced the model


# (provider, model name) -> the default table's price and the entry it matched, or None
Catalog = Callable[[str, str], tuple[Price, str] | None]

_SNAPSHOT = re.compile(r"-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$")
_DOTTED = re.compile(r"(?<=\d)\.(?=\d)")


def aliases(model: str) -> list[str]:
    """The name and the names the providers document for the same model, most specific
    first: without an OpenRouter `vendor/` prefix, with dotted versions dashed (OpenRouter
    writes `claude-sonnet-4.5` for `claude-sonnet-4-5`), and without a snapshot suffix
    (`-2024-08-06`, `-20250514`, `-latest`). Never a shorter family name."""
    return list(_aliases(model))


@functools.lru_cache(maxsize=1024)
def _aliases(model: str) -> tuple[str, ...]:
    """aliases(), kept per name: a run prices every call (a few lookups each)."""
    name = model.strip()
    out = [name]
    base = name.rsplit("/", 1)[-1]
    for candidate in (base, _DOTTED.sub("-", base)):
        out.append(candidate)
        out.append(_SNAPSHOT.sub("", candidate))
    return tuple(dict.fromkeys(n for n in out if n))


class PriceBook:
    """The researcher's own prices over the default table (see the module's docstring)."""

    def __init__(self, own: Mapping[str, Price], catalog: Catalog | None = None) -> None:
        self.own = dict(own)
        self.catalog = catalog

    def match(self, provider: str, model: str) -> PriceMatch | None:
        if provider == "local":
            return PriceMatch(FREE, "local", "")
        name = (model or "").strip()
        for candidate in aliases(name):
            if candidate in self.own:
                return PriceMatch(self.own[candidate], "yours", candidate)
        if self.catalog is not None and name:
            found = self.catalog(provider, name)
            if found is not None:
                return PriceMatch(found[0], "default", found[1])
        if FALLBACK in self.own:
            return PriceMatch(self.own[FALLBACK], "fallback", FALLBACK)
        return None

    def price(self, provider: str, model: str) -> Price | None:
        found = self.match(provider, model)
        return found.price if found else None


def price_for(table: Mapping[str, Price], provider: str, model: str) -> Price | None:
    """The price of `model` in `table` alone (no default table)."""
    return PriceBook(table).price(provider, model)


def missing_price_message(model: str) -> str:
    """Why a run with a budget does not start on a model without a price."""
    return (
        f"No price for the model {model!r}, so the budget cannot be kept. Set its price "
        "in Settings > Cost and budget (PUT /api/settings/prices), or a fallback price "
        f"for unpriced models (the entry {FALLBACK!r}), or remove the budget."
    )


class PriceTableError(ValueError):
    """A price table that cannot be saved; the message names the model and field."""


def parse_price_table(data: Any) -> dict[str, Price]:
    """A price table from its JSON form, or PriceTableError naming what is wrong.

    {"gpt-4o": {"input": 2.5, "output": 10, "cachedInput": 1.25, "cacheWrite": 3.1}};
    cachedInput may be left out (cached tokens then cost the input price), cacheWrite too
    (tokens written to a cache then cost the input price). Prices are numbers >= 0."""
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
        unknown = set(entry) - FIELDS
        if unknown:
            raise PriceTableError(f"{name}: unknown field {min(unknown)!r}")
        values = {}
        for key in ("input", "output", "cachedInput", "cacheWrite"):
            if entry.get(key) is None and key in ("cachedInput", "cacheWrite"):
                continue
            if key not in entry:
                raise PriceTableError(f"{name}: {key} is missing")
            values[key] = _price_value(name, key, entry[key])
        table[name] = Price(
            values["input"],
            values["output"],
            values.get("cachedInput", values["input"]),
            values.get("cacheWrite"),
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


def table_json(table: Mapping[str, Price]) -> dict[str, dict[str, float | None]]:
    return {model: price.as_json() for model, price in sorted(table.items())}
