"""Copy one table: insert the rows the target lacks, leave equal ones, report the others.

A row whose id the target already holds with other content is a conflict: reported, never
overwritten. So is a row the target refuses (another row holds its unique name).
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import JSON, Column, Integer, MetaData, Table, insert, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from colloquy.domain.library_copy import row_digest
from colloquy.services.library_copy.plan import key_column
from colloquy.services.library_copy.rows import rows_by_key, source_batches
from colloquy.services.library_copy.secrets import Adjuster

_WRITING = MetaData()


def writable(table: Table) -> Table:
    """`table` as the copy writes it: a JSON column's None stored as SQL NULL, as the app
    stores an unset value (a plain JSON column would store the JSON text 'null', which
    `IS NULL` does not find)."""
    if table.name not in _WRITING.tables:
        columns = [
            Column(
                c.name,
                JSON(none_as_null=True) if isinstance(c.type, JSON) else c.type,
                primary_key=c.primary_key,
            )
            for c in table.columns
        ]
        Table(table.name, _WRITING, *columns)
    return _WRITING.tables[table.name]


@dataclass
class TableCopy:
    inserted: int = 0
    unchanged: int = 0
    conflicts: list[str] = field(default_factory=list)


async def copy_table(
    source: AsyncConnection,
    target: AsyncEngine,
    table: Table,
    adjuster: Adjuster,
    batch_size: int,
    advance: Callable[[int], None],
) -> TableCopy:
    result = TableCopy()
    key = key_column(table)
    async for batch in source_batches(source, table, batch_size, adjuster.source_workspace):
        rows = [adjuster.adjust(table.name, r) for r in batch]
        async with target.begin() as conn:
            present = await rows_by_key(conn, table, [r[key] for r in rows])
            new: list[dict[str, Any]] = []
            for row in rows:
                there = present.get(row[key])
                if there is None:
                    new.append(row)
                elif row_digest(there) == row_digest(row):
                    result.unchanged += 1
                else:
                    result.conflicts.append(f"{row[key]}: the target holds other content")
            if new:
                await _insert(conn, table, new, result)
        advance(len(batch))
    if result.inserted and target.dialect.name == "postgresql":
        await _advance_sequence(target, table)
    return result


async def _insert(
    conn: AsyncConnection, table: Table, rows: list[dict[str, Any]], result: TableCopy
) -> None:
    try:
        async with conn.begin_nested():
            await conn.execute(insert(writable(table)), rows)
        result.inserted += len(rows)
        return
    except IntegrityError:
        pass  # one of them clashes: find which, row by row
    key = key_column(table)
    for row in rows:
        try:
            async with conn.begin_nested():
                await conn.execute(insert(writable(table)), [row])
            result.inserted += 1
        except IntegrityError as exc:
            reason = str(exc.orig).splitlines()[0] if exc.orig else "refused"
            result.conflicts.append(f"{row[key]}: the target refused it ({reason})")


async def _advance_sequence(target: AsyncEngine, table: Table) -> None:
    """Rows arrived with their integer ids: the id sequence must continue after them."""
    column = table.c[key_column(table)]
    if not isinstance(column.type, Integer):
        return
    async with target.begin() as conn:
        await conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence(:t, :c), "
                f'(SELECT COALESCE(MAX("{column.name}"), 0) + 1 FROM "{table.name}"), false)'
            ),
            {"t": table.name, "c": column.name},
        )
