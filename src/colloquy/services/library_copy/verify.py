"""The check after a copy: per table, the source's rows (as adjusted for the target) and the
target's rows of the same ids, counted and summed into content checksums
(domain/library_copy.py), read back from both databases."""

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Table
from sqlalchemy.ext.asyncio import AsyncConnection

from colloquy.domain.library_copy import TableChecksum, row_digest
from colloquy.services.library_copy.plan import key_column
from colloquy.services.library_copy.rows import count_rows, rows_by_key, source_batches
from colloquy.services.library_copy.secrets import Adjuster


@dataclass
class TableCheck:
    source_rows: int
    source_checksum: str
    target_rows: int  # of the source's ids
    target_checksum: str
    target_total: int  # every row of the table in the target, its own ones included

    @property
    def equal(self) -> bool:
        return self.source_rows == self.target_rows and self.source_checksum == self.target_checksum


async def check_table(
    source: AsyncConnection,
    target: AsyncConnection,
    table: Table,
    adjuster: Adjuster,
    batch_size: int,
    advance: Callable[[int], None],
) -> TableCheck:
    key = key_column(table)
    ours, theirs = TableChecksum(), TableChecksum()
    async for batch in source_batches(source, table, batch_size, adjuster.source_workspace):
        rows = [adjuster.adjust(table.name, r) for r in batch]
        for row in rows:
            ours.add(row_digest(row))
        for row in (await rows_by_key(target, table, [r[key] for r in rows])).values():
            theirs.add(row_digest(row))
        advance(len(batch))
    return TableCheck(
        source_rows=ours.count,
        source_checksum=ours.hexdigest,
        target_rows=theirs.count,
        target_checksum=theirs.hexdigest,
        target_total=await count_rows(target, table),
    )
