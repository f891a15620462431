"""The default prices: the genai-prices package's table (docs/usage-and-cost.md#prices).

genai-prices (pydantic/genai-prices, MIT) ships the providers' list prices for some
2,000 models, with each provider's own name matching (dated snapshots, aliases), cache
read and write prices, price changes by date and OpenRouter's `vendor/model` names. The
package's data is read as installed, never fetched (its auto-update is not used), so a
newer release of the package brings newer prices with no change here.

Tiered prices (a higher price past 200k prompt tokens) count at their base tier: no
Colloquy prompt comes near the first tier.
"""

from __future__ import annotations

import functools
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from colloquy.domain.usage.prices import Price

SOURCE = "genai-prices"
# Colloquy's provider names and the genai-prices provider each one tries first.
PROVIDER_IDS = {"openai": "openai", "anthropic": "anthropic"}


def _mtok(value: Any) -> float | None:
    """A price per 1M tokens: a number, or a tiered price's base; None when absent."""
    if value is None:
        return None
    base = getattr(value, "base", value)
    return float(base) if isinstance(base, Decimal | int | float) else None


def _price(model: Any, when: datetime) -> Price | None:
    prices = model.get_prices(when)
    inp, out = (
        _mtok(getattr(prices, "input_mtok", None)),
        _mtok(getattr(prices, "output_mtok", None)),
    )
    if inp is None or out is None:
        return None  # not a per-token text model (images, search)
    cached = _mtok(getattr(prices, "cache_read_mtok", None))
    written = _mtok(getattr(prices, "cache_write_mtok", None))
    return Price(inp, out, inp if cached is None else cached, written)


@functools.lru_cache(maxsize=2048)
def _lookup(provider: str, model: str, day: date) -> tuple[Price, str] | None:
    from genai_prices import data_snapshot

    snapshot = data_snapshot.get_snapshot()
    tries: list[str | None] = []
    if "/" in model:
        tries.append("openrouter")  # OpenRouter's vendor/model names
    if provider in PROVIDER_IDS:
        tries.append(PROVIDER_IDS[provider])
    tries.append(None)  # the provider the model's name belongs to
    when = datetime(day.year, day.month, day.day, tzinfo=UTC)
    for provider_id in dict.fromkeys(tries):
        try:
            found, info = snapshot.find_provider_model(model, None, provider_id, None)
        except LookupError:
            continue
        price = _price(info, when)
        if price is not None:
            return price, f"{found.id}:{info.id}"
    return None


def warm() -> None:
    """Load the table (a 1.6 MB module: ~1-2 s) so the first price lookup of a run or an
    estimate does not hold up the event loop; the app calls it in a thread at startup."""
    from genai_prices import data_snapshot

    data_snapshot.get_snapshot()


def catalog_price(provider: str, model: str) -> tuple[Price, str] | None:
    """The default price of `model` today and the entry that priced it
    ("openai:gpt-5-pro"), or None when the table does not know it."""
    if not model:
        return None
    return _lookup(provider, model.strip(), datetime.now(UTC).date())


@functools.lru_cache(maxsize=1)
def catalog_info() -> dict[str, Any]:
    """The table's source, version, and the date of the newest price change it records
    that has taken effect (the package does not record when its prices were checked)."""
    from importlib.metadata import version

    from genai_prices import data_snapshot

    today = datetime.now(UTC).date()
    newest: date | None = None
    for provider in data_snapshot.get_snapshot().providers:
        for model in provider.models:
            if isinstance(model.prices, list):
                for conditional in model.prices:
                    start = getattr(conditional.constraint, "start_date", None)
                    if isinstance(start, date) and start <= today:
                        newest = start if newest is None else max(newest, start)
    return {
        "source": SOURCE,
        "version": version("genai-prices"),
        "asOf": newest.isoformat() if newest else None,
    }
