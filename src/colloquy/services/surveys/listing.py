"""The survey list one page at a time (docs/performance.md#lists-that-page): search on the
name, a status filter, three sorts and the total."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import defer

from colloquy.domain.lists.paging import clean_search
from colloquy.services.paging import SortKey, count_of, name_contains, page_of
from colloquy.services.surveys.manager import SurveyManager
from colloquy.services.surveys.surveys import answer_counts, survey_summary
from colloquy.services.usage.totals import survey_usage
from colloquy.store.tables import SurveyRow

SORTS = {
    "newest": SortKey("newest", SurveyRow.created_at, SurveyRow.id, descending=True),
    "oldest": SortKey("oldest", SurveyRow.created_at, SurveyRow.id),
    "name": SortKey("name", SurveyRow.name, SurveyRow.id),
}


async def page_surveys(
    db: AsyncSession,
    manager: SurveyManager | None,
    search: str | None,
    status: str | None,
    sort: str,
    cursor: str | None,
    limit: int,
) -> dict[str, Any]:
    conditions: list[Any] = []
    needle = clean_search(search)
    if needle:
        conditions.append(name_contains(SurveyRow.name, needle))
    if status:
        conditions.append(SurveyRow.status == status)
    rows, next_cursor = await page_of(
        db,
        # the snapshots are what a survey row weighs; the list shows only their count
        select(SurveyRow).options(defer(SurveyRow.respondents)).where(*conditions),
        SORTS[sort],
        cursor,
        limit,
    )
    ids = [r.id for r in rows]
    counts = await answer_counts(db, ids)
    usage = await survey_usage(db, ids)
    return {
        "items": [survey_summary(r, counts.get(r.id, 0), manager, usage[r.id]) for r in rows],
        "nextCursor": next_cursor,
        "total": await count_of(db, SurveyRow, conditions),
    }
