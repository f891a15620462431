"""POST /api/documents/extract: the text of an uploaded document (multipart field `file`)."""

from typing import Any

from fastapi import APIRouter, Request

from colloquy.api.deps import LLMDep
from colloquy.api.multipart_body import FILE_BODY
from colloquy.api.schemas.generation import ExtractDocumentResponse
from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.services.multipart_upload import read_file_field
from colloquy.services.personas.documents import extract_document

router = APIRouter(tags=["documents"])


@router.post("/documents/extract", response_model=ExtractDocumentResponse, openapi_extra=FILE_BODY)
async def extract(request: Request, llm: LLMDep) -> dict[str, Any]:
    upload = await read_file_field(request, "file", FILE_MAX_BYTES)
    return await extract_document(upload, llm)
