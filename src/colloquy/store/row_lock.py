"""Lock one row for the rest of the transaction, the same way on both databases.

A "read, decide, write" use case whose decision depends on what a concurrent request may
be writing (a claim, a count against a limit) takes this lock first and reads after it.
It is a no-op UPDATE of the row's key: on PostgreSQL that holds the row's lock until the
commit (a second caller waits, then reads the first one's committed writes); on SQLite
the first write of a transaction takes the database's one write lock, and the reads that
follow see every committed write. `SELECT ... FOR UPDATE` would do the first but not the
second (SQLite has no row locks and ignores it).
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import CursorResult, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase


async def lock_row(db: AsyncSession, model: type[DeclarativeBase], key: str) -> bool:
    """Lock the row of `model` whose (single-column) primary key is `key`, in the current
    transaction; False when there is no such row."""
    table: Any = model.__table__
    (pk,) = table.primary_key.columns
    result = await db.execute(
        update(table).where(pk == key).values({pk.name: pk}),
        execution_options={"synchronize_session": False},
    )
    return cast(CursorResult[Any], result).rowcount > 0
