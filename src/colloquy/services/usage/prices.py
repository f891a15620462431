"""The researcher's prices, the default table they override, and the default budget
(app_settings rows `prices`, `usage`; docs/usage-and-cost.md#prices)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.usage.prices import PriceTableError, parse_price_table, table_json
from colloquy.errors import ValidationFailed
from colloquy.store.price_catalog import catalog_info, catalog_price
from colloquy.store.tables import AppSettingRow
from colloquy.store.usage_settings import (
    PRICES_KEY,
    USAGE_KEY,
    default_budget,
    price_book,
    price_table,
    prices_saved,
    workspace_usage_key,
)
from colloquy.store.workspace_scope import current_workspace

__all__ = ["default_budget", "price_table"]

# The models whose default prices the Settings screen lists (the prices are the package's).
SHOWN_DEFAULTS = [
    ("openai", "gpt-5"),
    ("openai", "gpt-5-mini"),
    ("openai", "gpt-5-nano"),
    ("openai", "gpt-5-pro"),
    ("openai", "gpt-4.1"),
    ("openai", "gpt-4.1-mini"),
    ("openai", "gpt-4o"),
    ("openai", "gpt-4o-mini"),
    ("openai", "o3"),
    ("openai", "o3-mini"),
    ("openai", "o4-mini"),
    ("anthropic", "claude-opus-4-1"),
    ("anthropic", "claude-sonnet-4-5"),
    ("anthropic", "claude-haiku-4-5"),
    ("anthropic", "claude-3-5-haiku"),
]


async def prices_view(db: AsyncSession) -> dict[str, Any]:
    return table_json(await price_table(db))


async def save_prices(db: AsyncSession, data: Any) -> dict[str, Any]:
    """Replace the table; a bad one is refused whole (nothing is saved)."""
    try:
        table = parse_price_table(data)
    except PriceTableError as exc:
        raise ValidationFailed([str(exc)]) from exc
    stored = table_json(table)
    await _put(db, PRICES_KEY, {"table": stored})
    prices_saved()  # the runs under way read the table again before their next call
    return stored


async def reset_prices(db: AsyncSession) -> dict[str, Any]:
    row = await db.get(AppSettingRow, PRICES_KEY)
    if row is not None:
        await db.delete(row)
        await db.commit()
        prices_saved()
    return {}


def defaults_info() -> dict[str, Any]:
    """The default table's source, version and date, and the prices of common models."""
    shown = {}
    for provider, model in SHOWN_DEFAULTS:
        found = catalog_price(provider, model)
        if found is not None:
            shown[model] = found[0]
    return {**catalog_info(), "prices": table_json(shown)}


async def lookup_price(db: AsyncSession, provider: str, model: str) -> dict[str, Any]:
    """Which price a run on this model would use, and where it comes from."""
    found = (await price_book(db)).match(provider, model)
    return {
        "provider": provider,
        "model": model,
        "priced": found is not None,
        "source": found.source if found else None,
        "entry": found.entry if found else None,
        "price": found.price.as_json() if found else None,
    }


async def save_default_budget(db: AsyncSession, budget: float | None) -> dict[str, Any]:
    """Saved for the request's workspace (the server's, outside any workspace)."""
    workspace_id = current_workspace()
    await _put(
        db, workspace_usage_key(workspace_id) if workspace_id else USAGE_KEY, {"budgetUsd": budget}
    )
    return {"budgetUsd": budget}


async def _put(db: AsyncSession, key: str, data: dict[str, Any]) -> None:
    row = await db.get(AppSettingRow, key)
    if row is None:
        db.add(AppSettingRow(key=key, data=data))
    else:
        row.data = data
    await db.commit()
