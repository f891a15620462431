"""/api/surveys: survey mode (docs/surveys.md) — create, list, read, delete, run, stop,
results, exports and a progress event stream."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from sse_starlette import EventSourceResponse, ServerSentEvent

from colloquy.api.deps import RuntimeDep, SessionDep, get_runtime
from colloquy.api.list_params import (
    DEFAULT_LIMIT,
    CursorQuery,
    LimitQuery,
    SearchQuery,
    SurveySort,
)
from colloquy.api.schemas.events import SurveyEventPayloads, event_stream_doc
from colloquy.api.schemas.lists import SurveyPageOut
from colloquy.api.schemas.surveys import ScaleOut, SurveyOut, SurveyResultsOut, SurveySummaryOut
from colloquy.domain.surveys.scales import scale_catalogue
from colloquy.schemas.surveys import SurveyCreate
from colloquy.services.surveys import listing, progress_stream
from colloquy.services.surveys import surveys as service
from colloquy.services.surveys.manager import SurveyManager
from colloquy.services.usage import run_check

router = APIRouter(prefix="/surveys", tags=["surveys"])
PING_SECONDS = 15


def get_manager(request: Request) -> SurveyManager:
    manager: SurveyManager = request.app.state.surveys
    return manager


ManagerDep = Annotated[SurveyManager, Depends(get_manager)]


@router.get("", response_model=list[SurveySummaryOut])
async def list_surveys(db: SessionDep, manager: ManagerDep) -> list[dict[str, Any]]:
    """Every survey in one list; the surveys screen pages through /api/surveys/page."""
    return await service.list_surveys(db, manager)


SurveyStatusQuery = Annotated[
    str | None, Query(max_length=20, description="Only surveys with this status")
]


@router.get("/page", response_model=SurveyPageOut)
async def page_surveys(
    db: SessionDep,
    manager: ManagerDep,
    q: SearchQuery = None,
    status: SurveyStatusQuery = None,
    sort: SurveySort = "newest",
    cursor: CursorQuery = None,
    limit: LimitQuery = DEFAULT_LIMIT,
) -> dict[str, Any]:
    """One page of the surveys whose name contains `q` (case-insensitive), the cursor of
    the next page and the total."""
    return await listing.page_surveys(db, manager, q, status, sort, cursor, limit)


@router.get("/scales", response_model=list[ScaleOut])
async def list_scales() -> list[dict[str, Any]]:
    return scale_catalogue()


@router.post("", response_model=SurveyOut, status_code=201)
async def create_survey(body: SurveyCreate, db: SessionDep) -> dict[str, Any]:
    return await service.create_survey(db, body)


@router.get("/{survey_id}", response_model=SurveyOut)
async def get_survey(survey_id: str, db: SessionDep, manager: ManagerDep) -> dict[str, Any]:
    return await service.get_survey(db, manager, survey_id)


@router.delete("/{survey_id}", status_code=204)
async def delete_survey(survey_id: str, db: SessionDep, manager: ManagerDep) -> Response:
    await service.delete_survey(db, manager, survey_id)
    return Response(status_code=204)


@router.post("/{survey_id}/run", response_model=SurveyOut)
async def run_survey(
    survey_id: str, db: SessionDep, manager: ManagerDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """Start or continue. 409: a budget on a model without a price."""
    await run_check.check_survey_start(db, runtime, survey_id, manager.is_active(survey_id))
    return await service.run_survey(db, manager, survey_id)


@router.post("/{survey_id}/stop", response_model=SurveyOut)
async def stop_survey(survey_id: str, db: SessionDep, manager: ManagerDep) -> dict[str, Any]:
    return await service.stop_survey(db, manager, survey_id)


@router.get("/{survey_id}/results", response_model=SurveyResultsOut)
async def get_results(survey_id: str, db: SessionDep, runtime: RuntimeDep) -> dict[str, Any]:
    return await service.get_results(db, runtime, survey_id)


def _download(text: str, filename: str, media_type: str) -> Response:
    return Response(
        content=text,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/{survey_id}/export.csv", response_class=Response)
async def export_csv(survey_id: str, db: SessionDep, runtime: RuntimeDep) -> Response:
    text = await service.export_csv(db, runtime, survey_id)
    return _download(text, f"survey-{survey_id}.csv", "text/csv; charset=utf-8")


@router.get("/{survey_id}/export.json", response_class=Response)
async def export_json(survey_id: str, db: SessionDep, runtime: RuntimeDep) -> Response:
    data = await service.export_json(db, runtime, survey_id)
    text = json.dumps(data, indent=2, default=str)
    return _download(text, f"survey-{survey_id}.json", "application/json")


@router.get("/{survey_id}/events", **event_stream_doc(SurveyEventPayloads))
async def survey_events(
    survey_id: str,
    request: Request,
    db: SessionDep,
    manager: ManagerDep,
    last_event_id: str | None = Header(default=None),
    last_event_id_query: str | None = Query(default=None, alias="lastEventId"),
) -> EventSourceResponse:
    """Progress as Server-Sent Events: a `progress` event {status, done, total, errors}
    as answers are stored (at most 4 a second) and a last one when the run ends, on any
    process whichever runs it, each with an id to resume from (Last-Event-ID:
    services/surveys/progress_stream.py)."""
    await service.get_survey(db, manager, survey_id)  # 404 for an unknown survey
    await db.close()  # do not hold a connection for the life of the stream
    sent = last_event_id or last_event_id_query
    factory = get_runtime(request).sessionmaker
    return EventSourceResponse(
        _frames(progress_stream.follow(manager.bus, factory, survey_id, sent)),
        ping=PING_SECONDS,
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


async def _frames(
    states: AsyncIterator[tuple[str, dict[str, Any]]],
) -> AsyncIterator[ServerSentEvent]:
    async for event_id, state in states:
        yield ServerSentEvent(data=json.dumps(state), event="progress", id=event_id)
