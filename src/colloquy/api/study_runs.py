"""/api/studies: one interview guide run with many personas, its progress, Stop, Delete, its
synthesis and exports (docs/interviews.md#studies)."""

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response

from colloquy.api.client_gone import unless_client_leaves
from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.engine_deps import EventsDep, RunnersDep
from colloquy.api.list_params import DEFAULT_LIMIT, CursorQuery, LimitQuery, SearchQuery
from colloquy.api.results import attachment
from colloquy.api.schemas.studies import SynthesisOut
from colloquy.api.schemas.study_runs import StudyOut, StudyPageOut
from colloquy.api.schemas.usage import EstimateOut
from colloquy.schemas.studies import StudyCreate
from colloquy.services.studies import study_create, study_exports, study_runs
from colloquy.services.usage import estimate_study

router = APIRouter(prefix="/studies", tags=["studies"])
SegmentQuery = Annotated[
    str | None,
    Query(
        alias="segmentBy", max_length=120, description="age, gender, income, a trait or tag:<name>"
    ),
]


def _download(body: str | bytes, filename: str, media_type: str) -> Response:
    content = body.encode("utf-8") if isinstance(body, str) else body
    return Response(
        content=content,
        media_type=media_type,
        headers={"Content-Disposition": attachment(filename)},
    )


@router.post("", response_model=StudyOut, status_code=201)
async def create_study(
    body: StudyCreate, db: SessionDep, runtime: RuntimeDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    """Create the study and start its interviews (one per persona, in parallel)."""
    study_id = await study_create.create_study(db, runtime, body, runners, events)
    return await study_runs.get_study(db, runtime, study_id)


@router.post("/estimate", response_model=EstimateOut)
async def estimate_study_cost(
    body: StudyCreate, db: SessionDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """What the study would cost: its interviews and its synthesis (nothing is stored)."""
    return await estimate_study.estimate_study_request(db, runtime, body)


@router.get("/page", response_model=StudyPageOut)
async def page_studies(
    db: SessionDep,
    q: SearchQuery = None,
    sort: Literal["newest", "oldest", "name"] = "newest",
    cursor: CursorQuery = None,
    limit: LimitQuery = DEFAULT_LIMIT,
) -> dict[str, Any]:
    return await study_runs.page_studies(db, q, sort, cursor, limit)


@router.get("/{study_id}", response_model=StudyOut)
async def get_study(study_id: str, db: SessionDep, runtime: RuntimeDep) -> dict[str, Any]:
    """The study with its progress: interviews done, running, failed; answers done of the total."""
    return await study_runs.get_study(db, runtime, study_id)


@router.post("/{study_id}/stop", response_model=StudyOut)
async def stop_study(
    study_id: str, db: SessionDep, runtime: RuntimeDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    return await study_runs.stop_study(db, runtime, study_id, runners, events)


@router.delete("/{study_id}", status_code=204)
async def delete_study(
    study_id: str, db: SessionDep, runners: RunnersDep, events: EventsDep
) -> Response:
    """Delete the study with its interviews and its synthesis."""
    await study_runs.delete_study(db, study_id, runners, events)
    return Response(status_code=204)


@router.post("/{study_id}/synthesis", response_model=SynthesisOut, status_code=202)
async def synthesise_study(
    study_id: str, db: SessionDep, runtime: RuntimeDep, segment_by: SegmentQuery = None
) -> dict[str, Any]:
    """Start the synthesis of the interviews completed so far (or return the one made)."""
    return await study_runs.synthesise_study(db, runtime, study_id, segment_by)


@router.get("/{study_id}/synthesis", response_model=SynthesisOut)
async def get_study_synthesis(
    study_id: str, db: SessionDep, segment_by: SegmentQuery = None
) -> dict[str, Any]:
    return await study_runs.study_synthesis(db, study_id, segment_by)


@router.get("/{study_id}/export.md", response_class=Response)
async def export_markdown(
    study_id: str, db: SessionDep, segment_by: SegmentQuery = None
) -> Response:
    filename, text = await study_exports.markdown_export(db, study_id, segment_by)
    return _download(text, filename, "text/markdown; charset=utf-8")


@router.get("/{study_id}/quotes.csv", response_class=Response)
async def export_quotes_csv(study_id: str, db: SessionDep) -> Response:
    filename, text = await study_exports.csv_export(db, study_id)
    return _download(text, filename, "text/csv; charset=utf-8")


@router.get("/{study_id}/report.pdf", response_class=Response)
async def export_pdf(
    study_id: str, request: Request, db: SessionDep, segment_by: SegmentQuery = None
) -> Response:
    drawn = await unless_client_leaves(request, study_exports.pdf_export(db, study_id, segment_by))
    if isinstance(drawn, Response):
        return drawn
    filename, pdf = drawn
    return _download(pdf, filename, "application/pdf")
