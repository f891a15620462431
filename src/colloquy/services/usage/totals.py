"""A session's and a survey's usage: the sums of what the providers reported for its
messages or answers, each call priced when it was made (docs/usage-and-cost.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.usage.cost import ZERO, Usage, total, usage_from_json
from colloquy.store.tables import MessageRow, SurveyAnswerRow


def usage_of_messages(messages: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    return total(usage_from_json(m.get("usage")) for m in messages).as_json()


def _sums(columns: Any) -> list[Any]:
    return [
        func.coalesce(func.sum(columns.prompt_tokens), 0),
        func.coalesce(func.sum(columns.completion_tokens), 0),
        func.coalesce(func.sum(columns.cached_tokens), 0),
        func.coalesce(func.sum(columns.cost_usd), 0.0),
    ]


def _usage(row: Any) -> Usage:
    return Usage(int(row[1]), int(row[2]), int(row[3]), round(float(row[4]), 8))


async def session_usage(db: AsyncSession, ids: list[str]) -> dict[str, dict[str, Any]]:
    """Each listed session's usage (zero for one without measured calls)."""
    found: dict[str, Usage] = {}
    if ids:
        rows = await db.execute(
            select(MessageRow.session_id, *_sums(MessageRow))
            .where(MessageRow.session_id.in_(ids))
            .group_by(MessageRow.session_id)
        )
        found = {row[0]: _usage(row) for row in rows}
    return {sid: found.get(sid, ZERO).as_json() for sid in ids}


async def survey_usage(db: AsyncSession, ids: list[str]) -> dict[str, dict[str, Any]]:
    found: dict[str, Usage] = {}
    if ids:
        rows = await db.execute(
            select(SurveyAnswerRow.survey_id, *_sums(SurveyAnswerRow))
            .where(SurveyAnswerRow.survey_id.in_(ids))
            .group_by(SurveyAnswerRow.survey_id)
        )
        found = {row[0]: _usage(row) for row in rows}
    return {sid: found.get(sid, ZERO).as_json() for sid in ids}
