"""POST /api/documents/extract: the text of an uploaded document (multipart field `file`)."""

from fastapi import APIRouter, Request

from colloquy.api.deps import LLMDep
from colloquy.api.schemas.generation import ExtractDocumentResponse
from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.services.multipart_upload import read_file_field
from colloquy.services.personas.documents import extract_document

router = APIRouter(tags=["documents"])

_UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {"file": {"type": "string", "format": "binary"}},
                }
            }
        },
    }
}


@router.post(
    "/documents/extract", response_model=ExtractDocumentResponse, openapi_extra=_UPLOAD_BODY
)
async def extract(request: Request, llm: LLMDep):
    upload = await read_file_field(request, "file", FILE_MAX_BYTES)
    return await extract_document(upload, llm)
