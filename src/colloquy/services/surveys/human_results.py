"""People's own ratings of a survey (docs/measured-against-people.md): stored from a CSV, replacing
the survey's earlier upload in one transaction, and compared with the simulated ratings
(domain/surveys/against_people.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.surveys.against_people import Cell, compare_survey
from colloquy.domain.surveys.human_csv import HumanRating, decode_utf8, parse_human_csv
from colloquy.domain.surveys.results import respondent_pmfs
from colloquy.domain.surveys.scales import scale_points
from colloquy.errors import NotFound, ValidationFailed
from colloquy.store.tables import SurveyAnswerRow, SurveyHumanAnswerRow, SurveyRow
from colloquy.store.types import utcnow

FILE_NAME_MAX = 255
INSERT_BATCH = 1000


async def _survey(db: AsyncSession, survey_id: str, *, lock: bool = False) -> SurveyRow:
    row = await db.get(SurveyRow, survey_id, with_for_update=lock)
    if row is None:
        raise NotFound("Survey not found")
    return row


def _points(row: SurveyRow) -> dict[str, int]:
    return {q["id"]: scale_points(q["scale"]) for q in row.questions}


def read_ratings(row: SurveyRow, data: bytes) -> list[HumanRating]:
    """The file's ratings, or ValidationFailed naming every problem (nothing is stored)."""
    text = decode_utf8(data)
    if text is None:
        raise ValidationFailed(
            [
                "The file is not UTF-8 text: save the CSV as UTF-8 (CSV UTF-8 in Excel) and upload it again."
            ]
        )
    ratings, errors = parse_human_csv(text, row.concepts, row.questions, _points(row))
    if errors:
        raise ValidationFailed(errors)
    return ratings


def _values(survey_id: str, ratings: Sequence[HumanRating], file_name: str) -> list[dict[str, Any]]:
    now = utcnow()
    return [
        {
            "survey_id": survey_id,
            "concept_id": r.concept_id,
            "question_id": r.question_id,
            "respondent": r.respondent,
            "rating": r.rating,
            "line": r.line,
            "file_name": file_name,
            "created_at": now,
        }
        for r in ratings
    ]


async def replace_human_results(
    db: AsyncSession, survey_id: str, data: bytes, file_name: str | None
) -> dict[str, Any]:
    """Check the whole file, then swap the survey's human ratings for it in one transaction:
    a refused file or a failed write leaves the earlier upload as it was."""
    row = await _survey(db, survey_id)
    ratings = read_ratings(row, data)
    name = (file_name or "answers.csv").strip()[:FILE_NAME_MAX] or "answers.csv"
    values = _values(survey_id, ratings, name)
    try:
        await _survey(db, survey_id, lock=True)  # PostgreSQL: one upload at a time per survey
        await db.execute(
            delete(SurveyHumanAnswerRow).where(SurveyHumanAnswerRow.survey_id == survey_id)
        )
        for at in range(0, len(values), INSERT_BATCH):
            await db.execute(insert(SurveyHumanAnswerRow), values[at : at + INSERT_BATCH])
        await db.commit()
    except BaseException:
        await db.rollback()
        raise
    return await human_comparison(db, survey_id)


async def delete_human_results(db: AsyncSession, survey_id: str) -> None:
    await _survey(db, survey_id)
    await db.execute(
        delete(SurveyHumanAnswerRow).where(SurveyHumanAnswerRow.survey_id == survey_id)
    )
    await db.commit()


async def human_comparison(db: AsyncSession, survey_id: str) -> dict[str, Any]:
    """The upload's summary and, per concept x question with people's ratings, both
    distributions, KS similarity, the mean difference with its interval and the floors."""
    row = await _survey(db, survey_id)
    human_rows = list(
        await db.scalars(
            select(SurveyHumanAnswerRow)
            .where(SurveyHumanAnswerRow.survey_id == survey_id)
            .order_by(SurveyHumanAnswerRow.line)
        )
    )
    if not human_rows:
        return {
            "surveyId": survey_id,
            "fileName": None,
            "uploadedAt": None,
            "rows": 0,
            "respondents": 0,
            "cells": [],
        }
    human: dict[Cell, list[int]] = {}
    for h in human_rows:
        human.setdefault((h.concept_id, h.question_id), []).append(h.rating)
    answers = await db.execute(
        select(
            SurveyAnswerRow.respondent_id,
            SurveyAnswerRow.concept_id,
            SurveyAnswerRow.question_id,
            SurveyAnswerRow.pmf,
        ).where(SurveyAnswerRow.survey_id == survey_id, SurveyAnswerRow.pmf.is_not(None))
    )
    by_cell: dict[Cell, list[dict[str, Any]]] = {}
    for rid, cid, qid, pmf in answers.all():
        if pmf:
            by_cell.setdefault((cid, qid), []).append({"respondentId": rid, "pmf": pmf})
    simulated = {key: respondent_pmfs(items) for key, items in by_cell.items()}
    cells = await asyncio.to_thread(
        compare_survey, row.concepts, row.questions, _points(row), human, simulated, seed=survey_id
    )
    return {
        "surveyId": survey_id,
        "fileName": human_rows[0].file_name,
        "uploadedAt": human_rows[0].created_at,
        "rows": len(human_rows),
        "respondents": len({h.respondent for h in human_rows}),
        "cells": cells,
    }
