"""POST /api/surveys/calibrate: SSR's ratings of people's own answers against the ratings
those people gave (docs/measured-against-people.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from colloquy.api.deps import RuntimeDep
from colloquy.api.multipart_body import multipart_body
from colloquy.api.schemas.calibration import CalibrationOut
from colloquy.domain.surveys.calibration import CALIBRATION_MAX_BYTES
from colloquy.errors import ValidationFailed
from colloquy.services.multipart_upload import read_form
from colloquy.services.surveys.calibration import calibrate

router = APIRouter(prefix="/surveys", tags=["surveys"])


@router.post("/calibrate", response_model=CalibrationOut, openapi_extra=multipart_body("scale"))
async def calibrate_ratings(request: Request, runtime: RuntimeDep) -> dict[str, Any]:
    """Multipart: `file` (CSV with the columns text and rating) and `scale` (a built-in
    scale key, default purchase_intent)."""
    received, fields = await read_form(request, "file", CALIBRATION_MAX_BYTES, keep=("scale",))
    if received is None:
        raise ValidationFailed(["No file selected"])
    if not received.complete:
        raise ValidationFailed(["The file is too large: at most 5 MB."])
    return await calibrate(runtime, bytes(received.data), fields.get("scale"))
