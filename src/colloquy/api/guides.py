"""Discussion guides as files (docs/guides.md): the published JSON Schema, save as guide, start
from a guide, and create-and-run from a guide (the command line's way in over HTTP)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.engine_deps import EventsDep, RunnersDep
from colloquy.api.schemas.guides import GuideCheckOut, GuideFileOut, GuideFormOut, GuideTextIn
from colloquy.api.schemas.sessions import SessionOut
from colloquy.api.schemas.study_runs import StudyOut
from colloquy.api.schemas.surveys import SurveyOut
from colloquy.api.surveys import ManagerDep
from colloquy.schemas.sessions import SessionCreate
from colloquy.services.guides import form, run, saving, study_guide
from colloquy.services.guides.guide_format import guide_json_schema

router = APIRouter(tags=["guides"])
GuideBody = Annotated[
    dict[str, Any], Body(description="A guide as JSON (see /api/schemas/guide.json)")
]
Start = Annotated[bool, Query(description="Start the run once created")]


@router.get("/schemas/guide.json", response_model=dict[str, Any])
async def guide_schema() -> dict[str, Any]:
    """The JSON Schema of a guide file (focus group or survey)."""
    return guide_json_schema()


@router.post("/guides/read", response_model=GuideFormOut)
async def read_guide(body: GuideTextIn, db: SessionDep) -> dict[str, Any]:
    """Start from a guide: the file checked (422 naming line and field of each problem)
    and its setup for the create form."""
    return await form.guide_for_form(db, body.text)


@router.post("/guides/from-setup", response_model=GuideFileOut)
async def guide_from_setup(body: SessionCreate) -> dict[str, Any]:
    """Save as guide on the create form: the form's setup as a guide file."""
    return saving.guide_file(saving.setup_guide(body.model_dump(by_alias=True)))


@router.get("/sessions/{session_id}/guide", response_model=GuideFileOut)
async def session_guide(session_id: str, db: SessionDep) -> dict[str, Any]:
    """Save as guide on a session: its setup (and pinned model) as a guide file."""
    return saving.guide_file(await saving.session_guide(db, session_id))


@router.get("/surveys/{survey_id}/guide", response_model=GuideFileOut)
async def survey_guide(survey_id: str, db: SessionDep) -> dict[str, Any]:
    return saving.guide_file(await saving.survey_guide(db, survey_id))


@router.post("/guides/check", response_model=GuideCheckOut)
async def check_guide(
    body: GuideBody,
    db: SessionDep,
    runtime: RuntimeDep,
    client_files: Annotated[bool, Query(alias="clientFiles")] = False,
) -> dict[str, Any]:
    """Check a guide as a run would, creating nothing (422 naming each problem's field).
    `clientFiles=true`: its stimulus files are uploaded by the caller before the run."""
    kind = await run.check_guide(db, runtime, body, client_files=client_files)
    return {"kind": kind}


@router.post("/guides/sessions", response_model=SessionOut, status_code=201)
async def run_focus_group(
    body: GuideBody,
    db: SessionDep,
    runtime: RuntimeDep,
    runners: RunnersDep,
    events: EventsDep,
    start: Start = True,
) -> dict[str, Any]:
    """Create the session a focus-group or interview guide describes and start it (stimulus
    files are refused here: upload them with /api/uploads and give their url)."""
    return await run.create_session_from_guide(db, runtime, runners, events, body, start=start)


@router.post("/guides/studies", response_model=StudyOut, status_code=201)
async def run_study(
    body: GuideBody, db: SessionDep, runtime: RuntimeDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    """Create the study a study guide describes and start its interviews."""
    return await study_guide.create_study_from_guide(db, runtime, runners, events, body)


@router.post("/guides/surveys", response_model=SurveyOut, status_code=201)
async def run_survey(
    body: GuideBody, db: SessionDep, runtime: RuntimeDep, manager: ManagerDep, start: Start = True
) -> dict[str, Any]:
    """Create the survey a survey guide describes and start it."""
    return await run.create_survey_from_guide(db, runtime, manager, body, start=start)
