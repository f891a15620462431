"""/api/personas/{id}/evidence: documents a persona rests on (docs/evidence.md)."""

from typing import Any

from fastapi import APIRouter, Request, Response

from colloquy.api.deps import LLMDep, RuntimeDep, SessionDep
from colloquy.api.multipart_body import FILE_BODY
from colloquy.api.schemas.evidence import EvidenceOut, EvidencePreviewIn, EvidencePreviewOut
from colloquy.api.schemas.generation import AnalyzeDocumentResponse
from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.domain.personas.evidence_budget import estimate_tokens
from colloquy.errors import ValidationFailed
from colloquy.services.multipart_upload import read_file_field
from colloquy.services.personas import evidence as service
from colloquy.services.personas.ai_assist import TEXT_MAX, analyze_document
from colloquy.services.personas.evidence_files import read_evidence
from colloquy.services.personas.evidence_retrieval import retrieve
from colloquy.services.personas.library import get_persona

router = APIRouter(tags=["evidence"])
MSG_NO_EVIDENCE = "This persona has no evidence to analyze: add a document first"


@router.get("/personas/{persona_id}/evidence", response_model=list[EvidenceOut])
async def list_evidence(persona_id: str, db: SessionDep) -> list[dict[str, Any]]:
    return await service.list_evidence(db, persona_id)


@router.post(
    "/personas/{persona_id}/evidence",
    response_model=EvidenceOut,
    status_code=201,
    openapi_extra=FILE_BODY,
)
async def add_evidence(
    persona_id: str, request: Request, db: SessionDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """One document (TXT, DOCX, PDF, CSV, MD; at most 10 MB) in the `file` field."""
    await service.require_persona(db, persona_id)
    await db.rollback()
    doc = await read_evidence(await read_file_field(request, "file", FILE_MAX_BYTES))
    return await service.add_evidence(db, runtime, persona_id, doc)


@router.delete("/personas/{persona_id}/evidence/{evidence_id}", status_code=204)
async def delete_evidence(
    persona_id: str, evidence_id: str, db: SessionDep, runtime: RuntimeDep
) -> Response:
    await service.delete_evidence(db, runtime, persona_id, evidence_id)
    return Response(status_code=204)


@router.post("/personas/{persona_id}/evidence/preview", response_model=EvidencePreviewOut)
async def preview_evidence(
    persona_id: str, body: EvidencePreviewIn, db: SessionDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """What a question would put into this persona's prompt."""
    await service.require_persona(db, persona_id)
    await db.rollback()
    found = await retrieve(runtime, persona_id, body.question)
    return {**found, "tokens": estimate_tokens(found["block"])}


@router.post("/personas/{persona_id}/evidence/assist", response_model=AnalyzeDocumentResponse)
async def assist_from_evidence(persona_id: str, db: SessionDep, llm: LLMDep) -> dict[str, Any]:
    """AI Assist on the persona's own evidence: an analysis and suggested Big Five traits
    (nothing is saved; the dialog shows them for review)."""
    text = await service.evidence_text(db, persona_id, TEXT_MAX)
    await db.rollback()
    if not text.strip():
        raise ValidationFailed([MSG_NO_EVIDENCE])
    persona = await get_persona(db, persona_id)
    await db.rollback()
    return await analyze_document(llm, text, persona["traits"])
