"""/api/sessions: create, list, read, edit, delete, duplicate, run, stop, save, end."""

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Request, Response

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.engine_deps import EventsDep, RunnersDep
from colloquy.api.list_params import (
    DEFAULT_LIMIT,
    CursorQuery,
    LimitQuery,
    SearchQuery,
    SessionSort,
)
from colloquy.api.multipart_body import multipart_body
from colloquy.api.schemas.human_import import HumanImportOut
from colloquy.api.schemas.lists import DashboardStatsOut, MessagePageOut, SessionPageOut
from colloquy.api.schemas.sessions import (
    SessionHeaderOut,
    SessionOut,
    SessionRerunIn,
    SessionSummaryOut,
)
from colloquy.domain.constants import SessionStatus
from colloquy.schemas.sessions import FollowUpInterviewCreate, SessionCreate, SessionUpdate
from colloquy.services.model_settings.settings import ModelChange
from colloquy.services.multipart_upload import read_form
from colloquy.services.sessions import (
    control,
    follow_up,
    header,
    human_import,
    listing,
    transcript_page,
)
from colloquy.services.sessions import crud as service
from colloquy.services.sessions import rerun as model_runs
from colloquy.services.usage import run_check

router = APIRouter(prefix="/sessions", tags=["sessions"])


@router.get("", response_model=list[SessionSummaryOut])
async def list_sessions(db: SessionDep) -> list[dict[str, Any]]:
    """The newest 1,000 sessions in one list; the dashboard uses /api/sessions/page."""
    return await service.list_summaries(db)


@router.get("/page", response_model=SessionPageOut)
async def page_sessions(
    db: SessionDep,
    q: SearchQuery = None,
    status: SessionStatus | None = None,
    created_after: Annotated[
        datetime | None,
        Query(alias="createdAfter", description="Only sessions created at or after this time"),
    ] = None,
    sort: SessionSort = "newest",
    cursor: CursorQuery = None,
    limit: LimitQuery = DEFAULT_LIMIT,
    kind: Annotated[
        Literal["group", "interview"] | None,
        Query(description="Only focus groups (group) or only interviews (interview)"),
    ] = None,
) -> dict[str, Any]:
    """One page of the sessions that match the search and filters (combined with AND),
    the cursor of the next page and the total that match."""
    query = listing.SessionQuery(q, status, created_after, sort, cursor, limit, kind)
    return await listing.page_sessions(db, query)


@router.get("/stats", response_model=DashboardStatsOut)
async def dashboard_stats(db: SessionDep) -> dict[str, Any]:
    """The dashboard's summary cards, counted over the whole library."""
    return await listing.dashboard_stats(db)


@router.post("", response_model=SessionOut, status_code=201)
async def create_session(body: SessionCreate, db: SessionDep) -> dict[str, Any]:
    return await service.create_session(db, body)


@router.post(
    "/import",
    response_model=HumanImportOut,
    status_code=201,
    openapi_extra=multipart_body("name", "moderator", "questionStarts", "kind"),
)
async def import_human_session(
    request: Request,
    db: SessionDep,
    response: Response,
    dry_run: Annotated[bool, Query(alias="dryRun")] = False,
) -> dict[str, Any]:
    """A real focus group's transcript (TXT, DOCX, PDF, JSON, CSV) as a completed session
    with source "human"; `?dryRun=true` answers the preview and saves nothing. The optional
    field `questionStarts` (a JSON list of 0-based turn numbers of moderator turns) sets
    which moderator turns open a question, as corrected on the preview. `kind`
    "interview": a two-speaker interview (docs/interviews.md), `moderator` naming its
    interviewer (else the one who asks the questions)."""
    names = ("name", "moderator", "questionStarts", "kind")
    upload, fields = await read_form(request, "file", human_import.MAX_BYTES, names)
    if dry_run:
        response.status_code = 200
    return await human_import.import_transcript(
        db,
        upload,
        fields.get("name"),
        fields.get("moderator"),
        dry_run,
        fields.get("questionStarts"),
        fields.get("kind"),
    )


@router.get("/{session_id}", response_model=SessionOut)
async def get_session(session_id: str, db: SessionDep, runners: RunnersDep) -> dict[str, Any]:
    return await service.get_session(db, session_id, runners)


@router.get("/{session_id}/header", response_model=SessionHeaderOut)
async def get_session_header(
    session_id: str, db: SessionDep, runners: RunnersDep
) -> dict[str, Any]:
    """The session without its messages: its fields, progress and usage, and what the
    Results and live screens show of the messages (counts, models, the private answers);
    the transcript itself is read in pages (`/messages`)."""
    return await header.session_header(db, session_id, runners.generating(session_id))


