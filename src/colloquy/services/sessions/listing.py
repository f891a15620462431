"""The dashboard's session list, one page at a time (docs/performance.md#lists-that-page):
server-side search, status and date filters combined with AND (product-rules §9), three
sorts, the filtered total, and the summary cards from aggregate queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.lists.paging import clean_search
from colloquy.services.paging import SortKey, count_of, name_contains, page_of
from colloquy.services.sessions.view import summaries_of
from colloquy.store.tables import PersonaRow, SessionRow
from colloquy.store.types import utcnow

SORTS = {
    "newest": SortKey("newest", SessionRow.created_at, SessionRow.id, descending=True),
    "oldest": SortKey("oldest", SessionRow.created_at, SessionRow.id),
    "name": SortKey("name", SessionRow.name, SessionRow.id),
}
THIS_WEEK = timedelta(days=7)


@dataclass(frozen=True)
class SessionQuery:
    search: str | None = None
    status: str | None = None  # draft | in-progress | completed; None: all
    created_after: datetime | None = None  # the date filter's start, chosen by the client
    sort: str = "newest"
    cursor: str | None = None
    limit: int = 50
    kind: str | None = None  # group | interview (docs/interviews.md); None: all


def _conditions(query: SessionQuery) -> list[Any]:
    conditions: list[Any] = []
    needle = clean_search(query.search)
    if needle:
        conditions.append(name_contains(SessionRow.name, needle))
    if query.status:
        conditions.append(SessionRow.status == query.status)
    if query.created_after is not None:
        conditions.append(SessionRow.created_at >= query.created_after)
    if query.kind:
        conditions.append(SessionRow.kind == query.kind)
    return conditions


async def page_sessions(db: AsyncSession, query: SessionQuery) -> dict[str, Any]:
    """One page of the sessions the filters keep, the cursor of the next and the total."""
    conditions = _conditions(query)
    key = SORTS[query.sort]
    rows, next_cursor = await page_of(
        db, select(SessionRow).where(*conditions), key, query.cursor, query.limit
    )
    return {
        "items": await summaries_of(db, rows),
        "nextCursor": next_cursor,
        "total": await count_of(db, SessionRow, conditions),
    }


async def dashboard_stats(db: AsyncSession, now: datetime | None = None) -> dict[str, Any]:
    """The four summary cards over the whole library: sessions and completed ones, personas,
    sessions of the last 7 days, and the sentiment counts of every public message (the
    client averages them: positive +1, negative -1, product-rules §2), summed over the
    sessions' stored counts (domain/sessions/sentiment_tally.py), not over the messages."""
    week_start = (now or utcnow()) - THIS_WEEK
    total, completed, this_week, positive, neutral, negative = (
        await db.execute(
            select(
                func.count(),
                func.coalesce(func.sum(case((SessionRow.status == "completed", 1), else_=0)), 0),
                func.coalesce(func.sum(case((SessionRow.created_at >= week_start, 1), else_=0)), 0),
                # each session's counts, kept as its messages are stored
                func.coalesce(func.sum(SessionRow.positive_count), 0),
                func.coalesce(func.sum(SessionRow.neutral_count), 0),
                func.coalesce(func.sum(SessionRow.negative_count), 0),
            ).select_from(SessionRow)
        )
    ).one()
    personas = await count_of(db, PersonaRow, [])
    sentiments = {"positive": int(positive), "neutral": int(neutral), "negative": int(negative)}
    return {
        "totalSessions": int(total),
        "completedSessions": int(completed),
        "totalPersonas": personas,
        "thisWeek": int(this_week),
        "sentimentCounts": sentiments,
    }
