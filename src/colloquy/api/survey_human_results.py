"""/api/surveys/{id}/human-results: people's own ratings of a survey, beside the simulated
ones (docs/measured-against-people.md). Upload (replaces the earlier one), read, delete."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from colloquy.api.deps import SessionDep
from colloquy.api.multipart_body import FILE_BODY
from colloquy.api.schemas.human_results import HumanResultsOut
from colloquy.domain.surveys.human_csv import HUMAN_MAX_BYTES
from colloquy.errors import ValidationFailed
from colloquy.services.multipart_upload import read_form
from colloquy.services.surveys import human_results as service

router = APIRouter(prefix="/surveys", tags=["surveys"])


@router.post("/{survey_id}/human-results", response_model=HumanResultsOut, openapi_extra=FILE_BODY)
async def upload_human_results(survey_id: str, request: Request, db: SessionDep) -> dict[str, Any]:
    """Multipart `file`: a CSV with the columns concept, question, rating and optionally
    respondent. Replaces the survey's earlier human results; a refused file changes nothing."""
    received, _ = await read_form(request, "file", HUMAN_MAX_BYTES)
    if received is None:
        raise ValidationFailed(["No file selected"])
    if not received.complete:
        raise ValidationFailed(["The file is too large: at most 5 MB."])
    return await service.replace_human_results(
        db, survey_id, bytes(received.data), received.filename
    )


@router.get("/{survey_id}/human-results", response_model=HumanResultsOut)
async def get_human_results(survey_id: str, db: SessionDep) -> dict[str, Any]:
    return await service.human_comparison(db, survey_id)


@router.delete("/{survey_id}/human-results", status_code=204)
async def delete_human_results(survey_id: str, db: SessionDep) -> Response:
    await service.delete_human_results(db, survey_id)
    return Response(status_code=204)
