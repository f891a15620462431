"""Reading rows in batches by key: from the source in key order, from the target by keys."""

from collections.abc import AsyncIterator, Sequence
from typing import Any

from sqlalchemy import Table, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from colloquy.services.library_copy.plan import key_column, source_rows


async def source_batches(
    conn: AsyncConnection, table: Table, batch_size: int, workspace_id: str | None = None
) -> AsyncIterator[list[dict[str, Any]]]:
    """The source's rows (of one workspace, if given), `batch_size` at a time (keyset
    paging: memory stays bounded)."""
    key = table.c[key_column(table)]
    last: Any = None
    while True:
        query = source_rows(table, workspace_id).order_by(key).limit(batch_size)
        if last is not None:
            query = query.where(key > last)
        rows = [dict(r._mapping) for r in (await conn.execute(query)).all()]
        if not rows:
            return
        yield rows
        last = rows[-1][key.name]


async def rows_by_key(
    conn: AsyncConnection, table: Table, keys: Sequence[Any]
) -> dict[Any, dict[str, Any]]:
    key = table.c[key_column(table)]
    found = await conn.execute(select(table).where(key.in_(list(keys))))
    return {r._mapping[key.name]: dict(r._mapping) for r in found.all()}


async def count_rows(conn: AsyncConnection, table: Table) -> int:
    return int(await conn.scalar(select(func.count()).select_from(table)) or 0)
