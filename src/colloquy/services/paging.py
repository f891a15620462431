"""Keyset paging of a list query (domain/lists/paging.py has the cursor rules): the next
page is `WHERE (sort, id) after the cursor ORDER BY sort, id LIMIT n + 1`, one indexed
range read however deep the page; the extra row says whether another page follows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from colloquy.domain.lists.paging import BadCursor, Cursor, decode_cursor, encode_cursor
from colloquy.errors import AppError


@dataclass(frozen=True)
class SortKey:
    """One sort of a list: its column (ties broken by the id column) and direction."""

    name: str
    column: InstrumentedAttribute[Any]
    id_column: InstrumentedAttribute[Any]
    descending: bool = False

    def order_by(self) -> list[Any]:
        if self.descending:
            return [self.column.desc(), self.id_column.desc()]
        return [self.column.asc(), self.id_column.asc()]

    def after(self, cursor: Cursor) -> Any:
        value = _stored_value(cursor.value)
        if self.descending:
            return or_(self.column < value, and_(self.column == value, self.id_column < cursor.id))
        return or_(self.column > value, and_(self.column == value, self.id_column > cursor.id))

    def cursor_for(self, value: Any, row_id: str) -> str:
        shown = value.isoformat() if isinstance(value, datetime) else value
        return encode_cursor(Cursor(sort=self.name, value=shown, id=row_id))


def _stored_value(value: Any) -> Any:
    """A cursor's time back as a datetime (so the column's type binds it), else as is."""
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return value
    return value


def bad_request(message: str, field: str) -> AppError:
    return AppError(message, [message], status=400, code="bad_query", extra={"field": field})


async def page_of(
    db: AsyncSession,
    query: Select[Any],
    key: SortKey,
    cursor_text: str | None,
    limit: int,
) -> tuple[list[Any], str | None]:
    """The rows of one page of `query` (already filtered) and the cursor of the next."""
    if cursor_text:
        try:
            cursor = decode_cursor(cursor_text, key.name)
        except BadCursor as exc:
            raise bad_request(str(exc), "cursor") from exc
        query = query.where(key.after(cursor))
    rows = list(await db.scalars(query.order_by(*key.order_by()).limit(limit + 1)))
    if len(rows) <= limit:
        return rows, None
    rows = rows[:limit]
    last = rows[-1]
    return rows, key.cursor_for(getattr(last, key.column.key), getattr(last, key.id_column.key))


async def count_of(db: AsyncSession, model: Any, conditions: list[Any]) -> int:
    """How many rows the filters keep (the list's total, shown beside its pages)."""
    return int(await db.scalar(select(func.count()).select_from(model).where(*conditions)) or 0)


def name_contains(column: InstrumentedAttribute[Any], text: str) -> Any:
    """Case-insensitive substring match (SQLite's lower() is made Unicode-aware in
    store/db.py, so 'É' finds 'é' on both databases)."""
    return func.lower(column).contains(text.lower(), autoescape=True)