@router.get("/{session_id}/messages", response_model=MessagePageOut)
async def page_messages(
    session_id: str,
    db: SessionDep,
    q: SearchQuery = None,
    speaker: Annotated[str | None, Query(max_length=200, description="One speaker")] = None,
    cursor: CursorQuery = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
    newest: Annotated[
        bool, Query(description="The last `limit` messages instead of the first")
    ] = False,
    before: Annotated[
        str | None,
        Query(max_length=20, description="With `newest`: only messages before this cursor"),
    ] = None,
    ids: Annotated[
        str | None,
        Query(max_length=7000, description="Only these messages (ids separated by commas)"),
    ] = None,
) -> dict[str, Any]:
    """One page of the transcript in order: messages whose content or speaker contains `q`
    (case-insensitive) and, with `speaker`, only that speaker's. With `newest`, the last
    `limit` of them (before `before`, the `earlierCursor` of such a page)."""
    return await transcript_page.page_messages(
        db, session_id, q, speaker, cursor, limit, newest=newest, before=before, ids=ids
    )


@router.patch("/{session_id}", response_model=SessionOut)
async def update_session(
    session_id: str, body: SessionUpdate, db: SessionDep, runners: RunnersDep
) -> dict[str, Any]:
    return await service.update_session(db, session_id, body, runners)


@router.delete("/{session_id}", status_code=204)
async def delete_session(
    session_id: str, db: SessionDep, runners: RunnersDep, events: EventsDep
) -> Response:
    await service.delete_session(db, session_id, runners, events)
    return Response(status_code=204)


@router.post("/{session_id}/duplicate", response_model=SessionOut, status_code=201)
async def duplicate_session(session_id: str, db: SessionDep) -> dict[str, Any]:
    return await service.duplicate_session(db, session_id)


@router.post("/{session_id}/run", response_model=SessionOut)
async def run_session(
    session_id: str, db: SessionDep, runners: RunnersDep, events: EventsDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """Start, resume or Retry. 409: a budget on a model without a price."""
    await run_check.check_session_start(db, runtime, session_id, runners.is_active(session_id))
    return await control.run_session(db, session_id, runners, events)


@router.post("/{session_id}/stop", response_model=SessionOut)
async def stop_session(
    session_id: str, db: SessionDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    return await control.stop_session(db, session_id, runners, events)


@router.post("/{session_id}/save", response_model=SessionOut)
async def save_session(session_id: str, db: SessionDep, runners: RunnersDep) -> dict[str, Any]:
    return await control.save_session(db, session_id, runners)


@router.post("/{session_id}/end", response_model=SessionOut)
async def end_session(
    session_id: str, db: SessionDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    return await control.end_session(db, session_id, runners, events)


@router.post(
    "/{session_id}/rerun",
    response_model=SessionOut,
    status_code=201,
    responses={409: {"description": "The session is not completed"}},
)
async def rerun_session(
    session_id: str,
    db: SessionDep,
    runtime: RuntimeDep,
    runners: RunnersDep,
    events: EventsDep,
    body: Annotated[SessionRerunIn | None, Body()] = None,
) -> dict[str, Any]:
    """Run again on another model: a copy of a completed session, run on the model given
    (or the current one), which is stored on the copy."""
    change = None
    if body is not None and body.provider is not None:
        change = ModelChange(
            provider=body.provider, base_url=body.base_url, model=body.model, api_key=body.api_key
        )
    profile_id = body.profile_id if body is not None else None  # a saved profile
    return await model_runs.rerun_session(
        db, runtime, runners, events, session_id, change, profile_id=profile_id
    )


@router.post(
    "/{session_id}/follow-up-interviews",
    response_model=SessionOut,
    status_code=201,
    responses={
        404: {"description": "No such session"},
        409: {"description": "Not a completed focus group run by the model"},
        422: {"description": "The participant did not take part, or the guide is refused"},
    },
)
async def create_follow_up_interview(
    session_id: str, body: FollowUpInterviewCreate, db: SessionDep
) -> dict[str, Any]:
    """An interview with one participant of a completed focus group, whose persona
    remembers the group (docs/interviews.md "Follow-up interviews"); open its live view
    (or POST .../run) to run it."""
    return await follow_up.create_follow_up(db, session_id, body)
