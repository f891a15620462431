"""Reading the saved price table and default budget (app_settings rows `prices`, `usage`);
services/usage/prices.py saves them, runs read them when they start (docs/usage-and-cost.md)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.usage.cost import budget_value
from colloquy.domain.usage.prices import Price, PriceBook, PriceTableError, parse_price_table
from colloquy.store.price_catalog import catalog_price
from colloquy.store.tables import AppSettingRow
from colloquy.store.workspace_scope import current_workspace

PRICES_KEY = "prices"
USAGE_KEY = "usage"  # {budgetUsd: number | null}: the default budget of runs
# A workspace's own default budget: `usage:<workspace id>`, same shape (docs/usage-and-cost.md).

# A run's meter reads the price table again before a call only when a price was saved
# through this process since its last read, or PRICE_RECHECK_SECONDS have passed (a price
# saved by another process of a deployment): a read before every call was about 10 ms of
# database round trips between one answer and the next (docs/performance.md).
PRICE_RECHECK_SECONDS = 1.0
_prices_saved = 0


def prices_saved() -> None:
    """Note that the price table was saved (call once it is committed)."""
    global _prices_saved
    _prices_saved += 1


def prices_generation() -> int:
    """How many times prices were saved through this process."""
    return _prices_saved


async def price_table(db: AsyncSession) -> dict[str, Price]:
    """The researcher's own prices (empty when none were saved, or they no longer read)."""
    row = await db.get(AppSettingRow, PRICES_KEY)
    if row is None:
        return {}
    try:
        return parse_price_table((row.data or {}).get("table"))
    except PriceTableError:
        return {}


async def price_book(db: AsyncSession) -> PriceBook:
    """The researcher's prices over the maintained default table."""
    return PriceBook(await price_table(db), catalog_price)


def workspace_usage_key(workspace_id: str) -> str:
    """The app_settings row of one workspace's default budget."""
    return f"{USAGE_KEY}:{workspace_id}"


async def default_budget(db: AsyncSession, workspace_id: str | None = None) -> float | None:
    """The default budget of a run in `workspace_id` (None: the request's workspace): the
    workspace's own (`usage:<id>`) once an admin set it, else the server's (`usage`)."""
    workspace_id = workspace_id or current_workspace()
    if workspace_id:
        own = await db.get(AppSettingRow, workspace_usage_key(workspace_id))
        if own is not None:
            return budget_value((own.data or {}).get("budgetUsd"))
    row = await db.get(AppSettingRow, USAGE_KEY)
    return budget_value((row.data or {}).get("budgetUsd")) if row is not None else None
