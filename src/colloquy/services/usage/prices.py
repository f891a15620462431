"""The saved price table and the default budget (app_settings rows `prices`, `usage`)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.usage.prices import (
    DEFAULT_PRICES,
    DEFAULT_PRICES_AS_OF,
    PriceTableError,
    parse_price_table,
    table_json,
)
from colloquy.errors import ValidationFailed
from colloquy.store.models import AppSettingRow
from colloquy.store.usage_settings import PRICES_KEY, USAGE_KEY, default_budget, price_table

__all__ = ["default_budget", "price_table"]


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
    return stored


async def reset_prices(db: AsyncSession) -> dict[str, Any]:
    row = await db.get(AppSettingRow, PRICES_KEY)
    if row is not None:
        await db.delete(row)
        await db.commit()
    return table_json(DEFAULT_PRICES)


def defaults_info() -> dict[str, Any]:
    return {"asOf": DEFAULT_PRICES_AS_OF, "prices": table_json(DEFAULT_PRICES)}


async def save_default_budget(db: AsyncSession, budget: float | None) -> dict[str, Any]:
    await _put(db, USAGE_KEY, {"budgetUsd": budget})
    return {"budgetUsd": budget}


async def _put(db: AsyncSession, key: str, data: dict[str, Any]) -> None:
    row = await db.get(AppSettingRow, key)
    if row is None:
        db.add(AppSettingRow(key=key, data=data))
    else:
        row.data = data
    await db.commit()
