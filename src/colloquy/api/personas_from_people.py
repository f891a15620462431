"""Personas from real people (docs/evidence.md): from an imported human group's
participants, and from a survey export CSV (one respondent per row)."""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from colloquy.api.deps import LLMDep, RuntimeDep, SessionDep
from colloquy.api.multipart_body import multipart_body
from colloquy.api.schemas.from_people import (
    PersonasFromGroupIn,
    PersonasFromGroupOut,
    PersonasFromSurveyOut,
)
from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.services.multipart_upload import read_form
from colloquy.services.personas import from_people

router = APIRouter(tags=["evidence"])


@router.post(
    "/sessions/{session_id}/grounded-personas",
    response_model=PersonasFromGroupOut,
    status_code=201,
)
async def personas_from_group(
    session_id: str,
    db: SessionDep,
    runtime: RuntimeDep,
    llm: LLMDep,
    body: PersonasFromGroupIn | None = None,
) -> dict[str, Any]:
    """One persona per participant of a human group, their answers to the evidence
    questions as its evidence (default: every other question); the rest are held out."""
    body = body or PersonasFromGroupIn()
    return await from_people.from_group(
        db, runtime, llm, session_id, body.split, body.evidence_questions
    )


@router.post(
    "/personas/from-survey",
    response_model=PersonasFromSurveyOut,
    openapi_extra=multipart_body("mapping"),
)
async def personas_from_survey(
    request: Request,
    db: SessionDep,
    runtime: RuntimeDep,
    dry_run: Annotated[bool, Query(alias="dryRun")] = False,
) -> dict[str, Any]:
    """A survey export CSV in `file`; `mapping`: JSON {column: name|age|gender|location|
    income|evidence|ignore} (guessed from the headers when absent); `dryRun=true` previews."""
    upload, fields = await read_form(request, "file", FILE_MAX_BYTES, keep=("mapping",))
    return await from_people.from_survey_csv(db, runtime, upload, fields.get("mapping"), dry_run)
