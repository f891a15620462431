"""Survey mode (docs/surveys.md): create, list, run, stop, results and exports."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import defer
from sqlalchemy.orm.exc import StaleDataError

from colloquy.domain.personas.evidence_tier import mix_sentence
from colloquy.domain.surveys.by_model import results_by_model
from colloquy.domain.surveys.csv_export import survey_csv, survey_notice
from colloquy.domain.surveys.results import build_results
from colloquy.domain.surveys.rules import validate_survey
from colloquy.domain.surveys.scales import (
    scale_label,
    scale_points,
)
from colloquy.domain.surveys.ssr import expected_value
from colloquy.domain.usage.cost import ZERO
from colloquy.domain.usage.report import usage_rows
from colloquy.domain.usage.run_settings import (
    run_settings,
    run_settings_errors,
    stored_run_settings,
)
from colloquy.engine import event_payloads as payloads
from colloquy.errors import Conflict, NotFound, ValidationFailed
from colloquy.runtime import Runtime
from colloquy.schemas.surveys import SurveyCreate
from colloquy.services.model_settings.embedding import get_embedder
from colloquy.services.model_settings.profile_use import check_assignments
from colloquy.services.sessions.setup import clean_stimulus, link_errors, participant_snapshots
from colloquy.services.surveys.draft import survey_draft
from colloquy.services.surveys.manager import SurveyManager
from colloquy.services.usage.totals import survey_usage
from colloquy.store.tables import SurveyAnswerRow, SurveyRow

OFFLINE_WARNING = (
    "Answers were rated with the offline word-embedding model ({name}). Static word "
    'embeddings separate negations poorly ("would buy" vs "would not buy"), so '
    "distributions can be pulled toward the middle; choose an embeddings model in "
    "Settings > Embeddings for sharper ratings."
)


def new_survey_id() -> str:
    return f"sv{int(time.time() * 1000)}{secrets.token_hex(3)}"


async def check_create(
    db: AsyncSession, body: SurveyCreate
) -> tuple[Any, dict[str, Any], dict[str, str]]:
    """The checks of a survey's create body (the create and the estimate share them):
    its draft, run settings and {respondent id: model profile id}, or ValidationFailed."""
    draft = survey_draft(body)
    settings = body.settings.model_dump(by_alias=True, exclude_none=True) if body.settings else {}
    ids = [r["id"] for r in draft["respondents"]]
    errors = validate_survey(draft)
    errors += run_settings_errors(settings)
    for concept in draft["concepts"]:
        errors += [m for m in link_errors(concept) if m not in errors]
    if errors:
        raise ValidationFailed(list(dict.fromkeys(errors)))
    mapping = settings.get("participantProfiles")
    chosen = await check_assignments(db, mapping, ids)  # mixed panels
    return draft, settings, chosen


async def create_survey(db: AsyncSession, body: SurveyCreate) -> dict[str, Any]:
    draft, settings, chosen = await check_create(db, body)
    ids = [r["id"] for r in draft["respondents"]]
    respondents = await participant_snapshots(db, ids)
    for respondent in respondents:
        if respondent["id"] in chosen:
            respondent["profileId"] = chosen[respondent["id"]]
    concepts = []
    for i, c in enumerate(draft["concepts"]):
        clean = clean_stimulus(c)
        clean["id"] = f"c{i + 1}"
        concepts.append(clean)
    row = SurveyRow(
        id=new_survey_id(),
        name=draft["name"][:200],
        status="draft",
        concepts=concepts,
        questions=draft["questions"],
        respondents=respondents,
        samples=draft["samples"],
        ask_direct=body.ask_direct,
        settings=run_settings(settings) or None,
        model="",
        embedder="",
    )
    db.add(row)
    await db.commit()
    return await get_survey(db, None, row.id)


async def _row(db: AsyncSession, survey_id: str) -> SurveyRow:
    row = await db.get(SurveyRow, survey_id)
    if row is None:
        raise NotFound("Survey not found")
    return row


@asynccontextmanager
async def _unless_deleted(db: AsyncSession) -> AsyncIterator[None]:
    """A delete committed after this request read the survey leaves its UPDATE nothing to
    match (at the commit, or at a flush before it): the survey is gone (404), not a server
    error."""
    try:
        yield
    except StaleDataError:
        await db.rollback()
        raise NotFound("Survey not found") from None


async def answer_counts(db: AsyncSession, ids: list[str] | None = None) -> dict[str, int]:
    q = select(SurveyAnswerRow.survey_id, func.count()).group_by(SurveyAnswerRow.survey_id)
    if ids is not None:
        q = q.where(SurveyAnswerRow.survey_id.in_(ids))
    return {sid: n for sid, n in (await db.execute(q)).all()}


def _planned(row: SurveyRow) -> int:
    return row.respondent_count * len(row.concepts) * len(row.questions) * row.samples


def survey_summary(
    row: SurveyRow, done: int, manager: SurveyManager | None, usage: dict[str, Any] | None = None
) -> dict[str, Any]:
    errors = manager.progress[row.id].errors if manager and row.id in manager.progress else 0
    return {
        "id": row.id,
        "name": row.name,
        "status": row.status,
        "createdAt": row.created_at,
        "completedAt": row.completed_at,
        "conceptCount": len(row.concepts),
        "questionCount": len(row.questions),
        "respondentCount": row.respondent_count,
        "samples": row.samples,
        "progress": {"done": done, "total": _planned(row), "errors": errors},
        "usage": usage or ZERO.as_json(),
    }


async def list_surveys(db: AsyncSession, manager: SurveyManager | None) -> list[dict[str, Any]]:
    rows = list(
        await db.scalars(
            select(SurveyRow)
            .options(defer(SurveyRow.respondents))
            .order_by(SurveyRow.created_at.desc())
        )
    )
    counts = await answer_counts(db)
    usage = await survey_usage(db, [r.id for r in rows])
    return [survey_summary(r, counts.get(r.id, 0), manager, usage[r.id]) for r in rows]


async def get_survey(
    db: AsyncSession, manager: SurveyManager | None, survey_id: str
) -> dict[str, Any]:
    row = await _row(db, survey_id)
    done = (await answer_counts(db, [row.id])).get(row.id, 0)
    usage = (await survey_usage(db, [row.id]))[row.id]
    return {
        **survey_summary(row, done, manager, usage),
        "settings": stored_run_settings(row.settings),
        "concepts": row.concepts,
        "questions": [
            {**q, "scaleLabel": scale_label(q["scale"]), "points": scale_points(q["scale"])}
            for q in row.questions
        ],
        "respondents": [
            {
                "id": p["id"],
                "name": p.get("name") or "",
                "age": p.get("age"),
                "profileId": p.get("profileId"),
                "evidence": p.get("evidence"),
            }
            for p in row.respondents
        ],
        "evidenceMix": mix_sentence(
            [(p.get("evidence") or {}).get("tier") for p in row.respondents], "respondents"
        ),
        "askDirect": row.ask_direct,
        "model": row.model,
        "embedder": row.embedder,
        "error": row.error,
    }


async def delete_survey(db: AsyncSession, manager: SurveyManager, survey_id: str) -> None:
    row = await _row(db, survey_id)
    await manager.stop(survey_id)
    await db.execute(delete(SurveyAnswerRow).where(SurveyAnswerRow.survey_id == survey_id))
    await db.delete(row)
    await db.commit()
    manager.deleted(survey_id)
    manager.runtime.feature(SurveyResults).pop(survey_id, None)


async def run_survey(db: AsyncSession, manager: SurveyManager, survey_id: str) -> dict[str, Any]:
    """Start, or continue after a stop or failure: only unanswered calls are made."""
    row = await _row(db, survey_id)
    if row.status == "completed":
        raise Conflict("This survey has completed")
    if not manager.is_active(survey_id):
        row.status, row.error = "running", None
        # PostgreSQL: the survey's lease goes with the running status (as a session's).
        async with _unless_deleted(db):
            claimed = await manager.claim(db, survey_id)
            await db.commit()
        if claimed:
            manager.claimed(survey_id)
        manager.ensure_running(survey_id)
    return await get_survey(db, manager, survey_id)


async def stop_survey(db: AsyncSession, manager: SurveyManager, survey_id: str) -> dict[str, Any]:
    row = await _row(db, survey_id)
    recorded = False
    if not await manager.stop(survey_id) and row.status == "running":
        row.status = "stopped"  # no process ran it: recorded here
        async with _unless_deleted(db):
            await db.commit()
        recorded = True
    db.expire_all()
    survey = await get_survey(db, manager, survey_id)
    if recorded:  # the streams that follow it end (a runner publishes its own stop)
        manager.publish(survey_id, payloads.stored_survey_progress(survey))
    return survey


# --- results ---------------------------------------------------------------------------


def _answer_dict(a: SurveyAnswerRow) -> dict[str, Any]:
    return {
        "respondentId": a.respondent_id,
        "conceptId": a.concept_id,
        "questionId": a.question_id,
        "sample": a.sample,
        "text": a.text,
        "pmf": a.pmf,
        "direct": a.direct,
        "embedder": a.embedder,
        "profileId": a.profile_id,  # the profile and model that wrote it
        "profileName": a.profile_name,
        "model": a.profile_model,
    }


async def _answers(db: AsyncSession, row: SurveyRow) -> list[SurveyAnswerRow]:
    """The stored answers, as stored: a read never rates or writes (answers are rated by
    the runner when they are stored, or by its rating step at the end of a run)."""
    return list(
        await db.scalars(
            select(SurveyAnswerRow)
            .where(SurveyAnswerRow.survey_id == row.id)
            .order_by(SurveyAnswerRow.respondent_id, SurveyAnswerRow.concept_id)
        )
    )


def _embedders(row: SurveyRow, answers: list[SurveyAnswerRow], runtime: Runtime) -> list[str]:
    """Every embedder that rated an answer (answers rated before 0013: the survey's)."""
    names = {a.embedder or row.embedder for a in answers if a.pmf}
    names.discard("")
    return sorted(names) or [row.embedder or get_embedder(runtime).name]


# (survey id, answers stored, status) -> the results built for exactly that state
SurveyResultsKey = tuple[str, int, str]


class SurveyResults(dict[str, tuple[SurveyResultsKey, dict[str, Any]]]):
    """Survey results per survey, kept until its answers change: they are bootstraps
    (seconds of CPU)."""


async def get_results(db: AsyncSession, runtime: Runtime, survey_id: str) -> dict[str, Any]:
    row = await _row(db, survey_id)
    answers = await _answers(db, row)
    survey = {
        "concepts": row.concepts,
        "questions": row.questions,
        "respondents": row.respondents,
    }
    points = {q["id"]: scale_points(q["scale"]) for q in row.questions}
    cache = runtime.feature(SurveyResults)
    key = (survey_id, len(answers), row.status)
    computed = cache.get(survey_id)
    if computed is None or computed[0] != key:
        dicts = [_answer_dict(a) for a in answers]
        # Bootstraps are pure Python: off the event loop.
        built = await asyncio.to_thread(build_results, survey, dicts, points, seed=survey_id)
        built["byModel"] = await asyncio.to_thread(
            results_by_model, survey, dicts, points, seed=survey_id
        )
        computed = (key, built)
        cache[survey_id] = computed
    names = {p["id"]: p.get("name") or p["id"] for p in row.respondents}
    embedders = _embedders(row, answers, runtime)
    offline = next((e for e in embedders if "wordllama" in e), None)
    return {
        "surveyId": row.id,
        "status": row.status,
        "model": row.model,
        "embedder": " + ".join(embedders),
        "embedders": embedders,
        "unrated": sum(1 for a in answers if not a.pmf),
        "offlineEmbedderWarning": OFFLINE_WARNING.format(name=offline) if offline else None,
        **computed[1],
        "answers": [
            {
                **_answer_dict(a),
                "respondentName": names.get(a.respondent_id, a.respondent_id),
                "expected": expected_value(a.pmf) if a.pmf else None,
            }
            for a in answers
        ],
    }


def _synthetic_notice(row: SurveyRow) -> str:
    return survey_notice(row.model, row.embedder)


async def export_csv(db: AsyncSession, runtime: Runtime, survey_id: str) -> str:
    row = await _row(db, survey_id)
    results = await get_results(db, runtime, survey_id)
    survey = {"concepts": row.concepts, "questions": row.questions, "respondents": row.respondents}
    usage = usage_rows({"usage": (await survey_usage(db, [row.id]))[row.id]})
    notice = " ".join([_synthetic_notice(row), *(f"{k}: {v}." for k, v in usage)])
    return survey_csv(survey, results["answers"], results["results"], notice)


async def export_json(db: AsyncSession, runtime: Runtime, survey_id: str) -> dict[str, Any]:
    row = await _row(db, survey_id)
    results = await get_results(db, runtime, survey_id)
    return {
        "notice": _synthetic_notice(row),
        "survey": await get_survey(db, None, survey_id),
        **results,
    }
